import crypto from 'node:crypto';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { SUBMISSION_UPLOADER_INTERVAL_MS } from 'shared-contracts';
import { chromiumLaunchOptions } from '../support/browser';
import { signInAtOrg } from '../support/auth';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';
import { OrgProbe } from '../proof/org-probe';

// Issue 21: the offline core (Dexie, stores, uploaders) is a chunk the shell fetches after its first
// paint. It must not hold the outbox back: a submission queued before the app was closed starts
// uploading on the uploader's first run, within one uploader interval of the app opening.
//
// Proven without a timed assertion: the reopened page runs on Playwright's fake clock, paused, and is
// given less than one interval of page time in small steps (so its zero-delay timers and the shell's
// after-paint start still run). Its interval timers can then never fire; if the submission reaches the
// org, the first run did it, and everything before it (first paint, fetching and starting the core)
// took less than one interval of the page's time. The real-network figures are bench:load's.

type Offline = {
  create(i: { id: string; formId: string; formName: string; data: Record<string, unknown> }): Promise<{
    ok: boolean;
  }>;
  submit(id: string, data: Record<string, unknown>): Promise<{ ok: boolean }>;
};

let system: RunningSystem;
let browser: Browser;
test.afterEach(async () => {
  await browser?.close();
  await system?.stop();
});

const offlineReady = (page: Page) =>
  page.waitForFunction(() => (window as { __cqOffline?: unknown }).__cqOffline !== undefined);

test('a submission queued before the app closed uploads on the first run after it opens, before any interval', async () => {
  test.setTimeout(180_000);
  system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
  const org = new OrgProbe(`http://127.0.0.1:${system.ports.emulator}`);
  const [form] = await org.query<{ Id: string }>(
    "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0003'", // no required field: the queued data need fill none
  );
  const formId = form?.Id ?? '';
  browser = await chromium.launch(chromiumLaunchOptions);
  // No service worker: its Background Sync must not be what delivers the queue here.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('cq-diagnostics', '1'));
  const first = await context.newPage();
  await signInAtOrg(first, system.url);
  await first.goto(`${system.url}/`);
  await expect(first.locator('#area-mfe-home')).toHaveAttribute('data-state', 'mounted');
  await offlineReady(first);

  // Queued while offline, then the app is closed with it still queued.
  await context.setOffline(true);
  const id = `lazy-${crypto.randomBytes(3).toString('hex')}`;
  await first.evaluate(
    async ({ id, formId }) => {
      const off = (window as unknown as { __cqOffline: Offline }).__cqOffline;
      if (!(await off.create({ id, formId, formName: 'Lazy core', data: {} })).ok) throw new Error('create');
      if (!(await off.submit(id, { General: { note: 'queued before closing' } })).ok)
        throw new Error('submit');
    },
    { id, formId },
  );
  await first.close();
  await context.setOffline(false);
  const key = `${formId}#${id}`;
  expect(await org.submissionsByKeyPrefix(key)).toEqual([]);

  // Reopened on a paused fake clock.
  const page = await context.newPage();
  const installed = new Date('2026-01-05T08:00:00Z').getTime();
  // Paused a minute after the install time, on the blank page (no timers of the app yet): pausing at the
  // install time itself fails when the machine is slow enough for the clock to have moved past it.
  const opened = installed + 60_000;
  await page.clock.install({ time: installed });
  await page.clock.pauseAt(opened);
  await page.goto(`${system.url}/`);
  const step = 50;
  let given = 0;
  let records = await org.submissionsByKeyPrefix(key);
  while (records.length === 0 && given + step < SUBMISSION_UPLOADER_INTERVAL_MS) {
    await page.clock.runFor(step);
    given += step;
    // Real time for the network, the chunk and the upload; the page's clock stays where it is.
    await page.waitForTimeout(250);
    records = await org.submissionsByKeyPrefix(key);
  }
  // Still no interval elapsed on the page's clock, and the org has the submission.
  const pageElapsed = (await page.evaluate(() => Date.now())) - opened;
  expect(pageElapsed).toBeLessThan(SUBMISSION_UPLOADER_INTERVAL_MS);
  await expect
    .poll(async () => (await org.submissionsByKeyPrefix(key)).map((r) => r.status), { timeout: 30_000 })
    .toEqual(['Submitted']);
});
