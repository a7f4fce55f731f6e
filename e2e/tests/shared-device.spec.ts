import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { MESSAGES, logoutPendingText } from 'shared-contracts';
import { signInAtOrg } from '../support/auth';
import { launchFromHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { insertAllControlsForm, orgQuery } from './form-fixtures';

// Issue 28, a shared tablet: two users of one org on one Chromium profile. field.user leaves a draft
// offline and signs out offline; partner.user sees none of it anywhere and sends none of it; the
// server session of field.user ends before anything else is sent when the network returns;
// field.user signs back in, finds the draft, and it reaches the org once, as theirs.

const env = systemForFile({ emulatorArgs: ['--test-control'] });
let formId: string;
test.beforeAll(async () => {
  formId = await insertAllControlsForm(env.org, env.token);
});

const TITLE = 'FORM-0099 - All Controls';
const FIELD = 'field.user@demo.org';
const PARTNER = 'partner.user@demo.org';
const DRAFT_TEXT = 'Left by field.user offline';

type Row = {
  Id: string;
  CreatedById: string;
  cqext__Status__c: string;
  cqext__Submission_JSON__c: string | null;
};
const orgCopies = (localId: string) =>
  orgQuery<Row>(
    env.org,
    env.token,
    `SELECT Id, CreatedById, cqext__Status__c, cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${formId}#${localId}'`,
  );
const userId = async (username: string) =>
  (
    await orgQuery<{ Id: string }>(env.org, env.token, `SELECT Id FROM User WHERE Username = '${username}'`)
  )[0]?.Id;

async function home(page: Page): Promise<void> {
  await page.waitForURL(`${env.system.url}/`);
  await expect(page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]')).toBeVisible();
}

/** How many local submissions the device holds for anyone (the user's screen shows only theirs). */
function deviceCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('SubmissionsDatabase');
        open.onsuccess = () => {
          const req = open.result.transaction('submissions').objectStore('submissions').count();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
        };
        open.onerror = () => resolve(-1);
      }),
  );
}

async function logOut(page: Page): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

/** Every /api request of the browser profile (pages and service worker), in order, with its cookies. */
function recordApiRequests(context: BrowserContext) {
  const seen: { path: string; cookie: string; at: number }[] = [];
  const pending: Promise<void>[] = [];
  const onRequest = (r: Request) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    const at = Date.now();
    pending.push(
      r
        .allHeaders()
        .then((h) => void seen.push({ path: url.pathname, cookie: h.cookie ?? '', at }))
        .catch(() => void seen.push({ path: url.pathname, cookie: '', at })),
    );
  };
  context.on('request', onRequest);
  return {
    async list() {
      await Promise.all(pending);
      return [...seen].sort((a, b) => a.at - b.at);
    },
    stop: () => context.off('request', onRequest),
  };
}

