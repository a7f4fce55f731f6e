// The BFF's preload hints (bff/src/preload) in Chromium: the page's Link header starts what the route
// needs at once, each hinted request is the one the page then uses (a preload whose mode or
// credentials did not match would be fetched twice, and Chromium would warn it went unused), and a
// hint gone stale after a remote redeploys costs a wasted request, never the page.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInAtOrg } from '../support/auth';
import { deploy, distOf, tempDir } from '../support/builds';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';
import { recordWaterfall, type WaterfallRow } from '../bench/waterfall';

let system: RunningSystem;

test.afterEach(async () => {
  await system?.stop();
});

/** The Link header's URLs, resolved against the page. */
function hintedUrls(link: string | undefined, base: string): string[] {
  return (link ?? '')
    .split(', ')
    .map((l) => /^<([^>]+)>/.exec(l)?.[1])
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u, base).href);
}

/** Opens `url` cold (no HTTP cache) and waits for `ready`; every request of the load, and the console. */
async function coldLoad(context: BrowserContext, page: Page, url: string, ready: () => Promise<void>) {
  // The page's earlier document (e.g. home after signing in) must be done loading: its requests still in
  // flight would be recorded as this load's, and its script fetches counted twice.
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const console: string[] = [];
  page.on('console', (m) => console.push(m.text()));
  const recorder = await recordWaterfall(context, page);
  const response = await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  // Chromium warns about a preload left unused a few seconds after the load event.
  await page.waitForTimeout(3500);
  const rows = await recorder.stop();
  return { link: response?.headers().link, rows, console };
}

/** The shell's shared Chakra chunk (scripts/webpack-config.mjs names it `chakra`). */
const CHAKRA_CHUNK = /\/chakra\.[0-9a-f]+\.js$/;

const count = (rows: WaterfallRow[], url: string) => rows.filter((r) => r.url === url).length;

const signInButton = (page: Page) => () =>
  page.getByRole('button', { name: 'Production login' }).and(page.locator(':enabled')).waitFor();
const home = (page: Page) => () =>
  page.locator('#area-mfe-home[data-state="mounted"] [data-remote="mfe-home"]').waitFor();

test('cold sign-in page and home: what the Link header names is fetched once, and used', async ({
  browser,
}) => {
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  const auth = `http://127.0.0.1:${system.ports['mfe-auth']}/`;
  const homeOrigin = `http://127.0.0.1:${system.ports['mfe-home']}/`;

  const anonymous = await browser.newContext({ serviceWorkers: 'block' });
  const signInPage = await anonymous.newPage();
  const signIn = await coldLoad(anonymous, signInPage, `${system.url}/login`, signInButton(signInPage));
  const signInHints = hintedUrls(signIn.link, system.url);
  // the remote's manifest, entry and module, the shell's boot chunks, the first answers; no Chakra
  expect(signInHints).toContain(`${auth}mf-manifest.json`);
  expect(signInHints.some((u) => u.startsWith(`${auth}remoteEntry.`))).toBe(true);
  expect(signInHints.some((u) => u.startsWith(`${auth}__federation_expose_app.`))).toBe(true);
  expect(signInHints.some((u) => /src_bootstrap_tsx\.[0-9a-f]+\.js$/.test(u))).toBe(true);
  expect(signInHints).toContain(`${system.url}/api/getEnv/`);
  expect(signInHints.some((u) => CHAKRA_CHUNK.test(u))).toBe(false);
  for (const url of signInHints) expect(count(signIn.rows, url), url).toBe(1);
  expect(signIn.rows.filter((r) => r.failed)).toEqual([]);
  expect(signIn.console.filter((m) => /preload/i.test(m))).toEqual([]);
  await anonymous.close();

  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInAtOrg(page, system.url);
  const signedIn = await coldLoad(context, page, `${system.url}/`, home(page));
  const homeHints = hintedUrls(signedIn.link, system.url);
  expect(homeHints).toContain(`${homeOrigin}mf-manifest.json`);
  expect(homeHints.some((u) => u.startsWith(`${homeOrigin}remoteEntry.`))).toBe(true);
  expect(homeHints.some((u) => u.startsWith(`${homeOrigin}__federation_expose_app.`))).toBe(true);
  // home's first screen is plain React (issue 46): Chakra comes at idle after it, never as a hint
  expect(homeHints.some((u) => CHAKRA_CHUNK.test(u))).toBe(false);
  for (const url of homeHints) expect(count(signedIn.rows, url), url).toBe(1);
  // and no script of the load, hinted or not, fetched twice
  const scripts = signedIn.rows.filter((r) => r.url.endsWith('.js')).map((r) => r.url);
  expect(scripts.filter((u, i) => scripts.indexOf(u) !== i)).toEqual([]);
  expect(signedIn.console.filter((m) => /preload/i.test(m))).toEqual([]);
  await context.close();
});

test('a remote redeployed after the BFF read its manifest: the stale hint is a wasted request, the page loads', async ({
  browser,
}) => {
  // mfe-auth served from a folder this test redeploys; the BFF keeps its hints for 10 minutes
  const served = tempDir('auth-deploy');
  deploy(distOf('mfe-auth'), served);
  system = await startSystem({
    ports: await freeSystemPorts(),
    quiet: true,
    remoteDirs: { 'mfe-auth': served },
    bffEnv: { PRELOAD_MANIFEST_MAX_AGE_MS: '600000' },
  });
  const auth = `http://127.0.0.1:${system.ports['mfe-auth']}/`;
  // The BFF reads the manifests after it starts, beside the test: the redeploy comes once it has.
  await expect
    .poll(async () => (await fetch(`${system.url}/login`)).headers.get('link') ?? '')
    .toContain(`${auth}remoteEntry.`);

  // The new deploy: the same code under a new entry name, the old entry gone (as a CDN upload does).
  const next = tempDir('auth-next');
  deploy(served, next);
  const manifest = JSON.parse(fs.readFileSync(path.join(next, 'mf-manifest.json'), 'utf8')) as {
    metaData: { remoteEntry: { name: string } };
  };
  const oldEntry = manifest.metaData.remoteEntry.name;
  const newEntry = oldEntry.replace(/\.[0-9a-f]{12}\.js$/, '.0123456789ab.js');
  for (const suffix of ['', '.br', '.gz'])
    fs.renameSync(path.join(next, oldEntry + suffix), path.join(next, newEntry + suffix));
  manifest.metaData.remoteEntry.name = newEntry;
  fs.writeFileSync(path.join(next, 'mf-manifest.json'), JSON.stringify(manifest));
  for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(next, `mf-manifest.json${suffix}`));
  deploy(next, served);

  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const load = await coldLoad(context, page, `${system.url}/login`, signInButton(page));
  const hints = hintedUrls(load.link, system.url);
  expect(hints).toContain(`${auth}${oldEntry}`); // stale: the BFF has not looked again yet
  expect(load.rows.find((r) => r.url === `${auth}${oldEntry}`)).toBeDefined(); // asked for, and wasted
  expect(count(load.rows, `${auth}${newEntry}`)).toBe(1); // the runtime read the new manifest
  await expect(page.locator('#area-mfe-auth')).toHaveAttribute('data-state', 'mounted');
  await context.close();
});
