// Corrective actions (issue 43), in Chromium against the running system and the org emulator: the
// admin scores a form in the builder and has a failed item propose a corrective action (assigned by
// default to a user chosen through the User lookup, due in 5 days, High priority) and saves it; the org
// holds the settings in the form's JSON. The field user, in a browser of their own, downloads the form
// for offline and goes offline, fails two items: one action is edited (title, assignee searched on the
// device's copy of the Users, due date, note), the other dismissed with a reason; Close keeps the
// draft, reopening it shows them as left; back online the submit reaches the org, whose
// Submission_JSON__c holds data.CorrectiveActions as entered (read with jsforce, not through the BFF).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Connection } from 'jsforce';
import { MESSAGES } from 'shared-contracts';
import { ORG_API_VERSION } from 'test-kit';
import { signInAtOrg } from '../support/auth';
import { builderSuite, drag, dropZone, palette, startNewForm } from '../support/builder-canvas';
import { newFormDefinition } from '../support/org';

const env = builderSuite();
const NAME = 'FORM-0779';
const TITLE = 'Site Check With Actions';
const EXITS = 'General.CQ_Form_Exits_Clear';
const TIDY = 'General.CQ_Form_Area_Tidy';

/** Serious and critical axe findings inside the corrective action panels. */
const panelViolations = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).include('[data-element="corrective-action"]').analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

async function editField(page: Page, id: number, label: string, apiName: string): Promise<void> {
  await page
    .locator(`[data-testid="canvas-field"][data-field-id="${id}"]`)
    .getByRole('button', { name: /^Edit / })
    .click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: /^Label/ }).fill(label);
  await modal.getByLabel('API Name').fill(apiName);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
}

