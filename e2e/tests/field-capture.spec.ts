import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { MESSAGES } from 'shared-contracts';
import { DEFAULT_SCAN_FORMATS, locationSchema } from 'form-core';
import { chromiumLaunchOptions } from '../support/browser';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';
import { orgQuery } from './form-fixtures';

// Issue 32, location and code scanning as a field user fills a form in Chromium: the device's fix
// (context.setGeolocation) fills a location field, a QR code in front of the camera (a fake camera
// playing a .y4m drawn here from a QR encoder) fills a text field, the submission reaches the org with
// the geolocation's components; offline both still work and the submission syncs once; refused
// location and camera say what to do and the field is filled by hand.

const env = systemForFile();
const CODE = 'ASSET-0042-PUMP';
const OUT = path.resolve('test-results/field-capture');

/**
 * A .y4m (YUV 4:2:0) video of one QR code, white quiet zone around it, that Chromium's fake camera
 * plays in a loop. Written before the browser starts (the file is a launch flag).
 */
function qrVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const W = 640;
  const H = 480;
  const scale = Math.floor((H - 80) / (n + 8));
  const size = (n + 8) * scale; // 4-module quiet zone each side
  const x0 = Math.floor((W - size) / 2);
  const y0 = Math.floor((H - size) / 2);
  const y = Buffer.alloc(W * H, 200); // light grey background
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      const mx = Math.floor(px / scale) - 4;
      const my = Math.floor(py / scale) - 4;
      const dark = mx >= 0 && my >= 0 && mx < n && my < n && qr.modules.get(my, mx) === 1;
      y[(y0 + py) * W + x0 + px] = dark ? 0 : 255;
    }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = path.join(OUT, 'qr.y4m');
  mkdirSync(OUT, { recursive: true });
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]),
  );
  return file;
}

test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(CODE)}`,
    ],
  },
  viewport: { width: 1280, height: 900 },
  locale: 'en-US',
});

const OBJ = 'cqext__SQX_Inspection__c';
const FORM = {
  formName: 'Field Capture',
  version: '2.0.0',
  cqFormType: OBJ,
  nextaction: { cqext__Activity_Code__c: 'submit' },
  schema: {
    type: 'object',
    properties: {
      [OBJ]: {
        type: 'object',
        required: ['cqext__Location__c'],
        properties: { cqext__Location__c: locationSchema('Site location', 50) },
      },
      General: {
        type: 'object',
        required: ['AssetTag'],
        properties: {
          AssetTag: { type: 'string', title: 'Asset tag', maxLength: 255 },
          Where: locationSchema('Where parked'),
        },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      { type: 'Control', scope: `#/properties/${OBJ}/properties/cqext__Location__c` },
      {
        type: 'Control',
        scope: '#/properties/General/properties/AssetTag',
        options: { scanFormats: DEFAULT_SCAN_FORMATS },
      },
      { type: 'Control', scope: '#/properties/General/properties/Where' },
    ],
  },
  data: {},
  readOnly: [],
};
const TITLE = 'FORM-0098 - Field Capture';
let formId = '';

test.beforeAll(async () => {
  const res = await env.rest<{ id: string }>('/sobjects/cqext__SQX_Form_Definition__c', {
    method: 'POST',
    body: JSON.stringify({
      Name: 'FORM-0098',
      cqext__Title__c: 'Field Capture',
      cqext__Supports_Offline__c: true,
      cqext__Status__c: 'Active',
      cqext__Object_Type__c: OBJ,
      cqext__Form_JSON__c: JSON.stringify(FORM),
    }),
  });
  formId = res.id;
});

type Row = { Id: string; cqext__Status__c: string; cqext__Submission_JSON__c: string | null };
const submissionsOf = (localId: string) =>
  orgQuery<Row>(
    env.org,
    env.token,
    `SELECT Id, cqext__Status__c, cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${formId}#${localId}'`,
  );
const dataOf = (row: Row | undefined) =>
  (JSON.parse(row?.cqext__Submission_JSON__c ?? '{}') as { data: Record<string, Record<string, unknown>> })
    .data;

const site = (page: Page) => page.getByRole('group', { name: 'Site location' }).first();
const where = (page: Page) => page.getByRole('group', { name: 'Where parked' }).first();
const assetTag = (page: Page) => page.getByLabel('Asset tag');

let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

