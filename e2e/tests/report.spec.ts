import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Connection } from 'jsforce';
import { MESSAGES } from 'shared-contracts';
import { OrgClient, ORG_API_VERSION } from 'test-kit';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';

/** The app's own texts as a Japanese user reads them (the shipped catalogs: issue 44). */
const catalog = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Record<string, string>;

// Issue 42 in Chromium as the field user: a submitted inspection's "View report" opens its PDF (the
// success dialog online; the Submitted card offline, from the device's own record); the org's copy,
// as an auditor reads it from the org, holds every answer and the signature as an image.

const env = systemForFile({ emulatorArgs: ['--test-control'] });
const TITLE = 'FORM-0003 - Equipment Checklist';

/**
 * Presses View report in `scope`; answers the content type of the document the tab it opened shows.
 * (The page's CSP keeps blob: out of connect-src, so the test does not read the bytes back here; the
 * PDF's text is checked by the report package's and the BFF's tests.)
 */
async function viewReport(page: Page, scope: ReturnType<Page['getByTestId']>): Promise<string> {
  const popup = page.waitForEvent('popup');
  await scope.getByRole('button', { name: 'View report' }).click();
  const tab = await popup;
  await expect.poll(() => tab.url(), { timeout: 60_000 }).toMatch(/^blob:/);
  await tab.waitForLoadState();
  const type = await tab.evaluate(() => document.contentType);
  await tab.close();
  return type;
}

/**
 * Presses View report in `scope`; answers the PDF the tab it opened shows, as a user saving it has it.
 * The page's CSP keeps blob: out of connect-src, so the tab alone (not the app's page) has it lifted
 * to read its own document back: it opens blank and is pointed at the PDF once the report is made.
 */
async function viewReportPdf(
  page: Page,
  scope: ReturnType<Page['getByTestId']>,
  viewReport = 'View report',
): Promise<Buffer> {
  const popup = page.waitForEvent('popup');
  await scope.getByRole('button', { name: viewReport }).click();
  const tab = await popup;
  await (await page.context().newCDPSession(tab)).send('Page.setBypassCSP', { enabled: true });
  await expect.poll(() => tab.url(), { timeout: 60_000 }).toMatch(/^blob:/);
  // the tab may have been pointed at the PDF before the lifting took: opened again, it holds
  await tab.reload();
  expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
  const base64 = await tab.evaluate(async () => {
    const bytes = new Uint8Array(await (await fetch(location.href)).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  await tab.close();
  return Buffer.from(base64, 'base64');
}

/** The org's report files as an auditor finds them (admin's token): the newest first. */
async function orgReports(): Promise<{ Id: string; ContentDocumentId: string; ReasonForChange: string }[]> {
  const q = encodeURIComponent(
    "SELECT Id, ContentDocumentId, ReasonForChange FROM ContentVersion WHERE cqext__Upload_Key__c LIKE 'report#%' ORDER BY CreatedDate DESC",
  );
  const res = await new OrgClient(env.org, { token: env.token }).fetch(
    `/services/data/${ORG_API_VERSION}/query?q=${q}`,
  );
  return (
    (await res.json()) as { records: { Id: string; ContentDocumentId: string; ReasonForChange: string }[] }
  ).records;
}

/** A PDF's text and its number of images drawn (pdfjs-dist, as a reader renders it). */
async function readPdf(id: string): Promise<{ text: string; images: number }> {
  const res = await new OrgClient(env.org, { token: env.token }).fetch(
    `/services/data/${ORG_API_VERSION}/sobjects/ContentVersion/${id}/VersionData`,
  );
  expect(res.ok).toBe(true);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await res.arrayBuffer()), useSystemFonts: true })
    .promise;
  const pages: string[] = [];
  let images = 0;
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    pages.push((await page.getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join(' '));
    const ops = await page.getOperatorList();
    images += ops.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length;
  }
  return { text: pages.join('\n').replace(/\s+/g, ' '), images };
}

