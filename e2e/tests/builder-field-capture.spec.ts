// Issue 32, the builder's side of field capture in Chromium against the running system: the Location
// and Barcode/QR palette entries, the org's geolocation field offered whole (its components are not),
// the required accuracy and the code formats in the field modal with their checks, the preview drawing
// the controls, and what Save Form writes.
import { expect, test, type Page } from '@playwright/test';
import { signInAtOrg } from '../support/auth';
import { newFormDefinition } from '../support/org';
import { builderSuite, drag, dropZone, palette, startNewForm } from '../support/builder-canvas';

const env = builderSuite();
const OBJ = 'cqext__SQX_Inspection__c';

let errors: string[] = [];
test.beforeEach(({ page }) => {
  errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
});
test.afterEach(() => expect(errors).toEqual([]));

const chip = (page: Page, kind: string) => page.locator(`[data-kind="${kind}"]`);

test('Location and Barcode/QR fields: palette, field options, preview and the saved form', async ({
  page,
}) => {
  const formId = await newFormDefinition(env.org, env.token, 'Capture Builder');
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await startNewForm(page, env.system.url, formId, { primary: OBJ });

  await expect(palette(page, 'general:location')).toHaveText(/Location/);
  await expect(palette(page, 'general:scan')).toHaveText(/Barcode\/QR Field/);
  // The org's geolocation field is one item; its latitude and longitude components are not offered.
  await expect(palette(page, `${OBJ}.cqext__Location__c`)).toHaveCount(1);
  await expect(palette(page, `${OBJ}.cqext__Location__Latitude__s`)).toHaveCount(0);
  await expect(palette(page, `${OBJ}.cqext__Location__Longitude__s`)).toHaveCount(0);

  await drag(page, palette(page, 'general:location'), dropZone(page, 1));
  await expect(chip(page, 'location')).toHaveCount(1);
  await drag(page, palette(page, 'general:scan'), dropZone(page, 1));
  await expect(chip(page, 'scan')).toHaveCount(1);
  await drag(page, palette(page, `${OBJ}.cqext__Location__c`), dropZone(page, 1));
  await expect(page.locator(`[data-field-key="cqext__Location__c"]`)).toHaveCount(1);

  // Location: required accuracy, checked; required.
  await chip(page, 'location')
    .getByRole('button', { name: /^Edit / })
    .click();
  let dialog = page.getByRole('dialog', { name: 'Edit Location' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Label').fill('Inspection spot');
  await dialog.getByLabel('Required accuracy (metres)').fill('2.5');
  await expect(
    dialog.getByText('Enter a whole number of metres from 1 to 10000, or leave it empty.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Required accuracy (metres)').fill('25');
  await expect(dialog.getByLabel('Default Value')).toHaveCount(0);
  await dialog.getByLabel('Required', { exact: true }).check({ force: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  // Barcode/QR: the formats, at least one.
  await chip(page, 'scan')
    .getByRole('button', { name: /^Edit / })
    .click();
  dialog = page.getByRole('dialog', { name: 'Edit Barcode/QR Field' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Label').fill('Asset tag');
  const formats = dialog.getByRole('group', { name: 'Code formats to scan' });
  for (const name of ['QR Code', 'Data Matrix', 'Code 128', 'Code 39', 'EAN-13'])
    await formats.getByText(name, { exact: true }).click();
  await expect(dialog.getByText('Choose at least one code format.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await formats.getByText('QR Code', { exact: true }).click();
  await formats.getByText('EAN-13', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  // The preview draws both controls as the field user sees them.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('preview');
  const spot = preview.getByRole('group', { name: 'Inspection spot' });
  await expect(spot.getByRole('button', { name: 'Get location' })).toBeVisible({ timeout: 30_000 });
  await expect(spot).toContainText('Needs accuracy of 25 m or better.');
  await expect(preview.getByLabel('Asset tag')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Scan code' })).toBeVisible();
  await expect(
    preview.getByRole('group', { name: 'Location' }).getByRole('button', { name: 'Get location' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Save Form' }).click();
  await expect(page.locator('.chakra-toast', { hasText: 'Form saved successfully.' })).toHaveCount(1);
  const saved = await env.rest<{ cqext__Form_JSON__c: string | null }>(
    `/sobjects/cqext__SQX_Form_Definition__c/${formId}`,
  );
  const json = JSON.parse(saved.cqext__Form_JSON__c ?? '{}') as {
    schema: {
      properties: Record<
        string,
        { properties: Record<string, Record<string, unknown>>; required?: string[] }
      >;
    };
    ui: unknown;
  };
  const general = json.schema.properties.General;
  expect(general?.properties.CQ_Form_Inspection_spot).toMatchObject({
    title: 'Inspection spot',
    type: 'object',
    format: 'location',
    properties: { accuracy: { maximum: 25 } },
  });
  expect(general?.required).toContain('CQ_Form_Inspection_spot');
  expect(json.schema.properties[OBJ]?.properties.cqext__Location__c).toMatchObject({ format: 'location' });
  const controls: Array<{ scope?: string; options?: Record<string, unknown> }> = [];
  const walk = (el: unknown): void => {
    if (!el || typeof el !== 'object') return;
    const e = el as { scope?: string; options?: Record<string, unknown>; elements?: unknown[] };
    if (e.scope) controls.push(e);
    e.elements?.forEach(walk);
  };
  walk(json.ui);
  expect(controls.find((c) => c.scope?.endsWith('/CQ_Form_Asset_tag'))?.options?.scanFormats).toEqual([
    'qr_code',
    'ean_13',
  ]);
});
