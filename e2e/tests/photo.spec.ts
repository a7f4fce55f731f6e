// Issue 32, photos sized for field networks, in Chromium against the running system as the field
// user: a 4000x3000 phone photo with an EXIF rotation, taken while offline, is resized on the device
// to the field's configured long edge, right way up, queued, and reaches the org once when the
// network is back (the ContentVersion's bytes are decoded here). On a phone the camera is offered;
// a camera the site was refused says what to do and a photo is picked from files. Each photo passes
// through the Mark up step: what is drawn there (arrow, circle, text) is in the org's picture at the
// configured size; Skip or Escape queue it unmarked, and a kept original stays unmarked.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts';
import { OrgClient, ORG_API_VERSION } from 'test-kit';
import { chromiumLaunchOptions } from '../support/browser';
import { launchFromHome, openHome } from '../support/form-screen';
import { decodeJpeg, isRed, sidewaysJpeg } from '../support/photo-fixture';
import { systemForFile } from '../support/session';

const env = systemForFile();
// Chromium's fake camera: the phone tests have a camera to offer (a device without one is the
// camera-state unit tests' 'missing').
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--use-fake-device-for-media-stream'],
  },
});
const TITLE = 'FORM-0098 - Site Photos';
const MAX_EDGE = 1600;
const CAMERA_BLOCKED =
  'The camera is blocked for this site. Allow the camera in the browser’s site settings, or choose a photo from your files.';

const g = (key: string) => `#/properties/General/properties/${key}`;
const PHOTO_FORM = {
  formName: 'Site Photos',
  version: '1.0.0',
  cqFormType: 'cqext__SQX_Inspection__c',
  nextaction: { cqext__Activity_Code__c: 'submit' },
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        required: ['Photos'],
        properties: {
          Inspector: { type: 'string', title: 'Inspector name' },
          Photos: { type: 'array', title: 'Site photos', items: { type: 'object' } },
          Evidence: { type: 'array', title: 'Evidence photos', items: { type: 'object' } },
        },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Section',
        label: 'General',
        elements: [
          { type: 'Control', scope: g('Inspector'), label: 'Inspector name' },
          {
            type: 'photo',
            scope: g('Photos'),
            label: 'Site photos',
            options: { maxEdge: MAX_EDGE, quality: 0.8 },
          },
          {
            type: 'photo',
            scope: g('Evidence'),
            label: 'Evidence photos',
            options: { maxEdge: 1024, quality: 0.6, keepOriginal: true },
          },
        ],
      },
    ],
  },
  data: {},
};

let photo: Buffer;
const pageErrors: string[] = [];
test.beforeAll(async () => {
  await new OrgClient(env.org, { token: env.token }).insert('cqext__SQX_Form_Definition__c', {
    Name: 'FORM-0098',
    cqext__Title__c: 'Site Photos',
    cqext__Status__c: 'Active',
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
    cqext__Form_JSON__c: JSON.stringify(PHOTO_FORM),
  });
  // A 12 MP phone photo whose pixels are stored sideways (EXIF Orientation 6).
  photo = sidewaysJpeg(4000, 3000, 6);
});
test.beforeEach(({ page }) => {
  pageErrors.length = 0;
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

type Version = { Id: string; Title: string; ContentSize: number; ContentDocumentId: string };
const versionsTitled = async (title: string): Promise<Version[]> =>
  (
    await env.rest<{ records: Version[] }>(
      `/query?q=${encodeURIComponent(`SELECT Id, Title, ContentSize, ContentDocumentId FROM ContentVersion WHERE Title LIKE '${title}%'`)}`,
    )
  ).records;

async function versionBytes(id: string): Promise<Buffer> {
  const res = await new OrgClient(env.org, { token: env.token }).fetch(
    `/services/data/${ORG_API_VERSION}/sobjects/ContentVersion/${id}/VersionData`,
  );
  expect(res.ok).toBe(true);
  return Buffer.from(await res.arrayBuffer());
}

/** On a phone, home's lists are a select ('Choose a list'); Forms is the fourth. */
async function launchOnPhone(page: Page, title: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Choose a list' }).selectOption({ index: 3 });
  await page.getByRole('button', { name: `Launch ${title}` }).click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('form-name')).toHaveText(title);
}

async function choosePhoto(page: Page, button: string, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('group', { name: 'Site photos' }).getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer });
}

