// `npm run bench:load`: cold load of the shell + home in Chromium. Prints the JavaScript bytes over
// the wire (compressed, as served), the request count and the time until home is interactive,
// median of 5 cold runs, against the 250 KB budget that later work must keep.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/browser';
import { freeSystemPorts, startSystem } from '../support/system';

const RUNS = 5;
const BUDGET_BYTES = 250 * 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const system = await startSystem({ ports: await freeSystemPorts(), emulator: false, quiet: true });
const browser = await chromium.launch(chromiumLaunchOptions);
const runs: { jsBytes: number; requests: number; interactiveMs: number }[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext(); // a new context is a cold cache
    const page = await context.newPage();
    const responses: Promise<{ js: boolean; bytes: number }>[] = [];
    page.on('requestfinished', (request) =>
      responses.push(
        request.sizes().then((sizes) => ({
          js: request.resourceType() === 'script' || request.url().endsWith('.js'),
          bytes: sizes.responseBodySize,
        })),
      ),
    );
    const started = Date.now();
    await page.goto(system.url + '/');
    await page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]').waitFor();
    // Interactive: the main thread is free to answer an input (next animation frame after home renders).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    const interactiveMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const done = await Promise.all(responses);
    runs.push({
      jsBytes: done.filter((r) => r.js).reduce((sum, r) => sum + r.bytes, 0),
      requests: done.length,
      interactiveMs,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await system.stop();
}

const jsBytes = median(runs.map((r) => r.jsBytes));
console.log('shell + home, cold load in Chromium, median of %d runs', RUNS);
console.log('  JavaScript over the wire : %s KB (compressed)', (jsBytes / 1024).toFixed(1));
console.log('  requests                 : %d', median(runs.map((r) => r.requests)));
console.log('  time to interactive home : %d ms', median(runs.map((r) => r.interactiveMs)));
console.log('  budget ratio             : %s of 250 KB', (jsBytes / BUDGET_BYTES).toFixed(2));
console.log(
  '  runs: %s',
  runs.map((r) => `${(r.jsBytes / 1024).toFixed(0)}KB/${r.requests}req/${r.interactiveMs}ms`).join('  '),
);
