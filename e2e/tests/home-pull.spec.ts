import { randomUUID } from 'node:crypto';
import { expect, test, type Response } from '@playwright/test';
import { Connection } from 'jsforce';
import { ORG_API_VERSION, orgPasswordToken } from 'test-kit';
import { DEMO_PASSWORD, signInAtOrg } from '../support/auth';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';

// Issue 41.3, the pull half of sync is the host's: a record someone else puts in the org for the field
// user while the user fills in a form is imported then, not when home opens again. The user then loses
// the network and goes back home: the record is there, read from the device.

const FIELD_ID = '0055g0000000002AAA';
const FORM_NAME = 'Pulled while the form was open';

let system: RunningSystem;
let admin: Connection;

test.beforeEach(async () => {
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  const org = `http://127.0.0.1:${system.ports.emulator}`;
  const token = await orgPasswordToken(org, { username: 'admin@demo.org', password: DEMO_PASSWORD });
  admin = new Connection({ instanceUrl: org, accessToken: token, version: ORG_API_VERSION.slice(1) });
});
test.afterEach(async () => {
  await system?.stop();
});

test('a record put in the org while the form screen is open is imported then, and shows on home offline', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInAtOrg(page, system.url, 'field.user@demo.org');
  await page.waitForURL(`${system.url}/`);
  await expect(page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]')).toBeVisible();

  // The user opens a form from the Forms tab and is on the form screen.
  await page.getByRole('tab', { name: /^Forms/ }).click();
  const launch = page.getByRole('button', { name: /^Launch / }).first();
  await launch.click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await expect(page.locator('[data-testid="remote-screen"][data-remote="mfe-form"]')).toBeVisible();

  // The org's pending records read from here on: only the form screen is open.
  const onForm: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/pendingSubmissions' && /\/form\//.test(page.url()))
      onForm.push(r);
  });

  // Meanwhile a supervisor hands the field user a draft in the org (jsforce as the admin).
  const form = await admin.query<{ Id: string }>(
    "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE cqext__Status__c = 'Active' LIMIT 1",
  );
  const formId = form.records[0]?.Id ?? '';
  const localId = randomUUID();
  const created = await admin.sobject('cqext__SQX_Form_Submission__c').create({
    cqext__Uniqueness_Constraint__c: `${formId}#${localId}`,
    cqext__Form_Definition__c: formId,
    cqext__Status__c: 'In Progress',
    cqext__Version__c: 1,
    cqext__Submission_JSON__c: JSON.stringify({
      id: localId,
      formId,
      formName: FORM_NAME,
      status: 'In Progress',
      version: 1,
      data: {},
    }),
    OwnerId: FIELD_ID,
  });
  expect(created.success).toBe(true);

  // The host hears the org's hint and reads the pending records, the form screen still open.
  await expect
    .poll(
      async () => {
        for (const r of onForm) {
          const body = (await r.json().catch(() => null)) as { data?: { Id?: string }[] } | null;
          if (body?.data?.some((rec) => rec.Id === created.id)) return true;
        }
        return false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  expect(page.url()).toMatch(/\/form\//);

  // The network goes; the user closes the form: home shows the draft from the device.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(`${system.url}/`);
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await page.getByRole('tab', { name: /^In Progress/ }).click();
  await expect(page.getByTestId('in-progress-card').filter({ hasText: FORM_NAME })).toHaveCount(1);
  expect(errors).toEqual([]);
});
