import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/browser';
import { openHomeReadyOffline } from '../support/offline';
import { freeSystemPorts, startSystem, type RunningSystem } from '../support/system';
import { OrgProbe } from '../proof/org-probe';

// Issue 5: queued offline through the signed-in page's real offline services (the form screen's own
// offline test drives the UI), the page reloaded while still offline (the queue is intact), then
// online: the org has exactly one record per submission, with its file; the local records are gone.

type Offline = {
  create(i: { id: string; formId: string; formName: string; data: Record<string, unknown> }): Promise<{
    ok: boolean;
  }>;
  attachFile(id: string, file: Blob, name: string): Promise<{ ok: boolean; value?: Record<string, unknown> }>;
  submit(id: string, data: Record<string, unknown>): Promise<{ ok: boolean }>;
  owner(): unknown;
  store: {
    filesOf(owner: unknown, id: string): Promise<{ sha256?: string }[]>;
    submissionsOf(owner: unknown): Promise<{ id: string; status: string; syncStatus: string }[]>;
  };
};

let system: RunningSystem;
let context: BrowserContext;
let profile: string;
test.afterEach(async () => {
  await context?.close();
  await system?.stop();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

/**
 * A system with test control, a persistent Chromium profile (so the worker and its caches survive
 * reloads) signed in once with the app ready offline, and the first active form to queue submissions of.
 */
async function startUnderWorker(
  profilePrefix: string,
  username?: string,
): Promise<{ org: OrgProbe; page: Page; formId: string }> {
  system = await startSystem({
    ports: await freeSystemPorts(),
    quiet: true,
    emulatorArgs: ['--test-control'],
  });
  // What the org holds, whoever queued it: the admin sees every user's records and files.
  const org = new OrgProbe(`http://127.0.0.1:${system.ports.emulator}`, { username: 'admin@demo.org' });
  profile = fs.mkdtempSync(path.join(os.tmpdir(), profilePrefix));
  context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, headless: true });
  await context.addInitScript(() => localStorage.setItem('cq-diagnostics', '1'));
  const page = context.pages()[0] ?? (await context.newPage());
  await openHomeReadyOffline(page, system.url, username);
  const [form] = await org.query<{ Id: string }>(
    "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0003'", // no required field: the queued data need fill none
  );
  return { org, page, formId: form?.Id ?? '' };
}

const local = (page: Page, prefix: string) =>
  page.evaluate(async (prefix) => {
    // the records are sealed at rest (issue 45): read through the store, as the signed-in user
    const off = (window as unknown as { __cqOffline: Offline }).__cqOffline;
    return (await off.store.submissionsOf(off.owner()))
      .filter((s) => s.id.startsWith(prefix))
      .map((s) => `${s.status}/${s.syncStatus}`);
  }, prefix);

// Both people who fill forms in the field: the field user and the partner user (external sharing).
for (const username of ['field.user@demo.org', 'partner.user@demo.org'])
  test(`${username}: queued offline, reloaded offline, delivered once each with its file when the network is back`, async () => {
    test.setTimeout(180_000);
    const { org, page, formId } = await startUnderWorker('cq-offline-queue-', username);

    await context.setOffline(true);
    const prefix = `offq-${crypto.randomBytes(3).toString('hex')}`;
    const queued = await page.evaluate(
      async ({ prefix, formId }) => {
        const off = (window as unknown as { __cqOffline: Offline }).__cqOffline;
        const out: { id: string; sha256: string }[] = [];
        for (let i = 0; i < 5; i++) {
          const id = `${prefix}-${i}`;
          if (!(await off.create({ id, formId, formName: 'Offline queue', data: {} })).ok)
            throw new Error('create');
          const bytes = new Uint8Array(200_000 + i);
          crypto.getRandomValues(bytes.subarray(0, 65536));
          const f = await off.attachFile(id, new Blob([bytes]), `${id}.bin`);
          if (!f.ok || !f.value) throw new Error('attach');
          if (!(await off.submit(id, { General: { note: `offline ${i}` }, Files: [f.value] })).ok)
            throw new Error('submit');
          out.push({ id, sha256: (await off.store.filesOf(off.owner(), id))[0]?.sha256 ?? '' });
        }
        return out;
      },
      { prefix, formId },
    );
    expect(await local(page, prefix)).toEqual(Array(5).fill('submitted/file usnyc'));

    // reload while still offline: the cached app starts and the queue is all there
    await page.reload();
    await expect(page.locator('#area-mfe-home')).toHaveAttribute('data-state', 'mounted');
    await page.waitForFunction(() => (window as { __cqOffline?: unknown }).__cqOffline !== undefined);
    expect(await local(page, prefix)).toEqual(Array(5).fill('submitted/file usnyc'));
    expect(await org.submissionsByKeyPrefix(`${formId}#${prefix}`)).toEqual([]);

    await context.setOffline(false);
    await expect
      .poll(() => local(page, prefix).then((l) => l.filter((s) => s !== 'in progress/in sync')), {
        timeout: 60_000,
      })
      .toEqual([]);
    const records = await org.submissionsByKeyPrefix(`${formId}#${prefix}`);
    expect(records.map((r) => r.key).sort()).toEqual(queued.map((q) => `${formId}#${q.id}`).sort());
    expect(records.every((r) => r.status === 'Submitted')).toBe(true);
    const copies = await org.fileCopiesByTitlePrefix(prefix);
    for (const q of queued) {
      expect(copies.get(`${q.id}.bin`)).toBe(1);
      const rec = records.find((r) => r.key === `${formId}#${q.id}`);
      const files = (rec?.json as { data?: { Files?: { ContentDocumentId: string }[] } }).data?.Files ?? [];
      expect(files).toHaveLength(1);
      expect(await org.sha256OfDocument(files[0]?.ContentDocumentId ?? '')).toBe(q.sha256);
    }
  });

