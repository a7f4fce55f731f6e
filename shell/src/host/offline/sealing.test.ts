// Issue 45: every record the stores keep is sealed with its owner's data key; the clear rows an earlier
// release left are sealed in place at the owner's first unlock, crash-safe; another user's key opens none
// of it; without the key nothing is written at all.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_STATUS, type FileInfo, type LocalSubmission } from 'shared-contracts';
import { openJson, placeOf, VaultError } from '../vault/cipher';
import { openOfflineDbs, type OfflineDbs } from './db';
import type { Owner } from './owner';
import { isSealedRow, type DataKeys, type FileRow, type SubmissionRow } from './sealing';
import { OfflineStore } from './store';
import { draftOf } from '../../../test/offline/drafts';
import { testKeys } from '../../../test/offline/keys';
import { FakeOrg } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';
import type { FileUploadRequest } from './org-gateway';

const FIELD: Owner = { organizationId: '00D1', userId: '005FIELD' };
const PARTNER: Owner = { organizationId: '00D1', userId: '005PARTNER' };
const TYPED = 'Corroded flange at pump P-7731';
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x51, 0x42, 0x77, 0x13, 0x99, 0x5a, 0xa5, 0x3c]);

const opened: OfflineDbs[] = [];
afterEach(() => {
  for (const d of opened.splice(0)) {
    d.submissions.close();
    d.images.close();
  }
});

function dbsOn(factory: IDBFactory): OfflineDbs {
  const d = openOfflineDbs({ indexedDB: factory, IDBKeyRange });
  opened.push(d);
  return d;
}

const draft = (id: string, owner: Owner, note = `${TYPED} ${id}`): LocalSubmission =>
  draftOf(id, owner, note);

function photo(localId: string, submissionId: string, owner: Owner): FileInfo {
  return {
    file: new Blob([PHOTO], { type: 'image/jpeg' }),
    Name: 'flange-P-7731.jpg',
    LocalId: localId,
    ContentDocumentId: 'Unsynced',
    error: null,
    status: FILE_STATUS.unsynced,
    path: 'General.photos',
    submissionId,
    progress: -1,
    ...owner,
  };
}

/** Every row of every table, as the files on disk would hold them, as text and bytes. */
async function everything(dbs: OfflineDbs): Promise<{ text: string; bytes: Uint8Array[] }> {
  const rows: unknown[] = [];
  for (const db of [dbs.submissions, dbs.images])
    for (const t of db.tables) rows.push(...((await t.toArray()) as unknown[]));
  const bytes: Uint8Array[] = [];
  const text = JSON.stringify(rows, (_k, v: unknown) => {
    if (v instanceof ArrayBuffer) bytes.push(new Uint8Array(v));
    if (v instanceof Uint8Array) bytes.push(v);
    return v instanceof ArrayBuffer || v instanceof Uint8Array ? '<bytes>' : v;
  });
  const blobs = (v: unknown): Blob[] =>
    v instanceof Blob ? [v] : typeof v === 'object' && v !== null ? Object.values(v).flatMap(blobs) : [];
  for (const b of blobs(rows)) bytes.push(new Uint8Array(await b.arrayBuffer()));
  return { text, bytes };
}

const contains = (hay: Uint8Array, needle: Uint8Array): boolean => {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
};

async function fill(store: OfflineStore, owner: Owner, tag: string): Promise<void> {
  await store.putSubmission(owner, draft(`s-${tag}`, owner));
  const f = await store.putFileForUser(owner, photo(`f-${tag}`, `s-${tag}`, owner));
  if (!f.ok) throw new Error(f.message);
  await store.putForm(owner, { Id: 'a0F1', formDef: { title: `Pump Inspection ${TYPED}` } }, [
    {
      Id: '/guide.png',
      ImageUrl: '/guide.png',
      encodedImage: `data:image/png;base64,${tag}GUIDE`,
      formId: 'a0F1',
    },
  ]);
  await store.putOrgList(owner, 'tasks', [{ Name: `Inspect ${TYPED}` }]);
}