test('View report opens the submitted inspection as a PDF, online and offline', async ({ page, context }) => {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await openHome(page, env.system.url);

  await launchFromHome(page, TITLE);
  await page.getByLabel('Operating hours').fill('12');
  // a signature: drawn in the sign-here modal; pen-up keeps it
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
  await expect(page.getByRole('img', { name: /Signature/ })).toBeVisible();
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByTestId('success-dialog');
  await expect(dialog).toContainText(MESSAGES.formSubmittedDialog, { timeout: 60_000 });
  expect(await viewReport(page, dialog)).toBe('application/pdf');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // the org's copy, made after the answer: once, with the answer and the inspector, and as many
  // images as photos (none on this form) plus the signature
  await expect.poll(async () => (await orgReports()).length, { timeout: 60_000 }).toBe(1);
  const [made] = await orgReports();
  expect(made?.ReasonForChange).toBe('Submitted version 2');
  const org = await readPdf(String(made?.Id));
  expect(org.text).toMatch(/Operating hours\s+12/);
  expect(org.text).toContain('Frank Fielding');
  // started and submitted times, as the device recorded them (in Frank's time zone)
  expect(org.text).toMatch(/Started \w{3} \d+, \d{4}, \d+:\d\d [AP]M/);
  expect(org.text).toMatch(/Submitted \w{3} \d+, \d{4}, \d+:\d\d [AP]M/);
  expect(org.text).toContain(TITLE);
  expect(org.images).toBe(1);

  // the connection lost before Save: the submit waits on the device, whose own record opens as a
  // report at once
  await page.waitForURL(`${env.system.url}/`);
  await launchFromHome(page, TITLE);
  await page.getByLabel('Operating hours').fill('77');
  await context.setOffline(true);
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${env.system.url}/`);
  await page.getByRole('tab', { name: /^Submitted/ }).click();
  const card = page.getByTestId('out-of-sync-card').first();
  expect(await viewReport(page, card)).toBe('application/pdf');
  expect(errors).toEqual([]);
});

// The report's layout as an auditor reads the org's copy: checklist answers with their colour and
// their label, a table longer than a page with its header on each page, page 1 as reviewed (a kept
// snapshot); a reviewer's refusal and the inspector's resubmit make a new version of the same document;
// a report the org refuses to store is retried, shown to the admin as Failed, and the submit stands.
const CHECKS_TITLE = 'FORM-0096 - Report Checks';
const ROWS = 39; // the table's rows all drawn on the screen (rowWindow.ts windows from 40)
const g = (key: string) => `#/properties/General/properties/${key}`;
const colours = (...options: [string, string, string][]) =>
  options.map(([value, color, backgroundColor]) => ({ const: value, title: value, color, backgroundColor }));
const REPORT_CHECKS = {
  formName: 'Report Checks',
  version: '1.0.0',
  cqFormType: 'cqext__SQX_Inspection__c',
  schema: {
    type: 'object',
    properties: {
      cqext__SQX_Inspection__c: { type: 'object', required: [], properties: {} },
      General: {
        type: 'object',
        required: [],
        properties: {
          Notes: { type: 'string', title: 'Notes', maxLength: 32000 },
          Exits: {
            type: 'string',
            title: 'Exits clear?',
            oneOf: colours(['Pass', 'green-white', '#276749'], ['Fail', 'red-white', '#c53030']),
          },
          Extinguisher: {
            type: 'string',
            title: 'Extinguisher tagged?',
            oneOf: colours(['Pass', 'green-white', '#276749'], ['Needs check', 'yellow-black', '#f6e05e']),
          },
          Readings: { type: 'object', format: 'table', title: 'Readings', $ref: '#/definitions/Readings' },
        },
      },
    },
    definitions: {
      Readings: {
        type: 'array',
        title: 'Readings',
        items: {
          type: 'object',
          properties: {
            C1: { id: 1, name: 'C1', title: 'Gauge', type: 'string' },
            C2: { id: 2, name: 'C2', title: 'Value', type: 'string' },
          },
        },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      { type: 'Control', scope: g('Notes'), label: 'Notes', options: { multi: true } },
      { type: 'radio', scope: g('Exits'), label: 'Exits clear?', options: { colorCode: true } },
      {
        type: 'radio',
        scope: g('Extinguisher'),
        label: 'Extinguisher tagged?',
        options: { colorCode: true },
      },
      { type: 'table', scope: g('Readings'), label: 'Readings', options: { rowsCount: ROWS } },
    ],
  },
  data: {},
  startingData: {},
  queries: [],
  readOnly: [],
};

let formId = '';
test.beforeAll(async () => {
  formId = await new OrgClient(env.org, { token: env.token }).insert('cqext__SQX_Form_Definition__c', {
    Name: 'FORM-0096',
    cqext__Title__c: 'Report Checks',
    cqext__Supports_Offline__c: true,
    cqext__Status__c: 'Active',
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
    cqext__Form_JSON__c: JSON.stringify(REPORT_CHECKS),
  });
});

/** The answer `label` of the radio group `name`, clicked as a user does (on its label). */
async function answer(page: Page, name: string, label: string): Promise<void> {
  const option = page.getByRole('radiogroup', { name }).getByRole('radio', { name: label, exact: true });
  if ((await option.evaluate((e) => e.tagName)) === 'INPUT')
    await option.locator('xpath=ancestor::label').click();
  else await option.click();
  await expect(option).toBeChecked();
}

const gaugeCell = (page: Page, n: number) =>
  page
    .getByRole('table', { name: 'Readings' })
    .locator(`tr[aria-rowindex="${n + 1}"]`)
    .getByRole('textbox', { name: 'Gauge', exact: true });

/** The org's report of a submission record: its document's versions, oldest first (jsforce). */
async function reportVersions(
  admin: Connection,
  recordId: string,
): Promise<{ Id: string; ContentDocumentId: string; ReasonForChange: string }[]> {
  return (
    await admin.query<{ Id: string; ContentDocumentId: string; ReasonForChange: string }>(
      `SELECT Id, ContentDocumentId, ReasonForChange FROM ContentVersion WHERE cqext__Upload_Key__c LIKE 'report#${recordId}#%' ORDER BY CreatedDate`,
    )
  ).records;
}

async function versionBytes(id: string): Promise<Buffer> {
  const res = await new OrgClient(env.org, { token: env.token }).fetch(
    `/services/data/${ORG_API_VERSION}/sobjects/ContentVersion/${id}/VersionData`,
  );
  expect(res.ok).toBe(true);
  return Buffer.from(await res.arrayBuffer());
}

const poppler = (tool: string, args: string[], pdf: Buffer): Buffer => {
  const r = spawnSync(tool, args, { input: pdf, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r.stdout;
};
const pageText = (pdf: Buffer, n: number): string =>
  poppler(
    'pdftotext',
    ['-enc', 'UTF-8', '-layout', '-f', String(n), '-l', String(n), '-', '-'],
    pdf,
  ).toString('utf8');

/** A page drawn at 72 dpi (a pixel a point), as RGB: width, height and the pixel at (x, y). */
function pagePixels(pdf: Buffer, n: number): { w: number; h: number; at(x: number, y: number): number[] } {
  const ppm = poppler('pdftoppm', ['-r', '72', '-f', String(n), '-l', String(n)], pdf);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40));
  const w = Number(header?.[1]);
  const h = Number(header?.[2]);
  const start = header?.[0].length ?? 0;
  return { w, h, at: (x, y) => [...ppm.subarray(start + (y * w + x) * 3, start + (y * w + x) * 3 + 3)] };
}

/** Where pdftotext finds `word` on page n (points from the top left), every time it occurs. */
function wordBoxes(
  pdf: Buffer,
  n: number,
  word: string,
): { x0: number; y0: number; x1: number; y1: number }[] {
  const html = poppler(
    'pdftotext',
    ['-bbox', '-enc', 'UTF-8', '-f', String(n), '-l', String(n), '-', '-'],
    pdf,
  ).toString('utf8');
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ]
    .filter((m) => m[5] === word)
    .map((m) => ({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]) }));
}

