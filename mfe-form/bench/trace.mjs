#!/usr/bin/env node
/**
 * Where a keystroke's frame goes (issue 7), beyond our script: a Chromium trace of N keystrokes on one
 * bench form (same page, same typing as run.mjs), summed per phase (script / style / layout / paint /
 * GC) and per trace event, with the number of elements styled and objects laid out per keystroke.
 * Usage: node mfe-form/bench/trace.mjs [--form f1000] [--which ours|jsonforms] [--keys 40] [--top 20] [--save trace.json]
 */
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { buildPage } from './build-page.mjs';
import {
  argValue,
  focusTarget,
  launchChromium,
  oneFormOptions,
  openBenchPage,
  percentile,
  typeKeys,
  warmUp,
} from './harness.mjs';
import { summarizeTrace } from './trace-summary.mjs';

const { form: FORM, which: WHICH, keys: KEYS, top: TOP } = oneFormOptions({ keys: 40, top: 20 });
const SAVE = argValue('--save', '');
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'cc',
  'v8',
  'v8.gc',
  'blink.user_timing',
].join(',');

const dir = await buildPage();
const browser = await launchChromium();
try {
  const page = await openBenchPage(browser, dir);
  const mountMs = await page.evaluate(([w, f]) => window.bench.mount(w, f), [WHICH, FORM]);
  await focusTarget(page);
  await warmUp(page);
  await page.waitForTimeout(200);
  await page.evaluate(() => (window.bench.latencies = []));
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
  await typeKeys(page, KEYS);
  const buffer = await browser.stopTracing();
  const latencies = await page.evaluate(() => window.bench.latencies);
  const { traceEvents } = JSON.parse(buffer.toString('utf8'));
  if (SAVE) writeFileSync(SAVE, buffer);
  const s = summarizeTrace(traceEvents, KEYS);
  const pct = (p) => percentile(latencies, p).toFixed(1);
  console.log(
    `${WHICH} ${FORM}: mount ${Math.round(mountMs)} ms; ${KEYS} keystrokes, latency median ${pct(50)} p95 ${pct(95)} ms (traced: slower than run.mjs)`,
  );
  console.log(
    `per keystroke, main thread busy ${s.busyMs} ms: ${Object.entries(s.phases)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')} ms`,
  );
  console.log(
    `per keystroke: ${Object.entries(s.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  for (const [name, ms] of s.byName.slice(0, TOP)) console.log(`${ms.toFixed(2).padStart(9)} ms  ${name}`);
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
