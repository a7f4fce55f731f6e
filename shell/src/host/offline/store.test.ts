import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBKeyRange } from 'fake-indexeddb';
import { IMAGE_DB_VERSION, MESSAGES, OFFLINE_MESSAGES, type LocalSubmission } from 'shared-contracts';
import { IMAGE_DB_NAME, SUBMISSIONS_DB_NAME, requestPersistentStorage } from './db';
import { makeHarness, type Harness } from '../../../test/offline/harness';

let h: Harness;
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.svc.dispose();
});

function quotaOnPut(): void {
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
}

describe('the local stores', () => {
  it("have the spec names, keys and indexes, plus each record's owner (version 3) and the org's lists (4)", async () => {
    h = makeHarness();
    const { submissions, images } = h.svc.dbs;
    await Promise.all([submissions.open(), images.open()]);
    expect(submissions.name).toBe(SUBMISSIONS_DB_NAME);
    expect(images.name).toBe(IMAGE_DB_NAME);
    const s = submissions.table('submissions').schema;
    expect(s.primKey.keyPath).toBe('id');
    expect(s.indexes.map((i) => i.name).sort()).toEqual([
      '[organizationId+userId]',
      'organizationId',
      'syncStatus',
    ]);
    // cached forms are kept per owner: two users of one device each have their own offline copy
    expect(submissions.table('forms').schema.primKey.name).toBe('[organizationId+userId+Id]');
    expect(images.tables.map((t) => t.name).sort()).toEqual(['cachedImages', 'images', 'ownedGuides']);
    expect(IMAGE_DB_VERSION).toBe(2);
    expect(images.verno).toBe(IMAGE_DB_VERSION + 1);
    // version 4: the org's lists home shows, kept per owner (not in localStorage: issue 41)
    expect(submissions.verno).toBe(4);
    expect(submissions.table('lists').schema.primKey.name).toBe('[organizationId+userId+name]');
  });

  it('every user write runs in a transaction with strict durability', async () => {
    h = makeHarness();
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const r = await h.svc.create({ formId: 'f', formName: 'F' });
    expect(r.ok).toBe(true);
    const rw = spy.mock.calls.filter((c) => c[1] === 'readwrite');
    expect(rw.length).toBeGreaterThan(0);
    for (const c of rw) expect(c[2]).toEqual({ durability: 'strict' });
  });

  it('a quota error is told in plain words and leaves the previous record intact', async () => {
    h = makeHarness();
    const created = await h.svc.create({ formId: 'f', formName: 'F', data: { General: { a: 'kept' } } });
    if (!created.ok) throw new Error(created.message);
    const before = await h.svc.store.getSubmission(h.owner, created.value.id);
    quotaOnPut();
    const r = await h.svc.save(created.value.id, { General: { a: 'lost?' } });
    expect(r).toEqual({ ok: false, message: OFFLINE_MESSAGES.quotaExceeded });
    vi.restoreAllMocks();
    expect(await h.svc.store.getSubmission(h.owner, created.value.id)).toEqual(before);
    const sub = await h.svc.submit(created.value.id, { General: { a: 'x' } });
    expect(sub.ok).toBe(true);
  });

  it("a file that cannot be stored: 'Database Error: File not stored in DB'; too large: the spec's text", async () => {
    h = makeHarness();
    const created = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!created.ok) throw new Error(created.message);
    quotaOnPut();
    const r = await h.svc.attachFile(created.value.id, new Blob(['x']), 'a.png');
    expect(r).toEqual({ ok: false, message: MESSAGES.fileNotStoredInDb });
    vi.restoreAllMocks();
    const big = { size: 1e8 + 1 } as unknown as Blob;
    expect(await h.svc.attachFile(created.value.id, big, 'big.bin')).toEqual({
      ok: false,
      message: MESSAGES.fileTooLarge,
    });
    expect(await h.svc.dbs.images.images.count()).toBe(0);
  });

  it('a stored file keeps its bytes, is Unsynced with progress -1, and gives an unresolved node', async () => {
    h = makeHarness();
    const created = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!created.ok) throw new Error(created.message);
    const r = await h.svc.attachFile(created.value.id, new Blob(['hello']), 'a.txt', 'General.files');
    if (!r.ok) throw new Error(r.message);
    expect(r.value).toMatchObject({ ContentDocumentId: '', Name: 'a.txt', progress: -1 });
    const f = await h.svc.store.getFile(h.owner, r.value.LocalId);
    expect(f).toMatchObject({
      status: 'Unsynced',
      ContentDocumentId: 'Unsynced',
      progress: -1,
      organizationId: '00D1',
    });
    expect(await f?.file.text()).toBe('hello');
    expect(f?.sha256).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
  });

  it('queues many submissions with one bulkPut in one transaction', async () => {
    h = makeHarness();
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const created = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!created.ok) throw new Error(created.message);
    spy.mockClear();
    const items: LocalSubmission[] = Array.from({ length: 1000 }, (_, i) => ({
      ...created.value,
      id: `id-${i}`,
      status: 'submitted',
    }));
    expect((await h.svc.queueMany(items)).ok).toBe(true);
    expect(spy.mock.calls.filter((c) => c[1] === 'readwrite')).toHaveLength(1);
    expect(await h.svc.dbs.submissions.submissions.count()).toBe(1001);
  });

  it('a failed bulk queue stores none of the batch', async () => {
    h = makeHarness();
    const created = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!created.ok) throw new Error(created.message);
    const items = Array.from({ length: 10 }, (_, i) => ({ ...created.value, id: `b-${i}` }));
    let n = 0;
    const orig = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (++n === 5) throw new DOMException('full', 'QuotaExceededError');
      return orig.apply(this, args);
    });
    expect(await h.svc.queueMany(items)).toEqual({ ok: false, message: OFFLINE_MESSAGES.quotaExceeded });
    vi.restoreAllMocks();
    expect(await h.svc.dbs.submissions.submissions.count()).toBe(1);
  });

  it('live queries: lists follow the store without polling', async () => {
    h = makeHarness();
    const seen: number[] = [];
    const unsub = h.svc.submissions.subscribe((v) => seen.push(v.length));
    await h.svc.create({ formId: 'f', formName: 'F' });
    await vi.waitFor(() => expect(seen.at(-1)).toBe(1));
    await h.svc.create({ formId: 'f', formName: 'G' });
    await vi.waitFor(() => expect(h.svc.submissions.get()).toHaveLength(2));
    unsub();
  });

  it('asks for persistent storage, and copes without it', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistentStorage({ persist })).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
    expect(await requestPersistentStorage(undefined)).toBe(false);
    expect(await requestPersistentStorage({ persist: async () => Promise.reject(new Error('no')) })).toBe(
      false,
    );
  });

  it('two instances (two tabs) see one store', async () => {
    h = makeHarness();
    const other = makeHarness({}, { factory: h.factory, org: h.org });
    const r = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    expect((await other.svc.store.getSubmission(other.owner, r.value.id))?.formName).toBe('F');
    expect(IDBKeyRange).toBeDefined();
    await other.svc.dispose();
  });
});
