import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { ALL_CONTROLS_FORM, SUB_CATEGORY_VALID_FOR, insertAllControlsForm, orgQuery } from './form-fixtures';

// Issue 8, the form-filling screen against the whole running system in Chromium: launch from home,
// fill every control type, submit online and offline (reload while offline, then synced once), the
// validation texts, discard, read-only views, the unload warning, print to PDF, and the partner
// user's file going through the communities path. One system for the file (starting one costs more
// than the tests); each test has its own browser context (its own IndexedDB).

const env = systemForFile({ emulatorArgs: ['--test-control'] });
let formId: string;
test.beforeAll(async () => {
  formId = await insertAllControlsForm(env.org, env.token);
});

const TITLE = 'FORM-0099 - All Controls';
/** Who fills forms in real life: a field user (Standard User) and a partner user (Partner Community User). */
const PERSONAS = ['field.user@demo.org', 'partner.user@demo.org'] as const;
type SubmissionRow = { Id: string; cqext__Status__c: string; cqext__Submission_JSON__c: string | null };

const submissionsOf = (localId: string) =>
  orgQuery<SubmissionRow>(
    env.org,
    env.token,
    `SELECT Id, cqext__Status__c, cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${formId}#${localId}'`,
  );

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The dependent select's options for a category: those validFor allows, in the schema's order. */
const subCategoriesFor = (category: keyof typeof SUB_CATEGORY_VALID_FOR): string[] =>
  [...new Set(Object.values(SUB_CATEGORY_VALID_FOR).flat())].filter((v) =>
    SUB_CATEGORY_VALID_FOR[category].includes(v),
  );

async function fillEveryControl(page: Page, opts: { lookup: boolean }) {
  await page.getByLabel('Inspector name').fill('Ada Inspector');
  await page.getByLabel('Notes').fill('Line one\nLine two');
  await page.getByLabel('Operating hours').fill('12.5');
  await page.getByLabel('Visit date').fill('2026-03-04');
  await page.getByLabel('Started at').fill('2026-03-04T09:30');
  await page.getByLabel('Start time').fill('09:30');
  await page.getByLabel('Area safe').check();
  await page.getByRole('radiogroup', { name: 'Rating' }).getByText('Fair').click();
  await page.getByRole('radiogroup', { name: 'Weather' }).getByRole('radio', { name: 'Rain' }).click();
  const area = page.getByRole('combobox', { name: 'Area' });
  await area.click();
  await page.getByRole('option', { name: 'Basement' }).click();
  await page.getByLabel('Score', { exact: true }).fill('87');
  // Dependent select: nothing to choose until the category is set, then only what validFor allows.
  const sub = page.getByRole('radiogroup', { name: 'Sub category' });
  await expect(sub.getByRole('radio')).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Category' }).getByRole('radio', { name: 'Vehicle' }).click();
  await expect(sub.getByRole('radio')).toHaveText(subCategoriesFor('Vehicle'));
  await page.getByRole('radiogroup', { name: 'Category' }).getByRole('radio', { name: 'Equipment' }).click();
  await expect(sub.getByRole('radio')).toHaveText(subCategoriesFor('Equipment'));
  await sub.getByRole('radio', { name: 'Conveyor' }).click();
  if (opts.lookup) {
    const site = page.getByRole('combobox', { name: 'Site' });
    await site.fill('Acme');
    const first = page.getByRole('option').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(site).toHaveValue(/Acme/);
  }
  await page.getByRole('table', { name: 'Readings' }).getByLabel('Gauge').first().fill('P1');
  await page.getByRole('table', { name: 'Readings' }).getByLabel('Reading').first().fill('42');
  await page
    .getByLabel('Attachments')
    .setInputFiles({ name: 'site-photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('file-card')).toContainText('site-photo.png');
  // Signature: draw in the sign-here modal; pen-up saves it.
  await page.getByRole('button', { name: 'Sign here' }).first().click();
  const pad = page.getByTestId('signature-canvas');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 80, { steps: 8 });
  await page.mouse.move(box.x + 200, box.y + 30, { steps: 8 });
  await page.mouse.up();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Signature/ })).toBeVisible();
}

