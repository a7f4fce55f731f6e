// The sign-in screen before any code (issue 46): the BFF puts mfe-auth's prerendered screen in /login's
// page, so a first visit on a slow line can sign in while the scripts are still on their way; when
// they arrive the screen's own code takes over in place, keeping what was typed and the focus.
import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/auth';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';

let system: RunningSystem;

test.beforeAll(async () => {
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  // The BFF reads the remote's screens as it starts, after it listens: the system is ready for these
  // tests once /login carries one (a page asked earlier is the plain one, signed in as ever).
  await expect
    .poll(async () => (await fetch(`${system.url}/login`).then((r) => r.text())).includes('data-prerendered'))
    .toBe(true);
});
test.afterAll(async () => {
  await system?.stop();
});

/** Holds every script the page asks for until `release()` (a line too slow to bring them yet). */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\.js(\?|$)/, (route) => (holding ? held.push(route) : route.continue()));
  return {
    count: () => held.length,
    release: async () => {
      holding = false;
      await Promise.all(held.map((r) => r.continue().catch(() => undefined)));
    },
  };
}

const prerendered = (page: Page) => page.locator('[data-prerendered="mfe-auth"]');

/** /login in a new browser with its scripts held back; the page's errors kept. */
async function openHeld(browser: Browser) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  const scripts = await holdScripts(page);
  // 'commit': the load event waits for the held scripts
  await page.goto(`${system.url}/login`, { waitUntil: 'commit' });
  return { context, page, errors, scripts };
}

test('before any script runs, the sign-in page is there and its button signs in', async ({ browser }) => {
  const { context, page, errors, scripts } = await openHeld(browser);
  const production = page.getByRole('button', { name: 'Production login' });
  await expect(production).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Checklists' })).toBeVisible();
  await expect(prerendered(page)).toHaveCount(1);
  expect(scripts.count()).toBeGreaterThan(0); // the page did ask for its code: it is held back
  await expect(page.locator('#area-mfe-auth')).toHaveCount(0); // and none of it ran

  // The tap goes to the org's sign-in as the scripted button does; the sign-in completes into the app.
  await production.click();
  await page.getByLabel('Username').fill('field.user@demo.org');
  await scripts.release();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  const allow = page.getByRole('button', { name: 'Allow' });
  await Promise.race([
    allow.click({ timeout: 60_000 }).catch(() => undefined),
    page.waitForURL(/\/($|\?)/, { timeout: 60_000 }),
  ]);
  await expect(page.locator('#area-mfe-home[data-state="mounted"] [data-remote="mfe-home"]')).toBeVisible({
    timeout: 60_000,
  });
  expect(errors).toEqual([]);
  await context.close();
});

test('the screen’s code takes over in place: what was typed stays, with the focus', async ({ browser }) => {
  const { context, page, errors, scripts } = await openHeld(browser);
  const domain = page.getByLabel('Custom domain');
  await domain.click();
  await domain.pressSequentially('https://acme.my.sales');
  await scripts.release();
  await expect(page.locator('#area-mfe-auth [data-remote="mfe-auth"]')).toBeVisible();
  await expect(prerendered(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Production login' })).toHaveCount(1);
  await expect(domain).toHaveValue('https://acme.my.sales');
  await expect(domain).toBeFocused();
  await page.keyboard.type('force.com');
  await expect(domain).toHaveValue('https://acme.my.salesforce.com');
  await expect(page.getByRole('button', { name: 'Custom domain login' })).toBeEnabled();
  expect(errors).toEqual([]);
  await context.close();
});

test('the prerendered page is in the last user’s language, right to left where it reads so', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies([{ name: 'cq_lang', value: 'ar', url: system.url }]);
  const page = await context.newPage();
  const scripts = await holdScripts(page);
  // 'commit': the load event waits for the held scripts
  await page.goto(`${system.url}/login`, { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = await prerendered(page).getByRole('button').first().textContent();
  expect(arabic).not.toBe('Production login');
  expect(arabic).toMatch(/[\u0600-\u06FF]/);
  await scripts.release();
  await context.close();

  // With a query (a state only the screen's code draws) or no language cookie: plain English page.
  const plain = await fetch(`${system.url}/login`).then((r) => r.text());
  expect(plain).toContain('<html lang="en">');
  expect(plain).toContain('data-prerendered="mfe-auth"');
  const expired = await fetch(`${system.url}/login?expired=1`).then((r) => r.text());
  expect(expired).not.toContain('data-prerendered');
});
