// One machine-readable line per benchmark goal, `BENCH-GOAL {json}`: scripts/proof.mjs collects them
// from every benchmark's output into one table (figure, goal, PASS/FAIL). Node built-ins only.

/**
 * Prints a goal's result. `bench`: the root script (bench:sync); `goal`: what is asked, in words;
 * `figure`: what this run measured, in words with its unit; `pass`: whether the figure meets the goal.
 */
export function benchGoal(bench, goal, figure, pass) {
  console.log(`BENCH-GOAL ${JSON.stringify({ bench, goal, figure: String(figure), pass: Boolean(pass) })}`);
}

/** The goals printed in `output` (a benchmark's stdout), in order. */
export function goalsIn(output) {
  const out = [];
  for (const line of output.split('\n')) {
    const i = line.indexOf('BENCH-GOAL ');
    if (i < 0) continue;
    try {
      const g = JSON.parse(line.slice(i + 'BENCH-GOAL '.length));
      if (g && typeof g.goal === 'string') out.push(g);
    } catch {
      // a line cut short (a step stopped at its budget): not a goal
    }
  }
  return out;
}
