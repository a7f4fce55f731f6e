// `npm test`: installs what is missing, then lint, type-check, build, every package's unit and
// integration tests (Vitest) and the browser suites (Playwright in Debian's Chromium).
// Every step runs even when an earlier one fails; the last line is `N passed, N failed`.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { root, runAsync, workspacePackages } from './lib.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });

const boot = spawnSync(process.execPath, ['scripts/bootstrap.mjs', '--chromium', '--redis'], {
  cwd: root,
  stdio: 'inherit',
});
if (boot.status !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const { typecheck } = await import('./typecheck.mjs');
const { buildFrontends } = await import('./build.mjs');

let passed = 0;
let failed = 0;
const summary = [];
const gate = async (name, fn) => {
  const started = Date.now();
  console.log(`\n━━ ${name}`);
  let ok = false;
  try {
    ok = await fn();
  } catch (error) {
    console.error(error);
  }
  if (ok) passed++;
  else failed++;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
};

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

await gate('eslint', async () => (await runAsync(bin('eslint'), ['.', '--max-warnings=0'])) === 0);
await gate(
  'prettier',
  async () => (await runAsync(bin('prettier'), ['--check', '.', '--log-level=warn'])) === 0,
);
await gate('typecheck', async () => (await typecheck()).length === 0);
await gate('import circles', async () => {
  const { importCircles } = await import('./import-circles.mjs');
  const found = await importCircles();
  for (const line of found) console.error(`import circle: ${line}`);
  return found.length === 0;
});
const built = await gate('build', async () => {
  await buildFrontends();
  return true;
});

// Vitest: every package's own tests (unit, and BFF/emulator integration over HTTP), one package at
// a time so integration suites that start servers never compete for the 2 cores.
const vitestPackages = workspacePackages().filter((name) =>
  fs.existsSync(path.join(root, name, 'vitest.config.ts')),
);
for (const name of vitestPackages) {
  const json = path.join(tmp, `vitest-${name}.json`);
  fs.rmSync(json, { force: true });
  const started = Date.now();
  console.log(`\n━━ vitest: ${name}`);
  const code = await runAsync(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    {
      cwd: path.join(root, name),
    },
  );
  const result = readJson(json);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result) {
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    const bad = result.numFailedTests > 0 || code !== 0;
    summary.push(
      `${bad ? 'FAIL' : 'ok  '} vitest ${name}: ${result.numPassedTests} passed, ${result.numFailedTests} failed (${seconds} s)`,
    );
    for (const line of vitestFailures(result)) summary.push(`     ${line}`);
  }
  if (!result || (code !== 0 && result.numFailedTests === 0)) {
    failed++;
    summary.push(`FAIL vitest ${name} exited with ${code}`);
  }
}

// Playwright: the browser suites against the running system, in Debian's Chromium.
if (built) {
  const pwJson = path.join(root, 'e2e/test-results/results.json');
  fs.rmSync(pwJson, { force: true });
  const pwStarted = Date.now();
  console.log('\n━━ playwright (e2e)');
  const pwCode = await runAsync(path.join(root, 'e2e/node_modules/.bin/playwright'), ['test'], {
    cwd: path.join(root, 'e2e'),
  });
  const pw = readJson(pwJson);
  if (pw) {
    const ok = pw.stats.expected + pw.stats.flaky;
    passed += ok;
    failed += pw.stats.unexpected;
    summary.push(
      `${pw.stats.unexpected || pwCode ? 'FAIL' : 'ok  '} playwright: ${ok} passed, ${pw.stats.unexpected} failed (${((Date.now() - pwStarted) / 1000).toFixed(1)} s)`,
    );
    // CI keeps only the end of the output: the failures' first lines go into the summary
    for (const line of playwrightFailures(pw)) summary.push(`     ${line}`);
  }
  if (!pw || (pwCode !== 0 && pw.stats.unexpected === 0)) {
    failed++;
    summary.push(`FAIL playwright exited with ${pwCode}`);
  }
} else {
  failed++;
  summary.push('FAIL playwright not run: the build failed');
}

/** Each failed test's file and name and the first lines of its error, from Vitest's JSON report. */
function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      out.push(`${path.relative(root, file.name)} ${t.fullName}`);
      out.push(...firstLines(t.failureMessages?.[0]));
    }
    // a file that fails before its tests run (an import error, a hook) has no test to name
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      out.push(`${path.relative(root, file.name)}`);
      out.push(...firstLines(file.message));
    }
  }
  return out;
}

/** The first lines of an error message, without colour codes, indented under its test. */
function firstLines(message) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, 8)
      .map((l) => `  ${l.slice(0, 300)}`)
  );
}

/** Each unexpected test's title and the first lines of its error, from Playwright's JSON report. */
function playwrightFailures(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        out.push(`${spec.file}:${spec.line} ${spec.title}`);
        const last = t.results?.[t.results.length - 1];
        out.push(...firstLines(last?.error?.message ?? last?.errors?.[0]?.message));
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return out;
}

console.log(`\n━━ summary\n${summary.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
