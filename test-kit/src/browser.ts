/**
 * Browser side of the test kit (subpath `test-kit/browser`), for the Playwright
 * suites (e2e) and the packages' Chromium benches alike: Debian's Chromium and the org sign-in.
 */
import type { Page } from 'playwright-core';

/** Debian's Chromium (no browser downloads here), with the flags this machine's closed network needs. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
};

export const DEMO_PASSWORD = 'demo1234';

/**
 * Signs in through the BFF's OAuth flow and the org's real login page (and consent page), ending
 * on the callback route with the session cookie set. Independent of mfe-auth's own screen.
 */
export async function signInAtOrg(
  page: Page,
  shellUrl: string,
  username = 'field.user@demo.org',
): Promise<void> {
  await page.goto(`${shellUrl}/api/auth/login?loginUrl=production`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  const allow = page.getByRole('button', { name: 'Allow' });
  await page.waitForURL(/authSuccessCallback|Allow|authorize/);
  if (await allow.isVisible().catch(() => false)) await allow.click();
  await page.waitForURL(/\/authSuccessCallback\?status=ok/);
}
