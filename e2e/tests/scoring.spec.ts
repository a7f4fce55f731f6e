// Scores (issue 43, first part), in Chromium against the running system and the org emulator: the
// admin turns scoring on in the builder (points for an answer, a pass mark, a failing answer needing a
// note) and saves; the org holds the settings in the form's JSON (read with jsforce, not through the
// BFF). The field user launches the form from home, sees the live score (points, percent, pass/fail)
// follow the answers, a failing answer marked by text and icon, Save refused until its note is given,
// and the submission reaches the org with the note.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Connection } from 'jsforce';
import { MESSAGES } from 'shared-contracts';
import { ORG_API_VERSION } from 'test-kit';
import { signInAtOrg } from '../support/auth';
import { builderSuite, drag, dropZone, palette, startNewForm } from '../support/builder-canvas';
import { newFormDefinition } from '../support/org';

const env = builderSuite();
const NAME = 'FORM-0778';
const TITLE = 'Scored Site Check';

async function editField(page: Page, id: number, label: string, apiName: string): Promise<Locator> {
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
  return modal;
}

test('the admin scores a form in the builder; the field user sees the live score and a failed item needing its note', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
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
  await modal.getByLabel('Pass mark (%)').fill('90');
  await modal.getByText('A failing answer requires a note').click();
  // The defaults are there to start from: Yes full points, No failing.
  const exitsYes = modal.getByLabel('Points for Yes (Exits clear?)');
  await expect(exitsYes).toHaveValue('1');
  await expect(modal.getByLabel('No fails (Area tidy?)')).toBeChecked();
  await exitsYes.fill('4');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();

  await page.getByRole('button', { name: 'Save Form' }).click();
  await page.waitForURL(new RegExp(`/lightning/r/cqext__SQX_Form_Definition__c/${formId}/view`));
  const admin = new Connection({
    instanceUrl: env.org,
    accessToken: env.token,
    version: ORG_API_VERSION.slice(1),
  });
  const saved = await admin.sobject('cqext__SQX_Form_Definition__c').retrieve(formId);
  const json = JSON.parse(String((saved as Record<string, unknown>).cqext__Form_JSON__c)) as {
    scoring?: unknown;
  };
  expect(json.scoring).toEqual({
    passMark: 90,
    failingRequires: { note: true },
    fields: { 'General.CQ_Form_Exits_Clear': { options: { YES: { points: 4 } } } },
  });

  // The field user, in a browser of their own.
  const context = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
  const user = await context.newPage();
  const errors: string[] = [];
  user.on('pageerror', (e) => errors.push(e.message));
  await signInAtOrg(user, env.system.url, 'field.user@demo.org');
  await user.waitForURL(`${env.system.url}/`);
  await user.getByRole('tab', { name: /^Forms/ }).click();
  await user.getByRole('button', { name: `Launch ${NAME} - ${TITLE}` }).click();
  await user.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  const localId = new URL(user.url()).pathname.split('/')[2] ?? '';

  const score = user.getByRole('region', { name: 'Score' });
  await expect(score.getByTestId('score-points')).toHaveText('0 of 5 points (0%)');
  await expect(score.getByTestId('score-verdict')).toHaveText('Failed (pass mark 90%)');
  await user.getByRole('radiogroup', { name: 'Exits clear?' }).getByRole('radio', { name: 'Yes' }).click();
  await expect(score.getByTestId('score-points')).toHaveText('4 of 5 points (80%)');
  const tidy = user.getByRole('radiogroup', { name: 'Area tidy?' });
  await tidy.getByRole('radio', { name: 'Yes' }).click();
  await expect(score.getByTestId('score-points')).toHaveText('5 of 5 points (100%)');
  await expect(score.getByTestId('score-verdict')).toHaveText('Passed (pass mark 90%)');
  await expect(user.getByText(/^Failed item/)).toHaveCount(0);

  await tidy.getByRole('radio', { name: 'No' }).click();
  await expect(score.getByTestId('score-points')).toHaveText('4 of 5 points (80%)');
  await expect(score.getByTestId('score-verdict')).toHaveText('Failed (pass mark 90%)');
  await expect(score.getByTestId('score-failed')).toHaveText('1 failed item');
  await expect(user.getByTestId('section-score')).toHaveText('4 of 5 points (80%) · 1 failed item');
  // Marked by text and an icon, not by colour alone.
  const mark = user.locator('[data-element="failed-mark"]');
  await expect(mark).toHaveText('Failed item: No');
  await expect(mark.locator('svg')).toHaveCount(1);

  // Its note is required like a required field.
  const footer = user.getByTestId('form-footer');
  await footer.getByRole('button', { name: 'Save' }).click();
  const summary = user.getByTestId('error-summary');
  await expect(summary).toContainText(MESSAGES.fixFieldValidation);
  await expect(summary.getByRole('listitem')).toHaveText([
    'Note on failed item "Area tidy?" is missing required fields',
  ]);
  const note = user.getByRole('textbox', { name: /^Note/ });
  await expect(note).toBeFocused();
  await note.fill('Boxes stacked in the aisle');
  await footer.getByRole('button', { name: 'Save' }).click();
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
  expect(data).toMatchObject({
    General: { CQ_Form_Exits_Clear: 'YES', CQ_Form_Area_Tidy: 'NO' },
    Findings: { 'General-CQ_Form_Area_Tidy': { Note: 'Boxes stacked in the aisle' } },
  });
  expect(errors).toEqual([]);
  await context.close();
});
