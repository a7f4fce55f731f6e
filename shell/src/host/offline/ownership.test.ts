// The ownership rules of the offline store (issue 28: shared devices). Every record belongs to one
// organisation and one user; every store call takes the signed-in owner and sees that owner's records.
import { testKeys } from '../../../test/offline/keys';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  FILE_STATUS,
  OFFLINE_MESSAGES,
  uniquenessKey,
  type FileInfo,
  type LocalSubmission,
  type StoredImage,
} from 'shared-contracts';
import { openOfflineDbs, type OfflineDbs } from './db';
import { OwnerRequiredError, UNKNOWN_USER, type Owner } from './owner';
import { OfflineStore, OwnerConflictError } from './store';
import { pendingFromOrg } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';
import { draftOf } from '../../../test/offline/drafts';

const A: Owner = { organizationId: '00D1', userId: '005U1' };
/** Another user of the same organisation (a colleague on the shared tablet). */
const B: Owner = { organizationId: '00D1', userId: '005U2' };
/** The same user id in another organisation: org and user both key the data. */
const C: Owner = { organizationId: '00D9', userId: '005U1' };
/** A record the migration could not give a user. */
const U = { organizationId: '00D1', userId: UNKNOWN_USER };

const harnesses: Harness[] = [];
const opened: OfflineDbs[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.svc.dispose();
  for (const d of opened.splice(0)) {
    d.submissions.close();
    d.images.close();
  }
});

/** A draft of `owner` holding its own id, waiting for its next delivery attempt. */
function sub(id: string, owner: Owner): LocalSubmission {
  return {
    ...draftOf(id, owner, id),
    delivery: { attempts: 1, nextAttemptAt: 5, lastError: 'Network Error' },
  };
}

function file(
  localId: string,
  submissionId: string,
  owner: { organizationId: string; userId: string },
): FileInfo {
  return {
    file: new Blob(['x']),
    Name: `${localId}.png`,
    LocalId: localId,
    ContentDocumentId: 'Unsynced',
    error: null,
    status: FILE_STATUS.unsynced,
    path: 'General.files',
    submissionId,
    progress: -1,
    delivery: { attempts: 1, nextAttemptAt: 5, lastError: 'Network Error' },
    ...owner,
  };
}

function image(
  id: string,
  submissionId: string,
  owner: { organizationId: string; userId: string },
): StoredImage {
  return { id, result: 'data:', path: '', fileName: 'a.png', submissionId, ContentDocumentId: '', ...owner };
}