describe('the stores at rest', () => {
  it('keep no typed text, photo bytes, record name or org value in the clear, and read back the same', async () => {
    const factory = new IDBFactory();
    const store = new OfflineStore(dbsOn(factory), testKeys());
    await fill(store, FIELD, 'a');
    const { text, bytes } = await everything(store.dbs);
    for (const clear of [TYPED, 'Pump Inspection', 'flange-P-7731', 'aGUIDE', 'Inspect', 'General.photos'])
      expect(text).not.toContain(clear);
    expect(bytes.some((b) => contains(b, PHOTO))).toBe(false);
    // what stays queryable: ids, owner, statuses
    expect(text).toContain('s-a');
    expect(text).toContain(FIELD.userId);
    // and it all opens again
    expect((await store.getSubmission(FIELD, 's-a'))?.data).toEqual({ General: { note: `${TYPED} s-a` } });
    const [file] = await store.filesOf(FIELD, 's-a');
    expect(new Uint8Array(await (file?.file as Blob).arrayBuffer())).toEqual(PHOTO);
    expect(file?.file.type).toBe('image/jpeg');
    expect(await store.getForm(FIELD, 'a0F1')).toMatchObject({
      formDef: { title: `Pump Inspection ${TYPED}` },
    });
    expect(await store.guideImage(FIELD, '/guide.png')).toBe('data:image/png;base64,aGUIDE');
    expect(await store.orgList(FIELD, 'tasks')).toEqual([{ Name: `Inspect ${TYPED}` }]);
  });

  it("a shared tablet: partner.user's key opens none of field.user's records, read straight from the stores", async () => {
    const factory = new IDBFactory();
    const keys = testKeys();
    const store = new OfflineStore(dbsOn(factory), keys);
    await fill(store, FIELD, 'f');
    await fill(store, PARTNER, 'p');
    const partnerKey = await keys.keyFor(PARTNER);
    const row = (await store.dbs.submissions.submissions.get('s-f')) as SubmissionRow;
    // with the partner's key, at field's place or claimed as the partner's own: neither opens
    for (const who of [FIELD, PARTNER]) {
      const place = placeOf('submissions', `${who.organizationId}:${who.userId}`, 's-f');
      await expect(openJson(partnerKey, row.sealed, place)).rejects.toBeInstanceOf(VaultError);
    }
    // nor does field's own key once the row is moved onto the partner's record
    const moved = { ...row, id: 's-p' };
    const fieldKey = await keys.keyFor(FIELD);
    await expect(
      openJson(
        fieldKey,
        moved.sealed,
        placeOf('submissions', `${PARTNER.organizationId}:${PARTNER.userId}`, 's-p'),
      ),
    ).rejects.toBeInstanceOf(VaultError);
    // a store opened with the partner's key alone reads the partner's records and none of field's
    const partnerOnly: DataKeys = {
      keyFor: (o) => (o.userId === PARTNER.userId ? keys.keyFor(o) : Promise.reject(new Error('no key'))),
    };
    const theirs = new OfflineStore(store.dbs, partnerOnly);
    expect((await theirs.submissionsOf(PARTNER)).map((s) => s.id)).toEqual(['s-p']);
    await expect(theirs.getSubmission(FIELD, 's-f')).rejects.toThrow();
  });

  it('without the key (the app locked) nothing is written, in the clear or otherwise, and the last save stays', async () => {
    const factory = new IDBFactory();
    const keys = testKeys();
    let locked = false;
    const lockable: DataKeys = {
      keyFor: (o) => (locked ? Promise.reject(new VaultError('locked', 'locked')) : keys.keyFor(o)),
    };
    const store = new OfflineStore(dbsOn(factory), lockable);
    await store.putSubmission(FIELD, draft('s1', FIELD, 'first save'));
    locked = true;
    await expect(store.putSubmission(FIELD, draft('s1', FIELD, 'while locked'))).rejects.toBeInstanceOf(
      VaultError,
    );
    await expect(store.putSubmission(FIELD, draft('s2', FIELD))).rejects.toBeInstanceOf(VaultError);
    expect(await store.dbs.submissions.submissions.count()).toBe(1);
    locked = false;
    expect((await store.getSubmission(FIELD, 's1'))?.data).toEqual({ General: { note: 'first save' } });
  });

  it('a read-modify-write whose record changed meanwhile runs again on the newer record (nothing lost)', async () => {
    const keys = testKeys();
    // another tab's save lands while this one opens what it read (between its read and its write)
    let meanwhile: (() => Promise<unknown>) | null = null;
    const interleaved: DataKeys = {
      async keyFor(o) {
        const other = meanwhile;
        meanwhile = null;
        if (other) await other();
        return keys.keyFor(o);
      },
    };
    const store = new OfflineStore(dbsOn(new IDBFactory()), interleaved);
    await store.putSubmission(FIELD, draft('s1', FIELD));
    meanwhile = () =>
      store.updateSubmission(FIELD, 's1', (c) => ({ ...c, data: { General: { note: 'other tab' } } }));
    const seen: string[] = [];
    const after = await store.updateSubmission(FIELD, 's1', (cur) => {
      seen.push(JSON.stringify(cur.data));
      return { ...cur, version: cur.version + 1 };
    });
    expect(seen).toEqual([
      JSON.stringify({ General: { note: `${TYPED} s1` } }),
      JSON.stringify({ General: { note: 'other tab' } }),
    ]);
    expect(after).toMatchObject({ version: 2, data: { General: { note: 'other tab' } } });
    expect(await store.getSubmission(FIELD, 's1')).toMatchObject({
      version: 2,
      data: { General: { note: 'other tab' } },
    });
  });
});

