// `npm run proof`: every proof suite of issue 11 at full size (PROOF_SCALE=full), then the earlier
// issues' benchmarks, and one report, docs/PROOF.md (figures, the command, the date), plus a summary
// on stdout. The same suites run short in `npm test` (they read PROOF_SCALE through
// test-kit's proofScale). Each suite prints its figures on `PROOF-FIGURES {json}`
// lines, which this script collects.
//
//   node scripts/proof.mjs [--only name,name] [--skip name,name] [--no-build] [--out docs/PROOF.md]
//
// Step names: build transitions fuzz security-bff security-browser load durability tabs, and
// `benchmarks` for all of them or bench-load, bench-bff, ... for one (e.g. --only bench-sync,bench-queue).
//
// Honours DIST_ROOT (builds and serves the front ends from there). PROOF_FUZZ_RUNS overrides the
// fuzz runs per route and PROOF_LOAD_SECONDS the mixed-read duration (the command line in the
// report shows either when set).
//
// Time: every step has a budget (BUDGETS, minutes on a quiet 2-core machine; together 50.25 min). A
// step still running at its budget is stopped (its whole process group) and reported as timed out
// with the figures it printed so far; a step that cannot start because the run's 52 minutes are
// spent is reported as not run. `--budget name=min,name=min` changes budgets (`--max-min` the
// total); PROOF_BUDGET_SCALE multiplies them all (a loaded machine); the report states either.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { root } from './lib.mjs';
import { goalsIn } from './bench-goal.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = option('--only')?.split(',');
const skip = option('--skip')?.split(',') ?? [];
const out = path.resolve(root, option('--out') ?? 'docs/PROOF.md');
const budgetScale = Number(process.env.PROOF_BUDGET_SCALE ?? 1);

/**
 * Minutes each step may take on a quiet 2-core machine, in run order; 30 in all. The load suite's
 * 5 minutes of mixed reads are fixed (plus uploads, limiter, failover); the fuzz is 630,000
 * requests; the benchmarks are the earlier issues' own scripts. Set from the quiet run of 2026-11-22
 * 11:44 UTC (fuzz 223 s, load 381 s, transitions 17 s, security-browser 16 s), then: tabs is sized by
 * its 8 kills (80 s + setup ≈ 15 s + drain), and bench:queue (1,000 strict one-record transactions)
 * took the time.
 * Durability at full size took 2m58 to 5m12 at load 10-21 and 143 s quiet (session 4): 4, from the
 * slack of fuzz, bench:bff, bench:queue (66 s quiet) and bench:home; bench:sync back at issue 5's
 * 1,000 submissions a side (the naive loop ≈ 110 s): 2.5.
 */
const BUDGETS = {
  build: 1.5,
  transitions: 0.5,
  fuzz: 4.25,
  'security-bff': 0.5,
  'security-browser': 0.5,
  load: 7,
  durability: 4,
  tabs: 2.25,
  // issue 21: 10 cold loads on loopback, then 9 on the slow mobile profile (cold sign-in, cold home,
  // repeat visit), each several seconds at 400 kbit/s
  'bench-load': 3,
  'bench-bff': 0.5,
  // Since issue 33 each of the naive loop's submits also reads its form's LastModifiedDate (is the
  // definition it is checked against current?); since 2026-11-27 in one Composite call with its
  // record's lookup: 2 org round trips a submission, ~2.1 min at 1,000 (3.3 min with 3).
  'bench-sync': 3,
  'bench-queue': 2,
  // issue 21 added the 300 x 8 table (JSON Forms' keystrokes there are ~0.3-0.8 s each); issue 31 the
  // 1,000 x 10 table (JSON Forms mounts it in seconds, ~1-2 s a keystroke) and a heap reading per form
  // issue 31 (third session): nine mounts per table renderer and 150 keystrokes for ours and the bare
  // input; ~2.25 min quiet
  'bench-renderer': 4,
  'bench-home': 1.75,
  // issue 31: a second form (200 fields) loaded and dragged after the 500-field phases
  'bench-builder': 1.5,
  // issue 32: 10 phone photos queued twice (original, resized), each path in its own context
  'bench-photos': 1.5,
  // issue 33: the org API calls of a field user's day, counted by the org (two sign-ins, an hour of
  // home on Chromium's clock, a form, a draft, two submits, 100 queued); ~1.5 min quiet
  'bench-api': 2.5,
  // issue 47: 3 BFFs, 200 homes, 1,000 changes, a holder killed and Redis restarted; then 5,000
  // streams on one instance (~2 min quiet)
  'bench-cluster': 4,
  // issue 42: 30 photos made, 11 reports rendered, then 50 submits spread over a minute and their
  // reports awaited in the org (~2 min quiet)
  'bench-report': 3.5,
  // issue 45: a 1,000-field draft opened offline 40 times a side (sealed, unsealed), 10 more with 20
  // keystrokes each, then the store's reads and write 30 times a side (85-119 s at load 10-15)
  'bench-sealing': 2.5,
};
const DEFAULT_BUDGETS = { ...BUDGETS };
for (const pair of option('--budget')?.split(',') ?? []) {
  const [name, min] = pair.split('=');
  if (!(name in BUDGETS) || !(Number(min) > 0))
    throw new Error(`--budget ${pair}: unknown step or bad minutes`);
  BUDGETS[name] = Number(min);
}
const maxMinutes = Number(option('--max-min') ?? 52) * budgetScale;
const budgetMs = (name) => (BUDGETS[name] ?? 5) * budgetScale * 60_000;
const logDir = path.join(root, '.tmp', 'proof');
fs.mkdirSync(logDir, { recursive: true });

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const env = {
  ...process.env,
  PROOF_SCALE: 'full',
  FORCE_COLOR: '0',
  NO_COLOR: '1',
  // the benchmarks' commands (tsx, ...) as `npm run` would find them
  PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
};
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The running step's process group: stopped with the run (Ctrl-C, a kill), since it is detached. */
let runningGroup = 0;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    try {
      if (runningGroup) process.kill(-runningGroup, 'SIGKILL');
    } catch {
      // already gone
    }
    process.exit(130);
  });

