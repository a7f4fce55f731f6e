import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Connection } from 'jsforce';
import { ORG_API_VERSION } from 'test-kit';
import { signInAtOrg } from '../support/auth';
import { openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { ALL_CONTROLS_FORM, insertAllControlsForm } from './form-fixtures';

// Issue 44, the app's own texts in the user's language: a field user whose Salesforce language is
// Spanish (set by the admin on their User record, as in Setup) sees home, a form and the outbox in
// Spanish at 390 px from a browser whose own language is English; the profile menu's language switch
// changes the screen at once and is kept for that user on this device, not for the next user of it.
// The expected words are read from the shipped catalogs, so the test follows their wording. The
// system is this file's own: the users' languages need no putting back.

const env = systemForFile();
const FIELD = 'field.user@demo.org';
const PARTNER = 'partner.user@demo.org';
const TITLE = 'FORM-0003 - Equipment Checklist';

const catalog = (file: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8')) as Record<string, string>;
// the spec's English tab names; the other languages' from shared-contracts' catalogs
const ENGLISH_TABS = {
  'homeTabs.assigned': 'Assigned',
  'homeTabs.inProgress': 'In Progress',
  'homeTabs.submitted': 'Submitted',
  'homeTabs.forms': 'Forms',
};
const TABS = (language: string): Record<string, string> =>
  language === 'en' ? ENGLISH_TABS : catalog(`../../shared-contracts/i18n/${language}.json`);
const HOME_ES = catalog('../../mfe-home/src/i18n/es.json');
const FORM_ES = catalog('../../mfe-form/src/i18n/es.json');
const SHELL_ES = catalog('../../shell/src/i18n/es.json');
const SHELL_FR = catalog('../../shell/src/i18n/fr.json');
const BUILDER_ES = catalog('../../mfe-builder/src/i18n/es.json');
const CONTRACTS_ES = catalog('../../shared-contracts/i18n/es.json');
const BUILT = 'FORM-0003';

test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US', hasTouch: false });

const admin = () =>
  new Connection({ instanceUrl: env.org, accessToken: env.token, version: ORG_API_VERSION.slice(1) });
test.beforeAll(async () => {
  const { records } = await admin().query<{ Id: string }>(`SELECT Id FROM User WHERE Username = '${FIELD}'`);
  const fieldUser = records[0]!;
  await admin()
    .sobject('User')
    .update({ Id: fieldUser.Id, LanguageLocaleKey: 'es' } as never);
  // the admin who builds forms speaks Spanish too (the builder test)
  const admins = await admin().query<{ Id: string }>("SELECT Id FROM User WHERE Username = 'admin@demo.org'");
  await admin()
    .sobject('User')
    .update({ Id: admins.records[0]!.Id, LanguageLocaleKey: 'es' } as never);
});

let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + n.html + n.failureSummary).join(', ')}`);
  expect(serious).toEqual([]);
}

/** Home's tab names (at 390 px a select) in `language`, in order. */
async function expectTabsIn(page: Page, language: string) {
  const t = TABS(language);
  const names = [
    t['homeTabs.assigned'],
    t['homeTabs.inProgress'],
    t['homeTabs.submitted'],
    t['homeTabs.forms'],
  ];
  const options = page.locator('#home-tab-select option');
  await expect(options).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(options.nth(i)).toHaveText(new RegExp(`^${name}`));
}

async function logOut(page: Page, texts: Record<string, string>) {
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: texts['header.logout'] }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: texts['header.logout'] }).click();
  await page.waitForURL(`${env.system.url}/login`);
}

test('a Spanish field user: home, a form and the outbox in Spanish at 390 px from an English browser, axe clean', async ({
  page,
  context,
}) => {
  await openHome(page, env.system.url, FIELD);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expectTabsIn(page, 'es');
  await page.locator('#home-tab-select').selectOption('3');
  const launch = page.getByRole('button', { name: `${HOME_ES['home.launch']} ${TITLE}` });
  await expect(launch).toBeVisible();
  await expectAxeClean(page);

  // A form: the screen's own words in Spanish (the form's texts are its author's: English here).
  await launch.click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('form-name')).toHaveText(TITLE);
  const save = page.getByTestId('form-footer').getByRole('button', { name: FORM_ES['formScreen.save'] });
  await expect(save).toBeVisible();
  await expectAxeClean(page);

  // Saved offline, the draft waits in the outbox, which speaks Spanish too.
  await context.setOffline(true);
  await save.click();
  await page.waitForURL(`${env.system.url}/`);
  await page.getByTestId('outbox-button').click();
  const panel = page.getByTestId('outbox-panel');
  await expect(panel).toContainText(`${HOME_ES['home.outboxTitle']} (1)`);
  await expect(panel.getByRole('button', { name: HOME_ES['home.close'] })).toBeVisible();
  // the row's kind in Spanish, not the store's word
  await expect(panel.getByTestId('outbox-item')).toContainText(HOME_ES['outbox.submission']!);
  await expect(panel.getByTestId('outbox-item')).not.toContainText('submission');
  await expectAxeClean(page);
  await context.setOffline(false);
});

test("the profile menu's language switch: at once, kept for this user on this device, not for the next one", async ({
  page,
  context,
}) => {
  await openHome(page, env.system.url, FIELD);
  await expectTabsIn(page, 'es');
  await page.getByTestId('profile-menu').click();
  const choice = page.getByTestId('language-choice');
  await expect(choice).toContainText(SHELL_ES['header.language']!);
  // the current language is marked, each one named in its own words
  await expect(page.getByRole('menuitem', { name: /Español/ })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expectTabsIn(page, 'fr');

  // His next visit on this device opens in French: his choice, over his org language.
  const next = await context.newPage();
  next.on('pageerror', (e) => pageErrors.push(e.message));
  await next.goto(`${env.system.url}/`);
  await expect(next.locator('[data-testid="remote-screen"][data-remote="mfe-home"]')).toBeVisible();
  await expect(next.locator('html')).toHaveAttribute('lang', 'fr');
  await expectTabsIn(next, 'fr');
  await next.close();

  // The next user of the shared device keeps their own language (English: their Salesforce one).
  await logOut(page, SHELL_FR);
  await signInAtOrg(page, env.system.url, PARTNER);
  await page.waitForURL(`${env.system.url}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectTabsIn(page, 'en');

  // Back to Spanish (his org language): choosing it again drops the kept choice.
  await logOut(page, { 'header.logout': 'Log out' });
  await signInAtOrg(page, env.system.url, FIELD);
  await page.waitForURL(`${env.system.url}/`);
  await expectTabsIn(page, 'fr');
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectTabsIn(page, 'es');
});

