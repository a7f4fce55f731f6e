import { expect, test, type Page, type Request } from '@playwright/test';
import { Connection } from 'jsforce';
import { ORG_API_VERSION, orgPasswordToken } from 'test-kit';
import { DEMO_PASSWORD, signInAtOrg } from '../support/auth';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';

// Issue 33, idle cost: home stays current with the org without polling it. A field user's home is
// open; someone else changes the org (jsforce as the admin, a client we did not write); home shows it
// within a minute, without a reload, by re-reading only the list the BFF's hint names.

const FIELD_ID = '0055g0000000002AAA';
const PARTNER_ID = '0055g0000000003AAA';

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

const count = (page: Page, key: string) => page.getByTestId(`count-${key}`);

/** The BFF reads home makes, by list. */
function watchReads(page: Page) {
  const reads = { tasks: 0, forms: 0, pending: 0, events: 0 };
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/searchQuery') && u.searchParams.get('kind') === 'assignedTasks')
      reads.tasks++;
    else if (u.pathname === '/api/forms') reads.forms++;
    else if (u.pathname === '/api/pendingSubmissions' || u.pathname === '/api/syncPendingSubmissions')
      reads.pending++;
    else if (u.pathname === '/api/events') reads.events++;
  });
  return reads;
}

test('a task assigned in the org by someone else appears on the open home within a minute, without a reload', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const reads = watchReads(page);
  await signInAtOrg(page, system.url, 'field.user@demo.org');
  await page.waitForURL(`${system.url}/`);
  await expect(page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]')).toBeVisible();
  await expect(page.getByTestId('synced-on')).toContainText('Synced on');
  // The user reads the Assigned count once it is there: "Synced on" can show before home's own list
  // read is back on a loaded machine (and home may open on another tab, so no card need show).
  await expect(count(page, 'assigned')).not.toHaveText('0');
  const before = Number(await count(page, 'assigned').textContent());
  expect(before).toBeGreaterThan(0);
  await expect.poll(() => reads.events).toBeGreaterThan(0);
  // Let the stream connect and the opening reads finish.
  await page.waitForTimeout(1_500);
  const atRest = { ...reads };
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });

  // Someone else assigns the field user a task in the org.
  const program = await admin.query<{ Id: string }>(
    'SELECT Id FROM cqext__SQX_Inspection_Program__c LIMIT 1',
  );
  const created = await admin.sobject('Task').create({
    Subject: 'Inspect the loading dock',
    Status: 'Not Started',
    OwnerId: FIELD_ID,
    WhatId: program.records[0]?.Id,
  });
  expect(created.success).toBe(true);
  await expect(count(page, 'assigned')).toHaveText(String(before + 1), { timeout: 60_000 });
  // The hint named the tasks list: home re-read it, not the forms or the pending submissions.
  expect(reads.tasks).toBeGreaterThan(atRest.tasks);
  expect(reads.forms).toBe(atRest.forms);
  expect(navigations).toEqual([]);

  // A change to someone else's task is not this user's business: no hint, no re-read.
  const other = await admin.query<{ Id: string }>(
    `SELECT Id FROM Task WHERE OwnerId = '${PARTNER_ID}' AND Status = 'Not Started' LIMIT 1`,
  );
  const tasksBefore = reads.tasks;
  await admin.sobject('Task').update({ Id: other.records[0]?.Id ?? '', Status: 'Completed' });
  // And the field user's own task completed in the org leaves the list.
  await admin.sobject('Task').update({ Id: created.id ?? '', Status: 'Completed' });
  await expect(count(page, 'assigned')).toHaveText(String(before), { timeout: 60_000 });
  expect(reads.tasks).toBe(tasksBefore + 1);
  expect(errors).toEqual([]);
});
