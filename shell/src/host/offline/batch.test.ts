// Dexie's live queries need a global IndexedDB before dexie is first imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUBMISSION_BATCH_MAX_ITEMS, uniquenessKey, type LocalSubmission } from 'shared-contracts';
import { type FileUploadRequest } from './org-gateway';
import { FakeOrg } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';

let h: Harness;
afterEach(async () => {
  await h?.svc.dispose();
});

function batchHarness(concurrency = 4): { h: Harness; org: FakeOrg } {
  const org = new FakeOrg();
  return { h: makeHarness({ concurrency }, { org }), org };
}

async function queueSubmitted(hh: Harness, n: number): Promise<string[]> {
  const c = await hh.svc.create({ formId: 'a0F1', formName: 'Bulk' });
  if (!c.ok) throw new Error(c.message);
  const items: LocalSubmission[] = Array.from({ length: n }, (_, i) => ({
    ...c.value,
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    data: { i },
    status: 'submitted',
    version: 2,
    createdOn: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  }));
  await hh.svc.discard(c.value.id);
  const r = await hh.svc.queueMany(items);
  if (!r.ok) throw new Error(r.message);
  return items.map((s) => s.id);
}

describe('the bulk path (OrgGateway.submitBatch)', () => {
  it('drains 1,000 queued submissions in batches of at most 200, each reaching the org once', async () => {
    const b = batchHarness();
    h = b.h;
    const ids = await queueSubmitted(h, 1000);
    await h.drainOnce();
    expect(b.org.batchSizes).toEqual([200, 200, 200, 200, 200]);
    expect(Math.max(...b.org.batchSizes)).toBeLessThanOrEqual(SUBMISSION_BATCH_MAX_ITEMS);
    expect(await h.local()).toEqual([]);
    expect(b.org.records.size).toBe(1000);
    expect(new Set(b.org.records.keys())).toEqual(new Set(ids.map((id) => uniquenessKey('a0F1', id))));
    expect([...b.org.records.values()].every((r) => r.status === 'submitted' && r.writes === 1)).toBe(true);
  });

  it('per-item results: a refused item comes back in progress with its errors, the others are delivered; a lost answer is retried harmlessly', async () => {
    const b = batchHarness();
    h = b.h;
    const ids = await queueSubmitted(h, 30);
    const refused = uniquenessKey('a0F1', ids[3] ?? '');
    b.org.rejectItem = (p) => p.uniquenessKey === refused;
    let first = true;
    b.org.fault = (op) => {
      if (op === 'submitBatch' && first) {
        first = false;
        return 'lost';
      }
      return null;
    };
    await h.drain();
    const left = await h.local();
    expect(left.map((s) => [s.id, s.status, s.syncStatus])).toEqual([[ids[3], 'in progress', 'in error']]);
    expect(left[0]?.errors).toEqual([{ message: 'Invalid' }]);
    expect(b.org.records.size).toBe(29);
    expect([...b.org.records.values()].every((r) => r.writes === 2)).toBe(true); // once lost, once again
  });

  it('a submission with files still to upload has its files sent first, then goes as a batch of one (issue 33: 2 calls, not 3)', async () => {
    const b = batchHarness();
    h = b.h;
    await queueSubmitted(h, 3);
    const c = await h.svc.create({ formId: 'a0F1', formName: 'With file' });
    if (!c.ok) throw new Error(c.message);
    const f = await h.svc.attachFile(c.value.id, new Blob(['x']), 'x.png');
    if (!f.ok) throw new Error(f.message);
    await h.svc.submit(c.value.id, { files: [f.value] });
    await h.drainOnce();
    const key = uniquenessKey('a0F1', c.value.id);
    expect(b.org.opsFor(key)).toEqual(['submitBatch']);
    const ops = b.org.calls.map((x) => `${x.op} ${x.key}`);
    expect(ops.indexOf(`uploadFile ${f.value.LocalId as string}`)).toBeLessThan(
      ops.indexOf(`submitBatch ${key}`),
    );
    expect([...b.org.batchSizes].sort()).toEqual([1, 3]);
    expect(await h.local()).toEqual([]);
  });

  it('a whole-batch network error keeps every item queued with backoff', async () => {
    const b = batchHarness();
    h = b.h;
    await queueSubmitted(h, 5);
    b.org.fault = (op) => (op === 'submitBatch' ? 'network' : null);
    await h.drainOnce();
    const left = await h.local();
    expect(left).toHaveLength(5);
    expect(
      left.every((s) => s.syncStatus === 'out of sync' && s.delivery?.lastError === 'Network Error'),
    ).toBe(true);
    b.org.fault = () => null;
    await h.drain();
    expect(b.org.records.size).toBe(5);
  });

  it('a slow file upload does not hold back the records queued meanwhile (no head-of-line blocking)', async () => {
    // the upload hangs until released, like a 100 MB file on a slow link
    let release = (): void => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let uploads = 0;
    class SlowUploadOrg extends FakeOrg {
      override async uploadFile(req: FileUploadRequest, onProgress: (p: number) => void): Promise<string> {
        uploads++;
        await gate;
        return super.uploadFile(req, onProgress);
      }
    }
    const org = new SlowUploadOrg();
    h = makeHarness({ concurrency: 4 }, { org });
    const c = await h.svc.create({ formId: 'a0F1', formName: 'With file' });
    if (!c.ok) throw new Error(c.message);
    const f = await h.svc.attachFile(c.value.id, new Blob(['big']), 'big.bin');
    if (!f.ok) throw new Error(f.message);
    await h.svc.submit(c.value.id, { files: [f.value] });
    let firstDone = false;
    const first = h.svc.engine.submissions.runOnce().then(() => (firstDone = true));
    await vi.waitFor(() => expect(uploads).toBe(1));

    // queued while the upload hangs: the next run delivers them at once
    await queueSubmitted(h, 5);
    const second = h.svc.engine.submissions.runOnce();
    await vi.waitFor(() => expect(org.batchSizes).toEqual([5]), { timeout: 10_000 });
    expect(org.records.size).toBe(5);
    expect(org.records.has(uniquenessKey('a0F1', c.value.id))).toBe(false);
    // runOnce still means "everything due was tried once": it waits for the upload
    expect(firstDone).toBe(false);

    release();
    await Promise.all([first, second]);
    expect(org.records.size).toBe(6);
    expect(org.contentDocuments).toHaveLength(1);
    expect(await h.local()).toEqual([]);
  });

  it('a crash between a delivered batch’s records and its files: the files go the next time the stores open', async () => {
    const org = new FakeOrg();
    h = makeHarness({}, { org });
    const c = await h.svc.create({ formId: 'a0F1', formName: 'With file' });
    if (!c.ok) throw new Error(c.message);
    const f = await h.svc.attachFile(c.value.id, new Blob(['photo']), 'p.png');
    if (!f.ok) throw new Error(f.message);
    await h.svc.submit(c.value.id, { files: [f.value] });
    // the page dies right after the records' transaction: the files' (another database) never runs
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    h.svc.store.deleteFilesOf = () => Promise.reject(new Error('the page closed'));
    await h.drainOnce();
    errors.mockRestore();
    expect(await h.local()).toEqual([]);
    expect(org.records.get(uniquenessKey('a0F1', c.value.id))?.status).toBe('submitted');
    expect(await h.svc.dbs.images.images.count()).toBe(1);
    await h.svc.dispose();

    h = makeHarness({}, { factory: h.factory, org });
    h.svc.start();
    await vi.waitFor(async () => expect(await h.svc.dbs.images.images.count()).toBe(0));
    expect(org.contentDocuments).toHaveLength(1);
  });
});
