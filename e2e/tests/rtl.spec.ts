import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Connection } from 'jsforce';
import { ORG_API_VERSION } from 'test-kit';
import { openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { insertAllControlsForm } from './form-fixtures';

// Issue 44, right to left: users whose Salesforce language is Arabic (set by the admin on their User
// record, as in Setup) see home, a form (table, a lookup), the outbox
// and the builder laid out right to left, at 390 px, from a browser whose own language is English.
// The app's texts are Arabic, so the steps find things by role, test id and the form's own labels.

const env = systemForFile({ emulatorArgs: ['--test-control'] });
const TITLE = 'FORM-0099 - All Controls';
const BUILT = 'FORM-0003 - Equipment Checklist';
let builtId: string;

test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US', hasTouch: false });

const admin = () =>
  new Connection({ instanceUrl: env.org, accessToken: env.token, version: ORG_API_VERSION.slice(1) });

/** The user's Salesforce language, as the admin sets it on their User record. */
async function setLanguage(username: string, LanguageLocaleKey: string): Promise<void> {
  const { records } = await admin().query<{ Id: string }>(
    `SELECT Id FROM User WHERE Username = '${username}'`,
  );
  await admin().sobject('User').update({ Id: records[0]!.Id, LanguageLocaleKey });
}

test.beforeAll(async () => {
  await insertAllControlsForm(env.org, env.token);
  for (const username of ['field.user@demo.org', 'admin@demo.org']) await setLanguage(username, 'ar');
  const forms = await admin().query<{ Id: string }>(
    `SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = '${BUILT.split(' - ')[0]}'`,
  );
  builtId = forms.records[0]!.Id;
});

let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

const direction = (l: Locator) => l.evaluate((el) => getComputedStyle(el).direction);
async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return { ...b, right: b.x + b.width, centre: b.x + b.width / 2 };
}

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** The page is Arabic and right to left, whatever the browser's own language. */
async function expectArabicRtl(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', /^ar/);
}

/** Time-dependent texts left out of the snapshots. */
const moving = (page: Page) => [
  page.getByTestId('synced-on'),
  page.getByTestId('form-synced'),
  page.getByTestId('form-created'),
  page.getByTestId('card-created'),
];

test('home and the outbox in Arabic: right to left, the profile menu at the inline end, the drawer from the left', async ({
  page,
}) => {
  await openHome(page, env.system.url);
  await expectArabicRtl(page);
  const home = page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]');
  expect(await direction(home)).toBe('rtl');
  // The header: the title at the right, the profile menu at the left end.
  const header = page.locator('header').filter({ has: page.getByTestId('profile-menu') });
  expect(await direction(header)).toBe('rtl');
  const title = await box(header.locator('h1'));
  const profile = await box(page.getByTestId('profile-menu'));
  expect(profile.centre).toBeLessThan(title.centre);
  // At 390 px the tabs are a select: its text starts at the right, its arrow at the left.
  const tabSelect = page.locator('#home-tab-select');
  expect(await direction(tabSelect)).toBe('rtl');
  await tabSelect.selectOption('3');
  await expect(page.getByTestId('form-card').first()).toBeVisible();
  // A form card's Launch button sits at the card's inline end (left), its title at the start (right).
  const card = page.getByTestId('form-card').filter({ hasText: TITLE });
  const cardBox = await box(card);
  const headingRight = await card.getByRole('heading').evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return r.getBoundingClientRect().right;
  });
  expect(headingRight).toBeGreaterThan(cardBox.centre);
  await expectAxeClean(page);
  // As the user sees home once it is ready offline (the header's sign), down to the third card: the
  // org answers forms modified in the same second in either order, so the cards below may swap.
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 120_000 });
  await expect(page).toHaveScreenshot('home-ar.png', {
    mask: moving(page),
    maxDiffPixelRatio: 0.02,
    clip: { x: 0, y: 0, width: 390, height: 610 },
  });

  // The profile menu (at the left edge, kept inside the window) reads right to left: the user's name
  // at its right.
  await page.getByTestId('profile-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  expect(await direction(menu)).toBe('rtl');
  const menuBox = await box(menu);
  expect(menuBox.x).toBeGreaterThanOrEqual(0);
  const username = await page.getByTestId('profile-username').evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return r.getBoundingClientRect().right;
  });
  expect(username).toBeGreaterThan(menuBox.centre);
  await page.keyboard.press('Escape');

  // The outbox drawer: right to left, its title at the right and its close button at the left.
  await page.getByTestId('outbox-button').click();
  const panel = page.getByTestId('outbox-panel');
  await expect(panel).toBeVisible();
  expect(await direction(panel)).toBe('rtl');
  const panelTitle = await box(panel.locator('header').first());
  const close = await box(panel.getByRole('button').first());
  expect(close.centre).toBeLessThan(panelTitle.centre);
  await expectAxeClean(page);
  await expect(page).toHaveScreenshot('outbox-ar.png', { mask: moving(page), maxDiffPixelRatio: 0.02 });
});

