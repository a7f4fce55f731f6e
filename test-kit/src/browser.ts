/**
 * Browser side of the test kit (subpath `test-kit/browser`), for the Playwright
 * suites (e2e) and the packages' Chromium benches alike: Debian's Chromium and the org sign-in.
 */
import type { Page } from 'playwright-core';

/** Debian's Chromium (no browser downloads here), with the flags this machine's closed network needs. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
};

export const DEMO_PASSWORD = 'demo1234';

/**
 * Signs in through the BFF's OAuth flow and the org's real login page (and consent page), until the
 * page has reached the callback route with the session cookie set. Independent of mfe-auth's own
 * screen. The callback screen moves on to home by itself, and on a device whose service worker holds
 * the app it can do so before a wait started after the last click would look: so the callback is
 * watched for from the start, and a page already past it counts.
 */
export async function signInAtOrg(
  page: Page,
  shellUrl: string,
  username = 'field.user@demo.org',
): Promise<void> {
  const completed = page.waitForEvent('framenavigated', {
    predicate: (frame) => frame === page.mainFrame() && /\/authSuccessCallback\?status=ok/.test(frame.url()),
    timeout: 120_000,
  });
  completed.catch(() => undefined); // read below; a step failing first must not leave it unhandled
  await page.goto(`${shellUrl}/api/auth/login?loginUrl=production`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  // The consent page the first time this user meets the app; afterwards straight to the callback.
  const allow = page.getByRole('button', { name: 'Allow' });
  const consent = allow.waitFor({ state: 'visible', timeout: 120_000 }).then(
    () => true,
    () => false,
  );
  if (await Promise.race([consent, completed.then(() => false)])) await allow.click();
  await completed;
}
