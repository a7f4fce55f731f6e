// The offline suites' common start: signed in once, on home, and the header's "Ready to work offline"
// sign showing (the service worker has taken the whole app), with no reload: what a user does before
// losing the network.
import { expect, type Page } from '@playwright/test';
import { openHome } from './form-screen';

/** Signs in, waits for home and for the header's sign that the app is ready to work offline. */
export async function openHomeReadyOffline(
  page: Page,
  shellUrl: string,
  username = 'field.user@demo.org',
): Promise<void> {
  await openHome(page, shellUrl, username);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}
