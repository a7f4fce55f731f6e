// The form builder (issue 9) in Chromium against the running system and the org emulator: start
// dialog, drag and drop (pointer and keyboard), field edits through the edit modal, autosave (PUT)
// seen by the org, Save Form (POST) and redirect, reopening, and filling the form in mfe-form's renderer.
import { expect, test, type Page } from '@playwright/test';
import { signInAtOrg } from '../support/auth';
import { newFormDefinition } from '../support/org';
import { builderSuite, drag, palette, dropZone, startNewForm, tableZone } from '../support/builder-canvas';

const env = builderSuite();

/** A new, empty form definition record in the org (no builder JSON yet), offline-capable. */
const newFormRecord = (title: string): Promise<string> =>
  newFormDefinition(env.org, env.token, title, { cqext__Supports_Offline__c: true });

async function formRecord(id: string): Promise<{ builder: string | null; form: string | null }> {
  const r = await env.rest<Record<string, string | null>>(`/sobjects/cqext__SQX_Form_Definition__c/${id}`);
  return { builder: r.cqext__Form_Builder_JSON__c ?? null, form: r.cqext__Form_JSON__c ?? null };
}

const fields = (page: Page) => page.getByTestId('canvas-field');

let recordId: string;
let savedKeys: string[] = [];

