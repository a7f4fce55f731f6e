import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/auth';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';

let system: RunningSystem;
test.afterEach(async () => system?.stop());

/** A record of the demo org, read over REST with a password-grant token (the org's own API). */
async function anyAccountId(org: string): Promise<string> {
  const token = await fetch(`${org}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'demo-client-id',
      client_secret: 'demo-client-secret',
      username: 'field.user@demo.org',
      password: DEMO_PASSWORD,
    }),
  }).then((r) => r.json() as Promise<{ access_token: string; instance_url: string }>);
  const q = encodeURIComponent('SELECT Id FROM Account ORDER BY Name LIMIT 1');
  const res = await fetch(`${token.instance_url}/services/data/v62.0/query?q=${q}`, {
    headers: { Authorization: `Bearer ${token.access_token}` },
  }).then((r) => r.json() as Promise<{ records: { Id: string }[] }>);
  const id = res.records[0]?.Id;
  if (!id) throw new Error('the demo org has no account');
  return id;
}

test("the org's record page embeds the product as a canvas app through a signed request", async ({
  page,
}) => {
  const ports = await freeSystemPorts();
  system = await startSystem({
    ports,
    quiet: true,
    emulatorArgs: ['--canvas-url', `http://127.0.0.1:${ports.bff}/canvas`],
  });
  const org = `http://127.0.0.1:${ports.emulator}`;
  const accountId = await anyAccountId(org);

  await page.goto(`${org}/lightning/r/Account/${accountId}/view`);
  await page.getByLabel('Username').fill('field.user@demo.org');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();

  // The org POSTs the signed request into the frame; the BFF verifies it and sends the frame to
  // the launcher, which the shell serves with mfe-form's area mounted in canvas mode.
  const frame = page.frameLocator('#canvas-frame');
  await expect(frame.locator('#area-mfe-form')).toHaveAttribute('data-state', 'mounted');
  const frameUrl = await frame.locator('body').evaluate(() => window.location.pathname);
  expect(frameUrl.startsWith('/launchFromSF')).toBe(true);
});