test('a form in Arabic: table, lookup and labels right to left', async ({ page }) => {
  await openHome(page, env.system.url);
  await page.locator('#home-tab-select').selectOption('3');
  await page.getByTestId('form-card').filter({ hasText: TITLE }).getByRole('button').last().click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('form-name')).toHaveText(TITLE);
  await expectArabicRtl(page);
  const screen = page.locator('[data-testid="remote-screen"][data-remote="mfe-form"]');
  expect(await direction(screen)).toBe('rtl');

  // A label starts at the right, over its input's right edge.
  const input = page.getByLabel('Inspector name');
  const label = page.locator('label', { hasText: 'Inspector name' });
  const labelText = await label.evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    const b = r.getBoundingClientRect();
    return { x: b.x, right: b.right };
  });
  const inputBox = await box(input);
  expect(Math.abs(labelText.right - inputBox.right)).toBeLessThan(4);
  expect(labelText.x).toBeGreaterThan(inputBox.centre);
  // A checkbox's box is at the right of its label.
  const safe = await box(page.getByLabel('Area safe'));
  const safeLabel = await box(page.getByText('Area safe', { exact: true }));
  expect(safe.centre).toBeGreaterThan(safeLabel.centre);
  // Numbers and dates keep reading left to right.
  expect(await direction(page.getByLabel('Operating hours'))).toBe('ltr');
  expect(await direction(page.getByLabel('Visit date'))).toBe('ltr');

  // The table: its first column (Gauge) is the rightmost.
  const table = page.getByRole('table', { name: 'Readings' });
  await table.scrollIntoViewIfNeeded();
  expect(await direction(table)).toBe('rtl');
  const gauge = await box(table.getByRole('columnheader', { name: 'Gauge' }));
  const reading = await box(table.getByRole('columnheader', { name: 'Reading' }));
  expect(gauge.x).toBeGreaterThan(reading.x);

  // The lookup's list opens under the field, right-aligned with it.
  const site = page.getByRole('combobox', { name: 'Site' });
  await site.fill('Acme');
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  const list = await box(page.getByRole('listbox'));
  const siteBox = await box(site);
  expect(Math.abs(list.right - siteBox.right)).toBeLessThan(4);
  expect(await direction(option)).toBe('rtl');
  await option.click();
  await expect(site).toHaveValue(/Acme/);

  await page.getByTestId('form-footer').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAxeClean(page);
  await expect(page).toHaveScreenshot('form-ar.png', { mask: moving(page), maxDiffPixelRatio: 0.02 });
});

test('the builder in Arabic: canvas and palette right to left', async ({ page }) => {
  await openHome(page, env.system.url, 'admin@demo.org');
  await page.goto(`${env.system.url}/CQEditFormSF/${builtId}`);
  const builder = page.getByTestId('builder');
  await expect(builder).toBeVisible();
  await expectArabicRtl(page);
  expect(await direction(builder)).toBe('rtl');
  const items = page.getByTestId('palette-item');
  await expect(items.first()).toBeVisible();
  expect(await direction(items.first())).toBe('rtl');
  await expectAxeClean(page);
  await expect(page).toHaveScreenshot('builder-ar.png', { maxDiffPixelRatio: 0.02 });
});

// Hebrew: Salesforce keeps the old ISO code, iw, as the user's LanguageLocaleKey; the app shows its
// Hebrew texts (he) right to left.
test.describe('Hebrew', () => {
  test.beforeAll(() => setLanguage('field.user@demo.org', 'iw'));
  test.afterAll(() => setLanguage('field.user@demo.org', 'ar'));

  test('home in Hebrew for a user whose Salesforce language is iw: right to left', async ({ page }) => {
    await openHome(page, env.system.url);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    const home = page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]');
    expect(await direction(home)).toBe('rtl');
    // The header's and home's own texts are Hebrew (the shell's and home's catalogs).
    const header = page.locator('header').filter({ has: page.getByTestId('profile-menu') });
    await expect(header.locator('h1')).toHaveText('רשימות תיוג');
    const tabSelect = page.locator('#home-tab-select');
    await expect(tabSelect.locator('option')).toHaveText([/^הוקצו/, /^בתהליך/, /^נשלחו/, /^טפסים/]);
    await tabSelect.selectOption('3');
    await expect(page.getByPlaceholder('חיפוש טפסים (2 תווים או יותר)')).toBeVisible();
    const card = page.getByTestId('form-card').filter({ hasText: TITLE });
    await expect(card.getByRole('button', { name: `פתיחה ${TITLE}` })).toBeVisible();
    // No Arabic left over from the file's other users, no English of the app's own.
    await expect(home).not.toContainText(/[\u0600-\u06FF]/);
    await expect(home).not.toContainText(/Search forms|Launch/);
    await expectAxeClean(page);
  });
});
