// The offline suites' common start: the app is only usable offline after one visit under the
// service worker's control, so each begins the same way.
import { expect, type Page } from '@playwright/test';
import { signInAtOrg } from './auth';

/** Signs in, waits for home, then reloads under the service worker so its runtime caches fill. */
export async function openHomeUnderWorker(
  page: Page,
  shellUrl: string,
  username = 'field.user@demo.org',
): Promise<void> {
  await signInAtOrg(page, shellUrl, username);
  await page.goto(`${shellUrl}/`);
  await expect(page.locator('#area-mfe-home')).toHaveAttribute('data-state', 'mounted');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A visit under the worker's control fills the runtime caches (remote manifests and code).
  await page.reload();
  await expect(page.locator('#area-mfe-home')).toHaveAttribute('data-state', 'mounted');
  await page.waitForLoadState('networkidle');
}