test('start dialog to a built, autosaved and saved form', async ({ page }) => {
  test.setTimeout(300_000);
  const methods: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/saveFormBuilderJSON')) methods.push(r.method());
  });
  recordId = await newFormRecord('Builder E2E Form');
  await signInAtOrg(page, env.system.url, 'admin@demo.org');

  // Start dialog: namespace custom objects only, context objects from the primary's lookups.
  const options = await startNewForm(page, env.system.url, recordId, {
    primary: 'cqext__SQX_Inspection__c',
    context: 'Account',
  });
  expect(options.some((o) => /__mdt\)|__e\)|Audit|\(Account\)/.test(o))).toBe(false);
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'true');

  // General items into section 1 by pointer: rows of at most 2.
  for (const kind of ['text', 'dropdown', 'date'])
    await drag(page, palette(page, `general:${kind}`), dropZone(page, 1));
  await expect(fields(page)).toHaveCount(3);
  await expect(page.getByTestId('canvas-row')).toHaveCount(2);
  await expect(fields(page).nth(0)).toHaveAttribute('data-field-key', 'CQ_Form_Text_Field');
  await expect(fields(page).nth(0)).toHaveAttribute('data-field-id', '100');
  await expect(fields(page).nth(2)).toHaveAttribute('data-field-id', '300');
  // Dropped General items are greyed (builder spec section 4) and say they are on the form; the others
  // are not. A greyed General item still drops again: a second text field gets its own API name.
  await expect(palette(page, 'general:text')).toHaveAttribute('data-dragged', 'true');
  await expect(palette(page, 'general:text')).toContainText('(on the form)');
  await expect(palette(page, 'general:text')).toHaveCSS('background-color', 'rgb(237, 242, 247)');
  await expect(palette(page, 'general:yesno')).toHaveAttribute('data-dragged', 'false');
  await drag(page, palette(page, 'general:text'), dropZone(page, 1));
  await expect(fields(page)).toHaveCount(4);
  await expect(fields(page).nth(3)).toHaveAttribute('data-field-key', 'CQ_Form_Text_Field_2');
  await fields(page)
    .nth(3)
    .getByRole('button', { name: /^Remove / })
    .click();
  await expect(fields(page)).toHaveCount(3);
  await expect(palette(page, 'general:text')).toHaveAttribute('data-dragged', 'true');

  // Keyboard drag: focus the Yes/No item, lift with Space, arrow to a drop place, drop with Space.
  const yesNo = palette(page, 'general:yesno');
  await yesNo.focus();
  await page.keyboard.press('Space');
  await expect(
    page
      .locator(
        '[aria-pressed="true"][data-item-id="general:yesno"], [aria-describedby][data-item-id="general:yesno"]',
      )
      .first(),
  ).toBeVisible();
  // Screen readers hear the lift and the place reached (dnd-kit's live region).
  const liveRegion = page.locator('[id^="DndLiveRegion"]');
  await expect(liveRegion).toContainText('Picked up');
  await page.keyboard.press('ArrowDown');
  await expect(dropZone(page, 1)).toHaveCSS('border-top-color', 'rgb(49, 130, 206)'); // the zone shows it is the target
  await expect(liveRegion).toContainText(/ is over (the end|row \d+|the tables) of \S/);
  await page.keyboard.press('Space');
  await expect(fields(page)).toHaveCount(4);
  await expect(page.locator('[data-kind="yesno"]')).toHaveCount(1);

  // A table goes to the table area; a plain field is refused there, an object field too.
  await drag(page, palette(page, 'general:table'), tableZone(page, 1));
  await expect(page.locator('[data-kind="table"]')).toHaveCount(1);
  await expect(page.locator('[data-kind="table"]')).toHaveAttribute('data-field-key', 'G_Table_1');
  const objectItem = page.getByTestId('palette-primary').getByTestId('palette-item').first();
  const objectItemId = (await objectItem.getAttribute('data-item-id')) ?? '';
  await drag(page, objectItem, tableZone(page, 1));
  await expect(page.getByText('Object fields cannot be dropped into a table area.').first()).toBeVisible();
  await expect(palette(page, objectItemId)).toHaveAttribute('data-dragged', 'false');

  // An object field into the section: greyed in the palette; removed: back.
  await drag(page, palette(page, objectItemId), dropZone(page, 1));
  await expect(palette(page, objectItemId)).toHaveAttribute('data-dragged', 'true');
  const objectChip = page.locator('[data-kind="object"]');
  await objectChip.getByRole('button', { name: /^Remove / }).click();
  await expect(palette(page, objectItemId)).toHaveAttribute('data-dragged', 'false');
  await drag(page, palette(page, objectItemId), dropZone(page, 1));
  await expect(page.locator('[data-kind="object"]')).toHaveCount(1);

  // Undo / redo across edits.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(page.locator('[data-kind="object"]')).toHaveCount(0);
  await page.keyboard.press('Control+Shift+z');
  await expect(page.locator('[data-kind="object"]')).toHaveCount(1);

  // Signature and file attachment chips.
  await page.getByRole('button', { name: 'Add Signature' }).click();
  await page.getByLabel('Purpose').fill('Inspector');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('signature-chip')).toHaveText(/Inspector/);
  await page.getByRole('button', { name: 'Add File Attachment' }).click();
  await expect(page.getByTestId('files-chip')).toBeVisible();

  // Edit the text field: each preset, then duplicate API name and a bad date default.
  const textChip = page.locator('[data-field-key="CQ_Form_Text_Field"]');
  for (const preset of [
    'Email Address',
    'Phone Number',
    'Numeric',
    'Alphanumeric',
    'Alphabetic',
    'ZIP Code',
    'URL',
  ]) {
    await textChip.getByRole('button', { name: /^Edit / }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Validation Rule').selectOption({ label: preset });
    await expect(modal.getByLabel('Error Message')).toHaveValue(`Field Validation : ${preset} Only`);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
  }
  await textChip.getByRole('button', { name: /^Edit / }).click();
  let modal = page.getByRole('dialog');
  await modal.getByRole('textbox', { name: /^Label/ }).fill('Inspector Email');
  await modal.getByLabel('API Name').fill('CQ_Form_Dropdown');
  await expect(
    page.getByText('API Name already exists. Please enter a unique API Name.').first(),
  ).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
  await modal.getByLabel('API Name').fill('CQ_Form_Inspector_Email');
  await modal.getByLabel('Required').check({ force: true });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-field-key="CQ_Form_Inspector_Email"]')).toContainText('Inspector Email *');

  await page
    .locator('[data-kind="date"]')
    .getByRole('button', { name: /^Edit / })
    .click();
  modal = page.getByRole('dialog');
  await modal.getByLabel('Default Value').fill('2024-01-01');
  await expect(modal.getByText('Invalid Date Format.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
  await modal.getByLabel('Default Value').fill('01/31/2025 09:30 AM');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();

  // Autosave (PUT) within ~10 s; the org has the builder JSON, the renderer's JSON is untouched.
  await expect
    .poll(
      async () => {
        const b = (await formRecord(recordId)).builder;
        return b ? Buffer.from(b, 'base64').toString('utf8').includes('01/31/2025 09:30 AM') : false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(methods).toContain('PUT');
  expect(methods).not.toContain('POST');
  await expect(page.getByTestId('save-toast')).toContainText('Last saved at');
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'false');
  const afterAutosave = await formRecord(recordId);
  expect(afterAutosave.builder).toBeTruthy();
  const autosaved = JSON.parse(Buffer.from(afterAutosave.builder!, 'base64').toString('utf8')) as Record<
    string,
    unknown
  >;
  expect(autosaved.cqFormType).toBe('cqext__SQX_Inspection__c');
  expect(autosaved.contextObject).toBe('Account');
  expect(autosaved.version).toBe('2.0.0');

  savedKeys = await fields(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-field-key') ?? ''));

  // Save Form: POST, success message, then the record page in the org after 2 s.
  const post = page.waitForRequest(
    (r) => r.url().includes('/api/saveFormBuilderJSON') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save Form' }).click();
  await post;
  await expect(page.getByText('Form saved successfully.').first()).toBeVisible();
  await page.waitForURL(new RegExp(`/lightning/r/cqext__SQX_Form_Definition__c/${recordId}/view`), {
    timeout: 10_000,
  });
  const saved = await formRecord(recordId);
  const formJson = JSON.parse(saved.form ?? '{}') as {
    schema: { properties: Record<string, { properties: Record<string, unknown>; required: string[] }> };
    Files?: unknown;
    signatures: unknown;
  };
  expect(formJson.schema.properties.General!.required).toContain('CQ_Form_Inspector_Email');
  expect(formJson.schema.properties.General!.properties.CQ_Form_Inspector_Email).toMatchObject({
    regexRuleName: 'URL Only',
  });
  expect(formJson.Files).toBeTruthy();
  expect(formJson.signatures).toEqual([{ Purpose: 'Inspector' }]);
});

test('reopening gives the same canvas back; the preview (mfe-form FormRenderer) draws and fills it', async ({
  page,
}) => {
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await page.goto(`${env.system.url}/CQEditFormSF/${recordId}`);
  await expect(page.getByTestId('builder')).toBeVisible();
  await expect(fields(page)).toHaveCount(savedKeys.length);
  expect(
    await fields(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-field-key') ?? '')),
  ).toEqual(savedKeys);
  await expect(page.getByTestId('signature-chip')).toHaveCount(1);
  await expect(page.getByTestId('files-chip')).toBeVisible();
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'false');

  // The live preview draws the form with mfe-form's FormRenderer (Module Federation).
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('preview').getByText('Inspector Email').first()).toBeVisible();

  // Fill it in the renderer: the builder's URL preset is enforced by the end-user renderer.
  const input = page
    .getByTestId('preview')
    .getByRole('textbox', { name: /Inspector Email/ })
    .first();
  await input.fill('https://example.org');
  await expect(input).toHaveValue('https://example.org');
  // The renderer's own view of the saved definition (Form_JSON read by the end-user app).
  const saved = JSON.parse((await formRecord(recordId)).form ?? '{}') as {
    ui: { elements: Array<{ type: string }> };
  };
  expect(saved.ui.elements.map((e) => e.type)).toEqual(['Section', 'Group', 'genericfileupload']);
});

test('the preview shows a notice when mfe-form is down, and the builder keeps working', async ({ page }) => {
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await env.system.procs['mfe-form'].stop();
  await page.goto(`${env.system.url}/CQEditFormSF/${recordId}`);
  await expect(page.getByTestId('builder')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('preview-unavailable')).toBeVisible({ timeout: 30_000 });
  await drag(page, palette(page, 'general:text'), dropZone(page, 1));
  await expect(page.getByTestId('unsaved-indicator')).toHaveAttribute('data-dirty', 'true');
});
