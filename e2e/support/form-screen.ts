// The form-screen suites' way in: signed in at the org, on home, then a form launched from home's
// Forms tab.
import { expect, type Page } from '@playwright/test';
import { signInAtOrg } from './auth';

/** Signs in through the org and waits for home's screen. */
export async function openHome(
  page: Page,
  shellUrl: string,
  username = 'field.user@demo.org',
): Promise<void> {
  await signInAtOrg(page, shellUrl, username);
  await page.waitForURL(`${shellUrl}/`);
  await expect(page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]')).toBeVisible();
}

/** Forms tab → Launch the form titled `title` → the form screen; answers the new local id. */
export async function launchFromHome(page: Page, title: string): Promise<string> {
  await page.getByRole('tab', { name: /^Forms/ }).click();
  await page.getByRole('button', { name: `Launch ${title}` }).click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('form-name')).toHaveText(title);
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}