test('the admin turns on corrective actions; the field user fills one offline, dismisses another, keeps them in a draft and submits them to the org', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`admin: ${e.message}`));
  const admin = new Connection({
    instanceUrl: env.org,
    accessToken: env.token,
    version: ORG_API_VERSION.slice(1),
  });
  const users = await admin.query<{ Id: string; Name: string }>(
    "SELECT Id, Name FROM User WHERE Username IN ('admin@demo.org', 'field.user@demo.org')",
  );
  const idOf = (name: string) => users.records.find((u) => u.Name === name)?.Id;
  expect(idOf('Ada Admin')).toBeTruthy();
  expect(idOf('Frank Fielding')).toBeTruthy();

  const formId = await newFormDefinition(env.org, env.token, TITLE, {
    Name: NAME,
    cqext__Supports_Offline__c: true,
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
  });
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await startNewForm(page, env.system.url, formId, { primary: 'cqext__SQX_Inspection__c' });
  for (let i = 0; i < 2; i++) await drag(page, palette(page, 'general:yesno'), dropZone(page, 1));
  await expect(page.getByTestId('canvas-field')).toHaveCount(2);
  await editField(page, 100, 'Exits clear?', 'CQ_Form_Exits_Clear');
  await editField(page, 200, 'Area tidy?', 'CQ_Form_Area_Tidy');

  await page.getByRole('button', { name: 'Scoring' }).click();
  const modal = page.getByRole('dialog', { name: 'Scoring' });
  await modal.getByText('Score this form').click();
  await modal.getByText('A failed item proposes a corrective action').click();
  await expect(modal.getByLabel('Due in (days after the submit)')).toHaveValue('7');
  await modal.getByText('A chosen user').click();
  await expect(modal.getByText('Choose a user.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
  await modal.getByRole('combobox', { name: 'User' }).fill('Ada');
  await modal.getByRole('option', { name: 'Ada Admin' }).click();
  await expect(modal.getByRole('combobox', { name: 'User' })).toHaveValue('Ada Admin');
  await modal.getByLabel('Due in (days after the submit)').fill('5');
  await modal.getByLabel('Priority').selectOption('High');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  // reopened, the settings are as saved
  await page.getByRole('button', { name: 'Scoring' }).click();
  await expect(modal.getByLabel('A chosen user')).toBeChecked();
  await expect(modal.getByRole('combobox', { name: 'User' })).toHaveValue('Ada Admin');
  await expect(modal.getByLabel('Due in (days after the submit)')).toHaveValue('5');
  await modal.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Save Form' }).click();
  await page.waitForURL(new RegExp(`/lightning/r/cqext__SQX_Form_Definition__c/${formId}/view`));
  const saved = await admin.sobject('cqext__SQX_Form_Definition__c').retrieve(formId);
  const json = JSON.parse(String((saved as Record<string, unknown>).cqext__Form_JSON__c)) as {
    scoring?: { correctiveActions?: unknown };
  };
  expect(json.scoring?.correctiveActions).toEqual({
    enabled: true,
    assignee: 'user',
    userId: idOf('Ada Admin'),
    userName: 'Ada Admin',
    dueDays: 5,
    priority: 'High',
  });

  // The field user, in a browser of their own: the form downloaded for offline, then no network.
  const context = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
  const user = await context.newPage();
  user.on('pageerror', (e) => errors.push(`field user: ${e.message}`));
  await signInAtOrg(user, env.system.url, 'field.user@demo.org');
  await user.waitForURL(`${env.system.url}/`);
  await expect(user.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await user.getByRole('tab', { name: /^Forms/ }).click();
  await user.getByLabel(`Offline ${NAME} - ${TITLE}`).check({ force: true });
  await expect(user.getByLabel(`Offline ${NAME} - ${TITLE}`)).toBeChecked();
  await context.setOffline(true);
  await user.getByRole('button', { name: `Launch ${NAME} - ${TITLE}` }).click();
  await user.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  const localId = new URL(user.url()).pathname.split('/')[2] ?? '';

  const exits = user.getByRole('region', { name: 'Corrective action: Exits clear?' });
  const tidy = user.getByRole('region', { name: 'Corrective action: Area tidy?' });
  await user.getByRole('radiogroup', { name: 'Exits clear?' }).getByRole('radio', { name: 'Yes' }).click();
  await expect(user.getByRole('region', { name: /^Corrective action/ })).toHaveCount(0);
  await user.getByRole('radiogroup', { name: 'Exits clear?' }).getByRole('radio', { name: 'No' }).click();
  await user.getByRole('radiogroup', { name: 'Area tidy?' }).getByRole('radio', { name: 'No' }).click();
  await expect(user.getByRole('region', { name: /^Corrective action/ })).toHaveCount(2);

  // Prefilled: the question as title, the form's default assignee, due date and priority.
  await expect(exits.getByLabel('Title')).toHaveValue('Exits clear?');
  await expect(exits.getByText('Default: Ada Admin')).toBeVisible();
  await expect(exits.getByText('Default: 5 days after the submit')).toBeVisible();
  await expect(exits.getByLabel('Priority')).toHaveValue('High');
  await exits.getByLabel('Title').fill('Clear the east exit');
  await exits.getByRole('combobox', { name: 'Assignee' }).fill('Fra');
  await expect(exits.getByRole('status')).toContainText('Offline: searching the');
  await exits.getByRole('option', { name: 'Frank Fielding' }).click();
  await expect(exits.getByRole('combobox', { name: 'Assignee' })).toHaveValue('Frank Fielding');
  await exits.getByLabel('Due date').fill('2030-01-15');
  await exits.getByLabel('Note').fill('Pallets in the way');

  await tidy.getByRole('button', { name: 'Dismiss' }).click();
  await expect(tidy.getByRole('button', { name: 'Dismiss action' })).toBeDisabled();
  await tidy.getByLabel('Reason for dismissing').fill('Tidied during the visit');
  await tidy.getByRole('button', { name: 'Dismiss action' }).click();
  await expect(tidy).toContainText('Dismissed: Tidied during the visit');
  expect(await panelViolations(user)).toEqual([]);

  // Close keeps the draft on the device; reopened from home, the actions are as left.
  await user.getByTestId('form-footer').getByRole('button', { name: 'Close' }).click();
  await user.waitForURL(`${env.system.url}/`);
  await user
    .getByRole('tabpanel')
    .getByTestId('in-progress-card')
    .getByRole('button', { name: `Launch ${NAME} - ${TITLE}` })
    .first()
    .click();
  await user.waitForURL(`${env.system.url}/form/${localId}`);
  await expect(exits.getByLabel('Title')).toHaveValue('Clear the east exit');
  await expect(exits.getByRole('combobox', { name: 'Assignee' })).toHaveValue('Frank Fielding');
  await expect(exits.getByLabel('Due date')).toHaveValue('2030-01-15');
  await expect(exits.getByLabel('Note')).toHaveValue('Pallets in the way');
  await expect(tidy).toContainText('Dismissed: Tidied during the visit');

  await context.setOffline(false);
  await user.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(user.getByTestId('success-dialog')).toContainText(MESSAGES.formSubmittedDialog, {
    timeout: 60_000,
  });
  const rec = (
    await admin.query<{ cqext__Status__c: string; cqext__Submission_JSON__c: string | null }>(
      `SELECT cqext__Status__c, cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${formId}#${localId}'`,
    )
  ).records[0];
  expect(rec?.cqext__Status__c).toBe('Submitted');
  const data = (JSON.parse(rec?.cqext__Submission_JSON__c ?? '{}') as { data?: Record<string, unknown> })
    .data;
  expect(data?.General).toMatchObject({ CQ_Form_Exits_Clear: 'NO', CQ_Form_Area_Tidy: 'NO' });
  expect(data?.CorrectiveActions).toEqual({
    [EXITS]: {
      title: 'Clear the east exit',
      assigneeId: idOf('Frank Fielding'),
      assigneeName: 'Frank Fielding',
      dueDate: '2030-01-15',
      note: 'Pallets in the way',
    },
    [TIDY]: { title: 'Area tidy?', dismissed: { reason: 'Tidied during the visit' } },
  });
  expect(errors).toEqual([]);
  await context.close();
});
