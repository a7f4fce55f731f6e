// Issue 32 in the builder, in Chromium as the admin: the Photo palette entry dropped on the canvas,
// its options set in the field modal (an out-of-range long edge refused with its message), Required
// as for any field, the preview drawing the renderer's photo control, and the saved form carrying
// the options the form screen reads.
import { expect, test } from '@playwright/test';
import { signInAtOrg } from '../support/auth';
import { newFormDefinition } from '../support/org';
import { builderSuite, drag, dropZone, palette, startNewForm } from '../support/builder-canvas';

const env = builderSuite();

type El = { type?: string; scope?: string; options?: Record<string, unknown>; elements?: El[] };
const elementsOf = (el: El): El[] => [el, ...(el.elements ?? []).flatMap(elementsOf)];

let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

test('a Photo field from the palette: its size, quality and keep-original options, required, in the preview and the saved form', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const recordId = await newFormDefinition(env.org, env.token, 'Photo Builder Form');
  await signInAtOrg(page, env.system.url, 'admin@demo.org');
  await startNewForm(page, env.system.url, recordId, { primary: 'cqext__SQX_Inspection__c' });

  await expect(palette(page, 'general:photo')).toHaveText(/Photo/);
  await drag(page, palette(page, 'general:photo'), dropZone(page, 1));
  const chip = page.locator('[data-kind="photo"]');
  await expect(chip).toHaveCount(1);
  await chip.getByRole('button', { name: /^Edit / }).click();
  const modal = page.getByRole('dialog', { name: 'Edit Photo' });
  await expect(modal.getByLabel('Longest side (px)')).toHaveValue('2048');
  await expect(modal.getByLabel('JPEG quality (%)')).toHaveValue('80');
  await expect(modal.getByLabel('Keep the original photo too')).not.toBeChecked();
  await modal.getByRole('textbox', { name: /^Label/ }).fill('Site photos');
  await modal.getByLabel('Longest side (px)').fill('100');
  await expect(modal.getByText('Enter a long edge from 320 to 8192 px')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
  await modal.getByLabel('Longest side (px)').fill('1600');
  await modal.getByLabel('JPEG quality (%)').fill('70');
  await modal.getByLabel('Keep the original photo too').check({ force: true });
  await modal.getByLabel('Required').check({ force: true });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(chip).toContainText('Site photos *');

  // The preview draws it with the form renderer's photo control (a desktop: the file picker).
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('preview');
  await expect(
    preview.getByRole('group', { name: 'Site photos' }).getByRole('button', { name: 'Choose photo' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Save Form' }).click();
  await expect(page.getByText('Form saved successfully.').first()).toBeVisible();
  const rec = await env.rest<{ cqext__Form_JSON__c: string | null }>(
    `/sobjects/cqext__SQX_Form_Definition__c/${recordId}`,
  );
  const form = JSON.parse(rec.cqext__Form_JSON__c ?? '{}') as {
    ui: El;
    schema: { properties: { General: { required: string[]; properties: Record<string, unknown> } } };
  };
  const photo = elementsOf(form.ui).find((e) => e.type === 'photo');
  expect(photo?.options).toMatchObject({ maxEdge: 1600, quality: 0.7, keepOriginal: true });
  const key = photo?.scope?.split('/').pop() ?? '';
  expect(form.schema.properties.General.required).toContain(key);
  expect(form.schema.properties.General.properties[key]).toMatchObject({
    type: 'array',
    title: 'Site photos',
  });
});
