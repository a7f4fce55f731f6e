// A device updating: stores written by the release before owners (release-2-schema.ts), opened by
// this one (db.ts version 3). Every record keeps its organisation and gets the user stored with it.
import { testKeys } from '../../../test/offline/keys';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { FILE_STATUS, type LocalSubmission } from 'shared-contracts';
import { openOfflineDbs, type OfflineDbs } from './db';
import { UNKNOWN_USER, type Owner } from './owner';
import { OfflineStore } from './store';
import { pendingFromOrg } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';
import { openRelease2 } from '../../../test/offline/release-2-schema';

const STORED: Owner = { organizationId: '00D1', userId: '005U1' };

const opened: OfflineDbs[] = [];
const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.svc.dispose();
  for (const d of opened.splice(0)) {
    d.submissions.close();
    d.images.close();
  }
});

function record(id: string, organizationId: string): LocalSubmission {
  return {
    id,
    data: { General: { id } },
    originalData: {},
    syncStatus: 'out of sync',
    status: 'in progress',
    isUploading: false,
    formName: 'Audit',
    formId: 'a0F1',
    formDef: {},
    createdOn: '2026-11-20T10:00:00.000Z',
    syncedOn: '',
    submittedOn: '',
    version: 2,
    error: [],
    errors: [],
    instanceUrl: 'https://org.example',
    organizationId,
    isSalesforceRecord: false,
  };
}

/** What the release before wrote: records of the stored user's org (00D1) and of another (00D9). */
async function writtenByRelease2(factory: IDBFactory): Promise<void> {
  const old = openRelease2({ indexedDB: factory, IDBKeyRange });
  await old.submissions
    .table('submissions')
    .bulkPut([record('s1', '00D1'), record('s2', '00D1'), record('s9', '00D9')]);
  // discarded a moment before the update (the harness's clock): an import does not forget it yet
  await old.submissions
    .table('discarded')
    .put({ id: 'd1', organizationId: '00D1', discardedAt: Date.parse('2026-11-22T09:59:00.000Z') });
  await old.submissions.table('cachedforms').put({ Id: 'a0F1', formDef: { v: 1 } });
  await old.images.table('images').bulkPut(
    [
      ['f1', 's1', '00D1'],
      ['f9', 's9', '00D9'],
    ].map(([LocalId, submissionId, organizationId]) => ({
      file: new Blob(['x']),
      Name: 'a.png',
      LocalId,
      ContentDocumentId: 'Unsynced',
      error: null,
      status: FILE_STATUS.unsynced,
      path: '',
      submissionId,
      organizationId,
      progress: -1,
    })),
  );
  await old.images.table('cachedImages').put({
    id: 'i1',
    result: 'data:',
    path: '',
    fileName: 'a.png',
    submissionId: 's1',
    organizationId: '00D1',
    ContentDocumentId: '',
  });
  await old.images
    .table('guides')
    .put({ Id: '/g.png', ImageUrl: '/g.png', encodedImage: 'data:', formId: 'a0F1' });
  old.submissions.close();
  old.images.close();
}