/** What an earlier release left: clear rows of every kind, for FIELD. */
async function leftInTheClear(dbs: OfflineDbs, n: number): Promise<void> {
  await dbs.submissions.submissions.bulkPut(Array.from({ length: n }, (_, i) => draft(`s${i}`, FIELD)));
  await dbs.images.images.bulkPut(Array.from({ length: n }, (_, i) => photo(`f${i}`, `s${i}`, FIELD)));
  await dbs.submissions.forms.put({ Id: 'a0F1', formDef: { title: TYPED }, ...FIELD });
  await dbs.submissions.lists.put({ name: 'tasks', value: [{ Name: TYPED }], ...FIELD });
  await dbs.images.ownedGuides.put({
    Id: '/g.png',
    ImageUrl: '/g.png',
    encodedImage: 'data:G',
    formId: 'a0F1',
    ...FIELD,
  });
}

async function contents(store: OfflineStore) {
  const subs = (await store.submissionsOf(FIELD)).sort((a, b) => a.id.localeCompare(b.id));
  const files = await Promise.all(
    (await store.allFiles(FIELD))
      .sort((a, b) => a.LocalId.localeCompare(b.LocalId))
      .map(async (f) => {
        const file = (await store.getFile(FIELD, f.LocalId))?.file;
        return { ...f, bytes: file ? Array.from(new Uint8Array(await file.arrayBuffer())) : [] };
      }),
  );
  return {
    subs,
    files,
    forms: await store.formsOf(FIELD),
    lists: await store.orgList(FIELD, 'tasks'),
    guides: await store.guidesOf(FIELD, 'a0F1'),
  };
}

async function allSealed(dbs: OfflineDbs): Promise<boolean> {
  const rows: unknown[] = [
    ...(await dbs.submissions.submissions.toArray()),
    ...(await dbs.images.images.toArray()),
    ...(await dbs.submissions.forms.toArray()),
    ...(await dbs.submissions.lists.toArray()),
    ...(await dbs.images.ownedGuides.toArray()),
  ];
  return rows.every(isSealedRow);
}

describe('the migration: clear rows sealed in place at the first unlock', () => {
  const N = 6;
  const ROWS = 2 * N + 3;

  it('seals every row once, contents unchanged', async () => {
    const factory = new IDBFactory();
    const dbs = dbsOn(factory);
    await leftInTheClear(dbs, N);
    const keys = testKeys();
    const store = new OfflineStore(dbs, keys);
    const before = await contents(store);
    expect(await store.sealLegacy(FIELD)).toBe(ROWS);
    expect(await allSealed(dbs)).toBe(true);
    expect(await contents(store)).toEqual(before);
    expect(await store.sealLegacy(FIELD)).toBe(0);
    expect((await everything(dbs)).text).not.toContain(TYPED);
  });

  for (const at of [0, 1, N - 1, N + 2, 2 * N + 1])
    for (const how of ['killed', 'abandoned'] as const)
      it(`a tab ${how} after ${at} seals loses nothing, and the next unlock finishes it`, async () => {
        const factory = new IDBFactory();
        const first = dbsOn(factory);
        await leftInTheClear(first, N);
        const keys = testKeys();
        const before = await contents(new OfflineStore(first, keys));
        // the key source answers `at` times, then the tab dies (throws) or hangs for good (abandoned)
        let calls = 0;
        const dying: DataKeys = {
          keyFor: (o) => {
            if (++calls <= at) return keys.keyFor(o);
            return how === 'killed'
              ? Promise.reject(new Error('tab killed'))
              : new Promise<CryptoKey>(() => undefined);
          },
        };
        const run = new OfflineStore(first, dying).sealLegacy(FIELD);
        if (how === 'killed') await expect(run).rejects.toThrow('tab killed');
        else await new Promise((r) => setTimeout(r, 50));
        // some rows sealed, the rest still clear: every row readable, none lost
        const reopened = dbsOn(factory);
        const store = new OfflineStore(reopened, keys);
        expect(await contents(store)).toEqual(before);
        const done = await store.sealLegacy(FIELD);
        // one key fetch per row sealed (a file's record and bytes share it): `at` rows were sealed
        expect(done).toBe(ROWS - at);
        expect(await allSealed(reopened)).toBe(true);
        expect(await contents(store)).toEqual(before);
        expect(await store.sealLegacy(FIELD)).toBe(0);
      });
});