/** Whether some box of `word` on page n sits on a cell of colour `rgb` (most of its edge pixels). */
function onColour(pdf: Buffer, n: number, word: string, rgb: [number, number, number]): boolean {
  const img = pagePixels(pdf, n);
  const near = (p: number[]) => p.every((v, i) => Math.abs(v - (rgb[i] ?? 0)) < 40);
  return wordBoxes(pdf, n, word).some((b) => {
    // the cell's fill just left of the word and above it
    const samples = [
      img.at(Math.floor(b.x0) - 2, Math.round((b.y0 + b.y1) / 2)),
      img.at(Math.round((b.x0 + b.x1) / 2), Math.floor(b.y0) - 1),
    ];
    return samples.every(near);
  });
}

test('the org’s report: checklist colours with labels, a long table’s header on each page, page 1 as reviewed; a refused report is retried and a resubmit is a new version', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  const admin = new Connection({
    instanceUrl: env.org,
    accessToken: env.token,
    version: ORG_API_VERSION.slice(1),
  });
  // the org refuses to store the first report (its file storage full): the submit must stand
  const fault = await fetch(`${env.org}/__emulator/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      errorRate: 1,
      errorStatus: 400,
      errorCode: 'STORAGE_LIMIT_EXCEEDED',
      errorMessage: 'storage limit exceeded',
      pathPattern: 'sobjects/ContentVersion$',
      methods: ['POST'],
      // the first attempt and the first retry (2 s later); the next retry (15 s later) makes it
      times: 2,
      subrequests: true,
    }),
  });
  expect(fault.ok).toBe(true);

  await openHome(page, env.system.url);
  const localId = await launchFromHome(page, CHECKS_TITLE);
  await page.getByLabel('Notes').fill('The loading bay was inspected end to end. '.repeat(12).trim());
  await answer(page, 'Exits clear?', 'Fail');
  await answer(page, 'Extinguisher tagged?', 'Needs check');
  for (let n = 1; n <= ROWS; n++)
    await gaugeCell(page, n).fill(n === 1 ? 'Boiler first' : n === ROWS ? 'Tank last' : `Gauge ${n}`);
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByTestId('success-dialog');
  await expect(dialog).toContainText(MESSAGES.formSubmittedDialog, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  const [record] = (
    await admin.query<{ Id: string }>(
      `SELECT Id FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${formId}#${localId}'`,
    )
  ).records;
  const recordId = String(record?.Id);
  // the admin sees the failure on the record (the submit stood: Submitted), then the retry makes it
  const reportFields = async () =>
    (
      await admin.query<{
        cqext__Status__c: string;
        cqext__Report_Status__c: string;
        cqext__Report_Error__c: string | null;
      }>(
        `SELECT cqext__Status__c, cqext__Report_Status__c, cqext__Report_Error__c FROM cqext__SQX_Form_Submission__c WHERE Id = '${recordId}'`,
      )
    ).records[0];
  await expect
    .poll(async () => (await reportFields())?.cqext__Report_Error__c, { timeout: 30_000 })
    .toMatch(/^Attempt [12]: storage limit exceeded$/);
  expect((await reportFields())?.cqext__Report_Status__c).toBe('Failed');
  expect((await reportFields())?.cqext__Status__c).toBe('Submitted');
  await expect
    .poll(async () => (await reportFields())?.cqext__Report_Status__c, { timeout: 60_000 })
    .toBe('Ready');
  const [first] = await reportVersions(admin, recordId);
  expect(first?.ReasonForChange).toMatch(/^Submitted version \d+$/);
  const pdf = await versionBytes(String(first?.Id));

  // checklist answers: the label on its colour (red Fail, yellow Needs check)
  const pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', ['-'], pdf).toString())?.[1]);
  expect(pages).toBeGreaterThan(1);
  const texts = Array.from({ length: pages }, (_, i) => pageText(pdf, i + 1));
  const all = texts.join('\n');
  expect(all).toMatch(/Exits clear\?\s+Fail/);
  expect(all).toMatch(/Extinguisher tagged\?\s+Needs check/);
  const pageOf = (t: string) => texts.findIndex((x) => x.includes(t)) + 1;
  expect(onColour(pdf, pageOf('Exits clear?'), 'Fail', [0xc5, 0x30, 0x30])).toBe(true);
  expect(onColour(pdf, pageOf('Extinguisher tagged?'), 'Needs', [0xf6, 0xe0, 0x5e])).toBe(true);
  // the table runs from one page onto the next, its header row on each
  const firstRow = pageOf('Boiler first');
  const lastRow = pageOf('Tank last');
  expect(lastRow).toBeGreaterThan(firstRow);
  for (let n = firstRow; n <= lastRow; n++) expect(texts[n - 1]).toMatch(/Gauge\s+Value/);

  // page 1 as reviewed: the kept snapshot, within a tolerance (its identifier and times differ)
  const png = poppler('pdftoppm', ['-png', '-r', '50', '-gray', '-f', '1', '-l', '1'], pdf);
  expect(png).toMatchSnapshot('report-page-1.png', { maxDiffPixelRatio: 0.02 });

  // a reviewer sends it back (the org's record In Progress again); the inspector, opening the app
  // again, finds it under In Progress, corrects the answer and submits
  await admin
    .sobject('cqext__SQX_Form_Submission__c')
    .update({ Id: recordId, cqext__Status__c: 'In Progress' } as never);
  await openHome(page, env.system.url);
  await page.getByRole('tab', { name: /^In Progress/ }).click();
  const card = page.getByTestId('in-progress-card').first();
  await expect(card).toBeVisible({ timeout: 60_000 });
  await card.getByRole('button', { name: `Launch ${CHECKS_TITLE}` }).click();
  await answer(page, 'Exits clear?', 'Pass');
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('success-dialog')).toContainText(MESSAGES.formSubmittedDialog, {
    timeout: 60_000,
  });
  await expect.poll(async () => (await reportVersions(admin, recordId)).length, { timeout: 60_000 }).toBe(2);
  const versions = await reportVersions(admin, recordId);
  // one document, a new version of it
  expect(new Set(versions.map((v) => v.ContentDocumentId))).toEqual(new Set([first?.ContentDocumentId]));
  const links = await admin.query<{ ContentDocumentId: string }>(
    `SELECT ContentDocumentId FROM ContentDocumentLink WHERE LinkedEntityId = '${recordId}'`,
  );
  expect(links.records.map((l) => l.ContentDocumentId)).toEqual([first?.ContentDocumentId]);
  const second = await versionBytes(String(versions[1]?.Id));
  expect(poppler('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], second).toString('utf8')).toMatch(
    /Exits clear\?\s+Pass/,
  );
  expect(errors).toEqual([]);
});

