// Corrective actions reach the assignee's home (issue 43), in Chromium against the running system and
// the org emulator, as users: the admin scores a form in the builder and has a failed item propose a
// corrective action owned by a queue (Site Maintenance, whose member is partner.user). partner.user has
// home open on the Assigned tab. field.user, offline after Download for offline, fails the item, adds a
// note and a photo, and submits when back online. The action arrives on partner.user's home by the
// live stream, with no reload, showing the question, the failed answer, the note, the photo, due date
// and priority; partner.user opens it, says what was done, attaches a photo and marks it done while
// offline; back online it goes through the outbox and the org's Task is Completed with both photos.
// Then least privilege: partner.user sees only the actions the org shares with them (their own, their
// queue's), and the BFF refuses to let them close another's (404, the envelope).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Connection } from 'jsforce';
import { CSRF_HEADER, CSRF_HEADER_VALUE, MESSAGES } from 'shared-contracts';
import { ORG_API_VERSION } from 'test-kit';
import { signInAtOrg } from '../support/auth';
import { builderSuite, drag, dropZone, palette, startNewForm } from '../support/builder-canvas';
import { newFormDefinition } from '../support/org';
import { sidewaysJpeg } from '../support/photo-fixture';
import { orgToken } from './form-fixtures';

const env = builderSuite();
const NAME = 'FORM-0781';
const TITLE = 'Lighting Check';
const QUEUE = 'Site Maintenance';
const PHOTO = sidewaysJpeg(800, 600, 1);

type Rec = Record<string, unknown>;

/** Serious and critical axe findings in what `selector` matches. */
const violations = async (page: Page, selector: string): Promise<string[]> =>
  (await new AxeBuilder({ page }).include(selector).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`).join(', ')}`,
    );

const adminConnection = (): Connection =>
  new Connection({ instanceUrl: env.org, accessToken: env.token, version: ORG_API_VERSION.slice(1) });

async function homeOnAssigned(page: Page, username: string): Promise<void> {
  await signInAtOrg(page, env.system.url, username);
  await page.waitForURL(`${env.system.url}/`);
  await page.getByRole('tab', { name: /^Assigned/ }).click();
}