describe("a file's bytes: sealed once, opened only to be sent or shown", () => {
  // The durability proof with files of 10-100 MB: every read of the queue (each uploader pass, the
  // outbox's live query) decrypted every unsynced file into a new Blob, and every status change sealed
  // and wrote all the bytes again, inside a row Chromium wraps whole into a blob of its own. The
  // browser's blob storage ran out: "Failed to write blobs (InvalidBlob)", then a new photo was refused
  // ("Database Error: File not stored in DB").
  const BIG = 1 << 18;
  const big = (localId: string): FileInfo => ({
    ...photo(localId, 's-big', FIELD),
    file: new Blob([new Uint8Array(BIG).fill(7)], { type: 'application/octet-stream' }),
  });

  it('the queue, the outbox and a status change open and rewrite no bytes; the upload reads them back', async () => {
    const store = new OfflineStore(dbsOn(new IDBFactory()), testKeys());
    await store.putSubmission(FIELD, draft('s-big', FIELD));
    expect((await store.putFileForUser(FIELD, big('f-big'))).ok).toBe(true);
    const stored = (await store.dbs.images.images.get('f-big')) as FileRow;
    // the ciphertext is a Blob beside a small row, not bytes inside it
    expect(stored.bytes?.ct).toBeInstanceOf(Blob);
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    const opened = (): number =>
      decrypt.mock.calls.filter(([, , data]) => (data as ArrayBuffer).byteLength >= BIG).length;
    try {
      expect(await store.unsyncedFiles(FIELD)).toHaveLength(1);
      expect(await store.allFiles(FIELD)).toHaveLength(1);
      expect(await store.fileRecordsOf(FIELD, 's-big')).toHaveLength(1);
      expect(await store.hasPendingWork(FIELD)).toBe(true);
      const after = await store.updateFile(FIELD, 'f-big', (f) => ({ ...f, error: 'later', progress: 0 }));
      expect(after).toMatchObject({ error: 'later', progress: 0 });
      expect(after).not.toHaveProperty('file');
      expect(opened()).toBe(0);
      const row = (await store.dbs.images.images.get('f-big')) as FileRow;
      expect(row.sealed.iv).not.toEqual(stored.sealed.iv);
      expect(row.bytes?.iv).toEqual(stored.bytes?.iv);
      const sent = await store.getFile(FIELD, 'f-big');
      expect(opened()).toBe(1);
      expect(sent).toMatchObject({ error: 'later', progress: 0 });
      expect(new Uint8Array(await (sent?.file as Blob).arrayBuffer())).toEqual(new Uint8Array(BIG).fill(7));
    } finally {
      decrypt.mockRestore();
    }
  });

  it("the form screen's list opens no bytes; fileBytes opens one file's, as an ArrayBuffer (no Blob of them)", async () => {
    const store = new OfflineStore(dbsOn(new IDBFactory()), testKeys());
    await store.putSubmission(FIELD, draft('s-big', FIELD));
    for (const id of ['f-1', 'f-2', 'f-3'])
      expect((await store.putFileForUser(FIELD, big(id))).ok).toBe(true);
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    const opened = (): number =>
      decrypt.mock.calls.filter(([, , data]) => (data as ArrayBuffer).byteLength >= BIG).length;
    try {
      const read = store.readFileList(FIELD, 's-big');
      const list = await read.open(await read.rows());
      expect(list.map((f) => [f.LocalId, f.type, f.Name])).toEqual([
        ['f-1', 'application/octet-stream', 'flange-P-7731.jpg'],
        ['f-2', 'application/octet-stream', 'flange-P-7731.jpg'],
        ['f-3', 'application/octet-stream', 'flange-P-7731.jpg'],
      ]);
      for (const f of list) expect(f).not.toHaveProperty('file');
      expect(await store.fileRecord(FIELD, 'f-2')).toMatchObject({ LocalId: 'f-2', submissionId: 's-big' });
      expect(opened()).toBe(0);
      const one = await store.fileBytes(FIELD, 'f-2');
      expect(opened()).toBe(1);
      expect(one?.bytes).toBeInstanceOf(ArrayBuffer);
      expect(one?.type).toBe('application/octet-stream');
      expect(new Uint8Array(one?.bytes as ArrayBuffer)).toEqual(new Uint8Array(BIG).fill(7));
      // another user's file reads as absent
      expect(await store.fileBytes(PARTNER, 'f-2')).toBeUndefined();
      expect(await store.fileRecord(PARTNER, 'f-2')).toBeUndefined();
    } finally {
      decrypt.mockRestore();
    }
  });

  it('a row still in the clear (before issue 45) lists with its type and opens its bytes', async () => {
    const dbs = dbsOn(new IDBFactory());
    const store = new OfflineStore(dbs, testKeys());
    await dbs.images.images.put({ ...photo('f-old', 's-old', FIELD) } as never);
    const read = store.readFileList(FIELD, 's-old');
    expect((await read.open(await read.rows())).map((f) => f.type)).toEqual(['image/jpeg']);
    expect(new Uint8Array((await store.fileBytes(FIELD, 'f-old'))?.bytes as ArrayBuffer)).toEqual(PHOTO);
  });
});

