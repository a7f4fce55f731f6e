import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REMOTE_UNAVAILABLE } from 'shared-contracts';
import { signInAtOrg } from '../support/auth';
import { buildFolder, buildPackage, deploy, distOf, fingerprint, tempDir } from '../support/builds';
import { freeSystemPorts, startRemote, startSystem, type RunningSystem } from '../support/system';

// These suites are about Module Federation mechanics, so they read the shell's own marks on each
// area (data-state: mounted | fallback | unmounted), not what a remote chooses to render.

const ROUTES = [
  { path: '/', remote: 'mfe-home' },
  { path: '/login', remote: 'mfe-auth' },
  { path: '/form/0f8fad5b-d9cb-469f-a165-70867728950e', remote: 'mfe-form' },
  { path: '/CQEditFormSF/a0B000000000001AAA', remote: 'mfe-builder' },
] as const;

/** Client-side navigation through single-spa: no page reload. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}

const area = (page: Page, remote: string) => page.locator(`#area-${remote}`);
const fallback = (page: Page) => page.getByTestId('remote-unavailable');

let system: RunningSystem;

test.afterEach(async () => {
  await system?.stop();
});

test('each remote is fetched from its own origin, and React is downloaded once', async ({ page }) => {
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  const requests: string[] = [];
  page.on('request', (req) => requests.push(req.url()));
  await signInAtOrg(page, system.url);

  // Sign-in may already have brought a remote in (the callback lands on home): poll what was fetched.
  for (const { path, remote } of ROUTES) {
    const origin = `http://127.0.0.1:${system.ports[remote]}/`;
    await navigate(page, path);
    await expect
      .poll(() => requests.some((url) => url.startsWith(origin) && /__federation_expose_app/.test(url)))
      .toBe(true);
  }
  await page.waitForLoadState('networkidle');

  for (const { remote } of ROUTES) {
    const origin = `http://127.0.0.1:${system.ports[remote]}/`;
    const fromOrigin = requests.filter((url) => url.startsWith(origin));
    expect(
      fromOrigin.some((url) => url.endsWith('/mf-manifest.json')),
      `${remote} manifest`,
    ).toBe(true);
    expect(
      fromOrigin.some((url) => /\/remoteEntry\.[0-9a-f]+\.js$/.test(url)),
      `${remote} entry`,
    ).toBe(true);
    expect(
      fromOrigin.some((url) => /__federation_expose_app\.[0-9a-f]+\.js$/.test(url)),
      `${remote} app`,
    ).toBe(true);
  }

  const reactDom = requests.filter((url) => /react-dom_index_js\.[0-9a-f]+\.js$/.test(url));
  const react = requests.filter((url) => /node_modules_react_index_js\.[0-9a-f]+\.js$/.test(url));
  expect(reactDom).toHaveLength(1);
  expect(react).toHaveLength(1);
});

test('a stopped remote shows its fallback, the rest keeps working, and Retry recovers without a reload', async ({
  page,
}) => {
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  await system.procs['mfe-form'].stop();
  await signInAtOrg(page, system.url);
  await page.goto(system.url + '/');
  await expect(area(page, 'mfe-home')).toHaveAttribute('data-state', 'mounted');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  await navigate(page, ROUTES[2].path);
  await expect(fallback(page)).toBeVisible();
  await expect(area(page, 'mfe-form')).toHaveAttribute('data-state', 'fallback');
  await expect(fallback(page)).toContainText(REMOTE_UNAVAILABLE.body);

  await navigate(page, '/templates');
  await expect(area(page, 'mfe-builder')).toHaveAttribute('data-state', 'mounted');
  await navigate(page, '/');
  await expect(area(page, 'mfe-home')).toHaveAttribute('data-state', 'mounted');
  await expect(fallback(page)).toHaveCount(0);

  await navigate(page, ROUTES[2].path);
  await expect(fallback(page)).toBeVisible();
  system.procs['mfe-form'] = await startRemote('mfe-form', system.ports['mfe-form'], { quiet: true });
  await fallback(page).getByRole('button', { name: REMOTE_UNAVAILABLE.retry }).click();
  await expect(area(page, 'mfe-form')).toHaveAttribute('data-state', 'mounted');
  await expect(fallback(page)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});

test('redeploying one remote shows its new text without rebuilding the shell or the other remotes', async ({
  page,
}) => {
  const ports = await freeSystemPorts();
  const deployed = tempDir('mfe-auth-deployed');
  deploy(distOf('mfe-auth'), deployed);
  // mfe-auth is served from a deployment folder of its own, as a CDN origin would.
  system = await startSystem({ ports, emulator: false, quiet: true, remoteDirs: { 'mfe-auth': deployed } });

  await page.goto(system.url + '/login');
  await expect(area(page, 'mfe-auth')).toHaveAttribute('data-state', 'mounted');
  const label = `redeployed-${Date.now()}`;
  await expect(page.getByText(label)).toHaveCount(0);

  const others = ['shell', 'mfe-home', 'mfe-form', 'mfe-builder'];
  const before = Object.fromEntries(others.map((pkg) => [pkg, fingerprint(distOf(pkg))]));
  const build = tempDir('mfe-auth-build');
  buildPackage('mfe-auth', build, { BUILD_LABEL: label });
  deploy(build, deployed);

  await page.reload();
  await expect(area(page, 'mfe-auth').getByTestId('build-label')).toHaveText(`mfe-auth build ${label}`);
  for (const pkg of others) expect(fingerprint(distOf(pkg)), `${pkg} untouched`).toEqual(before[pkg]);
});

test('a remote built against an incompatible contract gets the fallback, not a blank page', async ({
  page,
}) => {
  const ports = await freeSystemPorts();
  const build = tempDir('mfe-builder-incompatible');
  buildPackage('mfe-builder', build, { CONTRACT_VERSION_OVERRIDE: '2.0.0' });
  system = await startSystem({ ports, emulator: false, quiet: true, remoteDirs: { 'mfe-builder': build } });

  await page.goto(system.url + '/templates');
  await expect(fallback(page)).toBeVisible();
  await expect(fallback(page)).toHaveAttribute('data-kind', 'incompatible');
  await expect(fallback(page)).toContainText(REMOTE_UNAVAILABLE.incompatible);
  await expect(area(page, 'mfe-builder')).toHaveAttribute('data-state', 'fallback');

  await navigate(page, '/login');
  await expect(area(page, 'mfe-auth')).toHaveAttribute('data-state', 'mounted');
  await expect(fallback(page)).toHaveCount(0);
});

test('a remote that throws while mounting gets the fallback; the other areas keep working', async ({
  page,
}) => {
  const ports = await freeSystemPorts();
  const build = tempDir('crashing-remote');
  buildFolder(path.join(import.meta.dirname, '../fixtures/crashing-remote'), build);
  system = await startSystem({ ports, emulator: false, quiet: true, remoteDirs: { 'mfe-builder': build } });

  await page.goto(system.url + '/templates');
  await expect(fallback(page)).toBeVisible();
  await expect(fallback(page)).toHaveAttribute('data-kind', 'crashed');
  await expect(fallback(page)).toContainText('boom during mount');

  await navigate(page, '/login');
  await expect(area(page, 'mfe-auth')).toHaveAttribute('data-state', 'mounted');
  await expect(fallback(page)).toHaveCount(0);
});

test('an unknown route shows the not-found page with a link home', async ({ page }) => {
  system = await startSystem({ ports: await freeSystemPorts(), emulator: false, quiet: true });
  await page.goto(system.url + '/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(area(page, 'mfe-home')).toHaveAttribute('data-state', /mounted|unmounted/);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});
