import { expect, test } from '@playwright/test';
import { API_ALLOWANCE_TEXTS, MESSAGES } from 'shared-contracts';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { orgQuery } from './form-fixtures';

// Issue 33, running out of the org's daily API allowance loses nothing: a field user submits forms
// while the org refuses every call (REQUEST_LIMIT_EXCEEDED, its allowance spent by the org's other
// integrations); the submissions wait in the outbox, which says why, and go by themselves, once each,
// when the org accepts calls again.

const env = systemForFile({ emulatorArgs: ['--test-control'] });
const TITLE = 'FORM-0003 - Equipment Checklist'; // no required field

const allowance = async (body: Record<string, unknown>): Promise<void> => {
  const r = await fetch(`${env.org}/__emulator/api-usage`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(r.status).toBe(200);
};

const inOrg = (localIds: string[]) =>
  orgQuery<{ Id: string; cqext__Uniqueness_Constraint__c: string; cqext__Status__c: string }>(
    env.org,
    env.token,
    'SELECT Id, cqext__Uniqueness_Constraint__c, cqext__Status__c FROM cqext__SQX_Form_Submission__c ORDER BY CreatedDate',
  ).then((rows) =>
    rows.filter((r) => localIds.some((id) => r.cqext__Uniqueness_Constraint__c.endsWith(`#${id}`))),
  );

test('field user: with the allowance spent mid-sync the outbox waits and says why, then sends the submission once by itself', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openHome(page, env.system.url);
  await expect(page.getByTestId('sync-count')).toBeVisible();

  const localId = await launchFromHome(page, TITLE);
  const ids = [localId];
  await page.getByLabel('Operating hours').fill('7.5');
  // While the user fills the form, the org's other integrations spend its allowance: one call left,
  // so the sync that Save starts is cut short by the org.
  await allowance({ max: 50_000, used: 49_999 });
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${env.system.url}/`, { timeout: 60_000 });

  // The org refuses every call now (reading it too); the outbox holds the submission and says why.
  await expect(page.getByTestId('sync-count')).toHaveText('1 waiting to sync');
  await page.getByTestId('sync-count').click();
  const panel = page.getByTestId('outbox-panel');
  await expect(panel.getByTestId('outbox-item')).toHaveCount(1);
  await expect(panel.getByTestId('outbox-item').first()).toContainText(API_ALLOWANCE_TEXTS.spent, {
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');

  // The org accepts calls again (its 24 hours moved on): the outbox sends it by itself, once.
  await allowance({ used: 0 });
  await expect(page.getByTestId('sync-count')).toHaveText('All synced', { timeout: 60_000 });
  await expect
    .poll(async () => (await inOrg(ids)).map((r) => r.cqext__Status__c), { timeout: 60_000 })
    .toEqual(['Submitted']);
  await allowance({ edition: 'Enterprise', licenses: 10, used: 0 });
  expect(errors).toEqual([]);
});

test("field user: a form launched while the org refuses calls says why (not 'Couldn't find') and makes no record; launched again once calls are allowed, it opens", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openHome(page, env.system.url);
  await page.getByRole('tab', { name: /^Forms/ }).click();
  const launch = page.getByRole('button', { name: `Launch ${TITLE}` });
  await expect(launch).toBeVisible();
  await allowance({ max: 50_000, used: 50_000 });
  await launch.click();
  // No record is made without its definition (issue 40.3): home says why and stays where it is.
  await expect(page.getByText(API_ALLOWANCE_TEXTS.spent).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(MESSAGES.submissionNotFound)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/');

  await allowance({ used: 0 });
  await launch.click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('form-name')).toHaveText(TITLE);
  await allowance({ edition: 'Enterprise', licenses: 10, used: 0 });
  expect(errors).toEqual([]);
});
