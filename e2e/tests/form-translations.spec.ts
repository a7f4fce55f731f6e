// Issue 44, "Form authors translate their forms": the admin adds Spanish to a form in the builder,
// translates two labels and an option in the Translations view, exports the language as CSV and
// imports an edited copy, and saves (warned while Spanish is incomplete). A field user whose
// Salesforce language is Spanish (set by the admin on the User, as in Setup) keeps the form for
// offline, loses the network, opens it and sees the Spanish labels (the untranslated one in English),
// fills it and submits it when the network is back.
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { Connection } from 'jsforce';
import { ORG_API_VERSION } from 'test-kit';
import { signInAtOrg } from '../support/auth';
import { newFormDefinition } from '../support/org';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';
import { orgQuery, orgToken } from './form-fixtures';
import { drag, startNewForm } from '../support/builder-canvas';

/** The app's own texts as the Spanish-speaking user reads them (the shipped catalogs: issue 44). */
const catalog = (file: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8')) as Record<string, string>;
const HOME_ES = catalog('../../mfe-home/src/i18n/es.json');
const FORM_ES = catalog('../../mfe-form/src/i18n/es.json');
const SHARED_ES = catalog('../../shared-contracts/i18n/es.json');

let system: RunningSystem;
let org: string;
let token: string;

test.use({ viewport: { width: 1400, height: 2000 } });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  org = `http://127.0.0.1:${system.ports.emulator}`;
  token = await orgToken(org);
});
test.afterAll(async () => system?.stop());

const NAME = 'FORM-0944';
const TITLE = 'Translated Site Visit';

