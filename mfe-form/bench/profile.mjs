#!/usr/bin/env node
/**
 * Where the renderer's time goes (issue 7): a Chrome DevTools CPU profile of the mount and of N keystrokes
 * on one bench form, with the browser's own style/layout/script totals (Performance.getMetrics). Prints
 * the top functions by self time per phase, so O(fields) work per keystroke or per field at mount shows.
 * Usage: node mfe-form/bench/profile.mjs [--form f1000] [--which ours|jsonforms] [--keys 30] [--top 25] [--all-rows]
 */
import { rmSync } from 'node:fs';
import { buildPage } from './build-page.mjs';
import {
  argValue,
  focusTarget,
  hasFlag,
  launchChromium,
  oneFormOptions,
  openBenchPage,
  typeKeys,
  warmUp,
} from './harness.mjs';

const { form: FORM, which: WHICH, keys: KEYS, top: TOP } = oneFormOptions({ keys: 30, top: 25 });
/** Functions whose inclusive time (self + callees, outermost call only) is listed too. */
const INCLUSIVE = argValue(
  '--inclusive',
  'getValidator,FormStore,applyDefaults,normalizeDates,precompileConditions,validateData,errorsByPath,pickRenderer,useControl,ControlShell,TextControl,NumberControl,VerticalLayout',
).split(',');
const KEEP = hasFlag('--keep');
/** Profile the mount until every table row is in the page (ours mounts long tables in batches). */
const ALL_ROWS = hasFlag('--all-rows');

/** Self time per function (ms), from a CDP Profiler.Profile. */
const selfTimes = (profile) => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const dt = (deltas[i + 1] ?? 0) / 1000;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  // Inclusive: a sample counts for a listed function when it is on the stack (once, however deep).
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map(INCLUSIVE.map((f) => [f, 0]));
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (deltas[i + 1] ?? 0) / 1000;
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const fn = byId.get(id).callFrame.functionName;
      if (inclusive.has(fn) && !seen.has(fn)) {
        seen.add(fn);
        inclusive.set(fn, inclusive.get(fn) + dt);
      }
    }
  }
  return { total, top: [...self.entries()].sort((a, b) => b[1] - a[1]), inclusive };
};

const metricsOf = async (cdp) => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
};
const METRICS = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration', 'ThreadTime'];
const diff = (a, b) =>
  METRICS.map(
    (k) =>
      `${k.replace('Duration', '').replace('ThreadTime', 'main-thread CPU')} ${((b[k] - a[k]) * 1000).toFixed(1)} ms`,
  );

const report = (label, profile, m0, m1, per = 1) => {
  const { total, top, inclusive } = selfTimes(profile);
  console.log(`\n== ${label}: sampled ${(total / per).toFixed(1)} ms${per > 1 ? ' per keystroke' : ''}`);
  console.log(`   browser totals: ${diff(m0, m1).join(', ')}`);
  console.log(
    `   inclusive: ${[...inclusive]
      .filter(([, ms]) => ms > 0)
      .map(([f, ms]) => `${f} ${(ms / per).toFixed(1)}`)
      .join(', ')}`,
  );
  for (const [name, ms] of top.slice(0, TOP)) console.log(`${(ms / per).toFixed(2).padStart(9)} ms  ${name}`);
};

const dir = await buildPage({ keepNames: false });
const browser = await launchChromium();
try {
  const page = await openBenchPage(browser, dir);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });

  // The app root (ChakraProvider) is mounted before the clock starts, as in run.mjs: "mount" is the form's.
  await page.evaluate(() => window.bench.prepare());
  let m0 = await metricsOf(cdp);
  await cdp.send('Profiler.start');
  const mountMs = await page.evaluate(([w, f]) => window.bench.mount(w, f), [WHICH, FORM]);
  if (ALL_ROWS) await page.evaluate(() => window.bench.settled());
  let { profile } = await cdp.send('Profiler.stop');
  let m1 = await metricsOf(cdp);
  console.log(`${WHICH} ${FORM}: mount ${Math.round(mountMs)} ms`);
  report('mount', profile, m0, m1);

  await focusTarget(page);
  await warmUp(page);
  await page.waitForTimeout(100);
  m0 = await metricsOf(cdp);
  await cdp.send('Profiler.start');
  await typeKeys(page, KEYS);
  ({ profile } = await cdp.send('Profiler.stop'));
  m1 = await metricsOf(cdp);
  report(`${KEYS} keystrokes`, profile, m0, m1, KEYS);
} finally {
  await browser.close();
  if (KEEP) console.log(`page kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