test('a Spanish admin: the builder in Spanish at 390 px, axe clean', async ({ page }) => {
  const forms = await admin().query<{ Id: string }>(
    `SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = '${BUILT}'`,
  );
  await openHome(page, env.system.url, 'admin@demo.org');
  await page.goto(`${env.system.url}/CQEditFormSF/${forms.records[0]!.Id}`);
  await expect(page.getByTestId('builder')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('region', { name: BUILDER_ES['builder.canvas'] })).toBeVisible();
  await expect(page.getByRole('complementary', { name: BUILDER_ES['builder.palette'] })).toBeVisible();
  await expect(page.getByRole('button', { name: BUILDER_ES['builder.saveForm'] })).toBeVisible();
  await expect(page.getByTestId('palette-item').first()).toBeVisible();
  await expectAxeClean(page);
});

// A refusal's detail (issue 44): the BFF refuses the submit with its own check (the form in the org
// gained a required field after the device loaded it; refused-submit.spec is the English walk). Its
// wire text is English; the field user reads which field and why in Spanish, on the form and on home.
test('a Spanish field user: the BFF’s refusal of a submit names the field and the reason in Spanish', async ({
  page,
}) => {
  const definition = (required: string[]) => {
    const schema = structuredClone(ALL_CONTROLS_FORM.schema) as {
      properties: { General: { required: string[] } };
    };
    schema.properties.General.required = [...schema.properties.General.required, ...required];
    return JSON.stringify({ ...ALL_CONTROLS_FORM, formName: 'Changing Form', schema });
  };
  const created = await admin()
    .sobject('cqext__SQX_Form_Definition__c')
    .create({
      Name: 'FORM-0097',
      cqext__Title__c: 'Changing Form',
      cqext__Supports_Offline__c: true,
      cqext__Status__c: 'Active',
      cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
      cqext__Form_JSON__c: definition([]),
    } as never);
  const formId = (created as unknown as { id: string }).id;
  const title = 'FORM-0097 - Changing Form';
  await openHome(page, env.system.url, FIELD);
  await page.locator('#home-tab-select').selectOption('3');
  await page.getByRole('button', { name: `${HOME_ES['home.launch']} ${title}` }).click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await page.getByLabel('Inspector name').fill('Ada Inspector');
  // meanwhile the admin makes Notes required in the org
  await admin()
    .sobject('cqext__SQX_Form_Definition__c')
    .update({ Id: formId, cqext__Form_JSON__c: definition(['Notes']) } as never);
  await page.getByTestId('form-footer').getByRole('button', { name: FORM_ES['formScreen.save'] }).click();

  const notesMissing = CONTRACTS_ES['messageForms.missingRequiredFields']!.replace('{0}', 'Notes');
  const banner = page.getByTestId('identified-errors');
  await expect(banner).toContainText(CONTRACTS_ES['messages.submitFailedWithErrors']!, { timeout: 60_000 });
  await expect(banner.getByRole('listitem')).toHaveText([notesMissing]);
  await expect(page.locator('[data-path="General.Notes"] .cq-error')).toHaveText(notesMissing);

  // home's In Progress card tells it in Spanish too
  await page.getByTestId('form-footer').getByRole('button', { name: FORM_ES['formScreen.close'] }).click();
  await page.waitForURL(`${env.system.url}/`);
  await page.locator('#home-tab-select').selectOption('1');
  const card = page.getByTestId('in-progress-card').filter({ hasText: 'Ada Inspector' });
  await card.getByRole('button', { name: HOME_ES['home.showErrors'] }).click();
  await expect(page.getByTestId('submission-error-text')).toHaveText(notesMissing);
  await expectAxeClean(page);
});

