import { expect, test, type Page } from '@playwright/test';
import { FORMS_LISTED, MESSAGES, missingRequiredFields } from 'shared-contracts';
import { signInAtOrg } from '../support/auth';
import { startNewForm } from '../support/builder-canvas';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { orgQuery } from './form-fixtures';

// Issue 20: the product against an org deployed unmanaged (no namespace: `SQX_Form_Submission__c`,
// `Title__c`, ...), the way a plain Developer Edition or scratch org holds it. The emulator runs
// with `--namespace ''`, the BFF with `SF_NAMESPACE=''`, and the front ends learn it from the BFF's
// environment. A field user signs in, home lists the org's tasks, drafts and forms, a form is
// launched, filled and submitted, and the org holds it in `SQX_Form_Submission__c`; an admin opens
// the builder, whose start dialog lists the unprefixed objects and whose saved form names the
// unprefixed activity field. The other suites cover the `cqext` way. One system for the file.

const env = systemForFile({ emulatorArgs: ['--namespace', ''], bffEnv: { SF_NAMESPACE: '' } });
test.use({ viewport: { width: 1280, height: 900 } });

async function bff<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${env.system.url}${path}`);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

const SAFETY = 'FORM-0002 - Workplace Safety Inspection';

test('field user: home lists the org, a form launched, filled and submitted lands in SQX_Form_Submission__c', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openHome(page, env.system.url);
  // The environment tells the front ends the org has no namespace.
  expect((await bff<{ namespace: string }>(page, '/api/getEnv/')).namespace).toBe('');

  // Home against the org's records, read through the BFF with the same session.
  const tasks = (await bff<{ records: unknown[] }>(page, '/api/searchQuery/?kind=assignedTasks')).records;
  const pending = await bff<unknown[]>(page, '/api/pendingSubmissions');
  const forms = await bff<Array<{ Name: string; Title__c: string | null }>>(page, '/api/forms');
  expect(tasks.length).toBeGreaterThan(0);
  expect(forms.map((f) => `${f.Name} - ${f.Title__c ?? ''}`)).toContain(SAFETY);
  await expect(page.getByTestId('count-assigned')).toHaveText(String(tasks.length));
  await expect(page.getByTestId('count-inProgress')).toHaveText(String(pending.length));
  await expect(page.getByTestId('count-forms')).toHaveText(String(Math.min(forms.length, FORMS_LISTED)));
  await page.getByRole('tab', { name: /^Assigned/ }).click();
  await expect(
    page
      .getByRole('tabpanel')
      .getByRole('button', { name: /^Start / })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home-unprefixed-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('home-unprefixed-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Launch the safety inspection: its JSON names unprefixed fields (Account__c, Hazard_Category__c...).
  const localId = await launchFromHome(page, SAFETY);
  const footer = page.getByTestId('form-footer');
  await footer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('error-summary').getByRole('listitem')).toHaveText([
    missingRequiredFields('Account'),
  ]);
  const account = page.getByRole('combobox', { name: 'Account' });
  await account.fill('Acme');
  const first = page.getByRole('option').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await first.click();
  await expect(account).toHaveValue(/Acme/);
  // The dependent picklist's options come from the unprefixed object's schema.
  const type = page.getByRole('radiogroup', { name: 'Hazard type' });
  await expect(type.getByRole('radio')).toHaveCount(0);
  await page
    .getByRole('radiogroup', { name: 'Hazard category' })
    .getByRole('radio', { name: 'Electrical' })
    .click();
  await expect(type.getByRole('radio').first()).toBeVisible();
  const hazardType = (await type.getByRole('radio').first().textContent()) ?? '';
  await type.getByRole('radio', { name: hazardType }).click();
  await page.screenshot({ path: test.info().outputPath('form-unprefixed.png'), fullPage: true });
  await footer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('success-dialog')).toContainText(MESSAGES.formSubmittedDialog, {
    timeout: 60_000,
  });

  // The org holds it under the unprefixed names, and nothing in it names the `cqext` namespace.
  const [form] = await orgQuery<{ Id: string }>(
    env.org,
    env.token,
    `SELECT Id FROM SQX_Form_Definition__c WHERE Name = 'FORM-0002'`,
  );
  type Row = { Status__c: string; Submission_JSON__c: string | null };
  const [rec, ...more] = await orgQuery<Row>(
    env.org,
    env.token,
    `SELECT Status__c, Submission_JSON__c FROM SQX_Form_Submission__c WHERE Uniqueness_Constraint__c = '${form?.Id}#${localId}'`,
  );
  expect(more).toEqual([]);
  expect(rec?.Status__c).toBe('Submitted');
  const json = rec?.Submission_JSON__c ?? '';
  expect(json).not.toContain('cqext');
  const main = (JSON.parse(json) as { data?: Record<string, Record<string, unknown>> }).data
    ?.SQX_Safety_Inspection__c;
  expect(main).toMatchObject({ Hazard_Category__c: 'Electrical', Hazard_Type__c: hazardType });
  expect(String(main?.Account__c)).toMatch(/Acme/);
});

test('admin: the builder lists the unprefixed objects, builds on one and saves under the unprefixed names', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { id } = await env.rest<{ id: string }>('/sobjects/SQX_Form_Definition__c', {
    method: 'POST',
    body: JSON.stringify({ Name: 'FORM-U1', Title__c: 'Unprefixed form', Status__c: 'Active' }),
  });
  await signInAtOrg(page, env.system.url, 'admin@demo.org');

  const options = await startNewForm(page, env.system.url, id, {
    primary: 'SQX_Inspection__c',
    context: 'Account',
    screenshot: test.info().outputPath('builder-start-unprefixed.png'),
  });
  expect(options.filter((o) => o.includes('cqext'))).toEqual([]);
  expect(options.some((o) => /__mdt\)|__e\)|Audit|\(Account\)/.test(o))).toBe(false);

  await page.getByRole('button', { name: 'Save Form' }).click();
  await expect(page.getByText('Form saved successfully.').first()).toBeVisible();
  // Back to the record page of the unprefixed definition object.
  await page.waitForURL(new RegExp(`/lightning/r/SQX_Form_Definition__c/${id}/view`), { timeout: 10_000 });
  const rec = await env.rest<{ Form_JSON__c: string | null }>(`/sobjects/SQX_Form_Definition__c/${id}`);
  const saved = JSON.parse(rec.Form_JSON__c ?? '{}') as { cqFormType?: string; nextaction?: object };
  expect(saved.cqFormType).toBe('SQX_Inspection__c');
  expect(Object.keys(saved.nextaction ?? {})).toEqual(['Activity_Code__c']);
  expect(rec.Form_JSON__c).not.toContain('cqext');
});

test('admin: a seeded form opens in the builder with its unprefixed fields', async ({ page }) => {
  const [form] = await orgQuery<{ Id: string }>(
    env.org,
    env.token,
    `SELECT Id FROM SQX_Form_Definition__c WHERE Name = 'FORM-0002'`,
  );
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await page.goto(`${env.system.url}/CQEditFormSF/${form?.Id}`);
  await expect(page.getByTestId('builder')).toBeVisible();
  await expect(page.getByTestId('canvas-field').filter({ hasText: 'Hazard category' })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('builder-unprefixed.png') });
});
