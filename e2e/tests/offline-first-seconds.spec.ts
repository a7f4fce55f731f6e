import { expect, test, type Page } from '@playwright/test';
import { REMOTE_UNAVAILABLE, remoteUrlEnvVar } from 'shared-contracts';
import { DEMO_PASSWORD } from '../support/auth';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';
import { watchedOrigin, type WatchedOrigin } from '../support/watched-origin';

// Issue 40, item 10: a new user on a freshly started system signs in and loses the network as soon as
// home shows, before the header's "Ready to work offline" sign. The code the page already ran is on the
// device and runs offline; a part it lacks says so and opens by itself once the network is back. The
// form remote's origin answers nothing until released (a slow network: its code has not arrived), so
// the offline copy cannot be complete and the ready sign cannot have come.

let system: RunningSystem | null = null;
let origins: WatchedOrigin[] = [];
test.afterEach(async () => {
  await system?.stop();
  await Promise.all(origins.map((o) => o.close()));
  system = null;
  origins = [];
});

const home = (page: Page) => page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]');
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });
const launchButtons = (page: Page) => page.getByRole('tabpanel').getByRole('button', { name: /^Launch / });
/** Content-hashed script files (a build's code, as opposed to its manifest). */
const isCode = (path: string) => /\.[0-9a-f]{12}\.js$/.test(path);

/** The system with home's origin watched and the form's origin held (its code has not arrived yet). */
async function startWatched() {
  const ports = await freeSystemPorts();
  const homeOrigin = await watchedOrigin(ports['mfe-home']);
  const formOrigin = await watchedOrigin(ports['mfe-form'], { held: true });
  origins = [homeOrigin, formOrigin];
  system = await startSystem({
    ports,
    quiet: true,
    bffEnv: {
      [remoteUrlEnvVar('mfe-home')]: `${homeOrigin.url}/mf-manifest.json`,
      [remoteUrlEnvVar('mfe-form')]: `${formOrigin.url}/mf-manifest.json`,
    },
  });
  return { shellUrl: system.url, homeOrigin, formOrigin };
}

/** What a new user does: opens the sign-in page, "Production login", the org's login (and consent), back home. */
async function signInAsNewUser(page: Page, shellUrl: string): Promise<void> {
  await page.goto(`${shellUrl}/login`);
  await page.getByRole('button', { name: 'Production login' }).click();
  await page.getByLabel('Username').fill('field.user@demo.org');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/authSuccessCallback|authorize|Allow|consent/);
  const allow = page.getByRole('button', { name: 'Allow' });
  if (await allow.isVisible().catch(() => false)) await allow.click();
  await page.waitForURL(`${shellUrl}/`);
  await expect(home(page)).toBeVisible();
}

test('offline as soon as home shows after the first sign-in: the header and home from the device, a part it lacks says so and opens by itself once back online', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { shellUrl, formOrigin } = await startWatched();
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await signInAsNewUser(page, shellUrl);
  await tab(page, 'In Progress').click();
  await expect(launchButtons(page).first()).toBeVisible();
  const draft = (await launchButtons(page).first().getAttribute('aria-label')) ?? '';
  await expect(page.getByTestId('offline-ready')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // The header, and home: the code the page ran on the first visit, with what the device stores.
  await expect(page.getByTestId('online-status')).toHaveText('Offline');
  await expect(page.locator('#area-mfe-home')).toHaveAttribute('data-state', 'mounted');
  await expect(home(page)).toBeVisible();
  await tab(page, 'In Progress').click();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: draft, exact: true })).toBeVisible();
  // The outbox and the logout question open: their code came while home was idle on the first visit
  // (issue 46 keeps it off the first screen, not off the device).
  await page.getByTestId('outbox-button').click();
  await expect(page.getByTestId('outbox-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('outbox-panel')).toHaveCount(0);
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);

  // The form's code never reached the device: its area says so, with no button.
  await page.getByRole('tabpanel').getByRole('button', { name: draft, exact: true }).click();
  const notice = page.getByTestId('remote-unavailable');
  await expect(notice).toHaveAttribute('data-kind', 'offline');
  await expect(notice.getByText(REMOTE_UNAVAILABLE.offline)).toBeVisible();
  await expect(notice.getByRole('button')).toHaveCount(0);

  // The network returns (and with it the form's code): the form opens by itself, no click, no reload.
  formOrigin.release();
  await context.setOffline(false);
  await expect(page.getByTestId('form-name')).toHaveText(draft.replace(/^Launch /, ''));
  await expect(notice).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('the code loaded on the first visit runs home offline before the ready sign, and the offline copy never fetches it again', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { shellUrl, homeOrigin, formOrigin } = await startWatched();
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await signInAsNewUser(page, shellUrl);
  await tab(page, 'In Progress').click();
  await expect(launchButtons(page).first()).toBeVisible();
  const firstVisit = [...homeOrigin.requests.keys()].filter(isCode);
  expect(firstVisit.length).toBeGreaterThan(0);
  await expect(page.getByTestId('offline-ready')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('#area-mfe-home')).toHaveAttribute('data-state', 'mounted');
  await expect(home(page)).toBeVisible();
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);

  // Back online, the form's code arrives and the offline copy completes: every file of home reached its
  // origin once, those the first visit loaded included.
  formOrigin.release();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  const fetched = [...homeOrigin.requests].filter(([path]) => isCode(path));
  expect(fetched.filter(([, n]) => n !== 1)).toEqual([]);
  expect(fetched.map(([path]) => path)).toEqual(expect.arrayContaining(firstVisit));
  expect(errors).toEqual([]);
  await context.close();
});
