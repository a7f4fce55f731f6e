// The builder's canvas in Chromium against the running system and the org emulator (issue 9): the
// logo upload checks and their 5 s message, section delete (renumbering, its tables removed), the
// documents panel of a safety inspection (a document loaded with its sections and questions; a
// document that no longer loads removed with its query and the 10 s error toast), toasts shown
// once, and the link to publishing. Timers are driven with Playwright's clock, never waited out.
import { expect, test, type Page } from '@playwright/test';
import { BUILDER, BUILDER_EDITOR_MESSAGES, logoTooLarge, MESSAGES } from 'shared-contracts';
import { signInAtOrg } from '../support/auth';
import { newFormDefinition } from '../support/org';
import { builderSuite, drag, palette, dropZone, startNewForm, tableZone } from '../support/builder-canvas';

const env = builderSuite();

const newFormRecord = (title: string): Promise<string> => newFormDefinition(env.org, env.token, title);

/** Signed in as the admin, through the start dialog to an empty canvas on `primary`. */
async function openNewForm(page: Page, title: string, primary: string): Promise<string> {
  const id = await newFormRecord(title);
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await startNewForm(page, env.system.url, id, { primary });
  return id;
}

/** Chakra toasts on the page holding `text` (every toast region of every React root counts). */
const toasts = (page: Page, text: string) => page.locator('.chakra-toast', { hasText: text });

/** Stops the page's (installed) clock half a second ahead: timers then run only when told. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

/** A minimal valid PNG padded (after IEND, which decoders ignore) to `bytes`. */
function png(bytes: number): Buffer {
  const one = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([one, Buffer.alloc(Math.max(0, bytes - one.length))]);
}

