import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { MESSAGES, REMOTE_UNAVAILABLE } from 'shared-contracts';
import { chromiumLaunchOptions } from '../support/browser';
import { buildPackage, deploy, distOf, tempDir } from '../support/builds';
import { openHome } from '../support/form-screen';
import { freeSystemPorts, startRemote, startSystem, type RunningSystem } from '../support/system';
import { OrgProbe } from '../proof/org-probe';

// Issue 26: a field user signs in once at the office, loses the network on the way to the site, and the
// whole app works there: no extra reload, from a fresh browser profile. The only thing the test waits
// for is what the user sees: the header's "Ready to work offline" sign.

let system: RunningSystem;
test.afterEach(async () => system?.stop());

const count = (page: Page, key: string) => page.getByTestId(`count-${key}`);
const home = (page: Page) => page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]');
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });
const launchButtons = (page: Page) => page.getByRole('tabpanel').getByRole('button', { name: /^Launch / });
const labelsOf = (page: Page) =>
  launchButtons(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));

/** Launches from the current tab, checks the form screen opened on `title`, and closes it. */
async function launchAndClose(page: Page, label: string, shellUrl: string): Promise<void> {
  await page.getByRole('tabpanel').getByRole('button', { name: label, exact: true }).click();
  await page.waitForURL(/\/form\/[^/]+$/);
  await expect(page.getByTestId('form-name')).toHaveText(label.replace(/^Launch /, ''));
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(`${shellUrl}/`);
  await expect(home(page)).toBeVisible();
}

test('signed in once, no reload: offline every form and draft opens, and the draft reaches the org once when back', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  const org = new OrgProbe(`http://127.0.0.1:${system.ports.emulator}`);
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await openHome(page, system.url);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('offline-ready')).toHaveAttribute(
    'aria-label',
    /^Ready to work offline \(\d+\.\d MB on this device\)$/,
  );
  // Every form that can go offline, taken offline (the Forms tab's Offline switch: its definition on
  // the device); the others need the org to launch, as the spec has it.
  await tab(page, 'Forms').click();
  const switches = page.getByRole('tabpanel').getByLabel(/^Offline /);
  const titles = (
    await switches.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
  ).map((l) => l.replace(/^Offline /, ''));
  expect(titles.length).toBeGreaterThan(1);
  for (const title of titles) {
    await page.getByLabel(`Offline ${title}`).check({ force: true });
    await expect(page.getByLabel(`Offline ${title}`)).toBeChecked();
  }
  const forms = titles.map((t) => `Launch ${t}`);
  await tab(page, 'In Progress').click();
  // The org's In Progress items, imported on sign-in.
  await expect(launchButtons(page).first()).toBeVisible();
  const drafts = await labelsOf(page);
  const inProgress = await count(page, 'inProgress').textContent();
  const assigned = await count(page, 'assigned').textContent();

  await context.setOffline(true);
  await page.reload();
  await expect(home(page)).toBeVisible();
  await expect(page.getByTestId('online-status')).toHaveText('Offline');
  await expect(count(page, 'inProgress')).toHaveText(inProgress ?? '');
  await expect(count(page, 'assigned')).toHaveText(assigned ?? '');
  await expect(page.getByTestId('offline-ready')).toBeVisible();

  // Every In Progress item and every form opens offline.
  for (const label of drafts) {
    await tab(page, 'In Progress').click();
    await launchAndClose(page, label, system.url);
  }
  for (const label of forms) {
    await tab(page, 'Forms').click();
    await launchAndClose(page, label, system.url);
  }

  // A draft written offline: typed, closed, still there after a reload.
  await tab(page, 'Forms').click();
  const first = forms[0] ?? '';
  await page.getByRole('tabpanel').getByRole('button', { name: first, exact: true }).click();
  await page.waitForURL(/\/form\/[^/]+$/);
  const localId = new URL(page.url()).pathname.split('/')[2] ?? '';
  const field = page
    .locator('[data-testid="remote-screen"][data-remote="mfe-form"]')
    .getByRole('textbox')
    .first();
  const typed = `offline draft ${localId.slice(0, 8)}`;
  await field.fill(typed);
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(`${system.url}/`);
  await expect(page.getByTestId('snackbar').last()).toHaveText(MESSAGES.changesSaved);
  await page.reload();
  await expect(home(page)).toBeVisible();
  await page.goto(`${system.url}/form/${localId}`);
  await expect(
    page.locator('[data-testid="remote-screen"][data-remote="mfe-form"]').getByRole('textbox').first(),
  ).toHaveValue(typed);
  // Its print view, and the outbox.
  await page.goto(`${system.url}/form/${localId}?view=print`);
  await expect(page.getByTestId('print-view')).toBeVisible();
  await page.goto(`${system.url}/`);
  await page.getByTestId('sync-count').click();
  await expect(page.getByTestId('outbox-panel')).toBeVisible();
  await page.keyboard.press('Escape');

  // Back online, no reload: the draft reaches the org exactly once, and the app goes on without Retry.
  await context.setOffline(false);
  await expect(page.getByTestId('online-status')).toHaveText('Online');
  const key = `#${localId}`;
  const inOrg = async () =>
    (await org.submissionsByKeyPrefix('')).filter((r) => r.key.endsWith(key)).map((r) => r.status);
  await expect.poll(inOrg, { timeout: 60_000 }).toEqual(['In Progress']);
  const [record] = (await org.submissionsByKeyPrefix('')).filter((r) => r.key.endsWith(key));
  expect(JSON.stringify(record?.json)).toContain(typed);
  await tab(page, 'Forms').click();
  await launchAndClose(page, forms[forms.length - 1] ?? '', system.url);
  await page.waitForTimeout(3000);
  expect(await inOrg()).toEqual(['In Progress']);
  expect(errors).toEqual([]);
  await context.close();
});