// The field user and the partner user (external sharing, the communities files path) both fill forms.
for (const username of PERSONAS)
  test(`${username}: launch from home, fill every control type, submit online: the org holds data, file and signature; the local record is gone`, async ({
    page,
  }) => {
    await openHome(page, env.system.url, username);
    const localId = await launchFromHome(page, TITLE);
    await expect(page.getByTestId('form-logo')).toBeVisible();
    await expect(page.getByTestId('form-created')).toContainText('Created');
    await fillEveryControl(page, { lookup: true });
    await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('success-dialog')).toContainText(MESSAGES.formSubmittedDialog, {
      timeout: 60_000,
    });
    await expect(page.getByTestId('success-dialog')).toContainText(MESSAGES.successfullySubmitted);

    const [rec, ...more] = await submissionsOf(localId);
    expect(more).toEqual([]);
    expect(rec?.cqext__Status__c).toBe('Submitted');
    const json = JSON.parse(rec?.cqext__Submission_JSON__c ?? '{}') as {
      data?: { General?: Record<string, unknown>; cqext__SQX_Inspection__c?: Record<string, unknown> };
    };
    const general = json.data?.General ?? {};
    expect(json.data?.cqext__SQX_Inspection__c).toEqual({
      cqext__Score__c: 87,
      cqext__Category__c: 'Equipment',
      cqext__Sub_Category__c: 'Conveyor',
    });
    expect(general).toMatchObject({
      Inspector: 'Ada Inspector',
      Notes: 'Line one\nLine two',
      Hours: 12.5,
      VisitDate: '2026-03-04',
      StartTime: expect.stringMatching(/^09:30/),
      Safe: true,
      Rating: 'Fair',
      Weather: 'Rain',
      Area: 'Basement',
      Readings: [{ C1: 'P1', C2: '42' }],
    });
    expect(String(general.StartedAt)).toMatch(/^2026-03-04T/);
    expect(String(general.Site)).toMatch(/Acme/);
    expect(String(general.Site_Id)).toMatch(/^001/);
    const files = general.Files as { ContentDocumentId: string; Name: string }[];
    expect(files).toHaveLength(1);
    expect(files[0]?.Name).toBe('site-photo.png');
    expect(files[0]?.ContentDocumentId).toMatch(/^069/);
    const [doc] = await orgQuery<{ Id: string; Title: string }>(
      env.org,
      env.token,
      `SELECT Id, Title FROM ContentDocument WHERE Id = '${files[0]?.ContentDocumentId}'`,
    );
    expect(doc?.Id).toBe(files[0]?.ContentDocumentId);
    const sigs = general.signatures as { SignatureBase64: string }[];
    expect(sigs[0]?.SignatureBase64).toMatch(/^data:image\/png;base64,.{200,}/);

    // Delivered: the local copy is deleted (checked before home, whose pending import may pull
    // org records back in).
    expect(await localCount(page, localId)).toBe(0);
    await page.getByTestId('success-dialog').getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${env.system.url}/`);
  });

for (const username of PERSONAS)
  test(`${username}: network off from the start: queued with the offline message, Submitted with the banner, kept across a reload, synced exactly once when back online`, async ({
    page,
    context,
  }) => {
    await openHome(page, env.system.url, username);
    // No visit of the form area first: the header's sign says the whole app is on the device.
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
    // Cache the form for offline use, then lose the network before launching it.
    await page.getByRole('tab', { name: /^Forms/ }).click();
    await page.getByLabel(`Offline ${TITLE}`).check({ force: true });
    await expect(page.getByLabel(`Offline ${TITLE}`)).toBeChecked();
    await context.setOffline(true);
    const localId = await launchFromHome(page, TITLE);
    await fillEveryControl(page, { lookup: false });
    await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText(MESSAGES.submitQueued);
    await page.waitForURL(`${env.system.url}/`);
    await page.getByRole('tab', { name: /^Submitted/ }).click();
    await expect(page.getByText(MESSAGES.submittedBanner)).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText(ALL_CONTROLS_FORM.formName).first()).toBeVisible();

    await page.reload();
    await expect(page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]')).toBeVisible();
    await page.getByRole('tab', { name: /^Submitted/ }).click();
    await expect(page.getByRole('tabpanel').getByText(ALL_CONTROLS_FORM.formName).first()).toBeVisible();
    expect(await submissionsOf(localId)).toEqual([]);

    await context.setOffline(false);
    await expect
      .poll(async () => (await submissionsOf(localId)).map((r) => r.cqext__Status__c), {
        timeout: 60_000,
      })
      .toEqual(['Submitted']);
    await expect(page.getByTestId('count-submitted')).toHaveText('0', { timeout: 30_000 });
    const [rec] = await submissionsOf(localId);
    const general = (
      JSON.parse(rec?.cqext__Submission_JSON__c ?? '{}') as { data: { General: Record<string, unknown> } }
    ).data.General;
    expect(general.Inspector).toBe('Ada Inspector');
    expect((general.Files as { ContentDocumentId: string }[])[0]?.ContentDocumentId).toMatch(/^069/);
    // A moment later there is still exactly one record.
    await page.waitForTimeout(3000);
    expect(await submissionsOf(localId)).toHaveLength(1);
  });

test('validation errors block the submit with the exact texts', async ({ page }) => {
  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, TITLE);
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toContainText(MESSAGES.fixFieldValidation);
  await expect(summary.getByRole('listitem')).toHaveText(['Inspector name is missing required fields']);
  // The draft may reach the org as In Progress (the uploader syncs drafts); it is never submitted.
  await page.waitForTimeout(1000);
  expect((await submissionsOf(localId)).map((r) => r.cqext__Status__c)).not.toContain('Submitted');
});

test('Discard asks first and deletes the local submission; Close keeps a draft; the unload warning guards edits', async ({
  page,
}) => {
  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, TITLE);
  await page.getByLabel('Inspector name').fill('Draft');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(`${env.system.url}/`);
  await expect(page.getByTestId('snackbar')).toHaveText(MESSAGES.changesSaved);
  expect(await localCount(page, localId)).toBe(1);
  await page.goto(`${env.system.url}/form/${localId}`);
  await expect(page.getByLabel('Inspector name')).toHaveValue('Draft');

  await page.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MESSAGES.discardConfirm);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // The uploader syncs drafts: this one is in the org (In Progress) before it is discarded.
  await expect.poll(async () => (await submissionsOf(localId)).length, { timeout: 30_000 }).toBe(1);
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
  await page.waitForURL(`${env.system.url}/`);
  expect(await localCount(page, localId)).toBe(0);
  // Home's import of pending org records does not bring the discarded draft back, and has the org
  // delete its copy.
  const imported = page.waitForResponse((r) => r.url().includes('/api/pendingSubmissions') && r.ok());
  await page.reload();
  await imported;
  await expect.poll(async () => (await submissionsOf(localId)).length, { timeout: 30_000 }).toBe(0);
  expect(await localCount(page, localId)).toBe(0);

  // Leaving the page with edits: the browser's leave-page dialog (beforeunload); dismissed = stay.
  await launchFromHome(page, TITLE);
  await page.getByLabel('Inspector name').fill('Unsaved');
  const leaveDialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const shown = await leaveDialog;
  expect(shown.type()).toBe('beforeunload');
  await shown.dismiss();
  await expect(page.getByLabel('Inspector name')).toHaveValue('Unsaved');
});

test('read-only views show only Close; an unknown id shows the mismatch message with a way back', async ({
  page,
}) => {
  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, TITLE);
  await page.getByLabel('Inspector name').fill('Seen only');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(`${env.system.url}/`);
  for (const path of [`/form/${localId}?mode=readOnly`, `/form/selected-submission?id=${localId}`]) {
    await page.goto(`${env.system.url}${path}`);
    await expect(page.getByLabel('Inspector name')).toHaveValue('Seen only');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Discard' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(page.getByLabel('Inspector name')).not.toBeEditable();
  }
  await page.goto(`${env.system.url}/form/not-a-submission`);
  await expect(page.getByText(MESSAGES.submissionNotFound)).toBeVisible();
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).not.toHaveURL(/not-a-submission/);
});

test('print view: the PDF Chromium prints has the logo header, subheader, every section and the full textarea text', async ({
  page,
}) => {
  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, TITLE);
  const created = (await page.getByTestId('form-created').textContent()) ?? '';
  await page.getByLabel('Inspector name').fill('Printed Person');
  const longNote = Array.from({ length: 12 }, (_, i) => `Observation line ${i + 1}`).join('\n');
  await page.getByLabel('Notes').fill(longNote);
  // Close the second section on screen: the print still shows it.
  await page.getByRole('button', { name: 'Choices' }).click();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(`${env.system.url}/`);
  await page.goto(`${env.system.url}/form/${localId}?view=print`);
  await expect(page.getByTestId('print-view')).toBeVisible();
  await expect(page.getByTestId('print-logo')).toBeVisible();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const text = await pdfText(pdf);
  expect(text).toContain(ALL_CONTROLS_FORM.formName);
  // the subheader's Created reads as the form header's (and home's): one date style everywhere
  const spaces = (t: string) => t.replace(/[\s\u202f\u00a0]+/g, ' ');
  expect(created).toMatch(/^Created \S.*\d{4}/);
  expect(spaces(text)).toContain(`${spaces(created)} · Status in progress`);
  for (const section of ['Basics', 'Choices', 'Evidence']) expect(text).toContain(section);
  expect(text).toContain('Printed Person');
  expect(text).toContain('Observation line 12');
  // Footer and buttons are not printed.
  expect(text).not.toContain('Discard');
});

test("the partner user's file goes through the communities files path", async ({ page }) => {
  await fetch(`${env.org}/__emulator/counters`, { method: 'DELETE' });
  await openHome(page, env.system.url, 'partner.user@demo.org');
  await launchFromHome(page, TITLE);
  await page.getByLabel('Inspector name').fill('Paula');
  await page
    .getByLabel('Attachments')
    .setInputFiles({ name: 'partner.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('success-dialog')).toContainText(MESSAGES.formSubmittedDialog, {
    timeout: 60_000,
  });
  const counters = (await (await fetch(`${env.org}/__emulator/counters`)).json()) as {
    routes: Record<string, number>;
  };
  const uploads = Object.entries(counters.routes).filter(([route]) => /files\/users\/me/.test(route));
  expect(uploads.length).toBeGreaterThan(0);
  expect(uploads.every(([route]) => route.includes('communities'))).toBe(true);
});

/** How many local submissions with this id the browser's submissions database holds. */
function localCount(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (key) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('SubmissionsDatabase');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('submissions')) return resolve(-1);
          const req = db.transaction('submissions').objectStore('submissions').count(key);
          req.onsuccess = () => resolve(req.result);
        };
        open.onerror = () => resolve(-1);
      }),
    id,
  );
}

async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  return pages.join('\n');
}