describe('opening the stores of the release before', () => {
  it('gives every record of the signed-in org the user stored with it, and keeps the others as nobody’s', async () => {
    const factory = new IDBFactory();
    await writtenByRelease2(factory);
    const dbs = openOfflineDbs({ indexedDB: factory, IDBKeyRange }, '', () => STORED);
    opened.push(dbs);
    const owners = async (rows: Promise<{ organizationId?: string; userId?: string }[]>) =>
      (await rows).map((r) => `${r.organizationId}/${r.userId}`);
    expect(await owners(dbs.submissions.submissions.toArray())).toEqual([
      '00D1/005U1',
      '00D1/005U1',
      `00D9/${UNKNOWN_USER}`,
    ]);
    expect(await owners(dbs.submissions.discarded.toArray())).toEqual(['00D1/005U1']);
    expect(await owners(dbs.images.images.toArray())).toEqual(['00D1/005U1', `00D9/${UNKNOWN_USER}`]);
    expect(await owners(dbs.images.cachedImages.toArray())).toEqual(['00D1/005U1']);
    // the cached form and its guide image (the old tables had no organisation) go to the stored user
    const store = new OfflineStore(dbs, testKeys());
    expect(await store.formsOf(STORED)).toEqual([{ Id: 'a0F1', formDef: { v: 1 } }]);
    expect(await store.guidesOf(STORED, 'a0F1')).toHaveLength(1);
    // the data itself is untouched
    expect((await store.getSubmission(STORED, 's1'))?.data).toEqual({ General: { id: 's1' } });
    expect((await store.getFile(STORED, 'f1'))?.file).toBeDefined();
  });

  it('with nobody signed in, nobody is shown anything; the records stay until their owner claims them', async () => {
    const factory = new IDBFactory();
    await writtenByRelease2(factory);
    const h = makeHarness({ legacyOwner: () => null }, { factory }); // nobody signed in at the update
    harnesses.push(h);
    expect(await h.svc.store.submissionsOf(h.owner)).toEqual([]);
    expect(await h.svc.store.formsOf(h.owner)).toEqual([]);
    expect(await h.svc.dbs.submissions.submissions.count()).toBe(3);
    // the org lists s1 as this user's pending record: it is theirs, with its file
    h.org.pending = [pendingFromOrg('s1', { version: 1 })];
    await h.svc.importPending();
    expect((await h.svc.store.submissionsOf(h.owner)).map((s) => [s.id, s.version])).toEqual([['s1', 2]]);
    expect((await h.svc.store.filesOf(h.owner, 's1')).map((f) => f.LocalId)).toEqual(['f1']);
    expect(await h.svc.dbs.submissions.submissions.count()).toBe(3);
  });

  it('a draft that only ever lived on the device is not hidden for good: the first user of its org to sign in gets it', async () => {
    const factory = new IDBFactory();
    await writtenByRelease2(factory);
    // the update first opened the stores while nobody was signed in: every record went to nobody
    const update = openOfflineDbs({ indexedDB: factory, IDBKeyRange }, '', () => null);
    expect((await update.submissions.submissions.get('s2'))?.userId).toBe(UNKNOWN_USER);
    expect((await update.images.images.get('f1'))?.userId).toBe(UNKNOWN_USER); // both stores upgraded
    update.submissions.close();
    update.images.close();
    // later a user of 00D1 signs in (the services start with them): the org lists none of these drafts
    const h = makeHarness({}, { factory });
    harnesses.push(h);
    h.svc.start();
    await vi.waitFor(async () =>
      expect((await h.svc.store.submissionsOf(h.owner)).map((s) => s.id).sort()).toEqual(['s1', 's2']),
    );
    // (the files are claimed just after their records: issue 45 seals both, outside the transactions)
    await vi.waitFor(async () =>
      expect((await h.svc.store.filesOf(h.owner, 's1')).map((f) => f.LocalId)).toEqual(['f1']),
    );
    expect([...(await h.svc.store.discardedIds(h.owner))]).toEqual(['d1']);
    // another organisation's record stays nobody's here
    expect((await h.svc.dbs.submissions.submissions.get('s9'))?.userId).toBe(UNKNOWN_USER);
    // and the claimed drafts are sent like any other (drafts are synced)
    await vi.waitFor(() => expect([...h.org.records.keys()].sort()).toEqual(['a0F1#s1', 'a0F1#s2']), {
      timeout: 10_000,
    });
  });

  it('a user of another organisation stored at the update gets nothing of the first org', async () => {
    const factory = new IDBFactory();
    await writtenByRelease2(factory);
    const other: Owner = { organizationId: '00D9', userId: '005U9' };
    const dbs = openOfflineDbs({ indexedDB: factory, IDBKeyRange }, '', () => other);
    opened.push(dbs);
    const store = new OfflineStore(dbs, testKeys());
    expect((await store.submissionsOf(other)).map((s) => s.id)).toEqual(['s9']);
    expect(await store.submissionsOf(STORED)).toEqual([]);
    expect((await dbs.submissions.submissions.get('s1'))?.userId).toBe(UNKNOWN_USER);
  });
});
