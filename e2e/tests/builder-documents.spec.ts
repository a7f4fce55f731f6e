// Issue 40, the documents panel of a safety inspection: the org holds more Current criteria documents
// than one page (50); the admin finds one beyond that page by typing in the panel's search (searched in
// the org, not in what the page holds), drops it, saves, and after reopening its chip shows its number,
// title and its section and question counts, never its record Id. Also the header names the form.
import { expect, test } from '@playwright/test';
import { signInAtOrg } from '../support/auth';
import { builderSuite, drag, dropZone, palette, startNewForm } from '../support/builder-canvas';
import { newFormDefinition } from '../support/org';

const env = builderSuite();
const DOC = 'cqext__SQX_Controlled_Document__c';

let craneId = '';

test.beforeAll(async () => {
  const rt = await env.rest<{ records: Array<{ Id: string }> }>(
    `/query?q=${encodeURIComponent(
      `SELECT Id FROM RecordType WHERE SobjectType = '${DOC}' AND DeveloperName = 'Safety_Inspection_Criteria'`,
    )}`,
  );
  const criteria = rt.records[0]!.Id;
  // 55 more Current criteria: with the seeded three, 58; DOC-1055 sorts last, beyond the first 50.
  for (let i = 1; i <= 55; i++) {
    const num = `DOC-${1000 + i}`;
    const { id } = await env.rest<{ id: string }>(`/sobjects/${DOC}`, {
      method: 'POST',
      body: JSON.stringify({
        Name: num,
        cqext__Document_Number__c: num,
        cqext__Title__c: i === 55 ? 'Crane Lift Criteria' : `Criteria ${i}`,
        cqext__Document_Status__c: 'Current',
        cqext__Criteria_Type__c: 'General',
        RecordTypeId: criteria,
      }),
    });
    if (i === 55) craneId = id;
  }
  const section = await env.rest<{ id: string }>('/sobjects/cqext__SQX_Document_Section__c', {
    method: 'POST',
    body: JSON.stringify({
      Name: 'DOC-1055-S1',
      cqext__Controlled_Document__c: craneId,
      cqext__Section_Title__c: 'Rigging',
      cqext__Order__c: 1,
    }),
  });
  for (let q = 1; q <= 2; q++) {
    await env.rest('/sobjects/cqext__SQX_Document_Question__c', {
      method: 'POST',
      body: JSON.stringify({
        Name: `DOC-1055-S1-Q${q}`,
        cqext__Controlled_Document__c: craneId,
        cqext__Section__c: section.id,
        cqext__Question__c: `Sling ${q} inspected?`,
        cqext__Question_Type__c: 'Picklist',
        cqext__Result_Type__c: 'Text',
        cqext__Options__c: 'Yes|Yes\nNo|No',
        cqext__Order__c: q,
        cqext__Required__c: false,
      }),
    });
  }
});

test('a document beyond the first page is found by search, and named with its counts after reopening', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const formId = await newFormDefinition(env.org, env.token, 'Crane Yard Safety Walk');
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await startNewForm(page, env.system.url, formId, { primary: 'cqext__SQX_Safety_Inspection__c' });
  // The header names the form (its record's title), not "Form Builder".
  await expect(page.getByRole('heading', { name: 'Crane Yard Safety Walk' })).toBeVisible();

  const docs = page.getByTestId('palette-documents').getByTestId('palette-item');
  await expect(docs).toHaveCount(50);
  await expect(palette(page, craneId)).toHaveCount(0);

  // Typing searches the org: DOC-1055 comes although it is not in the first page.
  await page.getByRole('textbox', { name: 'Search fields' }).fill('Crane');
  await expect(palette(page, craneId)).toContainText('DOC-1055 Crane Lift Criteria');
  await expect(docs).toHaveCount(1);

  await drag(page, palette(page, craneId), dropZone(page, 1));
  const sectionDocs = page.getByTestId('section-documents');
  await expect(sectionDocs).toContainText('DOC-1055 Crane Lift Criteria (1 sections, 2 questions)');
  await page.getByRole('button', { name: 'Save Form' }).click();
  await page.waitForURL(/\/lightning\/r\/cqext__SQX_Form_Definition__c\//, { timeout: 15_000 });

  // Reopened: the panel's first page does not hold it, the chip still names it, with its counts.
  await page.goto(`${env.system.url}/CQEditFormSF/${formId}`);
  await expect(page.getByTestId('builder')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Crane Yard Safety Walk' })).toBeVisible();
  await expect(page.getByTestId('palette-documents').getByTestId('palette-item')).toHaveCount(50);
  await expect(page.getByTestId('section-documents')).toContainText(
    'DOC-1055 Crane Lift Criteria (1 sections, 2 questions)',
  );
  await expect(page.getByTestId('section-documents')).not.toContainText(craneId);
});