// Issue 5, Background Sync: a queue left by a closed tab drains from the service worker alone. The
// `sync` event is fired through DevTools (ServiceWorker.dispatchSyncEvent, what Chromium does when
// the network is back); no tab of the app is open, so only the worker's drainOutboxOnce can deliver.
test('a Background Sync event drains the queue a closed tab left, with no tab open, once each in the org', async () => {
  test.setTimeout(180_000);
  const { org, page, formId } = await startUnderWorker('cq-offline-bgsync-');

  await context.setOffline(true);
  const prefix = `bgsync-${crypto.randomBytes(3).toString('hex')}`;
  const queued = await page.evaluate(
    async ({ prefix, formId }) => {
      const off = (window as unknown as { __cqOffline: Offline }).__cqOffline;
      const out: { id: string; sha256: string | null }[] = [];
      for (let i = 0; i < 3; i++) {
        const id = `${prefix}-${i}`;
        if (!(await off.create({ id, formId, formName: 'Background sync', data: {} })).ok)
          throw new Error('create');
        const nodes: Record<string, unknown>[] = [];
        if (i === 0) {
          const bytes = new Uint8Array(300_000);
          crypto.getRandomValues(bytes.subarray(0, 65536));
          const f = await off.attachFile(id, new Blob([bytes]), `${id}.bin`);
          if (!f.ok || !f.value) throw new Error('attach');
          nodes.push(f.value);
        }
        if (!(await off.submit(id, { General: { note: `bg ${i}` }, Files: nodes })).ok)
          throw new Error('submit');
        out.push({
          id,
          sha256: i === 0 ? ((await off.store.filesOf(off.owner(), id))[0]?.sha256 ?? '') : null,
        });
      }
      return out;
    },
    { prefix, formId },
  );
  // the page registered the sync (queued while its uploader could not run) and left the worker the
  // organisation to drain for
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> };
        };
        return (
          (await reg.sync.getTags()).includes('cq-offline-outbox') && (await caches.has('cq-offline-sync'))
        );
      }),
    )
    .toBe(true);

  // the tab closes with everything still queued; a blank page (another origin) keeps DevTools open
  const blank = await context.newPage();
  await page.close();
  expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);
  expect(await org.submissionsByKeyPrefix(`${formId}#${prefix}`)).toEqual([]);
  await context.setOffline(false);

  const cdp = await context.newCDPSession(blank);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.some((r) => r.scopeURL === `${system.url}/` && !r.isDeleted))
    .toBe(true);
  const registrationId = registrations.find((r) => r.scopeURL === `${system.url}/`)?.registrationId ?? '';
  // one event normally suffices; a transient miss is the browser's retry, fired again here
  await expect
    .poll(
      async () => {
        await cdp.send('ServiceWorker.dispatchSyncEvent', {
          origin: system.url,
          registrationId,
          tag: 'cq-offline-outbox',
          lastChance: false,
        });
        const records = await org.submissionsByKeyPrefix(`${formId}#${prefix}`);
        return records.filter((r) => r.status === 'Submitted').length;
      },
      { timeout: 90_000, intervals: [2000, 3000, 5000] },
    )
    .toBe(3);
  expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);

  const records = await org.submissionsByKeyPrefix(`${formId}#${prefix}`);
  expect(records.map((r) => r.key).sort()).toEqual(queued.map((q) => `${formId}#${q.id}`).sort());
  const copies = await org.fileCopiesByTitlePrefix(prefix);
  expect([...copies.entries()]).toEqual([[`${prefix}-0.bin`, 1]]);
  const rec = records.find((r) => r.key === `${formId}#${prefix}-0`);
  const files = (rec?.json as { data?: { Files?: { ContentDocumentId: string }[] } }).data?.Files ?? [];
  expect(files).toHaveLength(1);
  expect(await org.sha256OfDocument(files[0]?.ContentDocumentId ?? '')).toBe(queued[0]?.sha256);

  // the local queue the worker drained is empty when the app opens again (delivered records are
  // deleted; home may import them back as in progress / in sync)
  const again = await context.newPage();
  await again.goto(`${system.url}/`);
  await again.waitForFunction(() => (window as { __cqOffline?: unknown }).__cqOffline !== undefined);
  expect((await local(again, prefix)).filter((s) => s !== 'in progress/in sync')).toEqual([]);
});
