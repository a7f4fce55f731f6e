import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts';
import { OrgClient, ORG_API_VERSION } from 'test-kit';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';

// Issue 42 in Chromium as the field user: a submitted inspection's "View report" opens its PDF (the
// success dialog online; the Submitted card offline, from the device's own record); the org's copy,
// as an auditor reads it from the org, holds every answer and the signature as an image.

const env = systemForFile();
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