test('installable: the web app manifest is clean and Chromium reports no installability error', async () => {
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  // A real (fresh) profile: Chromium never offers to install from an incognito context.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cq-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    headless: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openHome(page, system.url);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as {
    url: string;
    errors: { message: string }[];
    parsed?: { name?: string; display?: string };
  };
  expect(manifest.url).toBe(`${system.url}/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
});

test('a remote redeployed while offline: offline the old copy serves, online the new one, then offline the new one', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const deployed = tempDir('mfe-home-deployed');
  deploy(distOf('mfe-home'), deployed);
  // mfe-home from a deployment folder of its own, as a CDN origin would serve it.
  system = await startSystem({
    ports: await freeSystemPorts(),
    quiet: true,
    remoteDirs: { 'mfe-home': deployed },
  });
  const label = `offline-redeploy-${Date.now()}`;
  const build = tempDir('mfe-home-build');
  buildPackage('mfe-home', build, { BUILD_LABEL: label });
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const area = page.locator('#area-mfe-home');
  const buildLabel = area.getByTestId('build-label');

  await openHome(page, system.url);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await expect(buildLabel).toHaveCount(0);

  await context.setOffline(true);
  deploy(build, deployed);
  await page.reload();
  await expect(area).toHaveAttribute('data-state', 'mounted');
  await expect(home(page)).toBeVisible();
  await expect(buildLabel).toHaveCount(0);

  // The next online visit runs the new version and takes its copy whole.
  await context.setOffline(false);
  await page.reload();
  await expect(buildLabel).toHaveText(`mfe-home build ${label}`);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(area).toHaveAttribute('data-state', 'mounted');
  await expect(buildLabel).toHaveText(`mfe-home build ${label}`);
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a part not on the device, offline: a short message, the cause under Details, and it opens by itself once back online', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  // The form remote is down through the first visit: its code never reaches the device.
  await system.procs['mfe-form'].stop();
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openHome(page, system.url);
  await tab(page, 'In Progress').click();
  await expect(launchButtons(page).first()).toBeVisible();
  const [draft] = await labelsOf(page);
  const notice = page.getByTestId('remote-unavailable');
  const details = notice.getByTestId('remote-unavailable-details');

  // Online, the remote down: the message, Retry, and the cause behind Details (closed).
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: draft ?? '', exact: true })
    .click();
  await expect(notice).toHaveAttribute('data-kind', 'unreachable');
  await expect(notice.getByText(REMOTE_UNAVAILABLE.body)).toBeVisible();
  await expect(notice.getByRole('button', { name: REMOTE_UNAVAILABLE.retry })).toBeVisible();
  await expect(details).not.toHaveAttribute('open');

  // Offline, the remote back up (for when the network returns): not on this device, said briefly.
  await context.setOffline(true);
  system.procs['mfe-form'] = await startRemote('mfe-form', system.ports['mfe-form'], { quiet: true });
  await page.getByRole('link', { name: 'Checklists home' }).click();
  await tab(page, 'In Progress').click();
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: draft ?? '', exact: true })
    .click();
  await expect(notice).toHaveAttribute('data-kind', 'offline');
  await expect(notice.getByText(REMOTE_UNAVAILABLE.offline)).toBeVisible();
  // No stack, error code or documentation link in sight, and no button: it waits for the network.
  const visible = await notice.evaluate((el) => (el as HTMLElement).innerText);
  expect(visible).not.toMatch(/RUNTIME|https?:|Error|#/);
  await expect(notice.getByRole('button')).toHaveCount(0);
  await details.getByText(REMOTE_UNAVAILABLE.details).click();
  await expect(details).toContainText('mfe-form could not be loaded');

  // Back online: the form opens by itself, no button, no reload.
  await context.setOffline(false);
  await expect(page.getByTestId('form-name')).toHaveText(draft?.replace(/^Launch /, '') ?? '');
  await expect(notice).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