test('desktop, offline: a 4000x3000 photo with an EXIF rotation is queued at the field’s 1600 px, right way up, and reaches the org once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await openHome(page, env.system.url);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  const localId = await launchFromHome(page, TITLE);
  await page.getByLabel('Inspector name').fill('Ada Inspector');

  await context.setOffline(true);
  // A desktop gets the file picker (no camera button).
  await expect(page.getByRole('button', { name: 'Take photo' })).toHaveCount(0);
  await choosePhoto(page, 'Choose photo', 'north-wall.jpg', photo);
  // The Mark up step comes up offline too; Skip queues the photo as it is (checked unmarked below).
  await page
    .getByRole('dialog', { name: 'Mark up north-wall.jpg' })
    .getByRole('button', { name: 'Skip' })
    .click();
  const card = page.getByTestId('file-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('north-wall.jpg');
  // The card says what goes over the network and what the resize saved.
  const sizeText = (await card.getByTestId('photo-size').textContent()) ?? '';
  expect(sizeText).toMatch(/^Sent [\d.]+ KB · saved [\d.]+ MB \((\d+)%\)$/);
  expect(Number(/\((\d+)%\)/.exec(sizeText)?.[1])).toBeGreaterThan(70);
  await expect(card.getByRole('img', { name: 'north-wall.jpg' })).toBeVisible();
  await expect(card.getByLabel('Waiting for network')).toBeVisible();
  expect(await versionsTitled('north-wall')).toEqual([]);

  // Issue 45: the photo goes up sealed, as the device keeps it (the BFF opens it on the way)
  const uploads: Record<string, string>[] = [];
  context.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/files' && r.method() === 'POST') uploads.push(r.headers());
  });
  await context.setOffline(false);
  await expect.poll(async () => (await versionsTitled('north-wall')).length, { timeout: 60_000 }).toBe(1);
  expect(uploads.length).toBeGreaterThan(0);
  for (const h of uploads) expect(h['x-upload-sealed']).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('success-dialog')).toContainText(MESSAGES.successfullySubmitted, {
    timeout: 60_000,
  });

  // Once, and what the org holds is the resized picture, turned as the EXIF tag said.
  const versions = await versionsTitled('north-wall');
  expect(versions).toHaveLength(1);
  const bytes = await versionBytes(versions[0]!.Id);
  expect(bytes.length).toBe(versions[0]!.ContentSize);
  expect(bytes.length).toBeLessThan(photo.length / 4);
  const img = decodeJpeg(bytes);
  expect({ width: img.width, height: img.height }).toEqual({ width: 1200, height: MAX_EDGE });
  // Stored sideways with its red band on top; shown upright the band is on the right.
  expect(isRed(img.rgb(1150, 800))).toBe(true);
  expect(isRed(img.rgb(50, 800))).toBe(false);
  expect(isRed(img.rgb(600, 20))).toBe(false);

  // The submission names the file it holds.
  const [sub] = (
    await env.rest<{ records: Array<{ cqext__Submission_JSON__c: string }> }>(
      `/query?q=${encodeURIComponent(`SELECT cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c LIKE '%#${localId}'`)}`,
    )
  ).records;
  const data = JSON.parse(sub?.cqext__Submission_JSON__c ?? '{}') as {
    data?: { General?: { Photos?: Array<Record<string, unknown>> } };
  };
  expect(data.data?.General?.Photos).toEqual([
    expect.objectContaining({ Name: 'north-wall.jpg', ContentDocumentId: versions[0]!.ContentDocumentId }),
  ]);
});

/** Where the markup picture is once the dialog has finished opening (its box stops moving). */
async function settledBox(
  page: Page,
  picture: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  let box = (await picture.boundingBox())!;
  await expect
    .poll(async () => {
      const prev = box;
      await page.waitForTimeout(50);
      box = (await picture.boundingBox())!;
      return box.x === prev.x && box.y === prev.y && box.width === prev.width && box.width > 0;
    })
    .toBe(true);
  return box;
}

const isMarkRed = ([r, g, b]: readonly number[]) => r! > 200 && g! < 90 && b! < 90;
const isMarkYellow = ([r, g, b]: readonly number[]) => r! > 200 && g! > 180 && b! < 110;