test('online: the device fix fills the location, the camera reads the QR code, and the org gets latitude and longitude', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation', 'camera']);
  await context.setGeolocation({ latitude: 48.858372, longitude: 2.294481, accuracy: 120 });
  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, TITLE);

  // A fix coarser than the 50 m the field needs is shown as such and does not fill it.
  await expect(site(page)).toContainText('Needs accuracy of 50 m or better.');
  await site(page).getByRole('button', { name: 'Get location' }).click();
  await expect(site(page).getByTestId('location-value')).toHaveText('48.858372° N, 2.294481° E (±120 m)');
  await expect(site(page).getByTestId('location-accuracy')).toHaveText(
    'Accuracy ±120 m is not good enough: this field needs 50 m or better. Move to open sky and refresh.',
  );
  // No typing where an accuracy is required.
  await expect(site(page).getByRole('button', { name: 'Enter coordinates' })).toHaveCount(0);
  await assetTag(page).fill('typed first');
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Site location: accuracy in metres must be <= 50')).toBeVisible();
  await expect(page.getByTestId('success-dialog')).toHaveCount(0);
  // (the draft may reach the org as In Progress; it is not submitted)
  expect((await submissionsOf(localId)).map((r) => r.cqext__Status__c)).not.toContain('Submitted');

  // A better fix on refresh.
  await context.setGeolocation({ latitude: 48.858372, longitude: 2.294481, accuracy: 8 });
  await site(page).getByRole('button', { name: 'Refresh location' }).click();
  await expect(site(page).getByTestId('location-value')).toHaveText('48.858372° N, 2.294481° E (±8 m)');
  await expect(site(page).getByTestId('location-accuracy')).toHaveCount(0);
  await expect(site(page)).toContainText(/Taken /);

  // Scan: the camera opens, the QR code's text replaces what was typed.
  await page.getByRole('button', { name: 'Scan code' }).click();
  await expect(page.getByTestId('scanner')).toBeVisible();
  await expect(assetTag(page)).toHaveValue(CODE, { timeout: 30_000 });
  await expect(page.getByTestId('scanner')).toHaveCount(0);
  await page.screenshot({ path: path.join(OUT, 'online-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, 'online-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('success-dialog')).toContainText(MESSAGES.formSubmittedDialog, {
    timeout: 60_000,
  });
  const [rec, ...more] = await submissionsOf(localId);
  expect(more).toEqual([]);
  expect(rec?.cqext__Status__c).toBe('Submitted');
  const data = dataOf(rec);
  expect(data[OBJ]).toMatchObject({
    cqext__Location__c: { latitude: 48.858372, longitude: 2.294481, accuracy: 8, source: 'device' },
    cqext__Location__Latitude__s: 48.858372,
    cqext__Location__Longitude__s: 2.294481,
  });
  expect(data.General).toMatchObject({ AssetTag: CODE });
});

test('offline: a fix and a scan still work; the submission is queued and reaches the org once', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation', 'camera']);
  await openHome(page, env.system.url);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: /^Forms/ }).click();
  await page.getByLabel(`Offline ${TITLE}`).check({ force: true });
  await expect(page.getByLabel(`Offline ${TITLE}`)).toBeChecked();
  await context.setOffline(true);
  const localId = await launchFromHome(page, TITLE);

  await context.setGeolocation({ latitude: -33.856784, longitude: 151.215297, accuracy: 5 });
  await site(page).getByRole('button', { name: 'Get location' }).click();
  await expect(site(page).getByTestId('location-value')).toHaveText('33.856784° S, 151.215297° E (±5 m)');
  await page.getByRole('button', { name: 'Scan code' }).click();
  await expect(assetTag(page)).toHaveValue(CODE, { timeout: 30_000 });
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('snackbar')).toHaveText(MESSAGES.submitQueued);
  await page.waitForURL(`${env.system.url}/`);
  // The submitted card shows the location formatted.
  await page.getByRole('tab', { name: /^Submitted/ }).click();
  await expect(page.getByRole('tabpanel')).toContainText('33.856784° S, 151.215297° E (±5 m)');
  expect(await submissionsOf(localId)).toEqual([]);

  await context.setOffline(false);
  await expect
    .poll(async () => (await submissionsOf(localId)).map((r) => r.cqext__Status__c), { timeout: 60_000 })
    .toEqual(['Submitted']);
  const data = dataOf((await submissionsOf(localId))[0]);
  expect(data[OBJ]).toMatchObject({
    cqext__Location__Latitude__s: -33.856784,
    cqext__Location__Longitude__s: 151.215297,
  });
  expect(data.General).toMatchObject({ AssetTag: CODE });
  await page.waitForTimeout(2000);
  expect(await submissionsOf(localId)).toHaveLength(1);
});

test('refused location and camera say what to do; coordinates and the code are typed by hand', async ({
  page,
}) => {
  // No permission granted: Chromium refuses both.
  await openHome(page, env.system.url);
  await launchFromHome(page, TITLE);

  await site(page).getByRole('button', { name: 'Get location' }).click();
  await expect(site(page).getByTestId('location-failure')).toHaveText(
    "Location access is blocked for this site. Allow location in the browser's site settings, then try again.",
  );
  await where(page).getByRole('button', { name: 'Get location' }).click();
  await expect(where(page).getByTestId('location-failure')).toHaveText(
    "Location access is blocked for this site. Allow location in the browser's site settings, then try again. Or enter the coordinates by hand.",
  );
  await where(page).getByRole('button', { name: 'Enter coordinates' }).click();
  await where(page).getByLabel('Latitude').fill('95');
  await where(page).getByLabel('Longitude').fill('2.5');
  await where(page).getByRole('button', { name: 'Use these coordinates' }).click();
  await expect(where(page)).toContainText(
    'Enter a latitude from -90 to 90 and a longitude from -180 to 180, in decimal degrees.',
  );
  await where(page).getByLabel('Latitude').fill('51.5007');
  await where(page).getByLabel('Longitude').fill('-0.1246');
  await where(page).getByRole('button', { name: 'Use these coordinates' }).click();
  await expect(where(page).getByTestId('location-value')).toHaveText('51.50070° N, 0.12460° W');
  await expect(where(page)).toContainText('Typed by hand');

  await page.getByRole('button', { name: 'Scan code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Camera access' })).toHaveText(
    "Camera access is blocked for this site. Allow the camera in the browser's site settings, or type the code.",
  );
  await assetTag(page).fill('TYPED-7');
  await expect(assetTag(page)).toHaveValue('TYPED-7');
  await page.screenshot({ path: path.join(OUT, 'refused-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(OUT, 'refused-390.png'), fullPage: true });

  // Print shows the location as text, without the buttons.
  await page.getByRole('button', { name: 'Print' }).click();
  const printed = page.getByTestId('print-view');
  await expect(printed).toContainText('51.50070° N, 0.12460° W');
  await expect(printed.getByLabel('Asset tag')).toHaveValue('TYPED-7');
  await expect(printed.getByRole('button', { name: /location|coordinates|Scan/ })).toHaveCount(0);
});
