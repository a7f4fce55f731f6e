import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import { freePort, startRemote, type Proc } from '../support/system';

// Issue 9, the builder's editors in Chromium: field edit modal, table editor, rule editor, on
// mfe-builder's own origin (/editors, the editors playground: no shell, no org needed).

let remote: Proc | undefined;
let base = '';
test.beforeAll(async () => {
  const port = await freePort();
  remote = await startRemote('mfe-builder', port, { quiet: true });
  base = `http://127.0.0.1:${port}`;
});
test.afterAll(async () => remote?.stop());

const seriousViolations = async (page: Page, include: string) => {
  const result = await new AxeBuilder({ page }).include(include).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const open = async (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/editors`);
  await expect(page.getByRole('heading', { name: 'Builder editors playground' })).toBeVisible();
  return errors;
};

const saved = async (page: Page) =>
  JSON.parse((await page.getByTestId('saved-fields').textContent()) ?? '[]');

test('field edit modal: API name from the label, duplicates, every preset, date and dropdown defaults', async ({
  page,
}) => {
  const errors = await open(page);
  await page.getByRole('button', { name: 'New Text Field' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Label').pressSequentially('Inspector');
  // CQ_Form_Inspector is taken in the playground's form: the derived name gets _2.
  await expect(dialog.getByLabel('API Name')).toHaveValue('CQ_Form_Inspector_2');
  await dialog.getByLabel('API Name').fill('cq_form_inspector');
  await expect(dialog.getByText(M.duplicateApiName)).toBeVisible();
  await expect(
    page.getByRole('status').or(page.locator('[role=alert]')).filter({ hasText: M.duplicateApiName }).first(),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('API Name').fill('CQ_Form_Inspector_Name');
  await dialog.getByLabel('Label').fill('x'.repeat(41));
  await expect(dialog.getByText(M.labelTooLong)).toBeVisible();
  await dialog.getByLabel('Label').fill('Inspector Name');
  await dialog.getByLabel('Default Value').fill('d'.repeat(49));
  await expect(dialog.getByText(M.defaultTooLong)).toBeVisible();
  await dialog.getByLabel('Default Value').fill('');

  const presets: Array<[string, string, string]> = [
    ['Email Address', 'a@b.co', 'a b@c.co'],
    ['Phone Number', '+14155552671', '0123'],
    ['Numeric', '3.14', '3.'],
    ['Alphanumeric', 'abc123', 'abc 123'],
    ['Alphabetic', 'abc', 'abc1'],
    ['ZIP Code', '12345-6789', '1234'],
    ['URL', 'https://example.com/a', 'not a url'],
  ];
  for (const [preset, good, bad] of presets) {
    await dialog.getByLabel('Validation Rule').selectOption(preset);
    await expect(dialog.getByLabel('Error Message')).toHaveValue(`Field Validation : ${preset} Only`);
    const pattern = await dialog.getByLabel('Rule Code').inputValue();
    // The stored pattern, compiled the way Ajv and the renderer do, in this browser.
    const verdict = await page.evaluate(
      ([p, g, b]) => [new RegExp(p!, 'u').test(g!), new RegExp(p!, 'u').test(b!)],
      [pattern, good, bad],
    );
    expect(verdict, preset).toEqual([true, false]);
  }
  // Custom starts from the preset it replaces: both become editable.
  await dialog.getByLabel('Validation Rule').selectOption('Custom');
  await expect(dialog.getByLabel('Error Message')).toHaveValue('Field Validation : URL Only');
  await dialog.getByLabel('Error Message').fill('');
  await expect(dialog.getByText(M.customMessageRequired)).toBeVisible();
  await dialog.getByLabel('Rule Code').fill('[a-');
  await expect(dialog.getByText(M.customPatternInvalid)).toBeVisible();
  await dialog.getByLabel('Rule Code').fill('^INS-\\d+$');
  await dialog.getByLabel('Error Message').fill('INS- and digits');
  await dialog.getByLabel('Required').check({ force: true });
  expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect((await saved(page))[0]).toMatchObject({
    kind: 'text',
    label: 'Inspector Name',
    apiName: 'CQ_Form_Inspector_Name',
    required: true,
    validation: { regexRuleName: 'Custom', pattern: '^INS-\\d+$', errorMessage: 'INS- and digits' },
  });

  await page.getByRole('button', { name: 'New Date Field' }).click();
  await dialog.getByLabel('Label').fill('Due');
  await dialog.getByLabel('Default Value').fill('2024-05-01 10:00');
  await expect(dialog.getByText('Invalid Date Format.')).toBeVisible();
  await expect(dialog.getByText('MM/DD/YYYY hh:mm AM|PM')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Default Value').fill('05/01/2024 10:00 AM');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved(page))[1]).toMatchObject({
    apiName: 'CQ_Form_Due',
    defaultValue: '05/01/2024 10:00 AM',
  });

  await page.getByRole('button', { name: 'New Dropdown' }).click();
  await dialog.getByLabel('Label').fill('Status');
  const add = dialog.getByPlaceholder('New value');
  for (const v of ['Open', '', 'open', 'Closed']) {
    await add.fill(v);
    await add.press('Enter');
  }
  await expect(
    dialog.getByRole('list', { name: 'Picklist values' }).getByRole('listitem').locator('p'),
  ).toHaveText(['Open', 'Closed']);
  await dialog.getByLabel('Default Value').fill('Pending');
  await expect(dialog.getByText(M.dropdownDefaultPlaceholder)).toBeVisible();
  await dialog.getByLabel('Default Value').fill('Closed');
  await dialog.getByRole('button', { name: 'Delete value Open' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved(page))[2]).toMatchObject({
    apiName: 'CQ_Form_Status',
    defaultValue: 'Closed',
    options: [{ const: 'Closed', title: 'Closed' }],
  });
  expect(errors).toEqual([]);
});

test('table editor: pointer resize, cell pattern warning for 3000 ms, columns, rows, header', async ({
  page,
}) => {
  const errors = await open(page);
  const table = async () => JSON.parse((await page.getByTestId('table-json').textContent()) ?? '{}');
  const handle = page.getByRole('separator', { name: 'Resize column Column 1' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(handle).toHaveAttribute('aria-valuenow', /^(30[0-9]|31[0-9])$/);
  await page.mouse.move(box.x + 60, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 400, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(handle).toHaveAttribute('aria-valuenow', '50');
  expect((await table()).table.columns[0].width).toBe(50);
  const th = await page.getByRole('columnheader').first().boundingBox();
  expect(Math.round(th!.width)).toBe(50);

  await page.getByText('Column 2', { exact: true }).dblclick();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Column Name').fill('');
  await expect(dialog.getByText(M.columnValueEmpty)).toBeVisible();
  await dialog.getByLabel('Column Name').fill('Qty');
  await dialog.getByLabel('Validation Rule').selectOption('Numeric');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const cell = page.getByRole('textbox', { name: 'Qty row 1', exact: true });
  await cell.fill('12a');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(cell).toHaveCSS('border-top-color', 'rgb(229, 62, 62)');
  await page.getByRole('button', { name: 'Show error of Qty row 1' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Field Validation : Numeric Only' });
  await expect(alert).toBeVisible();
  await expect(alert).toBeHidden({ timeout: 6000 });
  await cell.fill('12');
  await cell.blur();
  expect((await table()).table.rows[0]).toEqual({ C2: 12 });

  await page.getByRole('button', { name: 'Add Column' }).click();
  await page.getByRole('checkbox', { name: 'Select column Qty' }).check({ force: true });
  await page.getByRole('button', { name: 'Remove Column' }).click();
  await expect(page.getByRole('columnheader')).toHaveText(['Column 1', 'Column 2', 'Column 3']);
  await expect(page.getByRole('button', { name: 'Remove Column' })).toBeDisabled();
  await page.getByRole('button', { name: 'Remove Row' }).click();
  await expect(page.getByRole('button', { name: 'Remove Row' })).toBeDisabled();
  await page.getByRole('button', { name: 'Update Header' }).click();
  await dialog.getByLabel('Header').fill('Spare parts');
  await dialog.getByLabel('Relationship Name').fill('G_Table_1__r');
  await expect(dialog.getByText(M.relationshipNameConflict)).toBeVisible();
  await dialog.getByLabel('Relationship Name').fill('Spare_parts__r');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await table()).toMatchObject({
    table: { title: 'Spare parts' },
    relationshipName: 'Spare_parts__r',
  });
  expect(await seriousViolations(page, '[aria-label="Table"]')).toEqual([]);
  await page.getByRole('button', { name: 'Delete table' }).click();
  await expect(page.getByText('Table deleted')).toBeVisible();
  expect(errors).toEqual([]);
});

test('rule editor writes the JSON the renderer reads', async ({ page }) => {
  const errors = await open(page);
  const rules = page.getByRole('group', { name: 'Rules' });
  await rules.getByLabel('New rule type').selectOption('visible');
  await rules.getByRole('button', { name: 'Add Rule' }).click();
  await rules.getByRole('button', { name: 'Add Condition' }).click();
  await rules.getByLabel('Condition 1 field').fill('General.CQ_Form_Status');
  await rules.getByLabel('Condition 1 value').fill('Closed');
  await rules.getByLabel('New rule type').selectOption('setValues');
  await rules.getByRole('button', { name: 'Add Rule' }).click();
  await rules.getByLabel('Set 1 field').fill('General.CQ_Form_Due');
  await rules.getByLabel('Set 1 function').selectOption('addDays');
  await rules.getByLabel('Set 1 days').fill('2');
  expect(JSON.parse((await page.getByTestId('rules-json').textContent())!)).toEqual([
    { type: 'visible', conditions: [{ field: 'General.CQ_Form_Status', operator: '==', value: 'Closed' }] },
    { type: 'setValues', values: [{ field: 'General.CQ_Form_Due', fn: 'addDays', days: 2 }] },
  ]);
  const events = page.getByRole('group', { name: 'Form events' });
  await events.getByLabel('After save: redirect to').fill('/');
  expect(JSON.parse((await page.getByTestId('events-json').textContent())!)).toEqual({
    afterSave: { redirectTo: '/' },
  });
  expect(errors).toEqual([]);
});