test('scored in the builder, failed offline with a note and a photo, the action reaches the queue member’s home live; done offline with a photo, the org’s task is completed', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`admin: ${e.message}`));
  const admin = adminConnection();
  const [queue] = (await admin.query<{ Id: string }>(`SELECT Id FROM Group WHERE Name = '${QUEUE}'`)).records;
  expect(queue?.Id).toBeTruthy();

  // The admin: one Yes/No question, scored, a failed item proposing an action the queue owns.
  const formId = await newFormDefinition(env.org, env.token, TITLE, {
    Name: NAME,
    cqext__Supports_Offline__c: true,
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
  });
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await startNewForm(page, env.system.url, formId, { primary: 'cqext__SQX_Inspection__c' });
  await drag(page, palette(page, 'general:yesno'), dropZone(page, 1));
  await page
    .locator('[data-testid="canvas-field"][data-field-id="100"]')
    .getByRole('button', { name: /^Edit / })
    .click();
  const field = page.getByRole('dialog');
  await field.getByRole('textbox', { name: /^Label/ }).fill('Lights work?');
  await field.getByLabel('API Name').fill('CQ_Form_Lights_Work');
  await field.getByRole('button', { name: 'Save' }).click();
  await expect(field).toBeHidden();
  await page.getByRole('button', { name: 'Scoring' }).click();
  const scoring = page.getByRole('dialog', { name: 'Scoring' });
  await scoring.getByText('Score this form').click();
  await scoring.getByText('A failed item proposes a corrective action').click();
  await scoring.getByText('A queue').click();
  await expect(scoring.getByText('Choose a queue.')).toBeVisible();
  await scoring.getByRole('combobox', { name: 'Queue' }).fill('Site');
  await scoring.getByRole('option', { name: QUEUE }).click();
  await scoring.getByRole('button', { name: 'Save' }).click();
  await expect(scoring).toBeHidden();
  await page.getByRole('button', { name: 'Save Form' }).click();
  await page.waitForURL(new RegExp(`/lightning/r/cqext__SQX_Form_Definition__c/${formId}/view`));
  const saved = (await admin.sobject('cqext__SQX_Form_Definition__c').retrieve(formId)) as Rec;
  expect(
    (JSON.parse(String(saved.cqext__Form_JSON__c)) as { scoring?: { correctiveActions?: unknown } }).scoring
      ?.correctiveActions,
  ).toEqual({
    enabled: true,
    assignee: 'queue',
    queueId: queue?.Id,
    queueName: QUEUE,
    dueDays: 7,
    priority: 'Normal',
  });

  // partner.user, a member of the queue, has home open on the Assigned tab: no action yet.
  const partnerContext = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const partner = await partnerContext.newPage();
  partner.on('pageerror', (e) => errors.push(`partner: ${e.message}`));
  await homeOnAssigned(partner, 'partner.user@demo.org');
  await expect(partner.getByTestId('count-assigned')).toBeVisible();
  await expect(partner.getByTestId('action-card')).toHaveCount(0);

  // field.user: the form kept for offline, then no network; the item failed with a note and a photo.
  const fieldContext = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
  const user = await fieldContext.newPage();
  user.on('pageerror', (e) => errors.push(`field user: ${e.message}`));
  await signInAtOrg(user, env.system.url, 'field.user@demo.org');
  await user.waitForURL(`${env.system.url}/`);
  await expect(user.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await user.getByRole('tab', { name: /^Forms/ }).click();
  await user.getByLabel(`Offline ${NAME} - ${TITLE}`).check({ force: true });
  await expect(user.getByLabel(`Offline ${NAME} - ${TITLE}`)).toBeChecked();
  await fieldContext.setOffline(true);
  await user.getByRole('button', { name: `Launch ${NAME} - ${TITLE}` }).click();
  await user.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  const localId = new URL(user.url()).pathname.split('/')[2] ?? '';
  await user.getByRole('radiogroup', { name: 'Lights work?' }).getByRole('radio', { name: 'No' }).click();
  const action = user.getByRole('region', { name: 'Corrective action: Lights work?' });
  await expect(action.getByText(`Default: ${QUEUE}`)).toBeVisible();
  // the failed item's own note (the panel's note is the action's)
  await user.getByRole('textbox', { name: /^Note/ }).first().fill('Two bulbs out in the stairwell');
  const chooser = user.waitForEvent('filechooser');
  await user
    .getByRole('group', { name: 'Photo', exact: true })
    .getByRole('button', { name: 'Choose photo' })
    .click();
  await (await chooser).setFiles({ name: 'stairwell.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
  await user
    .getByRole('dialog', { name: 'Mark up stairwell.jpg' })
    .getByRole('button', { name: 'Skip' })
    .click();
  await expect(user.getByTestId('file-card')).toContainText('stairwell.jpg');
  await fieldContext.setOffline(false);
  await user.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(user.getByTestId('success-dialog')).toContainText(MESSAGES.formSubmittedDialog, {
    timeout: 60_000,
  });
  const [submission] = (
    await admin.query<{ Id: string; Name: string }>(
      `SELECT Id, Name FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${formId}#${localId}'`,
    )
  ).records;
  const tasks = async () =>
    (
      await admin.query<Rec>(
        `SELECT Id, OwnerId, Status, Description FROM Task WHERE cqext__CQ_Action_Key__c LIKE '${formId}#${localId}:%'`,
      )
    ).records;
  const [task] = await tasks();
  expect(task).toMatchObject({ OwnerId: queue?.Id, Status: 'Not Started' });
  const taskId = String(task?.Id);

  // On partner.user's home within a minute, by the live stream: no reload, no click.
  const card = partner.getByTestId('action-card').filter({ hasText: 'Lights work?' });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole('heading', { name: 'Lights work?' })).toBeVisible();
  await expect(card.getByTestId('action-question')).toHaveText('Question: Lights work?');
  await expect(card.getByTestId('action-answer')).toContainText('Answer: No');
  await expect(card.getByTestId('action-answer')).toContainText('Failed');
  await expect(card.getByTestId('action-note')).toHaveText('Note: Two bulbs out in the stairwell');
  await expect(card.getByTestId('action-priority')).toHaveText('Priority Normal');
  await expect(card.getByTestId('action-due')).toContainText('Due ');
  await expect(card.getByText(`Queue ${QUEUE}`)).toBeVisible();
  await expect(card.getByRole('img', { name: /^Photo from the inspection/ })).toBeVisible();
  expect(await violations(partner, '[data-testid="action-card"]')).toEqual([]);

  // Opened: what was done and a photo, marked done offline; the card says it waits to sync.
  await card.getByRole('button', { name: 'Open corrective action: Lights work?' }).click();
  const drawer = partner.getByTestId('action-drawer');
  await expect(drawer.getByText(String(submission?.Name))).toBeVisible();
  await drawer.getByRole('button', { name: 'Mark done' }).click();
  await expect(drawer.getByRole('alert')).toHaveText('Say what was done.');
  await drawer.getByLabel(/What was done/).fill('Replaced both bulbs');
  await drawer
    .getByLabel('Attach photos')
    .setInputFiles({ name: 'fixed.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
  await expect(drawer.getByTestId('action-picked')).toContainText('fixed.jpg');
  expect(await violations(partner, '[data-testid="action-drawer"]')).toEqual([]);
  await partnerContext.setOffline(true);
  await drawer.getByRole('button', { name: 'Mark done' }).click();
  await expect(drawer).toBeHidden();
  await expect(card.getByTestId('action-waiting')).toHaveText('Done, waiting to sync');
  expect((await tasks())[0]?.Status).toBe('Not Started');

  // Back online, the outbox sends it: the org's task is completed with both photos; the card goes.
  await partnerContext.setOffline(false);
  await expect(card).toHaveCount(0, { timeout: 60_000 });
  const [done] = await tasks();
  expect(done?.Status).toBe('Completed');
  expect(String(done?.Description)).toMatch(/\nDone: Replaced both bulbs$/);
  const links = (
    await admin.query<{ ContentDocumentId: string }>(
      `SELECT ContentDocumentId FROM ContentDocumentLink WHERE LinkedEntityId = '${taskId}'`,
    )
  ).records;
  expect(links).toHaveLength(2);
  expect(errors).toEqual([]);
  await fieldContext.close();
  await partnerContext.close();
});

test('least privilege: partner.user sees only the actions shared with them (their own, their queue’s) and cannot close another’s', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const admin = adminConnection();
  const ids = async (soql: string): Promise<string> =>
    String((await admin.query<{ Id: string }>(soql)).records[0]?.Id);
  const partnerId = await ids("SELECT Id FROM User WHERE Username = 'partner.user@demo.org'");
  const fieldId = await ids("SELECT Id FROM User WHERE Username = 'field.user@demo.org'");
  const queueId = await ids(`SELECT Id FROM Group WHERE Name = '${QUEUE}'`);
  const formId = await ids("SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0002'");
  const inspection = String(
    (await admin.sobject('cqext__SQX_Inspection__c').create({ cqext__Notes__c: 'lp' })).id,
  );

  // field.user's submit as the org receives it: three failed items, their actions owned by partner.user,
  // the queue and field.user (the org's submit processing makes the tasks).
  const field = new Connection({
    instanceUrl: env.org,
    accessToken: await orgToken(env.org, 'field.user@demo.org'),
    version: ORG_API_VERSION.slice(1),
  });
  const item = (title: string, assigneeId: string) => ({
    title,
    assigneeId,
    dueDate: '2030-01-10',
    priority: 'High',
  });
  const answer = (question: string) => ({
    points: 0,
    max: 1,
    failed: true,
    question,
    answer: 'No',
    answerLabel: 'No',
  });
  const key = `${formId}#lp-${Date.now()}`;
  await field.sobject('cqext__SQX_Form_Submission__c').create({
    cqext__Form_Definition__c: formId,
    cqext__Uniqueness_Constraint__c: key,
    cqext__Main_Record_Id__c: inspection,
    cqext__Status__c: 'Submitted',
    cqext__Submission_JSON__c: JSON.stringify({
      data: {},
      score: {
        points: 0,
        max: 3,
        percent: 0,
        passed: false,
        passMark: null,
        failedCount: 3,
        answers: { 'G.A': answer('Guard fitted?'), 'G.B': answer('Bay swept?'), 'G.C': answer('Sign up?') },
        actions: {
          assignee: 'inspector',
          items: {
            'G.A': item('Fit the guard', partnerId),
            'G.B': item('Sweep the bay', queueId),
            'G.C': item('Put the sign up', fieldId),
          },
        },
      },
    }),
  });
  const [theirs] = (
    await admin.query<{ Id: string }>(`SELECT Id FROM Task WHERE cqext__CQ_Action_Key__c = '${key}:G.C'`)
  ).records;

  await homeOnAssigned(page, 'partner.user@demo.org');
  await expect(page.getByTestId('action-card').filter({ hasText: 'Fit the guard' })).toBeVisible();
  await expect(page.getByTestId('action-card').filter({ hasText: 'Sweep the bay' })).toBeVisible();
  await expect(page.getByTestId('action-card').filter({ hasText: 'Put the sign up' })).toHaveCount(0);

  // Closing field.user's action as partner.user: not theirs to see, so not found, in the envelope.
  const refused = await page.request.post(
    `${env.system.url}/api/correctiveActions/${String(theirs?.Id)}/complete`,
    {
      data: { done: 'Not mine' },
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, Origin: env.system.url },
    },
  );
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toMatchObject({
    success: false,
    messages: ['This corrective action does not exist or is not yours.'],
  });
  const [still] = (
    await admin.query<{ Status: string }>(`SELECT Status FROM Task WHERE Id = '${String(theirs?.Id)}'`)
  ).records;
  expect(still?.Status).toBe('Not Started');
  expect(errors).toEqual([]);
});
