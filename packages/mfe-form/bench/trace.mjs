#!/usr/bin/env node
/**
 * Where a keystroke's frame goes (issue 7), beyond our script: a Chromium trace of N keystrokes on one
 * bench form (same page, same typing as run.mjs), summed per phase (script / style / layout / paint /
 * GC) and per trace event, with the number of elements styled and objects laid out per keystroke.
 * Usage: node packages/mfe-form/bench/trace.mjs [--form f1000] [--which ours|jsonforms] [--keys 40] [--top 20] [--save trace.json]
 */
import { chromium } from 'playwright-core';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPage } from './build-page.mjs';
import { summarizeTrace } from './trace-summary.mjs';

const args = process.argv.slice(2);
const argValue = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};
const FORM = argValue('--form', 'f1000');
const WHICH = argValue('--which', 'ours');
const KEYS = Number(argValue('--keys', '40'));
const TOP = Number(argValue('--top', '20'));
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
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(pathToFileURL(join(dir, 'index.html')).href);
  const mountMs = await page.evaluate(([w, f]) => window.bench.mount(w, f), [WHICH, FORM]);
  const selector = await page.evaluate(() => window.bench.targetSelector);
  const input = page.locator(selector).first();
  await input.scrollIntoViewIfNeeded();
  await input.click();
  for (let i = 0; i < 5; i++) await page.keyboard.press('a');
  await page.waitForTimeout(200);
  await page.evaluate(() => (window.bench.latencies = []));
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(i % 7 === 6 ? 'Backspace' : 'b');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  }
  await page.waitForTimeout(50);
  const buffer = await browser.stopTracing();
  const latencies = await page.evaluate(() => window.bench.latencies);
  const { traceEvents } = JSON.parse(buffer.toString('utf8'));
  if (SAVE) writeFileSync(SAVE, buffer);
  const s = summarizeTrace(traceEvents, KEYS);
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]?.toFixed(1);
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
