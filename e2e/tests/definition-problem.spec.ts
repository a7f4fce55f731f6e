import { expect, test } from '@playwright/test';
import { MESSAGES } from 'shared-contracts';
import { OrgClient } from 'test-kit';
import { openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';

// Spec section 8, "Schema problem": an invalid form definition returned as a string shows error text.
// As the field user in Chromium: Launch on a form whose definition in the org is a JSON string says
// that text on home and makes no record (before, it made a draft that opened on 'Couldn't find the
// matching submission.'); turning on Offline keeps nothing and says the same.

const env = systemForFile();
const TITLE = 'FORM-0097 - Half Made Form';
const TEXT = 'This form is being set up by your administrator';
test.beforeAll(async () => {
  // what the org holds when a form's JSON was saved as a bare string
  await new OrgClient(env.org, { token: env.token }).insert('cqext__SQX_Form_Definition__c', {
    Name: 'FORM-0097',
    cqext__Title__c: 'Half Made Form',
    cqext__Supports_Offline__c: true,
    cqext__Status__c: 'Active',
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
    cqext__Form_JSON__c: JSON.stringify(TEXT),
  });
});

test('a form whose definition is a string: Launch and Offline say its text and make nothing', async ({
  page,
}) => {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await openHome(page, env.system.url);
  await page.getByRole('tab', { name: /^Forms/ }).click();
  await page.getByRole('button', { name: `Launch ${TITLE}` }).click();
  await expect(page.getByText(TEXT)).toBeVisible();
  await expect(page.getByText(MESSAGES.submissionNotFound)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/');
  // no draft of it under In Progress
  await page.getByRole('tab', { name: /^In Progress/ }).click();
  await expect(page.getByTestId('in-progress-card').first()).toBeVisible();
  await expect(page.getByTestId('in-progress-card').filter({ hasText: TITLE })).toHaveCount(0);
  await page.getByRole('tab', { name: /^Forms/ }).click();

  await page.getByLabel(`Offline ${TITLE}`).click({ force: true });
  await expect(page.getByText(TEXT)).toHaveCount(2);
  await expect(page.getByRole('checkbox', { name: `Offline ${TITLE}` })).not.toBeChecked();
  expect(errors).toEqual([]);
});
