import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts';
import { OrgClient } from 'test-kit';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { ALL_CONTROLS_FORM } from './form-fixtures';

// Issue 40: a refused submission always comes back to its owner with its errors. Here the refusal is
// the BFF's own check of the form (422 VALIDATION_FAILED): the form in the org gained a required field
// (Notes) after the device loaded it, so the device's check passes and the BFF's does not. As the field
// user, in Chromium against the whole system: the errors come back onto the field, home shows the
// submission under In Progress with the spec's text, Launch shows them on the field again, and closing
// the form does not send the refused submit again.

const env = systemForFile({ emulatorArgs: ['--test-control'] });
const TITLE = 'FORM-0098 - Changing Form';
let formId = '';
test.beforeAll(async () => {
  formId = await new OrgClient(env.org, { token: env.token }).insert('cqext__SQX_Form_Definition__c', {
    Name: 'FORM-0098',
    cqext__Title__c: 'Changing Form',
    cqext__Supports_Offline__c: true,
    cqext__Status__c: 'Active',
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
    cqext__Form_JSON__c: JSON.stringify({ ...ALL_CONTROLS_FORM, formName: 'Changing Form' }),
  });
});
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cq-diagnostics', '1'));
});

const NOTES_MISSING = 'Notes is missing required fields';
const notesError = (page: Page) => page.locator('[data-path="General.Notes"] .cq-error');
const save = (page: Page) => page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
const close = (page: Page) => page.getByTestId('form-footer').getByRole('button', { name: 'Close' }).click();

/** The admin makes Notes required in the org's copy of the form (what a form designer does). */
async function notesBecomeRequired(): Promise<void> {
  const schema = structuredClone(ALL_CONTROLS_FORM.schema) as {
    properties: { General: { required: string[] } };
  };
  schema.properties.General.required = [...schema.properties.General.required, 'Notes'];
  const res = await new OrgClient(env.org, { token: env.token }).fetch(
    `/services/data/v62.0/sobjects/cqext__SQX_Form_Definition__c/${formId}`,
    {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        cqext__Form_JSON__c: JSON.stringify({ ...ALL_CONTROLS_FORM, formName: 'Changing Form', schema }),
      }),
    },
  );
  expect(res.status).toBe(204);
}

/** The local record's status/sync status (diagnostics handle of the page's offline services). */
async function localState(page: Page, id: string): Promise<string | null> {
  await page.waitForFunction(() => (window as { __cqOffline?: unknown }).__cqOffline !== undefined);
  return page.evaluate(async (key) => {
    const off = (
      window as unknown as {
        __cqOffline: {
          owner(): unknown;
          store: { getSubmission(owner: unknown, id: string): Promise<Record<string, unknown> | undefined> };
        };
      }
    ).__cqOffline;
    const s = await off.store.getSubmission(off.owner(), key);
    return s ? `${String(s.status)}/${String(s.syncStatus)}` : null;
  }, id);
}

test('refused by the BFF’s check (422): back In Progress with the errors on the field; closing does not send it again', async ({
  page,
}) => {
  // every write of a record the page sends to the BFF
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'POST' || !/\/api\/(submissions\/batch|data|savesubmission)/.test(r.url())) return;
    writes.push(r.postData() ?? '');
  });
  const writesOf = (id: string) => writes.filter((b) => b.includes(id));

  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, TITLE);
  await page.getByLabel('Inspector name').fill('Ada Inspector');
  // meanwhile the form in the org gains a required field this device does not know of
  await notesBecomeRequired();
  await save(page);

  const banner = page.getByTestId('identified-errors');
  await expect(banner).toContainText(MESSAGES.submitFailedWithErrors, { timeout: 60_000 });
  await expect(banner.getByRole('listitem')).toHaveText([NOTES_MISSING]);
  await expect(notesError(page)).toHaveText(NOTES_MISSING);
  expect(writesOf(localId).filter((b) => b.includes('"submitted"'))).toHaveLength(1);
  const sentBefore = writesOf(localId).length;
  expect(await localState(page, localId)).toBe('in progress/in error');

  // Close (nothing edited since): home, the submission under In Progress with the spec's text
  await close(page);
  await page.waitForURL(`${env.system.url}/`);
  await page.getByRole('tab', { name: /^In Progress/ }).click();
  const card = page.getByTestId('in-progress-card').filter({ hasText: 'Ada Inspector' });
  await expect(card.getByTestId('submit-errors')).toHaveText(MESSAGES.submitFailedWithErrors);
  await expect(page.getByTestId('count-submitted')).toHaveText('0');
  // its warning icon's toast ('submission error') says what was refused
  await card.getByRole('button', { name: 'Show submission errors' }).click();
  await expect(page.getByText(MESSAGES.submissionErrorToast, { exact: true })).toBeVisible();
  await expect(page.getByTestId('submission-error-text')).toHaveText(NOTES_MISSING);

  // Launch shows the errors on the field again; closing again sends nothing
  await card.getByRole('button', { name: `Launch ${TITLE}` }).click();
  await page.waitForURL(`${env.system.url}/form/${localId}`);
  await expect(page.getByTestId('identified-errors').getByRole('listitem')).toHaveText([NOTES_MISSING]);
  await expect(notesError(page)).toHaveText(NOTES_MISSING);
  await expect(page.getByLabel('Inspector name')).toHaveValue('Ada Inspector');
  await close(page);
  await page.waitForURL(`${env.system.url}/`);
  await expect(page.getByRole('tab', { name: /^In Progress/ })).toBeVisible();
  expect(await localState(page, localId)).toBe('in progress/in error');
  expect(writesOf(localId)).toHaveLength(sentBefore);
});