test('mark up: an arrow, a circle and a typed text drawn on the photo are in the picture the org gets, at the configured size, and in its inspection report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openHome(page, env.system.url);
  await launchFromHome(page, TITLE);
  await choosePhoto(page, 'Choose photo', 'beam.jpg', photo);
  const dialog = page.getByRole('dialog', { name: 'Mark up beam.jpg' });
  const canvas = dialog.getByRole('img', { name: 'Photo to mark up' });
  await expect(canvas).toBeVisible();
  // The upright picture is 1200 x 1600: red band on the right third, blue elsewhere; all marks go on blue.
  const box = await settledBox(page, canvas);
  const at = (fx: number, fy: number) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  const drag = async (from: readonly [number, number], to: readonly [number, number]) => {
    await page.mouse.move(...from);
    await page.mouse.down();
    await page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, { steps: 4 });
    await page.mouse.move(...to, { steps: 4 });
    await page.mouse.up();
  };
  // Arrow (the default tool) in red (the default colour).
  await expect(dialog.getByRole('button', { name: 'Arrow' })).toHaveAttribute('aria-pressed', 'true');
  await drag(at(0.1, 0.2), at(0.5, 0.2));
  // A circle in yellow; then a stray one taken back with Undo.
  await dialog.getByRole('button', { name: 'Circle' }).click();
  await dialog.getByRole('button', { name: 'Yellow' }).click();
  await drag(at(0.1, 0.5), at(0.5, 0.7));
  await drag(at(0.05, 0.05), at(0.6, 0.95));
  await dialog.getByRole('button', { name: 'Undo' }).click();
  // Text in red, placed where tapped.
  await dialog.getByRole('button', { name: 'Text' }).click();
  await dialog.getByRole('button', { name: 'Red' }).click();
  await page.mouse.click(...at(0.08, 0.85));
  await dialog.getByLabel('Text to place').fill('CRACK');
  await dialog.getByLabel('Text to place').press('Enter');
  await dialog.getByRole('button', { name: 'Use photo' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('file-card')).toContainText('beam.jpg');

  await expect.poll(async () => (await versionsTitled('beam')).length, { timeout: 60_000 }).toBe(1);
  const [version] = await versionsTitled('beam');
  const img = decodeJpeg(await versionBytes(version!.Id));
  expect({ width: img.width, height: img.height }).toEqual({ width: 1200, height: MAX_EDGE });
  // The arrow's shaft (x 120..600 at y 320) and its head's tip.
  expect(isMarkRed(img.rgb(360, 320))).toBe(true);
  expect(isMarkRed(img.rgb(580, 320))).toBe(true);
  expect(isMarkRed(img.rgb(360, 360))).toBe(false);
  // The circle in the box (120, 800)-(600, 1120): its top and left edges yellow, its centre not.
  expect(isMarkYellow(img.rgb(360, 800))).toBe(true);
  expect(isMarkYellow(img.rgb(120, 960))).toBe(true);
  expect(isMarkYellow(img.rgb(360, 960))).toBe(false);
  // The undone circle left nothing (its top edge would cross y 80).
  expect(isMarkYellow(img.rgb(400, 80))).toBe(false);
  // The text: red pixels in the line right of where it was tapped (x 96.., y 1360).
  let red = 0;
  for (let x = 96; x < 500; x += 2) for (let y = 1330; y < 1390; y += 2) if (isMarkRed(img.rgb(x, y))) red++;
  expect(red).toBeGreaterThan(200);
  let redElsewhere = 0;
  for (let x = 96; x < 500; x += 2)
    for (let y = 1450; y < 1510; y += 2) if (isMarkRed(img.rgb(x, y))) redElsewhere++;
  expect(redElsewhere).toBe(0);

  // Submitted, the org's inspection report (issue 42) holds the photo as submitted: the marked-up
  // JPEG's own bytes (pdfkit embeds a JPEG unchanged), under its field with its name.
  const submissionId = page.url().split('/').pop() ?? '';
  await page.getByLabel('Inspector name').fill('Frank');
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('success-dialog')).toContainText(MESSAGES.formSubmittedDialog, {
    timeout: 60_000,
  });
  const reportOf = async () =>
    (
      await env.rest<{
        records: { cqext__Report_Status__c: string | null; cqext__Report_Document_Id__c: string | null }[];
      }>(
        `/query?q=${encodeURIComponent(
          `SELECT cqext__Report_Status__c, cqext__Report_Document_Id__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c LIKE '%#${submissionId}'`,
        )}`,
      )
    ).records[0];
  await expect
    .poll(async () => (await reportOf())?.cqext__Report_Status__c, { timeout: 60_000 })
    .toBe('Ready');
  const doc = (await reportOf())?.cqext__Report_Document_Id__c ?? '';
  const [latest] = (
    await env.rest<{ records: { Id: string }[] }>(
      `/query?q=${encodeURIComponent(`SELECT Id FROM ContentVersion WHERE ContentDocumentId = '${doc}' AND IsLatest = true`)}`,
    )
  ).records;
  const pdf = await versionBytes(latest!.Id);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.includes(await versionBytes(version!.Id))).toBe(true);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const reader = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  let text = '';
  for (let i = 1; i <= reader.numPages; i++)
    text += ` ${(await (await reader.getPage(i)).getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join(' ')}`;
  expect(text.replace(/\s+/g, ' ')).toMatch(/Site photos beam\.jpg/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the camera refused for the site: the field says what to do, and a photo from files is queued', async ({
    page,
    context,
  }) => {
    // The user refused the camera to this site before (what Chromium's site settings then hold).
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'camera' },
      setting: 'denied',
      origin: env.system.url,
      browserContextId: targetInfo.browserContextId,
    });
    await openHome(page, env.system.url);
    await launchOnPhone(page, TITLE);
    const group = page.getByRole('group', { name: 'Site photos' });
    // Each photo field of the form says it.
    await expect(page.getByText(CAMERA_BLOCKED)).toHaveCount(2);
    await expect(page.getByText(CAMERA_BLOCKED).first()).toBeVisible();
    await expect(group.getByRole('button', { name: 'Take photo' })).toHaveCount(0);
    await choosePhoto(page, 'Choose from files', 'gate.jpg', sidewaysJpeg(800, 600, 1));
    // Escape leaves the Mark up step and queues the photo as it is.
    await expect(page.getByRole('dialog', { name: 'Mark up gate.jpg' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('file-card')).toContainText('gate.jpg');
    await expect.poll(async () => (await versionsTitled('gate')).length, { timeout: 60_000 }).toBe(1);
  });
});