describe("the services' files: a file's bytes opened only to be sent or shown, one at a time", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.svc.dispose();
    h = undefined;
  });
  const BIG = 1 << 18;

  it('listing, discarding a file from the outbox and the delivery outcome open no bytes; the upload sends it sealed, as stored', async () => {
    const sent: FileUploadRequest[] = [];
    class Recording extends FakeOrg {
      override async uploadFile(req: FileUploadRequest, onProgress: (p: number) => void): Promise<string> {
        sent.push(req);
        return super.uploadFile(req, onProgress);
      }
    }
    const keys = testKeys({ escrow: true });
    h = makeHarness({ keys }, { org: new Recording() });
    const c = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!c.ok) throw new Error(c.message);
    const files = [];
    for (const name of ['a.jpg', 'b.jpg']) {
      const f = await h.svc.attachFile(
        c.value.id,
        new Blob([new Uint8Array(BIG).fill(9)], { type: 'image/jpeg' }),
        name,
      );
      if (!f.ok) throw new Error(f.message);
      files.push(f.value);
    }
    await h.svc.save(c.value.id, { files });
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    const opened = (): number =>
      decrypt.mock.calls.filter(([, , data]) => (data as ArrayBuffer).byteLength >= BIG).length;
    try {
      const list = h.svc.fileList(c.value.id);
      const seen: number[] = [];
      const stop = list.subscribe((v) => seen.push(v.length));
      const stopOutcome = h.svc.delivery(c.value.id).subscribe(() => undefined);
      await expect
        .poll(() => list.get().map((f) => [f.Name, f.type]))
        .toEqual([
          ['a.jpg', 'image/jpeg'],
          ['b.jpg', 'image/jpeg'],
        ]);
      await h.svc.discardOutboxItem(files[0]?.LocalId as string);
      await expect.poll(() => list.get().map((f) => f.Name)).toEqual(['b.jpg']);
      expect(opened()).toBe(0);
      const b = await h.svc.fileBytes(files[1]?.LocalId as string);
      expect(opened()).toBe(1);
      expect(b?.bytes.byteLength).toBe(BIG);
      await h.drainOnce();
      expect(opened()).toBe(1); // the one file left is sent as stored: the page opens nothing to send it
      expect(sent).toHaveLength(1);
      const req = sent[0] as FileUploadRequest;
      const stored = (await h.svc.store.dbs.images.images.get(req.localId)) as FileRow;
      expect(new Uint8Array(await req.file.arrayBuffer())).toEqual(
        new Uint8Array(await (stored.bytes?.ct as Blob).arrayBuffer()),
      );
      // what the BFF does with it: the data key unwrapped with the user's escrow key opens the bytes
      const sealed = req.sealed;
      if (!sealed) throw new Error('the upload was not sealed');
      const dataKey = await crypto.subtle.unwrapKey(
        'raw',
        sealed.wrappedKey as Uint8Array<ArrayBuffer>,
        (await keys.escrowKey) as CryptoKey,
        'AES-KW',
        'AES-GCM',
        false,
        ['decrypt'],
      );
      const clear = await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: sealed.iv as Uint8Array<ArrayBuffer>,
          additionalData: new TextEncoder().encode(sealed.aad),
        },
        dataKey,
        await req.file.arrayBuffer(),
      );
      expect(new Uint8Array(clear)).toEqual(new Uint8Array(BIG).fill(9));
      expect(sealed.aad).toBe(placeOf('images.file', '00D1:005U1', req.localId));
      stop();
      stopOutcome();
    } finally {
      decrypt.mockRestore();
    }
  });
});