test('two users on one browser: a draft left offline stays its owner’s, and sign-out offline ends the session first', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  const errors: string[] = [];
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));

  // field.user signs in; the header's sign says the whole app is on the device (no other visit first).
  await signInAtOrg(page, env.system.url, FIELD);
  await home(page);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });

  // The form kept for offline use (its definition cached on the device, for field.user).
  await page.getByRole('tab', { name: /^Forms/ }).click();
  await page.getByLabel(`Offline ${TITLE}`).check({ force: true });
  await expect(page.getByLabel(`Offline ${TITLE}`)).toBeChecked();

  // A second tab of field.user stays open throughout.
  const second = await context.newPage();
  second.on('pageerror', (e) => errors.push(`second tab: ${e.message}`));
  await second.goto(`${env.system.url}/`);
  await home(second);

  // Launch, lose the network, type, Close.
  const localId = await launchFromHome(page, TITLE);
  await context.setOffline(true);
  await page.getByLabel('Inspector name').fill(DRAFT_TEXT);
  await page.getByRole('button', { name: 'Close' }).click();
  await home(page);
  await expect(page.getByTestId('in-progress-card').filter({ hasText: 'All Controls' })).toHaveCount(1);

  // Log out, still offline: the confirmation counts what is not yet in the org; nothing to sync now.
  const onDevice = await deviceCount(page); // the draft and field.user's imported org drafts
  const fieldCookies = (await context.cookies(env.system.url)).map((c) => `${c.name}=${c.value}`);
  expect(fieldCookies.length).toBeGreaterThan(0);
  await logOut(page);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(MESSAGES.logoutConfirm);
  await expect(dialog.getByTestId('logout-pending')).toHaveText(logoutPendingText(1));
  await expect(dialog.getByRole('button', { name: 'Sync now first' })).toHaveCount(0);
  const requests = recordApiRequests(context);
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${env.system.url}/login`);
  // The second tab follows at once: signed out, on the sign-in page.
  await second.waitForURL(`${env.system.url}/login`);
  expect(await deviceCount(page)).toBe(onDevice); // nothing deleted

  // The network returns: the first request ends field.user's session, before any upload.
  await page.waitForTimeout(2000);
  await context.setOffline(false);
  await expect
    .poll(async () => (await requests.list()).some((r) => r.path === '/api/sf/logout'), { timeout: 30_000 })
    .toBe(true);
  await page.waitForTimeout(5000); // room for anything else that would go (uploads, imports)
  const afterLogout = await requests.list();
  const carrying = afterLogout.filter((r) => fieldCookies.some((c) => r.cookie.includes(c)));
  expect(afterLogout[0]?.path).toBe('/api/sf/logout');
  // the one request with field.user's session is the one that ends it (the cookies are seen here)
  expect(carrying.map((r) => r.path)).toContain('/api/sf/logout');
  expect(
    carrying.filter((r) => r.path !== '/api/sf/logout'),
    'requests with field.user’s session after the logout',
  ).toEqual([]);
  // The BFF refuses the ended session.
  const replay = await fetch(`${env.system.url}/api/forms`, {
    headers: { cookie: fieldCookies.join('; '), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(replay.status).toBe(401);
  const draftInOrg = (await orgCopies(localId)).filter((r) =>
    (r.cqext__Submission_JSON__c ?? '').includes(DRAFT_TEXT),
  );
  expect(draftInOrg).toEqual([]);

  // partner.user on the same browser: none of field.user's items anywhere.
  await signInAtOrg(page, env.system.url, PARTNER);
  await home(page);
  requests.stop();
  const partnerPending = await page.request.get(`${env.system.url}/api/pendingSubmissions`);
  const partnerCount = ((await partnerPending.json()) as { data: unknown[] }).data.length;
  await expect(page.getByTestId('count-inProgress')).toHaveText(String(partnerCount));
  await expect(page.getByRole('tabpanel').getByText('All Controls')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'All synced' })).toBeVisible();
  // Search: the form field.user kept for offline use is not kept for partner.user.
  await page.getByRole('tab', { name: /^Forms/ }).click();
  const searched = page.waitForResponse((r) => r.url().includes('/api/search?') && r.ok());
  await page.getByRole('searchbox', { name: 'Search' }).fill('All Controls');
  await searched;
  await expect(page.getByRole('checkbox', { name: `Offline ${TITLE}`, checked: true })).toHaveCount(0);
  await page.getByRole('tab', { name: /^In Progress/ }).click();
  await expect(page.getByTestId('in-progress-card').filter({ hasText: 'All Controls' })).toHaveCount(0);
  await page.goto(`${env.system.url}/?outbox=1`);
  await expect(page.getByTestId('outbox-panel')).toBeVisible();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  await page.goto(`${env.system.url}/form/${localId}`);
  await expect(page.getByText(MESSAGES.submissionNotFound)).toBeVisible();
  await page.waitForTimeout(5000); // partner's uploader has had time to run
  expect(
    (await orgCopies(localId)).filter((r) => (r.cqext__Submission_JSON__c ?? '').includes(DRAFT_TEXT)),
  ).toEqual([]);
  expect(await deviceCount(page)).toBeGreaterThanOrEqual(onDevice); // field.user's records stay

  // partner.user leaves (online, nothing pending of theirs); field.user signs back in.
  await page.goto(`${env.system.url}/`);
  await home(page);
  await logOut(page);
  await expect(page.getByRole('alertdialog').getByTestId('logout-pending')).toHaveCount(0);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${env.system.url}/login`);
  await signInAtOrg(page, env.system.url, FIELD);
  await home(page);
  await page.goto(`${env.system.url}/form/${localId}`);
  await expect(page.getByLabel('Inspector name')).toHaveValue(DRAFT_TEXT);

  // It reaches the org once, as field.user's.
  const fieldId = await userId(FIELD);
  await expect
    .poll(
      async () =>
        (await orgCopies(localId)).map((r) => [
          r.CreatedById,
          (r.cqext__Submission_JSON__c ?? '').includes(DRAFT_TEXT),
        ]),
      { timeout: 60_000 },
    )
    .toEqual([[fieldId, true]]);
  await page.waitForTimeout(3000);
  expect(await orgCopies(localId)).toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
});
