import { expect, test } from '@playwright/test';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';

let system: RunningSystem;
test.afterEach(async () => system?.stop());

test("the renderer playground is served from mfe-form's own origin and renders live data", async ({
  page,
}) => {
  system = await startSystem({ ports: await freeSystemPorts(), emulator: false, quiet: true });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`http://127.0.0.1:${system.ports['mfe-form']}/playground`);
  await expect(page.getByRole('heading', { name: 'Form renderer playground' })).toBeVisible();
  const form = page.getByTestId('playground-form');
  const site = form.getByRole('textbox', { name: /Site/ });
  await site.fill('North yard');
  await expect(page.getByTestId('live-data')).toContainText('"Site": "North yard"');
  expect(errors).toEqual([]);
});