/** A device holding records of A, B, C and one of nobody's, written straight into the databases. */
async function sharedDevice(): Promise<{ store: OfflineStore; dbs: OfflineDbs }> {
  const dbs = openOfflineDbs({ indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(dbs);
  const owners = { a: A, b: B, c: C, u: U };
  for (const [k, o] of Object.entries(owners)) {
    await dbs.submissions.submissions.put(sub(`s-${k}`, o));
    await dbs.submissions.discarded.put({ id: `d-${k}`, ...o, discardedAt: 1 });
    await dbs.submissions.forms.put({ Id: 'a0F1', formDef: { by: k }, ...o });
    await dbs.images.images.put(file(`f-${k}`, `s-${k}`, o));
    await dbs.images.cachedImages.put(image(`i-${k}`, `s-${k}`, o));
    await dbs.images.ownedGuides.put({
      Id: '/g.png',
      ImageUrl: '/g.png',
      encodedImage: k,
      formId: 'a0F1',
      ...o,
    });
  }
  return { store: new OfflineStore(dbs, testKeys()), dbs };
}

/** The method names of the store (its prototype): a new method is checked without being listed here. */
function storeMethods(): string[] {
  return Object.getOwnPropertyNames(OfflineStore.prototype).filter(
    (name) =>
      name !== 'constructor' &&
      typeof Object.getOwnPropertyDescriptor(OfflineStore.prototype, name)?.value === 'function',
  );
}

describe('every query of the offline store takes the owner', () => {
  const notOwners: unknown[] = [
    undefined,
    null,
    '00D1',
    { organizationId: '00D1' },
    { organizationId: '00D1', userId: '' },
    { organizationId: '', userId: '005U1' },
    { organizationId: '00D1', userId: UNKNOWN_USER },
  ];

  it('each of its methods refuses a call without a signed-in owner, and reads nothing', async () => {
    const { store } = await sharedDevice();
    const methods = storeMethods();
    expect(methods.length).toBeGreaterThanOrEqual(25);
    const args = ['s-a', () => undefined, () => undefined];
    for (const name of methods) {
      const fn = (store as unknown as Record<string, (...a: unknown[]) => unknown>)[name];
      if (!fn) throw new Error(name);
      for (const bad of notOwners) {
        const call = async (): Promise<unknown> => fn.call(store, bad, ...args);
        await expect(call(), `${name}(${JSON.stringify(bad)})`).rejects.toBeInstanceOf(OwnerRequiredError);
      }
    }
  });

  it("reads only the owner's records: not a colleague's, not another org's, not nobody's", async () => {
    const { store } = await sharedDevice();
    const ids = (rs: { id?: string; LocalId?: string }[]) => rs.map((r) => r.id ?? r.LocalId);
    expect(ids(await store.submissionsOf(A))).toEqual(['s-a']);
    expect(ids(await store.submissionsOf(B))).toEqual(['s-b']);
    expect(ids(await store.submissionsOf(C))).toEqual(['s-c']);
    expect(await store.countSubmissions(A)).toBe(1);
    expect(ids(await store.queuedSubmissions(A))).toEqual(['s-a']);
    expect(await store.getSubmission(A, 's-b')).toBeUndefined();
    expect(await store.getSubmission(A, 's-c')).toBeUndefined();
    expect(await store.getSubmission(A, 's-u')).toBeUndefined();
    expect((await store.getSubmission(A, 's-a'))?.data).toEqual({ General: { note: 's-a' } });
    expect(ids(await store.unsyncedFiles(A))).toEqual(['f-a']);
    expect(ids(await store.allFiles(A))).toEqual(['f-a']);
    expect(await store.filesOf(A, 's-b')).toEqual([]);
    expect(await store.getFile(A, 'f-b')).toBeUndefined();
    expect([...(await store.discardedIds(A))]).toEqual(['d-a']);
    expect(await store.formsOf(A)).toEqual([{ Id: 'a0F1', formDef: { by: 'a' } }]);
    expect(await store.getForm(B, 'a0F1')).toEqual({ Id: 'a0F1', formDef: { by: 'b' } });
    expect((await store.guidesOf(C, 'a0F1')).map((g) => g.encodedImage)).toEqual(['c']);
  });

  it("never changes, deletes or overwrites another owner's record", async () => {
    const { store, dbs } = await sharedDevice();
    const before = await dbs.submissions.submissions.get('s-b');
    expect(await store.updateSubmission(A, 's-b', (s) => ({ ...s, version: 9 }))).toBeUndefined();
    await expect(store.putSubmission(A, sub('s-b', A))).rejects.toBeInstanceOf(OwnerConflictError);
    await expect(store.bulkPutSubmissions(A, [sub('new', A), sub('s-c', A)])).rejects.toBeInstanceOf(
      OwnerConflictError,
    );
    expect(await dbs.submissions.submissions.get('new')).toBeUndefined(); // all or nothing
    await store.deleteSubmissionCascade(A, 's-b');
    await store.discardSubmission(A, 's-u', 2);
    await store.deleteFilesOf(A, ['s-b', 's-c', 's-u']);
    expect(await store.updateFile(A, 'f-b', () => null)).toBeUndefined();
    const put = await store.putFileForUser(A, file('f-c', 's-a', A));
    expect(put.ok).toBe(false);
    await store.updateSubmissions(A, ['s-a', 's-b'], (cur) => ({
      puts: cur.filter((c) => c !== undefined).map((c) => ({ ...c, version: 7 })),
      deletes: ['s-b'],
    }));
    await store.removeForm(A, 'a0F1');
    expect(await dbs.submissions.submissions.get('s-b')).toEqual(before);
    expect(await dbs.submissions.submissions.count()).toBe(4);
    expect((await store.getSubmission(A, 's-a'))?.version).toBe(7);
    expect(await dbs.images.images.count()).toBe(4);
    expect(await dbs.images.cachedImages.count()).toBe(4);
    expect(await dbs.submissions.forms.count()).toBe(3);
    expect(await dbs.images.ownedGuides.count()).toBe(3);
    expect((await dbs.images.images.get('f-c'))?.organizationId).toBe('00D9');
  });

  it("back online clears only the owner's network backoff; pending work is the owner's", async () => {
    const { store, dbs } = await sharedDevice();
    expect(await store.clearNetworkBackoff(A, 'Network Error')).toBe(2);
    expect((await store.getSubmission(B, 's-b'))?.delivery?.nextAttemptAt).toBe(5);
    expect((await store.getFile(B, 'f-b'))?.delivery?.nextAttemptAt).toBe(5);
    await dbs.submissions.submissions.delete('s-a');
    await dbs.images.images.delete('f-a');
    expect(await store.hasPendingWork(A)).toBe(false);
    expect(await store.hasPendingWork(B)).toBe(true);
  });

  it('writes carry the owner, whatever the record said', async () => {
    const { store, dbs } = await sharedDevice();
    await store.putSubmission(A, { ...sub('mine', C) });
    expect(await dbs.submissions.submissions.get('mine')).toMatchObject(A);
    await store.updateSubmission(A, 'mine', (s) => ({ ...s, organizationId: '00D9', userId: '005U2' }));
    expect(await dbs.submissions.submissions.get('mine')).toMatchObject(A);
  });

  it('a record nobody owned is claimed by the user the org lists it for, with its files', async () => {
    const { store, dbs } = await sharedDevice();
    expect(await store.claimUnknown(C, ['s-u'])).toEqual([]); // another org: not theirs
    const claimed = await store.claimUnknown(B, ['s-u', 's-a']);
    expect(claimed.map((s) => s.id)).toEqual(['s-u']);
    expect(await dbs.submissions.submissions.get('s-a')).toMatchObject(A);
    expect(await dbs.images.images.get('f-u')).toMatchObject(B);
    expect(await dbs.images.cachedImages.get('i-u')).toMatchObject(B);
  });
});

describe('two users on one device, through the offline services', () => {
  /** A tab whose signed-in user can change (sign-out, another sign-in), over one device's stores. */
  function tab(factory?: IDBFactory): Harness & { signIn(o: Owner | null): void } {
    let who: Owner | null = A;
    const base = harnesses[0];
    const h = makeHarness(
      {
        context: () => ({
          organizationId: who?.organizationId ?? '',
          userId: who?.userId ?? '',
          instanceUrl: 'https://org.example',
        }),
      },
      factory ? { factory, ...(base ? { org: base.org } : {}) } : undefined,
    );
    harnesses.push(h);
    return Object.assign(h, { signIn: (o: Owner | null) => (who = o) });
  }

  it("a colleague sees none of the first user's items and sends none; the first user gets them back", async () => {
    const h = tab();
    h.online.set(false);
    const r = await h.svc.create({ formId: 'a0F1', formName: 'Audit', data: { General: { a: 'draft' } } });
    if (!r.ok) throw new Error(r.message);
    const f = await h.svc.attachFile(r.value.id, new Blob(['bytes']), 'a.png');
    expect(f.ok).toBe(true);
    await h.svc.downloadForOffline('a0F1').catch(() => undefined);

    h.signIn(null); // signed out (offline)
    expect((await h.svc.create({ formId: 'a0F1', formName: 'Audit' })).ok).toBe(false);
    expect(await h.svc.create({ formId: 'a0F1', formName: 'Audit' })).toEqual({
      ok: false,
      message: OFFLINE_MESSAGES.signedOut,
    });

    h.signIn(B);
    const callsBefore = h.org.calls.length;
    h.online.set(true);
    const seen = await new Promise<LocalSubmission[]>((resolve) => {
      const stop = h.svc.submissions.subscribe((v) => {
        stop();
        resolve(v);
      });
    });
    expect(seen).toEqual([]);
    expect(h.svc.outbox.get()).toEqual([]);
    expect(h.svc.submission(r.value.id).get()).toBeUndefined();
    expect(await h.svc.queueSummary()).toMatchObject({ submissions: {}, files: {} });
    await h.drainOnce();
    expect(h.org.calls.slice(callsBefore).filter((c) => c.op !== 'getToken')).toEqual([]);
    expect(h.svc.cachedForms.get()).toEqual([]);
    await h.svc.discardOutboxItem(r.value.id);
    await h.svc.retryNow(r.value.id);
    expect(await h.local()).toHaveLength(1); // still there, untouched

    h.signIn(A);
    expect((await h.svc.store.getSubmission(A, r.value.id))?.data).toEqual({ General: { a: 'draft' } });
    await h.drain();
    const key = uniquenessKey('a0F1', r.value.id);
    expect(h.org.records.get(key)?.data).toEqual(expect.objectContaining({ General: expect.anything() }));
    expect(h.org.calls.filter((c) => c.op === 'submitBatch' && c.key === key)).toHaveLength(1);
    expect(h.org.calls.filter((c) => c.op === 'uploadFile')).toHaveLength(1);
  });

  it('a change of user in an open tab re-runs what the screens read: nothing of the earlier user stays', async () => {
    const h = tab();
    h.online.set(false);
    const r = await h.svc.create({ formId: 'a0F1', formName: 'Audit' });
    if (!r.ok) throw new Error(r.message);
    const lists: string[][] = [];
    const stop = h.svc.submissions.subscribe((v) => lists.push(v.map((s) => s.id)));
    const stopOutbox = h.svc.outbox.subscribe(() => undefined);
    const one = h.svc.submission(r.value.id);
    const stopOne = one.subscribe(() => undefined);
    await expect.poll(() => lists.at(-1)).toEqual([r.value.id]);
    await expect.poll(() => h.svc.outbox.get().length).toBe(1);
    await expect.poll(() => one.get()?.id).toBe(r.value.id);
    h.signIn(B);
    h.svc.ownerChanged();
    expect(h.svc.outbox.get()).toEqual([]);
    await expect.poll(() => lists.at(-1)).toEqual([]);
    await expect.poll(() => one.get()).toBeUndefined();
    h.signIn(A);
    h.svc.ownerChanged();
    await expect.poll(() => lists.at(-1)).toEqual([r.value.id]);
    stop();
    stopOutbox();
    stopOne();
  });

  it("the import of pending records writes the signed-in user's records only", async () => {
    const h = tab();
    h.org.pending = [pendingFromOrg('p1')];
    await h.svc.importPending();
    h.signIn(B);
    h.org.pending = [pendingFromOrg('p2')];
    h.clock.now += 120_000;
    await h.svc.importPending();
    const all = [...(await h.svc.store.submissionsOf(A)), ...(await h.svc.store.submissionsOf(B))];
    expect(all.map((s) => [s.id, s.userId]).sort()).toEqual([
      ['p1', A.userId],
      ['p2', B.userId],
    ]);
    // B's import did not delete A's p1 (it is not in B's pending list): it is not B's to delete
  });
});