test('offline, a device that never made a report in Arabic draws it with the face its offline copy took', async ({
  page,
  context,
}) => {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await openHome(page, env.system.url);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await launchFromHome(page, CHECKS_TITLE);
  await page.getByLabel('Notes').fill('مستودع الشمال: المخارج واضحة');
  await answer(page, 'Exits clear?', 'Pass');
  await context.setOffline(true);
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${env.system.url}/`);
  await page.getByRole('tab', { name: /^Submitted/ }).click();
  // the Arabic face's files, as the report asks for them: answered by the service worker's copy
  const faces: { status: number; fromWorker: boolean }[] = [];
  const failed: string[] = [];
  page.on('response', (r) => {
    if (/\/fonts\/noto-sans-arabic-/.test(r.url()))
      faces.push({ status: r.status(), fromWorker: r.fromServiceWorker() });
  });
  page.on('requestfailed', (r) => {
    if (/\/fonts\//.test(r.url())) failed.push(r.url());
  });
  const pdf = await viewReportPdf(page, page.getByTestId('out-of-sync-card').first());
  expect(failed).toEqual([]);
  expect(faces.length).toBeGreaterThan(0);
  expect(faces.every((f) => f.status === 200 && f.fromWorker)).toBe(true);
  // the device's own PDF read back as a user copies it (the report's ToUnicode and ActualText,
  // report/src/glyph-text.ts): each phrase's words and letters in reading order. (Across the colon
  // poppler, on a page mostly Latin, gives the phrases in drawing order: its reading of a left-to-right
  // page, not checked here.)
  const arabic = poppler('pdftotext', ['-enc', 'UTF-8', '-', '-'], pdf).toString('utf8');
  expect(arabic).toContain('مستودع الشمال');
  expect(arabic).toContain('المخارج واضحة');
  expect(errors).toEqual([]);
});

/** The files the remotes' manifests name as `language`'s report faces (their offlineLanguageAssetsFile). */
async function languageFaces(language: string): Promise<string[]> {
  const base = env.system.url;
  const { remotes } = (await (await fetch(`${base}/remotes.json`)).json()) as {
    remotes: { manifestUrl: string }[];
  };
  const urls: string[] = [];
  for (const { manifestUrl } of remotes) {
    const at = new URL(manifestUrl, base).href;
    const manifest = (await (await fetch(at)).json()) as {
      metaData?: { offlineLanguageAssetsFile?: { file: string; languages: string[] } };
    };
    const listed = manifest.metaData?.offlineLanguageAssetsFile;
    if (!listed?.languages.includes(language)) continue;
    const list = (await (await fetch(new URL(listed.file, at))).json()) as Record<string, string[]>;
    for (const name of list[language] ?? []) urls.push(new URL(name, at).href);
  }
  return urls;
}

test('offline, a Japanese user’s first report is drawn with the Japanese face the offline copy took for them', async ({
  page,
  context,
}) => {
  test.setTimeout(480_000);
  const admin = new Connection({
    instanceUrl: env.org,
    accessToken: env.token,
    version: ORG_API_VERSION.slice(1),
  });
  // the admin makes Frank a Japanese user in Setup (and puts him back after: other tests read English)
  const [user] = (
    await admin.query<{ Id: string; LanguageLocaleKey: string }>(
      "SELECT Id, LanguageLocaleKey FROM User WHERE Username = 'field.user@demo.org'",
    )
  ).records;
  if (!user) throw new Error('no field.user');
  await admin.sobject('User').update({ Id: user.Id, LanguageLocaleKey: 'ja' } as never);
  try {
    const faces = await languageFaces('ja');
    expect(faces.length).toBeGreaterThan(0);
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    // a device that never made a report: signed in, ready to work offline, then the worker takes the
    // Japanese faces after the copy (read from Cache Storage for the assertion only)
    await openHome(page, env.system.url);
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 120_000 });
    await expect
      .poll(
        () =>
          page.evaluate(async (urls) => {
            const code = await caches.open('code');
            let kept = 0;
            for (const url of urls) if (await code.match(url)) kept += 1;
            return kept;
          }, faces),
        { timeout: 300_000, intervals: [2_000] },
      )
      .toBe(faces.length);

    // home and the form screen are in Japanese for this user
    const HOME_JA = catalog('../../mfe-home/src/i18n/ja.json');
    const FORM_JA = catalog('../../mfe-form/src/i18n/ja.json');
    const SHARED_JA = catalog('../../shared-contracts/i18n/ja.json');
    const REPORT_JA = catalog('../../report/src/actions-i18n/ja.json');
    await page.getByRole('tab', { name: new RegExp(`^${SHARED_JA['homeTabs.forms']}`) }).click();
    await page.getByRole('button', { name: `${HOME_JA['home.launch']} ${CHECKS_TITLE}` }).click();
    await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
    await page.getByLabel('Notes').fill('安全点検は完了');
    await answer(page, 'Exits clear?', 'Pass');
    await context.setOffline(true);
    await page.getByTestId('form-footer').getByRole('button', { name: FORM_JA['formScreen.save'] }).click();
    await page.waitForURL(`${env.system.url}/`);
    await page.getByRole('tab', { name: new RegExp(`^${SHARED_JA['homeTabs.submitted']}`) }).click();
    const jp: { status: number; fromWorker: boolean }[] = [];
    const failed: string[] = [];
    page.on('response', (r) => {
      if (/\/fonts\/noto-sans-jp-/.test(r.url()))
        jp.push({ status: r.status(), fromWorker: r.fromServiceWorker() });
    });
    page.on('requestfailed', (r) => {
      if (/\/fonts\//.test(r.url())) failed.push(r.url());
    });
    const pdf = await viewReportPdf(
      page,
      page.getByTestId('out-of-sync-card').first(),
      REPORT_JA['reportActions.view'],
    );
    expect(failed).toEqual([]);
    expect(jp.length).toBeGreaterThan(0);
    expect(jp.every((f) => f.status === 200 && f.fromWorker)).toBe(true);
    // the device's own copy is in his language: what he typed, and the report's own words
    const text = poppler('pdftotext', ['-enc', 'UTF-8', '-', '-'], pdf).toString('utf8');
    const REPORT_TEXTS_JA = catalog('../../report/src/i18n/ja.json');
    for (const t of ['安全点検は完了', REPORT_TEXTS_JA['report.form'], REPORT_TEXTS_JA['report.inspector']])
      expect(text).toContain(t);
    expect(text).toMatch(/1 \/ \d+ ページ/);
    expect(text).not.toMatch(/Page \d+ of|Inspector/);
    expect(errors).toEqual([]);
  } finally {
    await admin.sobject('User').update({ Id: user.Id, LanguageLocaleKey: user.LanguageLocaleKey } as never);
  }
});
