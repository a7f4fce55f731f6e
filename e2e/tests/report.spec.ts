import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts';
import { launchFromHome, openHome } from '../support/form-screen';
import { systemForFile } from '../support/session';

// Issue 42 in Chromium as the field user: a submitted inspection's "View report" opens its PDF (the
// success dialog online; the Submitted card offline, from the device's own record).

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

test('View report opens the submitted inspection as a PDF, online and offline', async ({ page, context }) => {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await openHome(page, env.system.url);

  await launchFromHome(page, TITLE);
  await page.getByLabel('Operating hours').fill('12');
  await page.getByTestId('form-footer').getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByTestId('success-dialog');
  await expect(dialog).toContainText(MESSAGES.formSubmittedDialog, { timeout: 60_000 });
  expect(await viewReport(page, dialog)).toBe('application/pdf');
  await dialog.getByRole('button', { name: 'Close' }).click();

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