test.describe('on a phone with a camera', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('“Take photo” opens the camera (capture); a field that keeps originals queues both, each once', async ({
    page,
  }) => {
    await openHome(page, env.system.url);
    await launchOnPhone(page, TITLE);
    const group = page.getByRole('group', { name: 'Evidence photos' });
    const chooser = page.waitForEvent('filechooser');
    await group.getByRole('button', { name: 'Take photo' }).click();
    const fc = await chooser;
    // The camera input: `capture` set, one picture at a time.
    expect(await fc.element().getAttribute('capture')).toBe('environment');
    expect(fc.isMultiple()).toBe(false);
    await fc.setFiles({ name: 'pump.jpg', mimeType: 'image/jpeg', buffer: photo });
    // Marked up on the phone: an arrow across the blue of the upright picture (768 x 1024 once resized).
    const dialog = page.getByRole('dialog', { name: 'Mark up pump.jpg' });
    const picture = dialog.getByRole('img', { name: 'Photo to mark up' });
    const box = await settledBox(page, picture);
    await page.mouse.move(box.x + 0.1 * box.width, box.y + 0.2 * box.height);
    await page.mouse.down();
    await page.mouse.move(box.x + 0.5 * box.width, box.y + 0.2 * box.height, { steps: 6 });
    await page.mouse.up();
    await dialog.getByRole('button', { name: 'Use photo' }).click();
    const cards = page.getByTestId('file-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('pump.jpg');
    await expect(cards.nth(0).getByTestId('photo-size')).toContainText('saved');
    await expect(cards.nth(1)).toContainText('pump-original.jpg');
    await expect(cards.nth(1).getByTestId('photo-size')).toHaveText(/^Original · Sent [\d.]+ MB$/);
    await expect.poll(async () => (await versionsTitled('pump')).length, { timeout: 60_000 }).toBe(2);
    const versions = await versionsTitled('pump');
    const [resized, original] = [...versions].sort((x, y) => x.ContentSize - y.ContentSize);
    expect(original!.ContentSize).toBe(photo.length);
    const img = decodeJpeg(await versionBytes(resized!.Id));
    expect({ width: img.width, height: img.height }).toEqual({ width: 768, height: 1024 });
    // The arrow's shaft runs from 10% to 50% across at 20% down: red along that row.
    const shaft = Array.from({ length: 9 }, (_, i) => img.rgb(Math.round(768 * (0.15 + i * 0.03)), 205));
    expect(shaft.filter(isMarkRed).length).toBeGreaterThanOrEqual(6);
    // The original as taken stays unmarked, byte for byte (below).
    // The original as taken, byte for byte.
    expect((await versionBytes(original!.Id)).equals(photo)).toBe(true);
  });
});
