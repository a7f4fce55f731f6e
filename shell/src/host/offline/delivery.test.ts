// The delivery outcome is told, not guessed (issue 41): the uploader publishes each record's outcome
// (`delivery(id)`), in every tab, and `deliverNow(id)` sends one record now, canvas mode included.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_STATUS, type DeliveryOutcome, type FileInfo } from 'shared-contracts';
import { withUploads } from './delivery';
import { FakeLockManager } from '../../../test/offline/fake-locks';
import { REFUSAL_ERRORS } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.svc.dispose();
});

async function submitted(h: Harness, data: Record<string, unknown> = { General: { a: 1 } }) {
  const c = await h.svc.create({ formId: 'a0F1', formName: 'Walk' });
  if (!c.ok) throw new Error(c.message);
  const s = await h.svc.submit(c.value.id, data);
  if (!s.ok) throw new Error(s.message);
  return s.value;
}

describe('deliverNow: one record now, the outcome told', () => {
  it('canvas mode (no uploader running): sends it through the batch and answers delivered with the url', async () => {
    const h = makeHarness({ canvasMode: true });
    harnesses.push(h);
    h.svc.start(); // never starts in canvas mode
    const s = await submitted(h);
    const outcome = await h.svc.deliverNow(s.id);
    expect(outcome).toMatchObject({ kind: 'delivered', version: 2 });
    expect((outcome as { url: string }).url).toMatch(/^\/lightning\/r\/a0X/);
    // (start() also runs the pull half: the org's pending records are read, in canvas mode too)
    expect(h.org.calls.map((c) => c.op).filter((op) => op !== 'pendingSubmissions')).toEqual(['submitBatch']);
    expect(await h.local()).toEqual([]);
    expect(h.svc.delivery(s.id).get()).toEqual(outcome);
  });

  it("canvas mode, the org's rule refuses it: refused with the org's errors, back in progress", async () => {
    const h = makeHarness({ canvasMode: true });
    harnesses.push(h);
    h.org.itemFault = () => 'no-url';
    const s = await submitted(h);
    expect(await h.svc.deliverNow(s.id)).toEqual({ kind: 'refused', version: 2, errors: REFUSAL_ERRORS });
    expect(await h.svc.store.getSubmission(h.owner, s.id)).toMatchObject({
      status: 'in progress',
      syncStatus: 'in sync',
      errors: REFUSAL_ERRORS,
    });
  });

  it('no network: queued with the reason; the record stays submitted and queued', async () => {
    const h = makeHarness({ canvasMode: true });
    harnesses.push(h);
    h.org.fault = () => 'network';
    const s = await submitted(h);
    expect(await h.svc.deliverNow(s.id)).toEqual({ kind: 'queued', version: 2, message: 'Network Error' });
    expect(await h.svc.store.getSubmission(h.owner, s.id)).toMatchObject({
      status: 'submitted',
      syncStatus: 'out of sync',
    });
  });

  it('a file that cannot go up: queued with the file’s error, nothing about the record sent', async () => {
    const h = makeHarness({ canvasMode: true });
    harnesses.push(h);
    h.org.fault = (op) => (op === 'uploadFile' ? 'unavailable' : null);
    const c = await h.svc.create({ formId: 'a0F1', formName: 'Walk' });
    if (!c.ok) throw new Error(c.message);
    const f = await h.svc.attachFile(c.value.id, new Blob(['x']), 'x.png');
    if (!f.ok) throw new Error(f.message);
    const s = await h.svc.submit(c.value.id, { files: [f.value] });
    if (!s.ok) throw new Error(s.message);
    expect(await h.svc.deliverNow(s.value.id)).toEqual({
      kind: 'queued',
      version: 2,
      message: 'Server Error: Service Unavailable',
    });
    expect(h.org.calls.some((x) => x.op === 'submitBatch')).toBe(false);
  });

  it('a record not (or no longer) queued answers its last outcome at once', async () => {
    const h = makeHarness();
    harnesses.push(h);
    expect(await h.svc.deliverNow('not-here')).toEqual({ kind: 'none' });
  });

  it('in a tab that does not lead, the leader tab sends it and the outcome comes over the queue channel', async () => {
    const locks = new FakeLockManager();
    const channel = (name: string) => new BroadcastChannel(name);
    const fast = { submissionIntervalMs: 10, fileIntervalMs: 10 };
    const leader = makeHarness({ ...fast, locks: locks.forTab('a'), channel });
    const follower = makeHarness(
      { ...fast, locks: locks.forTab('b'), channel },
      { factory: leader.factory, org: leader.org },
    );
    harnesses.push(leader, follower);
    leader.svc.start();
    await vi.waitFor(() => expect(leader.svc.isLeader.get()).toBe(true));
    follower.svc.start();
    await vi.waitFor(() => expect(leader.svc.engine.running).toBe(false));
    // the draft is synced first (the leader's uploader sends drafts too): its delivery is not this one
    const c = await follower.svc.create({ formId: 'a0F1', formName: 'Walk' });
    if (!c.ok) throw new Error(c.message);
    await vi.waitFor(() => expect(follower.svc.delivery(c.value.id).get().kind).toBe('delivered'));
    leader.org.itemFault = () => 'no-url';
    const sub = await follower.svc.submit(c.value.id, { General: { a: 1 } });
    if (!sub.ok) throw new Error(sub.message);
    const s = sub.value;
    const seen: DeliveryOutcome[] = [];
    const stop = follower.svc.delivery(s.id).subscribe((o) => seen.push(o));
    expect(await follower.svc.deliverNow(s.id)).toEqual({
      kind: 'refused',
      version: 2,
      errors: REFUSAL_ERRORS,
    });
    stop();
    expect(seen.map((o) => o.kind)).toEqual(['sending', 'refused']);
    // the draft, then the submission sent once, by the leader
    expect(leader.org.calls.filter((c) => c.op === 'submitBatch')).toHaveLength(2);
    expect(follower.svc.isLeader.get()).toBe(false);
  });
});

describe('delivery(id) while files go up', () => {
  const file = (progress: number, status: FileInfo['status'] = FILE_STATUS.unsynced): FileInfo =>
    ({ LocalId: `L${progress}`, status, progress }) as FileInfo;
  it("reads 'uploading' with the mean progress of the files not yet up", () => {
    const sending: DeliveryOutcome = { kind: 'sending', version: 3 };
    expect(withUploads(sending, [file(20), file(60), file(100, FILE_STATUS.synced)])).toEqual({
      kind: 'uploading',
      version: 3,
      progress: 40,
    });
    expect(withUploads(sending, [file(-1)])).toEqual({ kind: 'uploading', version: 3, progress: 0 });
    expect(withUploads(sending, [])).toBe(sending);
    const done: DeliveryOutcome = { kind: 'delivered', version: 3, url: 'u' };
    expect(withUploads(done, [file(20)])).toBe(done);
  });
});
