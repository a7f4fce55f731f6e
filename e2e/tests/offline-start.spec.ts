import { expect, test } from '@playwright/test';
import { REMOTE_UNAVAILABLE } from 'shared-contracts';
import { openHomeReadyOffline } from '../support/offline';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';

let system: RunningSystem;
test.afterEach(async () => system?.stop());

test("after the first online sign-in, with no reload, the app starts offline from the service worker's cache", async ({
  browser,
}) => {
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openHomeReadyOffline(page, system.url);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('#area-mfe-home')).toHaveAttribute('data-state', 'mounted');
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  await expect(page.getByTestId('online-status')).toHaveText('Offline');

  // The builder, offline: it works with the org, so it says it needs a connection, with no button, and
  // opens by itself when the network returns.
  await page.goto(system.url + '/templates');
  const builder = page.locator('#area-mfe-builder');
  await expect(builder).toHaveAttribute('data-state', 'fallback');
  const notice = page.getByTestId('remote-unavailable');
  await expect(notice).toHaveAttribute('data-kind', 'needsConnection');
  await expect(notice).toContainText(REMOTE_UNAVAILABLE.needsConnectionTitle);
  await expect(notice).toContainText(REMOTE_UNAVAILABLE.needsConnection);
  await expect(notice.getByRole('button')).toHaveCount(0);
  await context.setOffline(false);
  await expect(builder).toHaveAttribute('data-state', 'mounted');
  await expect(notice).toHaveCount(0);
  // Loaded now, and opened again offline (the browser's Back): still the needs-a-connection state.
  await page.getByRole('link', { name: 'Checklists home' }).click();
  await expect(page.locator('#area-mfe-home')).toHaveAttribute('data-state', 'mounted');
  await context.setOffline(true);
  await page.goBack();
  await expect(notice).toHaveAttribute('data-kind', 'needsConnection');
  await context.setOffline(false);
  await expect(builder).toHaveAttribute('data-state', 'mounted');
  expect(errors).toEqual([]);
  await context.close();
});
