import { expect, test, type Page } from '@playwright/test';
import { ACCESS_TEXTS } from 'shared-contracts';
import { signInAtOrg } from '../support/auth';
import { systemForFile } from '../support/session';
import { orgQuery } from './form-fixtures';

// Issue 29: the builder is for those the org lets edit form definitions. The shell asks the org (GET
// /api/formBuilderAccess) and offers the builder entry only to them; anyone else who opens a builder
// URL gets the builder's no-access page, in the app's words.

const env = systemForFile();
const BUILDER_ENTRY = 'Form builder and templates';

/** Signed in on home, once the org has answered whether the user may build forms. */
async function homeWithAccessKnown(page: Page, username: string): Promise<boolean> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/formBuilderAccess'));
  await signInAtOrg(page, env.system.url, username);
  await page.waitForURL(`${env.system.url}/`);
  await expect(page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]')).toBeVisible();
  return ((await (await answer).json()) as { data: { allowed: boolean } }).data.allowed;
}

for (const username of ['field.user@demo.org', 'partner.user@demo.org']) {
  test(`${username} sees no builder entry, and a builder URL shows the no-access page`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    expect(await homeWithAccessKnown(page, username)).toBe(false);
    await page.getByRole('button', { name: 'Help' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Items waiting to sync' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: BUILDER_ENTRY })).toHaveCount(0);
    await page.keyboard.press('Escape');

    const [form] = await orgQuery<{ Id: string }>(
      env.org,
      env.token,
      "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0001'",
    );
    for (const path of ['/templates', `/CQEditFormSF/${form?.Id}`, '/templateConfiguration']) {
      await page.goto(`${env.system.url}${path}`);
      const denied = page.getByTestId('builder-no-access');
      await expect(denied).toBeVisible();
      await expect(denied.getByRole('heading', { name: ACCESS_TEXTS.noBuilderAccess })).toBeVisible();
      await expect(page.getByTestId('builder')).toHaveCount(0);
    }
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`no-access-390.png`) });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`no-access-1280.png`) });
    // The way back goes home.
    await page.getByRole('link', { name: 'Back to your forms' }).click();
    await page.waitForURL(`${env.system.url}/`);
    expect(errors).toEqual([]);
  });
}

test('the admin (CQ_Form_Builder) is offered the builder and opens it', async ({ page }) => {
  expect(await homeWithAccessKnown(page, 'admin@demo.org')).toBe(true);
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: BUILDER_ENTRY }).click();
  await page.waitForURL(`${env.system.url}/templates`);
  await page.getByRole('link', { name: 'Open in builder: FORM-0001' }).click();
  await expect(page.getByTestId('builder')).toBeVisible();
  await expect(page.getByTestId('builder-no-access')).toHaveCount(0);
});
