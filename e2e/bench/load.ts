// `npm run bench:load`: cold load of the shell + home in Chromium for a signed-in user. Prints the
// JavaScript bytes over the wire (compressed, as served), the request count and the time until
// home is interactive, median of 5 cold runs (HTTP cache cleared, service worker blocked), against
// the 250 KB budget, beside the shell alone on the sign-in page as the baseline of the same run.
// Serves the builds under $DIST_ROOT when it is set (scripts/system.mjs), e.g.
// `DIST_ROOT=/tmp/dist-x node scripts/build.mjs && DIST_ROOT=/tmp/dist-x tsx e2e/bench/load.ts`.
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/browser';
import { signInAtOrg } from '../support/auth';
import { freeSystemPorts, startSystem } from '../support/system';

const RUNS = 5;
const BUDGET_BYTES = 250 * 1024;

interface Run {
  jsBytes: number;
  requests: number;
  interactiveMs: number;
  /** Compressed bytes per script (file name), for attribution. */
  scripts: Map<string, number>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function coldLoad(
  context: BrowserContext,
  page: Page,
  url: string,
  ready: () => Promise<void>,
): Promise<Run> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const sizes: Promise<{ js: boolean; bytes: number; url: string }>[] = [];
  const onFinished = (request: import('@playwright/test').Request) =>
    sizes.push(
      request.sizes().then((s) => ({
        js: request.resourceType() === 'script' || request.url().endsWith('.js'),
        bytes: s.responseBodySize,
        url: request.url(),
      })),
    );
  page.on('requestfinished', onFinished);
  const started = Date.now();
  await page.goto(url);
  await ready();
  // Interactive: the main thread is free to answer an input (next frame after the screen rendered).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const interactiveMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  const done = await Promise.all(sizes);
  const js = done.filter((r) => r.js);
  return {
    jsBytes: js.reduce((sum, r) => sum + r.bytes, 0),
    requests: done.length,
    interactiveMs,
    scripts: new Map(js.map((r) => [new URL(r.url).pathname.split('/').pop() ?? r.url, r.bytes])),
  };
}

function report(label: string, runs: Run[]): number {
  const jsBytes = median(runs.map((r) => r.jsBytes));
  console.log(`${label}, median of ${RUNS} cold runs`);
  console.log('  JavaScript over the wire : %s KB (compressed)', (jsBytes / 1024).toFixed(1));
  console.log('  requests                 : %d', median(runs.map((r) => r.requests)));
  console.log('  time to interactive      : %d ms', median(runs.map((r) => r.interactiveMs)));
  // Every script of the last run, largest first: where the bytes go.
  const last = runs[runs.length - 1];
  for (const [name, bytes] of [...(last?.scripts ?? [])].sort((a, b) => b[1] - a[1]))
    console.log('    %s KB  %s', (bytes / 1024).toFixed(1).padStart(5), name.slice(0, 90));
  return jsBytes;
}

const system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInAtOrg(page, system.url);
  const home: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    home.push(
      await coldLoad(context, page, `${system.url}/`, () =>
        page.locator('#area-mfe-home[data-state="mounted"] [data-remote="mfe-home"]').waitFor(),
      ),
    );
  }
  await context.close();

  const anonymous = await browser.newContext({ serviceWorkers: 'block' });
  const loginPage = await anonymous.newPage();
  const login: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    login.push(
      await coldLoad(anonymous, loginPage, `${system.url}/login`, () =>
        loginPage.locator('#area-mfe-auth[data-state="mounted"]').waitFor(),
      ),
    );
  }
  await anonymous.close();

  const homeBytes = report('shell + home (signed in)', home);
  const loginBytes = report('baseline: shell + sign-in page', login);
  console.log('budget ratio: %s of 250 KB', (homeBytes / BUDGET_BYTES).toFixed(2));
  console.log('home over the sign-in baseline: +%s KB', ((homeBytes - loginBytes) / 1024).toFixed(1));
} finally {
  await browser.close();
  await system.stop();
}
