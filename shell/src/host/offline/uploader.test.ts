// Dexie's live queries need a global IndexedDB before dexie is first imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, uniquenessKey, type LocalSubmission } from 'shared-contracts';
import type { Fault, Op } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';

let h: Harness;
afterEach(async () => {
  await h?.svc.dispose();
});

async function created(
  hh: Harness,
  data: Record<string, unknown> = { General: { a: 1 } },
): Promise<LocalSubmission> {
  const r = await hh.svc.create({ formId: 'a0F1', formName: 'Safety walk', data });
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

/** A submitted submission with `files` attached files (node in data), as the form screen does it. */
async function submittedWithFiles(hh: Harness, files = 0, bytes = 'file-bytes'): Promise<LocalSubmission> {
  const s = await created(hh);
  const nodes = [];
  for (let i = 0; i < files; i++) {
    const f = await hh.svc.attachFile(s.id, new Blob([`${bytes}-${i}`]), `photo-${i}.png`);
    if (!f.ok) throw new Error(f.message);
    nodes.push(f.value);
  }
  const r = await hh.svc.submit(s.id, { General: { a: 2, photos: nodes } });
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

function faultOnce(op: Op, fault: Fault): (o: Op) => Fault {
  let done = false;
  return (o) => {
    if (o === op && !done) {
      done = true;
      return fault;
    }
    return null;
  };
}

describe('the submission uploader', () => {
  it('runs the steps in order: files first, then the one delivery path (a batch of one); then deletes locally', async () => {
    h = makeHarness();
    const s = await submittedWithFiles(h, 2);
    expect(s.syncStatus).toBe('file usnyc');
    await h.drainOnce();
    const key = uniquenessKey('a0F1', s.id);
    expect(h.org.calls.map((c) => c.op)).toEqual(['getToken', 'uploadFile', 'uploadFile', 'submitBatch']);
    expect(h.org.calls.filter((c) => c.op === 'submitBatch')[0]).toMatchObject({
      status: 'submitted',
      version: 2,
    });
    const rec = h.org.records.get(key);
    expect(rec).toMatchObject({ status: 'submitted', version: 2 });
    const photos = (rec?.data.General as { photos: { ContentDocumentId: string; progress: number }[] })
      .photos;
    expect(photos.map((p) => p.ContentDocumentId)).toEqual(h.org.contentDocuments.map((d) => d.id));
    expect(photos.every((p) => p.progress === 100)).toBe(true);
    expect(await h.local()).toEqual([]);
    expect(await h.svc.dbs.images.images.count()).toBe(0);
  });

  it('syncs a draft (in progress, out of sync) as a normal save, then in sync with errors cleared', async () => {
    h = makeHarness();
    const s = await created(h);
    await h.drainOnce();
    expect(h.org.calls.map((c) => c.op)).toEqual(['submitBatch']);
    expect(h.org.calls[0]).toMatchObject({ status: 'in progress', version: 1 });
    const local = await h.svc.store.getSubmission(h.owner, s.id);
    expect(local).toMatchObject({ syncStatus: 'in sync', errors: [] });
    expect(local?.formSubmissionId).toMatch(/^a0X/);
    await h.drainOnce();
    expect(h.org.calls).toHaveLength(1); // nothing left to send
  });

  it('a file still unresolved stops the submission at step 1 (nothing about it reaches the org)', async () => {
    h = makeHarness();
    h.org.fault = (op) => (op === 'uploadFile' ? 'network' : null);
    const s = await submittedWithFiles(h, 1);
    await h.drainOnce();
    expect(h.org.calls.map((c) => c.op).filter((o) => o !== 'getToken' && o !== 'uploadFile')).toEqual([]);
    const local = await h.svc.store.getSubmission(h.owner, s.id);
    expect(local?.syncStatus).toBe('file usnyc');
    const [file] = await h.svc.store.filesOf(h.owner, s.id);
    expect(file).toMatchObject({ status: 'Unsynced', error: 'Network Error' });
  });

  it('a network error keeps it queued with backoff; the retry delivers exactly once', async () => {
    h = makeHarness();
    h.org.fault = faultOnce('submitBatch', 'network');
    const s = await submittedWithFiles(h);
    await h.drainOnce();
    const queued = await h.svc.store.getSubmission(h.owner, s.id);
    expect(queued).toMatchObject({ status: 'submitted', syncStatus: 'out of sync' });
    expect(queued?.delivery).toMatchObject({ attempts: 1, lastError: 'Network Error' });
    expect(queued?.delivery?.nextAttemptAt).toBeGreaterThan(h.clock.now);
    await h.drainOnce(); // not due yet
    expect(h.org.calls.filter((c) => c.op === 'submitBatch')).toHaveLength(1);
    await h.drain();
    expect(h.org.records.size).toBe(1);
    expect(await h.local()).toEqual([]);
  });

  it('committed-but-lost responses (submit, file) never make a second record or file', async () => {
    for (const op of ['submitBatch', 'uploadFile'] as const) {
      h = makeHarness();
      h.org.fault = faultOnce(op, 'lost');
      const s = await submittedWithFiles(h, 1);
      await h.drain();
      expect(h.org.records.size, op).toBe(1);
      expect(h.org.records.get(uniquenessKey('a0F1', s.id))?.status, op).toBe('submitted');
      expect(h.org.contentDocuments, op).toHaveLength(1);
      expect(await h.local(), op).toEqual([]);
      await h.svc.dispose();
    }
  });

  it('a refusal (4xx verdict on a submit) brings it back in progress with the response data; it is not retried on its own', async () => {
    h = makeHarness();
    h.org.fault = (op) => (op === 'submitBatch' ? 'rejected' : null);
    const s = await submittedWithFiles(h);
    await h.drainOnce();
    const local = await h.svc.store.getSubmission(h.owner, s.id);
    expect(local).toMatchObject({ status: 'in progress', syncStatus: 'in error' });
    expect(local?.errors).toEqual([
      { message: 'Required fields are missing', errorCode: 'REQUIRED_FIELD_MISSING', fields: ['Name'] },
    ]);
    expect(h.svc.delivery(s.id).get()).toEqual({ kind: 'refused', version: 2, errors: local?.errors });
    const n = h.org.calls.length;
    h.clock.now += 3600_000;
    await h.drainOnce();
    expect(h.org.calls).toHaveLength(n);
    // the user retries from the outbox: sent again as the draft it now is
    h.org.fault = () => null;
    await h.svc.retryNow(s.id);
    await h.drainOnce();
    expect(await h.local()).toMatchObject([{ status: 'in progress', syncStatus: 'in sync', errors: [] }]);
    expect(h.org.records.get(uniquenessKey('a0F1', s.id))?.status).toBe('in progress');
  });

  it("a draft the org rejects, or a version conflict, goes 'in error' (step 6)", async () => {
    h = makeHarness();
    h.org.fault = (op) => (op === 'submitBatch' ? 'rejected' : null);
    const s = await created(h);
    await h.drainOnce();
    expect(await h.svc.store.getSubmission(h.owner, s.id)).toMatchObject({
      status: 'in progress',
      syncStatus: 'in error',
    });
    expect(h.svc.delivery(s.id).get()).toMatchObject({ kind: 'failed', version: 1 });
  });

  it('5xx is transient: queued, retried, never in error', async () => {
    h = makeHarness();
    let n = 0;
    h.org.fault = (op) => (op === 'submitBatch' && n++ < 3 ? 'unavailable' : null);
    await submittedWithFiles(h);
    const rounds = await h.drain();
    expect(rounds).toBe(4);
    expect(h.org.records.size).toBe(1);
  });

  it('401 clears authorization and keeps the submission queued', async () => {
    h = makeHarness();
    h.org.fault = faultOnce('submitBatch', 'unauthorized');
    const s = await submittedWithFiles(h);
    await h.drainOnce();
    expect(h.unauthorized.count).toBe(1);
    expect((await h.svc.store.getSubmission(h.owner, s.id))?.syncStatus).toBe('out of sync');
    await h.drain();
    expect(await h.local()).toEqual([]);
  });

  it('a submit result without url stores the errors and reverts to in progress', async () => {
    h = makeHarness();
    h.org.itemFault = () => 'no-url';
    const s = await submittedWithFiles(h);
    await h.drainOnce();
    const local = await h.svc.store.getSubmission(h.owner, s.id);
    expect(local).toMatchObject({
      status: 'in progress',
      syncStatus: 'in sync',
      errors: [{ message: 'Inspection date is required', errorPath: 'General.date' }],
    });
    expect(h.svc.outbox.get()).toEqual([]);
    expect(h.svc.delivery(s.id).get()).toEqual({ kind: 'refused', version: 2, errors: local?.errors });
  });

  it('a save made while the submit is in flight is neither lost nor deleted; it is sent next', async () => {
    h = makeHarness();
    const s = await submittedWithFiles(h);
    // the save lands inside the submit call (wide margins: the suite runs on a busy machine)
    h.org.latencyMs = 600;
    const run = h.drainOnce();
    await new Promise((r) => setTimeout(r, 150));
    const saved = await h.svc.save(s.id, { General: { a: 'late edit' } });
    expect(saved.ok).toBe(true);
    await run;
    const local = await h.svc.store.getSubmission(h.owner, s.id);
    expect(local).toMatchObject({
      version: 3,
      syncStatus: 'out of sync',
      data: { General: { a: 'late edit' } },
    });
    h.org.latencyMs = 0;
    await h.drain();
    expect(await h.local()).toEqual([]);
    expect(h.org.records.get(uniquenessKey('a0F1', s.id))).toMatchObject({
      version: 3,
      data: { General: { a: 'late edit' } },
    });
  });

  it("only the signed-in user's submissions are sent (not another org's, not another user's)", async () => {
    h = makeHarness();
    const s = await created(h);
    await h.svc.dbs.submissions.submissions.bulkPut([
      { ...s, id: 'other-org', organizationId: '00D9' },
      { ...s, id: 'other-user', userId: '005U2' },
    ]);
    await h.drainOnce();
    expect(h.org.calls.map((c) => c.key)).toEqual([uniquenessKey('a0F1', s.id)]);
  });

  it('does nothing while offline', async () => {
    h = makeHarness();
    await submittedWithFiles(h, 1);
    h.online.set(false);
    await h.drainOnce();
    expect(h.org.calls).toEqual([]);
  });
});

describe('the file uploader', () => {
  it('Unsynced -> Synced with the ContentDocumentId; the submission becomes out of sync when all files resolved', async () => {
    h = makeHarness();
    const s = await created(h);
    const f1 = await h.svc.attachFile(s.id, new Blob(['one']), 'one.png');
    const f2 = await h.svc.attachFile(s.id, new Blob(['two']), 'two.png');
    if (!f1.ok || !f2.ok) throw new Error('attach');
    await h.svc.save(s.id, { General: { files: [f1.value, f2.value] } });
    h.org.fault = (op, _c, n) => (op === 'uploadFile' && n > 1 ? 'network' : null);
    await h.svc.engine.files.runOnce();
    expect((await h.svc.store.getFile(h.owner, f1.value.LocalId))?.status).toBe('Synced');
    expect((await h.svc.store.getSubmission(h.owner, s.id))?.syncStatus).toBe('file usnyc');
    h.org.fault = () => null;
    h.clock.now += 600_000;
    await h.svc.engine.files.runOnce();
    const f = await h.svc.store.getFile(h.owner, f2.value.LocalId);
    expect(f).toMatchObject({ status: 'Synced', progress: 100, error: null });
    expect(f?.ContentDocumentId).toMatch(/^069/);
    expect((await h.svc.store.getSubmission(h.owner, s.id))?.syncStatus).toBe('out of sync');
  });

  it('takes a fresh token each run; a Network Error loading it is not an upload failure', async () => {
    h = makeHarness();
    const s = await created(h);
    const f = await h.svc.attachFile(s.id, new Blob(['x']), 'x.png');
    if (!f.ok) throw new Error(f.message);
    h.org.fault = faultOnce('getToken', 'network');
    await h.svc.engine.files.runOnce();
    expect(await h.svc.store.getFile(h.owner, f.value.LocalId)).toMatchObject({
      status: 'Unsynced',
      error: null,
      progress: -1,
    });
    await h.svc.engine.files.runOnce();
    await h.svc.engine.files.runOnce();
    expect(h.org.calls.map((c) => c.op)).toEqual(['getToken', 'getToken', 'uploadFile']);
  });

  it("a 401 on upload clears authorization and marks the file 'Authorization Failed. Please login again.'", async () => {
    h = makeHarness();
    const s = await created(h);
    const a = await h.svc.attachFile(s.id, new Blob(['a']), 'a.png');
    await h.svc.attachFile(s.id, new Blob(['b']), 'b.png');
    if (!a.ok) throw new Error(a.message);
    h.org.fault = (op) => (op === 'uploadFile' ? 'unauthorized' : null);
    await h.svc.engine.files.runOnce();
    expect(h.unauthorized.count).toBe(1);
    expect(h.org.calls.filter((c) => c.op === 'uploadFile')).toHaveLength(1); // the loop stops
    expect((await h.svc.store.getFile(h.owner, a.value.LocalId))?.error).toBe(MESSAGES.fileNotAuthorised);
  });

  it("the outbox shows the file's state, error, attempts and next retry", async () => {
    h = makeHarness();
    const s = await created(h);
    const a = await h.svc.attachFile(s.id, new Blob(['a']), 'a.png');
    if (!a.ok) throw new Error(a.message);
    const unsub = h.svc.outbox.subscribe(() => undefined);
    h.org.fault = (op) => (op === 'uploadFile' ? 'network' : null);
    await h.svc.engine.files.runOnce();
    await expect
      .poll(() => h.svc.outbox.get().find((i) => i.id === a.value.LocalId))
      .toMatchObject({
        kind: 'file',
        state: 'retry scheduled',
        lastError: 'Network Error',
        attempts: 1,
        progress: -1,
      });
    const item = h.svc.outbox.get().find((i) => i.id === a.value.LocalId);
    expect(item?.nextRetryAt).toBeGreaterThan(h.clock.now);
    // retry now resets the backoff and the file goes
    h.org.fault = () => null;
    await h.svc.retryNow(a.value.LocalId);
    await h.svc.engine.files.runOnce();
    expect(await h.svc.store.getFile(h.owner, a.value.LocalId)).toMatchObject({
      status: 'Synced',
      progress: 100,
    });
    await expect.poll(() => h.svc.outbox.get().filter((i) => i.kind === 'file')).toEqual([]);
    unsub();
  });

  it('reports upload progress in steps (0-100) through filesOf, writing the file record (its Blob) only once', async () => {
    h = makeHarness();
    const s = await created(h);
    const a = await h.svc.attachFile(s.id, new Blob(['a']), 'a.png');
    if (!a.ok) throw new Error(a.message);
    const files = h.svc.filesOf(s.id);
    const shown: number[] = [];
    const unsub = files.subscribe((list) => {
      const p = list.find((f) => f.LocalId === a.value.LocalId)?.progress;
      if (p !== undefined && shown[shown.length - 1] !== p) shown.push(p);
    });
    const stored: number[] = [];
    const updateFile = h.svc.store.updateFile.bind(h.svc.store);
    let fileWrites = 0;
    h.svc.store.updateFile = (owner, id, fn) => {
      fileWrites++;
      return updateFile(owner, id, fn);
    };
    h.org.uploadFile = async (_req, onProgress) => {
      for (let p = 0; p <= 100; p += 1) {
        onProgress(p);
        if (p % 5 === 0) {
          await new Promise((r) => setTimeout(r, 0));
          stored.push((await h.svc.store.getFile(h.owner, a.value.LocalId))?.progress ?? -2);
        }
      }
      return '069000000000777AAA';
    };
    await h.svc.engine.files.runOnce();
    // the record is written once, with the outcome; during the upload it keeps its stored progress
    expect(fileWrites).toBe(1);
    expect([...new Set(stored)]).toEqual([-1]);
    expect(await h.svc.store.getFile(h.owner, a.value.LocalId)).toMatchObject({
      progress: 100,
      status: 'Synced',
    });
    // what the form sees: steps of at least 10 %, in order, ending at 100
    await expect.poll(() => shown[shown.length - 1]).toBe(100);
    const steps = shown.filter((p) => p >= 0);
    expect(steps.length).toBeGreaterThan(5);
    expect(steps.length).toBeLessThanOrEqual(12);
    expect(steps).toEqual([...steps].sort((x, y) => x - y));
    unsub();
  });

  it('an orphan file of a discarded submission is never uploaded', async () => {
    h = makeHarness();
    const s = await created(h);
    const a = await h.svc.attachFile(s.id, new Blob(['a']), 'a.png');
    if (!a.ok) throw new Error(a.message);
    await h.svc.dbs.submissions.submissions.delete(s.id); // a crash between the two deletes of a discard
    await h.svc.engine.files.runOnce();
    expect(h.org.calls.filter((c) => c.op === 'uploadFile')).toEqual([]);
    expect(await h.svc.store.getFile(h.owner, a.value.LocalId)).toBeUndefined();
  });
});

describe('exactly once under chaos (in process)', () => {
  it('60 queued submissions, a third with files, 10% network, 10% 5xx, 5% committed-but-lost, toggling network', async () => {
    h = makeHarness({ concurrency: 4 });
    let seed = 42;
    const rnd = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await submittedWithFiles(h, i % 3 === 0 ? 2 : 0, `s${i}`)).id);
    h.org.fault = (op) => {
      if (op === 'getToken') return null;
      const r = rnd();
      return r < 0.1 ? 'network' : r < 0.2 ? 'unavailable' : r < 0.25 ? 'lost' : null;
    };
    let rounds = 0;
    for (; rounds < 300; rounds++) {
      h.online.set(rounds % 5 !== 4); // the network drops every fifth round
      await h.drainOnce();
      if ((await h.local()).length === 0) break;
      h.clock.now += 10 * 60 * 1000;
    }
    expect(await h.local()).toEqual([]);
    expect(h.org.records.size).toBe(60);
    expect([...h.org.records.values()].every((r) => r.status === 'submitted')).toBe(true);
    expect(new Set(ids.map((id) => uniquenessKey('a0F1', id)))).toEqual(new Set(h.org.records.keys()));
    expect(h.org.contentDocuments).toHaveLength(40);
    expect(new Set(h.org.contentDocuments.map((d) => d.localId)).size).toBe(40);
    expect(await h.svc.dbs.images.images.count()).toBe(0);
  });
});