// The BFF's texts made of parts (issue 44): an upload the BFF refuses for what its first bytes are (an
// executable named as a photo) comes back as English 'Error: executable files are not allowed' with
// its code and params; the Spanish field user reads why on the outbox's row in Spanish at 390 px.
test('a Spanish field user: a refused upload’s reason in Spanish on the file card and the outbox', async ({
  page,
}) => {
  await insertAllControlsForm(env.org, env.token);
  await openHome(page, env.system.url, FIELD);
  await page.locator('#home-tab-select').selectOption('3');
  await page.getByRole('button', { name: `${HOME_ES['home.launch']} FORM-0099 - All Controls` }).click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await page.getByLabel('Inspector name').fill('Ada Inspector');
  // an executable's first bytes behind a photo's name and type: the browser's own check lets it by
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048, 1)]);
  await page
    .getByLabel('Attachments')
    .setInputFiles({ name: 'tool.png', mimeType: 'image/png', buffer: exe });
  const card = page.getByTestId('file-card').filter({ hasText: 'tool.png' });
  await expect(card).toContainText(CONTRACTS_ES['messages.uploadFailed']!, { timeout: 30_000 });
  const reason = `${CONTRACTS_ES['messages.serverErrorPrefix']}${CONTRACTS_ES['messages.invalidFileTypePrefix']}${CONTRACTS_ES['apiErrors.executableFile']}`;
  expect(reason).toBe('Error del servidor: Error: no se permiten archivos ejecutables');
  // why, on the card itself, in Spanish
  await expect(card.getByTestId('upload-failure-reason')).toHaveText(reason);

  await page.getByTestId('form-footer').getByRole('button', { name: FORM_ES['formScreen.save'] }).click();
  await page.waitForURL(`${env.system.url}/`);
  await page.getByTestId('outbox-button').click();
  const row = page.getByTestId('outbox-panel').getByTestId('outbox-item').filter({ hasText: 'tool.png' });
  await expect(row.getByTestId('outbox-last-error')).toHaveText(`${HOME_ES['home.lastError']}: ${reason}`);
  await expect(row).not.toContainText('not allowed');
  await expectAxeClean(page);
});
