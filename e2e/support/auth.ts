import type { Page } from '@playwright/test';

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