test('a form translated in the builder is filled in Spanish offline by a Spanish-speaking field user', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`admin: ${e.message}`));
  const formId = await newFormDefinition(org, token, TITLE, {
    Name: NAME,
    cqext__Supports_Offline__c: true,
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
  });
  // The admin sets the field user's language, as in Setup.
  const admin = new Connection({ instanceUrl: org, accessToken: token, version: ORG_API_VERSION.slice(1) });
  const [fieldUser] = (
    await admin.query<{ Id: string }>("SELECT Id FROM User WHERE Username = 'field.user@demo.org'")
  ).records;
  await admin.sobject('User').update({ Id: fieldUser!.Id, LanguageLocaleKey: 'es' });

  // The admin builds the form: a Yes/No question and two text fields.
  await signInAtOrg(page, system.url, 'admin@demo.org');
  await startNewForm(page, system.url, formId, { primary: 'cqext__SQX_Inspection__c' });
  const zone = page.locator('[data-drop-id="drop-1"]');
  for (const kind of ['yesno', 'text', 'text'])
    await drag(page, page.locator(`[data-testid="palette-item"][data-item-id="general:${kind}"]`), zone);
  await expect(page.getByTestId('canvas-field')).toHaveCount(3);
  for (const [id, label, apiName] of [
    [100, 'Site Safe', 'CQ_Form_Site_Safe'],
    [200, 'Inspector', 'CQ_Form_Inspector'],
    [300, 'Remarks', 'CQ_Form_Remarks'],
  ] as const) {
    await page
      .locator(`[data-testid="canvas-field"][data-field-id="${id}"]`)
      .getByRole('button', { name: /^Edit / })
      .click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('textbox', { name: /^Label/ }).fill(label);
    await modal.getByLabel('API Name').fill(apiName);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
  }

  // Translations: Spanish added, two labels and an option translated.
  await page.getByRole('button', { name: 'Translations' }).click();
  const view = page.getByRole('dialog', { name: 'Translations' });
  await view.getByLabel('Add a language').selectOption('es');
  await view.getByRole('button', { name: 'Add', exact: true }).click();
  const missing = view.getByTestId('missing-es');
  await expect(missing).toHaveText('6 missing'); // the section, three labels, Yes and No
  await view.getByLabel('Translation of Site Safe').fill('¿Sitio seguro?');
  await view.getByLabel('Translation of Inspector').fill('Inspectora');
  await view.getByLabel('Translation of Yes').fill('Sí');
  await view.getByLabel('Translation of Yes').press('Enter');
  await expect(missing).toHaveText('3 missing');

  // Exported for a translator, the section's title translated there, and imported back.
  const download = page.waitForEvent('download');
  await view.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, 'utf8');
  expect(csv).toContain(
    'field:General.CQ_Form_Site_Safe:label,label: General.CQ_Form_Site_Safe,Site Safe,¿Sitio seguro?',
  );
  const edited = csv.replace(
    'section:section-1:title,section: section-1,Section 1,\r\n',
    'section:section-1:title,section: section-1,Section 1,Sección 1\r\n',
  );
  expect(edited).not.toBe(csv);
  await view.getByLabel('Import a file').setInputFiles({
    name: `${NAME}-es.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(edited),
  });
  await expect(view.getByRole('status')).toContainText('Imported Spanish (es): 1 text changed.');
  await expect(missing).toHaveText('2 missing');
  // A file that is not one: refused with the reason, nothing changed.
  await view.getByLabel('Import a file').setInputFiles({
    name: 'broken.xlf',
    mimeType: 'application/xml',
    buffer: Buffer.from('<xliff version="1.2"><file>'),
  });
  await expect(view.getByRole('alert')).toContainText(
    'The file was not imported (nothing was changed): it is not well-formed XML',
  );
  await expect(missing).toHaveText('2 missing');
  await view.getByRole('button', { name: 'Close' }).click();

  // Save Form warns while Spanish is incomplete; saved anyway.
  await page.getByRole('button', { name: 'Save Form' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Translations are incomplete' });
  await expect(warning).toContainText('Spanish (es): 2 texts are not translated.');
  await warning.getByRole('button', { name: 'Save anyway' }).click();
  await page.waitForURL(new RegExp(`/lightning/r/cqext__SQX_Form_Definition__c/${formId}/view`));
  const [def] = await orgQuery<{ cqext__Form_JSON__c: string }>(
    org,
    token,
    `SELECT cqext__Form_JSON__c FROM cqext__SQX_Form_Definition__c WHERE Id = '${formId}'`,
  );
  const saved = JSON.parse(def?.cqext__Form_JSON__c ?? '{}') as {
    languages?: unknown;
    translations?: unknown;
  };
  expect(saved.languages).toEqual({ version: 1, default: 'en', declared: ['es'] });
  expect(saved.translations).toEqual({
    es: {
      'field:General.CQ_Form_Site_Safe:label': '¿Sitio seguro?',
      'field:General.CQ_Form_Inspector:label': 'Inspectora',
      'field:General.CQ_Form_Site_Safe:option:YES': 'Sí',
      'section:section-1:title': 'Sección 1',
    },
  });

  // The field user (Spanish in Salesforce), in a browser of their own whose language is English.
  const context = await browser.newContext({ viewport: { width: 1280, height: 1400 }, locale: 'en-US' });
  const user = await context.newPage();
  user.on('pageerror', (e) => errors.push(`field user: ${e.message}`));
  await signInAtOrg(user, system.url, 'field.user@demo.org');
  await user.waitForURL(`${system.url}/`);
  await expect(user.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await user.getByRole('tab', { name: new RegExp(`^${SHARED_ES['homeTabs.forms']}`) }).click();
  const offline = user.getByLabel(`${HOME_ES['home.offline']} ${NAME} - ${TITLE}`);
  await offline.check({ force: true });
  await expect(offline).toBeChecked();
  await context.setOffline(true);
  await user.getByRole('button', { name: `${HOME_ES['home.launch']} ${NAME} - ${TITLE}` }).click();
  await user.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  const localId = new URL(user.url()).pathname.split('/')[2] ?? '';
  const siteSafe = user.getByRole('radiogroup', { name: '¿Sitio seguro?' });
  await expect(siteSafe).toBeVisible();
  await expect(siteSafe.getByRole('radio', { name: 'No' })).toBeVisible();
  await expect(user.getByRole('radiogroup', { name: 'Site Safe' })).toHaveCount(0);
  await siteSafe.getByRole('radio', { name: 'Sí' }).click();
  await user.getByLabel('Inspectora').fill('Ana');
  // Not translated: in English.
  await user.getByLabel('Remarks').fill('Todo bien');
  await context.setOffline(false);
  await user.getByTestId('form-footer').getByRole('button', { name: FORM_ES['formScreen.save'] }).click();
  await expect(user.getByTestId('success-dialog')).toContainText(
    SHARED_ES['messages.formSubmittedDialog'] ?? '',
    {
      timeout: 60_000,
    },
  );
  const [rec] = await orgQuery<{ cqext__Status__c: string; cqext__Submission_JSON__c: string | null }>(
    org,
    token,
    `SELECT cqext__Status__c, cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${formId}#${localId}'`,
  );
  expect(rec?.cqext__Status__c).toBe('Submitted');
  expect(
    (JSON.parse(rec?.cqext__Submission_JSON__c ?? '{}') as { data?: { General?: unknown } }).data?.General,
  ).toMatchObject({
    CQ_Form_Site_Safe: 'YES',
    CQ_Form_Inspector: 'Ana',
    CQ_Form_Remarks: 'Todo bien',
  });
  expect(errors).toEqual([]);
  await context.close();
});