test('logo: the logo upload modal; png or jpg only, at most 200 KB, each message shown for 5 s; a good logo is set, saved and deleted', async ({
  page,
}) => {
  await page.clock.install();
  const id = await openNewForm(page, 'Builder Logo Form', 'cqext__SQX_Inspection__c');
  const dialog = page.getByRole('dialog', { name: 'Logo upload' });
  const input = dialog.getByLabel('Logo file');
  const message = dialog.getByTestId('logo-message');
  const upload = dialog.getByRole('button', { name: 'Upload' });

  await page.getByRole('button', { name: 'Add Logo' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('A png or jpg image, at most 200 KB.')).toBeVisible();
  await expect(upload).toBeDisabled();

  await pauseClock(page);
  await input.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(message).toHaveText(MESSAGES.logoType);
  await expect(message).toHaveText('Logo should be jpg or png type');
  await expect(upload).toBeDisabled();
  await page.clock.runFor(BUILDER.logoMessageMs - 100);
  await expect(message).toBeVisible();
  await page.clock.runFor(200);
  await expect(message).toBeHidden();

  const big = png(250 * 1024);
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(message).toHaveText(logoTooLarge(Math.round(big.length / 1024)));
  await expect(message).toHaveText('Logo size is 250 KB, Please limit it to 200KB');
  await expect(upload).toBeDisabled();
  await page.clock.runFor(BUILDER.logoMessageMs - 100);
  await expect(message).toBeVisible();
  await page.clock.runFor(200);
  await expect(message).toBeHidden();
  await page.clock.resume();

  // Exactly 200 KB is allowed: shown in the modal, set only on Upload.
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(200 * 1024) });
  await expect(dialog.getByRole('img', { name: 'New logo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Form logo' })).toHaveCount(0);
  await upload.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Form logo' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Logo' }).click();
  await expect(page.getByRole('img', { name: 'Form logo' })).toHaveCount(0);

  // A jpg through Add Logo; Edit Logo shows it and Cancel keeps it.
  await page.getByRole('button', { name: 'Add Logo' }).click();
  await input.setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: png(1024) });
  await upload.click();
  await expect(page.getByRole('img', { name: 'Form logo' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Logo' }).click();
  await expect(dialog.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Form logo' })).toBeVisible();

  // The org holds it in the form's styles.header after Save Form.
  await page.getByRole('button', { name: 'Save Form' }).click();
  await expect(toasts(page, 'Form saved successfully.')).toHaveCount(1);
  const saved = await env.rest<{ cqext__Form_JSON__c: string | null }>(
    `/sobjects/cqext__SQX_Form_Definition__c/${id}`,
  );
  const json = JSON.parse(saved.cqext__Form_JSON__c ?? '{}') as { styles?: { header?: { logo?: string } } };
  expect(json.styles?.header?.logo).toMatch(/^data:image\/jpeg;base64,/);
});

test('section delete: later sections renumbered, the deleted section’s fields and tables removed; toasts shown once', async ({
  page,
}) => {
  await page.clock.install();
  await openNewForm(page, 'Builder Sections Form', 'cqext__SQX_Inspection__c');
  const addSection = page.getByRole('button', { name: 'Add Section' });
  await addSection.click();
  await addSection.click();
  const sections = page.getByTestId('section');
  await expect(sections).toHaveCount(3);

  // Section 2: a text field and a table; section 3: a table.
  await drag(page, palette(page, 'general:text'), dropZone(page, 2));
  await drag(page, palette(page, 'general:table'), tableZone(page, 2));
  await drag(page, palette(page, 'general:table'), tableZone(page, 3));
  await expect(page.locator('[data-kind="table"]')).toHaveCount(2);
  await expect(sections.nth(1).locator('[data-kind="table"]')).toHaveAttribute('data-field-key', 'G_Table_1');
  await expect(sections.nth(2).locator('[data-kind="table"]')).toHaveAttribute('data-field-key', 'G_Table_2');

  // The table's relationship name (Update Header) is checked against the form's other names.
  const table2 = sections.nth(2).locator('[data-kind="table"]');
  await table2.getByRole('button', { name: 'Update Header' }).click();
  let header = page.getByRole('dialog', { name: 'Update header' });
  await expect(header.getByLabel('Relationship Name')).toHaveValue('G_Table_2__r');
  await header.getByLabel('Relationship Name').fill('G_Table_1__r');
  await expect(header.getByText(BUILDER_EDITOR_MESSAGES.relationshipNameConflict)).toBeVisible();
  await expect(header.getByRole('button', { name: 'Save' })).toBeDisabled();
  await header.getByLabel('Relationship Name').fill('Parts__r');
  await header.getByRole('button', { name: 'Save' }).click();
  await expect(header).toBeHidden();
  await table2.getByRole('button', { name: 'Update Header' }).click();
  header = page.getByRole('dialog', { name: 'Update header' });
  await expect(header.getByLabel('Relationship Name')).toHaveValue('Parts__r');
  await header.getByRole('button', { name: 'Cancel' }).click();
  await expect(header).toBeHidden();

  await page.getByRole('button', { name: 'Delete section Section 2' }).click();
  await expect(sections).toHaveCount(2);
  await expect(sections.locator('[aria-label^="Section title "]')).toHaveText(['Section 1', 'Section 2']);
  await expect(sections.nth(1)).toHaveAttribute('data-section-id', 'section-2');
  // Section 2's text field and table are gone; old section 3's table is now in section 2.
  await expect(page.locator('[data-kind="text"]')).toHaveCount(0);
  await expect(page.locator('[data-kind="table"]')).toHaveCount(1);
  await expect(sections.nth(1).locator('[data-kind="table"]')).toHaveAttribute('data-field-key', 'G_Table_2');
  await expect(page.locator('[data-drop-id="drop-3"]')).toHaveCount(0);

  // Undo brings the section back with its items.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(sections).toHaveCount(3);
  await expect(page.locator('[data-kind="table"]')).toHaveCount(2);

  // Last (its paused clock must not hold a drag's end while other steps run): a refused drop's
  // warning toast appears once (not once per React root). The clock is
  // paused so the 3 s toast is still there however slow the count is.
  await pauseClock(page);
  await drag(page, palette(page, 'general:text'), tableZone(page, 1));
  const refusal = toasts(page, 'Only tables can be dropped into a table area.');
  await expect(refusal).toHaveCount(1);
  await expect(refusal).toBeVisible();
  await page.clock.resume();
});

test('publishing is one click away: the header links to /templates', async ({ page }) => {
  await openNewForm(page, 'Builder Link Form', 'cqext__SQX_Inspection__c');
  const link = page.getByRole('link', { name: 'Publish templates' });
  await expect(link).toHaveAttribute('href', '/templates');
  await link.click();
  await page.waitForURL(`${env.system.url}/templates`);
  await expect(
    page.locator('[data-testid="remote-screen"][data-remote="mfe-builder"]').first(),
  ).toBeVisible();
  await expect(page.getByTestId('builder')).toHaveCount(0);
});

test('documents of a safety inspection: one loads with its sections and questions; one that no longer loads is removed with the 10 s toast', async ({
  page,
}) => {
  await page.clock.install();
  const formId = await openNewForm(page, 'Builder Safety Form', 'cqext__SQX_Safety_Inspection__c');
  const docs = page.getByTestId('palette-documents').getByTestId('palette-item');
  // Controlled documents: safety inspection criteria that are Current or Pre-Release only.
  await expect(docs).toHaveCount(3);
  const labels = await docs.allTextContents();
  expect(labels.some((l) => l.includes('DOC-0001') && l.includes('Fire Safety Inspection Criteria'))).toBe(
    true,
  );
  expect(labels.some((l) => l.includes('DOC-0002'))).toBe(true);
  expect(labels.some((l) => /DOC-0004|DOC-0005/.test(l))).toBe(false);

  const records = await env.rest<{ records: Array<{ Id: string; Name: string }> }>(
    `/query?q=${encodeURIComponent("SELECT Id, Name FROM cqext__SQX_Controlled_Document__c WHERE Name IN ('DOC-0001','DOC-0003')")}`,
  );
  const doc1 = records.records.find((r) => r.Name === 'DOC-0001')!;
  const doc3 = records.records.find((r) => r.Name === 'DOC-0003')!;

  // DOC-0001 loads: shown in the section with its 3 sections and 12 questions; greyed in the panel.
  await drag(page, palette(page, doc1.Id), dropZone(page, 1));
  const sectionDocs = page.getByTestId('section-documents');
  await expect(sectionDocs).toContainText('DOC-0001');
  await expect(sectionDocs).toContainText('(3 sections, 12 questions)');
  await expect(palette(page, doc1.Id)).toHaveAttribute('data-dragged', 'true');

  // DOC-0003 is deleted in the org after the panel listed it: its load finds no data.
  await env.rest(`/sobjects/cqext__SQX_Controlled_Document__c/${doc3.Id}`, { method: 'DELETE' });
  await pauseClock(page);
  await drag(page, palette(page, doc3.Id), dropZone(page, 1));
  const error = toasts(page, 'DOC-0003');
  await expect(error).toHaveCount(1);
  await expect(sectionDocs).not.toContainText('DOC-0003');
  await expect(palette(page, doc3.Id)).toHaveAttribute('data-dragged', 'false');
  await page.clock.runFor(BUILDER.documentErrorToastMs - 200);
  await expect(error).toHaveCount(1);
  await page.clock.runFor(400);
  await page.clock.resume();
  await expect(error).toHaveCount(0);

  // Saved: the loaded document's DOCUMENTS query is kept, the failed one's is gone.
  await page.getByRole('button', { name: 'Save Form' }).click();
  await expect(toasts(page, 'Form saved successfully.')).toHaveCount(1);
  const saved = await env.rest<{ cqext__Form_JSON__c: string | null }>(
    `/sobjects/cqext__SQX_Form_Definition__c/${formId}`,
  );
  const json = JSON.parse(saved.cqext__Form_JSON__c ?? '{}') as {
    queries: Array<{ type: string; key: string; filter: { field: string; operator: string; value: string } }>;
  };
  expect(json.queries).toHaveLength(1);
  expect(json.queries[0]).toMatchObject({
    type: 'DOCUMENTS',
    key: doc1.Id,
    filter: { field: 'Name', operator: 'eq', value: 'DOC-0001' },
  });
});