/** Runs a command, tees its output to a log file, resolves with its exit code and output. */
function run(name, cmd, cmdArgs, { cwd = root, extraEnv = {}, timeoutMs = 45 * 60_000 } = {}) {
  return new Promise((resolve) => {
    const log = fs.createWriteStream(path.join(logDir, `${name}.log`));
    // its own process group, so a timeout also ends what it started (BFFs, emulators, browsers)
    const child = spawn(cmd, cmdArgs, {
      cwd,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    runningGroup = child.pid ?? 0;
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    let timedOut = false;
    let output = '';
    const onData = (chunk) => {
      const text = chunk.toString();
      output += text;
      log.write(text);
      for (const line of text.split('\n'))
        if (line.includes('PROOF-FIGURES')) console.log(`  ${line.trim()}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => {
      timedOut = true;
      const text = `\n[proof] ${name} stopped at its budget of ${fmtMin(timeoutMs / 60000)} min\n`;
      output += text;
      log.write(text);
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 5000).unref();
    }, timeoutMs);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      runningGroup = 0;
      // whatever it left behind in its group
      killGroup('SIGKILL');
      log.end();
      resolve({ code: code ?? (signal ? 1 : 0), output, timedOut });
    });
  });
}

const figuresIn = (output) =>
  output
    .split('\n')
    .map((l) => /PROOF-FIGURES (\{.*\})\s*$/.exec(l)?.[1])
    .filter(Boolean)
    .map((json) => {
      try {
        return JSON.parse(json);
      } catch {
        return null;
      }
    })
    .filter(Boolean);

/** Vitest's and Playwright's own pass/fail counts from their summary lines. */
function testCounts(output) {
  const vitest = /Tests\s+(?:(\d+) failed\s*\|\s*)?(\d+) passed/.exec(output);
  if (vitest) return { passed: Number(vitest[2]), failed: Number(vitest[1] ?? 0) };
  const vitestFailedOnly = /Tests\s+(\d+) failed/.exec(output);
  if (vitestFailedOnly) return { passed: 0, failed: Number(vitestFailedOnly[1]) };
  const pwPassed = /(\d+) passed/.exec(output);
  const pwFailed = /(\d+) failed/.exec(output);
  if (pwPassed || pwFailed) return { passed: Number(pwPassed?.[1] ?? 0), failed: Number(pwFailed?.[1] ?? 0) };
  return null;
}

const results = [];
const benches = [];
const wanted = (name) => (!only || only.includes(name)) && !skip.includes(name);
/** A benchmark step (bench-sync, ...) runs when selected by its own name or as one of `benchmarks`. */
const wantedBench = (step) =>
  !skip.includes(step) &&
  !skip.includes('benchmarks') &&
  (!only || only.includes('benchmarks') || only.includes(step));
const anyBench = Object.keys(BUDGETS).some((n) => n.startsWith('bench-') && wantedBench(n));
const browserSteps = ['security-browser', 'durability', 'tabs'];
const buildRuns = !flag('--no-build') && wanted('build') && (browserSteps.some(wanted) || anyBench);

/** Why a step failed, in one line: its first error or failed-test line. */
function failureReason(code, output) {
  const line = output
    .split('\n')
    // eslint-disable-next-line no-control-regex -- strips ANSI colour codes
    .map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trim())
    .find((l) =>
      /^(FAIL\b|×|✘|\d+\) |Error:|AssertionError|TypeError|\[\w+\] FAILED:)|GOAL NOT MET|budget.*missed/i.test(
        l,
      ),
    );
  return `exit ${code}${line ? `: ${line.slice(0, 240)}` : ''}`;
}

const notRun = [];

async function suite(name, title, cmd, cmdArgs, opts = {}) {
  if (!(name.startsWith('bench-') ? wantedBench(name) : wanted(name))) {
    notRun.push({ name, title, reason: only ? 'not selected (--only)' : 'skipped (--skip)' });
    return;
  }
  const left = t0 + maxMinutes * 60_000 - Date.now();
  // Not worth starting with less than a third of its budget left: it would be cut short anyway.
  if (left < budgetMs(name) / 3) {
    const reason = `not run: ${(left / 60000).toFixed(1)} min of the run's ${fmtMin(maxMinutes)} min left, its budget is ${fmtMin(budgetMs(name) / 60000)} min`;
    console.log(`\n━━ ${title}\nSKIP ${reason}`);
    notRun.push({ name, title, reason });
    results.push({
      name,
      title,
      ok: false,
      notRun: true,
      reason,
      seconds: 0,
      figures: [],
      counts: null,
      output: '',
    });
    writeReport(false);
    return;
  }
  const timeoutMs = Math.min(budgetMs(name), left);
  console.log(
    `\n━━ ${title} (budget ${fmtMin(budgetMs(name) / 60000)} min${timeoutMs < budgetMs(name) ? `, cut to ${fmtMin(timeoutMs / 60000)}: the run's time left` : ''})`,
  );
  const started = Date.now();
  const { code, output, timedOut } = await run(name, cmd, cmdArgs, { ...opts, timeoutMs });
  const seconds = Math.round((Date.now() - started) / 1000);
  const r = {
    name,
    title,
    ok: code === 0 && !timedOut,
    timedOut,
    reason: timedOut
      ? `timed out: stopped at ${timeoutMs < budgetMs(name) ? `the run's time left, ${fmtMin(timeoutMs / 60000)} min (budget ${fmtMin(budgetMs(name) / 60000)})` : `its budget of ${fmtMin(timeoutMs / 60000)} min`}`
      : code === 0
        ? ''
        : failureReason(code, output),
    seconds,
    limitMin: timeoutMs / 60000,
    figures: figuresIn(output),
    counts: testCounts(output),
    output,
  };
  results.push(r);
  writeReport(false);
  console.log(
    `${r.ok ? 'ok  ' : timedOut ? 'TIME' : 'FAIL'} ${title} (${seconds} s)${r.reason ? ` — ${r.reason}` : ''}`,
  );
  return r;
}

/** Minutes as budgets are written: 0.75 stays 0.75 (toFixed(1) printed it as 0.8). */
const fmtMin = (m) => String(Math.round(m * 100) / 100);
const startedAt = new Date();
const loadAtStart = os.loadavg();
const t0 = Date.now();

{
  const steps = Object.keys(BUDGETS).filter((n) =>
    n.startsWith('bench-') ? wantedBench(n) : n === 'build' ? buildRuns : wanted(n),
  );
  const total = steps.reduce((sum, n) => sum + BUDGETS[n] * budgetScale, 0);
  console.log(
    `proof: ${steps.length} steps, expected total at most ${fmtMin(total)} min (budgets${budgetScale !== 1 ? ` × ${budgetScale}` : ''}: ${steps
      .map((n) => `${n} ${fmtMin(BUDGETS[n] * budgetScale)}`)
      .join(', ')}); the run stops starting steps after ${fmtMin(maxMinutes)} min${
      total > maxMinutes ? ` (WARNING: the budgets add up to more than that; the last steps may not run)` : ''
    }`,
  );
}

// 0. The front ends the browser suites and benchmarks serve (into DIST_ROOT when set).
if (!flag('--no-build') && (browserSteps.some(wanted) || anyBench)) {
  await suite('build', 'build the front ends', process.execPath, ['scripts/build.mjs']);
}

// 1. Property tests of the submission state machine.
await suite(
  'transitions',
  'property tests: submission state machine and engine (2 seeds × 1,000 runs each)',
  bin('vitest'),
  ['run', 'src/host/offline/transitions.property.test.ts', 'src/host/offline/machine.property.test.ts'],
  { cwd: path.join(root, 'shell') },
);

// 2. Fuzz: every BFF route over HTTP, and the canvas signed request.
await suite(
  'fuzz',
  'fuzz: every BFF route over HTTP + canvas signed request',
  bin('vitest'),
  ['run', 'test/fuzz-http.test.ts'],
  {
    cwd: path.join(root, 'bff'),
    // (PROOF_FUZZ_RUNS and PROOF_FUZZ_CONCURRENCY pass through the environment)
  },
);

// 3. Security regressions: the BFF's (CSRF on every state-changing route, tokens, cookies, SOQL
//    injection) and the browser's (postMessage origin, XSS in every user-authored text).
await suite('security-bff', 'security: BFF regressions', bin('vitest'), ['run', 'test/security'], {
  cwd: path.join(root, 'bff'),
});
await suite(
  'security-browser',
  'security: in Chromium (cookies at the org, XSS, postMessage from another origin)',
  path.join(root, 'e2e/node_modules/.bin/playwright'),
  [
    'test',
    'tests/security',
    // the launcher's own test of the canvas postMessage guard (a wrong origin or window is ignored)
    'tests/canvas.spec.ts',
    '-g',
    'cookies never reach|XSS payloads|another origin',
    '--reporter=list',
    '--output',
    path.join(os.tmpdir(), 'pw-proof'),
  ],
  { cwd: path.join(root, 'e2e') },
);

// 4. Load.
await suite(
  'load',
  'load: mixed reads, large uploads, rate limiter, Redis failover',
  bin('vitest'),
  ['run', 'test/load.test.ts'],
  {
    cwd: path.join(root, 'bff'),
    extraEnv: process.env.PROOF_LOAD_SECONDS ? { PROOF_LOAD_SECONDS: process.env.PROOF_LOAD_SECONDS } : {},
  },
);

// 5. Durability and tabs (e2e/proof/durability.ts, tabs.ts, engineer "durability"), when they
//    exist; their size comes from PROOF_SCALE=full (their own code).
for (const [name, title] of [
  ['durability', 'durability: 500 offline submissions, faults, browser kills'],
  ['tabs', 'tabs: 5 tabs, the leader killed every 10 s'],
]) {
  if (!wanted(name)) {
    notRun.push({ name, title, reason: only ? 'not selected (--only)' : 'skipped (--skip)' });
    continue;
  }
  if (!fs.existsSync(path.join(root, `e2e/proof/${name}.ts`))) {
    console.log(`\n━━ ${title}\nPENDING (e2e/proof/${name}.ts is not in this checkout)`);
    results.push({
      name,
      title,
      ok: false,
      pending: true,
      seconds: 0,
      figures: [],
      counts: null,
      output: '',
    });
    writeReport(false);
    continue;
  }
  await suite(name, title, bin('tsx'), ['e2e/proof/run-runner.ts', name]);
}

// ---------------------------------------------------------------------------------------------
// The report

/** Writes docs/PROOF.md from what has run so far (after every step, so a cut-off run still reports). */
/**
 * Every benchmark goal of this run in one table (the `BENCH-GOAL` lines the benchmarks print), in run
 * order: [benchmark, goal, figure, result]. A benchmark that did not run, or stopped before printing
 * its goals, has one row saying so.
 */
function goalRows() {
  const rows = [];
  for (const n of Object.keys(BUDGETS).filter((k) => k.startsWith('bench-'))) {
    const name = `bench:${n.slice(6)}`;
    const b = benches.find((x) => x.name === name);
    const skipped = notRun.find((x) => x.name === n || (x.name === 'benchmarks' && !b));
    if (!b || b.missing) {
      rows.push([name, '—', '—', b?.missing ? 'no such root script' : (skipped?.reason ?? 'not run')]);
      continue;
    }
    const goals = goalsIn(b.output);
    if (goals.length === 0)
      rows.push([name, '—', '—', `no goals printed (${b.ok ? 'exit 0' : (b.reason ?? 'exit non-zero')})`]);
    for (const g of goals) rows.push([name, g.goal, g.figure, g.pass ? 'PASS' : 'FAIL']);
  }
  return rows;
}

function writeReport(done) {
  const minutes = ((Date.now() - t0) / 60000).toFixed(1);
  const commandLine = `${process.env.DIST_ROOT ? `DIST_ROOT=${process.env.DIST_ROOT} ` : ''}${
    process.env.PROOF_FUZZ_RUNS ? `PROOF_FUZZ_RUNS=${process.env.PROOF_FUZZ_RUNS} ` : ''
  }${process.env.PROOF_LOAD_SECONDS ? `PROOF_LOAD_SECONDS=${process.env.PROOF_LOAD_SECONDS} ` : ''}${
    process.env.PROOF_BUDGET_SCALE ? `PROOF_BUDGET_SCALE=${process.env.PROOF_BUDGET_SCALE} ` : ''
  }${process.env.PROOF_FUZZ_CONCURRENCY ? `PROOF_FUZZ_CONCURRENCY=${process.env.PROOF_FUZZ_CONCURRENCY} ` : ''}node scripts/proof.mjs${args.length ? ` ${args.join(' ')}` : ''}`;
  const fig = (suiteName) => results.flatMap((r) => r.figures).find((f) => f.suite === suiteName);
  const status = (name) => {
    const r = results.find((x) => x.name === name);
    if (!r) return notRun.find((x) => x.name === name)?.reason ?? 'not run';
    if (r.pending) return 'PENDING';
    if (r.notRun) return r.reason;
    const counts = r.counts ? ` (${r.counts.passed} passed, ${r.counts.failed} failed)` : '';
    const verdict = r.ok ? 'pass' : r.timedOut ? 'TIMED OUT' : 'FAIL';
    return `${verdict}${counts}, ${r.seconds} s${r.reason ? ` (${r.reason.replaceAll('|', '\\|')})` : ''}`;
  };
  const j = (v) => (v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

  /** Lines of a benchmark's output worth quoting: its figures and ratios, not its server logs. */
  function benchLines(output) {
    return (
      output
        .split('\n')
        // eslint-disable-next-line no-control-regex -- strips ANSI colour codes
        .map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trimEnd())
        .filter(
          (l) =>
            l.trim() &&
            !/^\[(bff|org-emulator|mfe-[a-z]+|shell)\]/.test(l) &&
            !/npm warn|^»|webpack|^\s*at /.test(l),
        )
        .filter((l) => /\d/.test(l) || /GOAL|PASS|FAIL|ratio/i.test(l))
        // 80: bench:load's two per-file breakdowns (sign-in page, shell + home) are kept whole (issue 46)
        .slice(-80)
    );
  }
  const ratioLines = (output) =>
    benchLines(output).filter((l) =>
      // whole words: 'federation' holds 'ratio', chunk names hold 'vs'
      /\bratio\b|\/ |×|x faster|\bvs\b|GOAL|PASS|FAIL|budget|duplicates/i.test(l),
    );

  const t = fig('transitions');
  const mc = fig('machine');
  const me = fig('machine-engine');
  const fz = fig('fuzz-routes');
  const cv = fig('fuzz-canvas');
  const mix = fig('load-mixed-reads');
  const up = fig('load-uploads');
  const rl = fig('load-rate-limit');
  const rd = fig('load-redis-failover');
  const figuresOf = (step) => results.find((r) => r.name === step)?.figures ?? [];
  const sec = figuresOf('security-browser');
  const tok = fig('security-tokens');
  const du = fig('durability');
  const tb = fig('tabs');

  const md = [];
  md.push('# Proof under load, faults and attack');
  md.push('');
  md.push(
    `Produced by \`npm run proof\` (\`${commandLine}\`) on ${startedAt.toISOString()} in ${minutes} min${done ? '' : ' (IN PROGRESS: this report is rewritten after every step)'},`,
  );
  md.push(
    `on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), load average at the start ${loadAtStart.map((x) => x.toFixed(1)).join(' ')}${
      done
        ? `, at the end ${os
            .loadavg()
            .map((x) => x.toFixed(1))
            .join(' ')}`
        : ''
    } (1, 5, 15 min), Node ${process.version}.`,
  );
  if (budgetScale !== 1 || option('--budget') || option('--max-min'))
    md.push(
      `Budgets changed for this run (PROOF_BUDGET_SCALE ${budgetScale}${option('--budget') ? `, --budget ${option('--budget')}` : ''}${option('--max-min') ? `, --max-min ${option('--max-min')}` : ''}): see Time.`,
    );
  if (!buildRuns && (browserSteps.some(wanted) || anyBench))
    md.push(
      `The front ends were not rebuilt by this run (${flag('--no-build') ? '--no-build' : 'build not selected'}): served from ${process.env.DIST_ROOT ?? '*/dist'} as last built.`,
    );
  md.push(
    'Every figure below comes from that run; the raw logs are in `.tmp/proof/<suite>.log`. `npm test` runs the',
  );
  md.push('same suites short (fixed seeds, seconds) so CI keeps them honest.');
  md.push('');
  md.push('## Benchmark goals');
  md.push('');
  md.push('| benchmark | goal | this run | result |');
  md.push('| --- | --- | --- | --- |');
  for (const r of goalRows()) md.push(`| ${r.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`);
  md.push('');
  md.push('## Summary');
  md.push('');
  md.push('| suite | result | key figures |');
  md.push('| --- | --- | --- |');
  md.push(
    `| property tests, submission state machine | ${status('transitions')} | ${t ? `${t.runs} runs (${t.runsPerSeed} per seed, seeds ${t.seeds.join(', ')}), ${t.submittedAndDeleted} ended submitted and delivered` : '—'}${mc ? `; state machine vs model: ${mc.runs} runs (seeds ${mc.seeds.join(', ')})` : ''}${me ? `; exactly once under random fault schedules: ${me.runs} runs` : ''} |`,
  );
  md.push(
    `| fuzz, every BFF route over HTTP | ${status('fuzz')} | ${fz ? `${fz.routes} routes × ${fz.perRoute} = ${fz.requests} requests, 5xx: ${fz.fiveXX}, disallowed statuses: ${fz.failures}, ${fz.reqPerSecond} req/s${fz.concurrency ? ` (${fz.concurrency} in flight, load average ${fz.loadAverage})` : ''}${fz.cpuMsPerRequest ? `; CPU per request: sender ${fz.cpuMsPerRequest.sender} ms, BFF ${fz.cpuMsPerRequest.bff} ms, org ${fz.cpuMsPerRequest.emulator} ms` : ''}${fz.prototypePollution !== undefined ? `; prototype pollution in the BFF: ${fz.prototypePollution}` : ''}` : '—'} |`,
  );
  md.push(
    `| fuzz, canvas signed request | ${status('fuzz')} | ${cv ? `${cv.tampered} tampered → ${cv.tampered401} × 401; ${cv.genuine} untouched controls → ${cv.genuineAccepted} accepted` : '—'} |`,
  );
  md.push(
    `| security regressions, BFF | ${status('security-bff')} | CSRF/Origin on every state-changing route, no token in bodies/Set-Cookie/logs, SOQL injection${tok ? `; ${tok.routesCalled} routes' ${tok.answersChecked} answers before/after a token refresh: ${tok.leaks} token leaks` : ''} |`,
  );
  md.push(
    `| security regressions, Chromium | ${status('security-browser')} | ${
      sec
        .map(
          (s) =>
            `${s.suite}: ${Object.entries(s)
              .filter(([k]) => !['suite', 'scale'].includes(k))
              .map(([k, v]) => `${k} ${j(v)}`)
              .join(', ')}`,
        )
        .join('; ') || '—'
    } |`,
  );
  md.push(
    `| load, mixed reads | ${status('load')} | ${mix ? `${mix.requests} requests at ${mix.targetRate} req/s target (${mix.achievedRate} achieved) for ${mix.seconds} s, org ${mix.orgLatencyMs} ms: p50 ${mix.p50} ms, p95 ${mix.p95} ms, p99 ${mix.p99} ms, errors ${mix.errors}${mix.unfinished ? `, unfinished at the deadline (last send + 60 s): ${mix.unfinished}` : ''}` : '—'} |`,
  );
  md.push(
    `| load, concurrent uploads | ${status('load')} | ${up ? `${up.ok}/${up.uploads} × ${up.mbEach} MB stored intact in ${up.seconds} s; BFF RSS ${up.bffRssBaselineMb} → peak ${up.bffRssPeakMb} MB (limit ${up.limitMb})` : '—'} |`,
  );
  md.push(
    `| load, rate limiter | ${status('load')} | ${rl ? `burst of ${rl.burst} from one address: ${rl.burstServed} served, ${rl.burst429} × 429 (threshold ${rl.perAddressPerMinute}/min); session: 429 after ${rl.sessionServedBefore429} (threshold ${rl.perSessionPerMinute}/min), Retry-After ${rl.retryAfterSeconds} s` : '—'} |`,
  );
  md.push(
    `| load, two BFFs on Redis, one killed | ${status('load')} | ${rd ? `${rd.requests} requests by ${rd.users} users over ${rd.seconds} s, instance killed at ${rd.killedAtMs} ms, ${rd.failovers} failovers, signed out: ${rd.signedOut}, still signed in: ${rd.stillSignedIn}/${rd.users}, statuses ${j(rd.statuses)}` : '—'} |`,
  );
  md.push(
    `| durability | ${status('durability')} | ${
      du
        ? Object.entries(du)
            .filter(([k]) => !['suite', 'scale'].includes(k))
            .map(([k, v]) => `${k}: ${j(v)}`)
            .join(', ')
        : '—'
    } |`,
  );
  md.push(
    `| tabs | ${status('tabs')} | ${
      tb
        ? Object.entries(tb)
            .filter(([k]) => !['suite', 'scale'].includes(k))
            .map(([k, v]) => `${k}: ${j(v)}`)
            .join(', ')
        : '—'
    } |`,
  );
  md.push('');
  md.push('## Benchmarks of the earlier issues');
  md.push('');
  if (!anyBench) md.push(`Not run (${only ? 'not selected by --only' : '--skip benchmarks'}).`);
  for (const b of benches) {
    if (b.missing) {
      md.push(`### ${b.name}: missing (no such root script)`);
      md.push('');
      continue;
    }
    md.push(
      `### ${b.name} — ${b.ok ? 'ran, exit 0' : `${b.reason ?? 'exit non-zero'} (a crash, a budget reached, or a goal the benchmark itself reports as missed: see its lines)`} (${b.seconds} s): \`${b.command}\``,
    );
    md.push('');
    const ratios = ratioLines(b.output);
    if (ratios.length) {
      md.push('Ratios and goals:');
      md.push('');
      for (const l of ratios) md.push(`- \`${l.trim()}\``);
      md.push('');
    }
    md.push('```');
    md.push(...benchLines(b.output));
    md.push('```');
    md.push('');
  }
  md.push('## What did not run, or did not finish');
  md.push('');
  const unfinished = [
    ...notRun.map((x) => `- ${x.title}: ${x.reason}`),
    ...results
      .filter((r) => !r.ok && !r.notRun)
      .map((r) => `- ${r.title}: ${r.pending ? 'PENDING (its runner is not in this checkout)' : r.reason}`),
  ];
  md.push(...(unfinished.length ? unfinished : ['Everything ran and passed.']));
  md.push('');
  md.push('## Time');
  md.push('');
  const budgetTotal = Object.values(BUDGETS).reduce((a, m) => a + m, 0);
  md.push(
    `Budgets in minutes (set for a quiet 2-core machine${
      budgetScale !== 1 ? `; here multiplied by PROOF_BUDGET_SCALE=${budgetScale}` : ''
    }), ${fmtMin(budgetTotal * budgetScale)} in all: ${Object.entries(BUDGETS)
      .map(
        ([n, m]) =>
          `${n} ${fmtMin(m * budgetScale)}${m !== DEFAULT_BUDGETS[n] ? ` (--budget; default ${fmtMin(DEFAULT_BUDGETS[n] * budgetScale)})` : ''}`,
      )
      .join(', ')}. A step still running at its budget is stopped; no step starts after ${fmtMin(
      maxMinutes,
    )} min, and a step is cut to the time left when that is less than its budget.`,
  );
  md.push('');
  md.push('| step | budget (min) | took (s) |');
  md.push('| --- | --- | --- |');
  for (const r of results)
    if (!r.pending && !r.notRun)
      md.push(
        `| ${r.name} | ${fmtMin(budgetMs(r.name) / 60000)}${r.limitMin < budgetMs(r.name) / 60000 ? ` (cut to ${fmtMin(r.limitMin)}: the run's time left)` : ''} | ${r.seconds} |`,
      );
  md.push('');
  md.push('## All figures (as printed by the suites)');
  md.push('');
  md.push('```json');
  for (const f of results.flatMap((r) => r.figures)) md.push(JSON.stringify(f));
  md.push('```');
  md.push('');
  md.push('## What each suite does');
  md.push('');
  md.push(
    '- **Property tests** (`shell/src/host/offline/transitions.property.test.ts`, `machine.property.test.ts`): fast-check drives the real transitions the way the uploader sequences them (user saves/submits during a send in flight, answers lost after the org committed, refusals, network/5xx/401, retries, clock ticks) against a model that is only "the user\'s last write and whether it was submitted"; after the network heals the org must hold exactly that. Plus laws of the three-way merge, the import plan, the backoff and the payload. A fixed seed and a random one (printed).',
  );
  md.push(
    '- **Fuzz** (`bff/test/fuzz-http.test.ts`): every route of the contract table over a real socket to the BFF in its own process (as deployed), signed in, 24 requests in flight over a keep-alive pool, against its own org-emulator; requests pre-generated per route in seeded chunks: random values, strings past every bound, 1-11 MB bodies, JSON nested 200-20,000 deep, `__proto__`/`constructor` keys, operator objects (`$gt`, `$where`, ...), wrong content types. Allowed: 2xx/3xx and 400/401/403/404/409/413/415/422/429. Canvas: a valid signed request tampered with (signature or envelope characters, truncation, appended bytes, swapped parts, changed fields, other secrets, wrong algorithm, stale or future issuedAt, no signature, a signature of something else): every tampered one 401 and no session cookie; untouched controls must still get in.',
  );
  md.push(
    "- **Security** (`bff/test/security*.test.ts`, `e2e/tests/security*.spec.ts`): CSRF header and Origin on every state-changing route (enumerated from the router), no refresh/access token in any body, Set-Cookie or log line, the browser's Cookie never sent to the org, SOQL injection; in Chromium: the org sees no browser cookie on any API call the BFF makes, XSS payloads in every user-authored text of a form definition render as text, a postMessage from a wrong origin is ignored.",
  );
  md.push(
    "- **Load** (`bff/test/load.test.ts`): the BFF as its own process. Mixed reads are sent open-loop (latency counted from the scheduled send, so a slow BFF cannot hide behind a slow sender) by 20 signed-in users from distinct addresses; the org's latency is re-drawn (seeded) in 50-150 ms every 50 ms. Uploads are streamed multipart with an `X-Upload-Sha256` the BFF checks against the bytes it streamed to the org; RSS sampled every 50 ms from /proc. Redis failover: round-robin balancer that takes a refused instance out.",
  );
  md.push(
    "- **Tabs** (`e2e/proof/tabs.ts`): tabs of one persistent Chromium profile queue submissions from random tabs while the leader tab (the uploader's Web Lock holder) has its renderer crashed (CDP `Page.crash`, no unload) on a fixed schedule and is replaced; sized by its kills (kills × the period, then the drain), not a duration. Each submission must have exactly one record in the org (`onceInOrg` = submissions), none missing, the outbox empty; takeover time is from the crash to another tab holding the lock; `redelivered` counts submissions the BFF accepted more than once (re-sent after a kill; harmless by the upsert).",
  );
  md.push('');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${md.join('\n')}\n`);
}

// 6. The earlier issues' benchmarks, each as its root script without the install/build prefix.
// (their order and names are BUDGETS' bench-* keys: bench-sync runs `npm run bench:sync`'s command)
const BENCHES = Object.keys(BUDGETS)
  .filter((n) => n.startsWith('bench-'))
  .map((n) => `bench:${n.slice(6)}`);
if (!anyBench)
  notRun.push({
    name: 'benchmarks',
    title: `benchmarks ${BENCHES.join(', ')}`,
    reason: only ? 'not selected (--only)' : 'skipped (--skip)',
  });
else {
  for (const name of BENCHES) {
    if (!wantedBench(`bench-${name.slice(6)}`)) {
      notRun.push({
        name: `bench-${name.slice(6)}`,
        title: name,
        reason: only ? 'not selected (--only)' : 'skipped (--skip)',
      });
      continue;
    }
    const script = pkg.scripts?.[name];
    if (!script) {
      benches.push({ name, missing: true });
      notRun.push({ name: `bench-${name.slice(6)}`, title: name, reason: 'no such root script' });
      continue;
    }
    const command = script
      .split('&&')
      .map((s) => s.trim())
      .filter((s) => !/^node scripts\/(bootstrap|build)\.mjs\b/.test(s))
      .join(' && ');
    const r = await suite(`bench-${name.slice(6)}`, `benchmark ${name}: ${command}`, 'sh', ['-c', command], {
      extraEnv: { PROOF_SCALE: '' },
    });
    if (r) benches.push({ name, command, ok: r.ok, reason: r.reason, seconds: r.seconds, output: r.output });
    writeReport(false);
  }
}

writeReport(true);

console.log('\n━━ proof summary');
for (const r of results)
  console.log(
    `${r.pending ? 'PEND' : r.notRun ? 'SKIP' : r.ok ? 'ok  ' : r.timedOut ? 'TIME' : 'FAIL'} ${r.title} (${r.seconds} s)${r.reason ? ` — ${r.reason}` : ''}`,
  );
for (const x of notRun)
  if (!results.some((r) => r.name === x.name)) console.log(`--   ${x.title}: ${x.reason}`);
console.log('\n━━ benchmark goals');
{
  const rows = [['benchmark', 'goal', 'this run', 'result'], ...goalRows()];
  const widths = [0, 1, 2].map((i) => Math.min(70, Math.max(...rows.map((r) => String(r[i]).length))));
  for (const r of rows)
    console.log(
      `${r
        .slice(0, 3)
        .map((c, i) => String(c).slice(0, widths[i]).padEnd(widths[i]))
        .join('  ')}  ${r[3]}`,
    );
}
// The report is committed: formatted as the repository's `prettier --check .` wants it (its tables).
spawnSync(path.join(root, 'node_modules/.bin/prettier'), ['--write', out], { stdio: 'ignore' });
console.log(`report: ${path.relative(root, out)} (${((Date.now() - t0) / 60000).toFixed(1)} min)`);
process.exit(results.every((r) => r.ok || r.pending) ? 0 : 1);
