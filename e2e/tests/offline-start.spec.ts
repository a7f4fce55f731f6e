import { expect, test } from '@playwright/test';
import { openHomeUnderWorker } from '../support/offline';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';

let system: RunningSystem;
test.afterEach(async () => system?.stop());

test("after one online visit the app starts offline from the service worker's cache", async ({ browser }) => {
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  await openHomeUnderWorker(page, system.url);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('#area-mfe-home')).toHaveAttribute('data-state', 'mounted');
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  await expect(page.getByTestId('online-status')).toHaveText('Offline');

  // A route never visited, offline: the cached shell page still starts, and a remote not yet
  // cached gets the area fallback instead of a blank page.
  await page.goto(system.url + '/templates').catch(() => undefined);
  await expect(page.locator('#area-mfe-builder')).toHaveAttribute('data-state', /mounted|fallback/);
  await context.close();
});
