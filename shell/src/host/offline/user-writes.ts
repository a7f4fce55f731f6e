// The user's writes to the device (IndexedDB first, always, strict durability): new records, saves,
// submits, discards, attached files, and the outbox's retry and discard. Each is one owner's (the
// signed-in user's); a write while nobody is signed in is refused in words, never stored for nobody.
import {
  FILE_STATUS,
  MAX_FILE_SIZE_BYTES,
  MESSAGES_EN,
  OFFLINE_MESSAGES,
  type FileInfo,
  type FileNode,
  type LocalSubmission,
  type OfflineServices,
  type WriteResult,
} from 'shared-contracts';
import type { Owner } from './owner';
import { guarded, storageFailureText, type OfflineStore } from './store';
import { retryNow } from './delivery-outcomes';
import * as T from './transitions';

/** A user write while nobody is signed in (told as OFFLINE_MESSAGES.signedOut). */
export class SignedOutError extends Error {
  constructor() {
    super(OFFLINE_MESSAGES.signedOut);
    this.name = 'SignedOutError';
  }
}

export const writeFailure = (e: unknown): string =>
  e instanceof SignedOutError ? OFFLINE_MESSAGES.signedOut : storageFailureText(e);

async function sha256Hex(file: Blob): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  try {
    const digest = await subtle.digest('SHA-256', await file.arrayBuffer());
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return undefined;
  }
}

export interface UserWritesDeps {
  store: OfflineStore;
  owner: () => Owner | null;
  /** The signed-in owner, or a thrown SignedOutError. */
  writer: () => Owner;
  ctx: () => T.Ctx;
  nowIso: () => string;
  nowMs: () => number;
  uuid: () => string;
  /** A submission was queued: the uploader runs (this tab's, or the leader's, told). */
  queued: () => void;
  /** A file was queued. */
  filesQueued: () => void;
}

type Writes = Pick<
  OfflineServices,
  | 'create'
  | 'save'
  | 'close'
  | 'submit'
  | 'discard'
  | 'keepFormDef'
  | 'guideImage'
  | 'attachFile'
  | 'queueMany'
  | 'retryNow'
  | 'discardOutboxItem'
>;

export function createUserWrites(deps: UserWritesDeps): Writes {
  const { store, owner, writer } = deps;
  const userWrite = async (
    id: string,
    fn: (cur: LocalSubmission) => LocalSubmission,
  ): Promise<WriteResult<LocalSubmission>> => {
    const r = await guarded(() => store.updateSubmission(writer(), id, fn), writeFailure);
    if (!r.ok) return r;
    if (!r.value) return { ok: false, message: OFFLINE_MESSAGES.submissionDiscarded };
    deps.queued();
    return { ok: true, value: r.value };
  };
  return {
    async create(input) {
      const o = owner();
      if (!o) return { ok: false, message: OFFLINE_MESSAGES.signedOut };
      const sub = {
        ...T.newLocalSubmission({ ...input, id: input.id ?? deps.uuid() }, deps.ctx()),
        userId: o.userId,
        ...(input.mainRecordId ? { mainRecordId: input.mainRecordId } : {}),
      };
      // A draft made again under a discarded id is the user's again: its org copy must stay.
      const r = await guarded(
        () => store.putSubmission(o, sub, { undiscard: input.id !== undefined }),
        writeFailure,
      );
      if (!r.ok) return r;
      deps.queued();
      return { ok: true, value: sub };
    },
    save: (id, data, baseData) => userWrite(id, (cur) => T.saveUpdate(cur, data, baseData)),
    close: (id, data, baseData) => userWrite(id, (cur) => T.saveUpdate(cur, data, baseData)),
    submit: (id, data, baseData, options) =>
      userWrite(id, (cur) => T.submitLocally(cur, data, deps.nowIso(), baseData, options)),
    discard: (id) => guarded(() => store.discardSubmission(writer(), id, deps.nowMs()), writeFailure),
    async keepFormDef(id, formDef) {
      const r = await guarded(
        () => store.updateSubmission(writer(), id, (cur) => ({ ...cur, formDef })),
        writeFailure,
      );
      if (!r.ok) return r;
      if (!r.value) return { ok: false, message: OFFLINE_MESSAGES.submissionDiscarded };
      return { ok: true, value: r.value };
    },
    async guideImage(imageUrl) {
      const o = owner();
      if (!o) return undefined;
      try {
        return await store.guideImage(o, imageUrl);
      } catch {
        return undefined;
      }
    },
    async attachFile(submissionId, file, name, path = '', localId) {
      if (file.size > MAX_FILE_SIZE_BYTES) return { ok: false, message: MESSAGES_EN.fileTooLarge };
      const o = owner();
      if (!o) return { ok: false, message: OFFLINE_MESSAGES.signedOut };
      const LocalId = localId || deps.uuid();
      const sha256 = await sha256Hex(file);
      const info: FileInfo = {
        file,
        Name: name,
        LocalId,
        ContentDocumentId: 'Unsynced',
        error: null,
        status: FILE_STATUS.unsynced,
        path,
        submissionId,
        organizationId: o.organizationId,
        userId: o.userId,
        progress: -1,
        ...(sha256 ? { sha256 } : {}),
      };
      const r = await store.putFileForUser(o, info);
      if (!r.ok) return r;
      deps.filesQueued();
      const node: FileNode = {
        ContentDocumentId: '',
        LocalId,
        Name: name,
        error: null,
        submissionId,
        progress: -1,
      };
      return { ok: true, value: node };
    },
    async queueMany(items) {
      const r = await guarded(() => store.bulkPutSubmissions(writer(), items), writeFailure);
      if (r.ok) deps.queued();
      return r;
    },
    async retryNow(id) {
      const o = owner();
      if (!o) return;
      const sub = await store.updateSubmission(o, id, (cur) => retryNow(cur));
      if (sub) {
        // its files wait no longer either
        for (const f of await store.fileRecordsOf(o, id)) {
          if (f.status === FILE_STATUS.unsynced) {
            await store.updateFile(o, f.LocalId, (cur) => ({
              ...cur,
              error: null,
              delivery: { ...T.NO_DELIVERY },
            }));
          }
        }
        deps.queued();
        return;
      }
      await store.updateFile(o, id, (f) => ({ ...f, error: null, delivery: { ...T.NO_DELIVERY } }));
      deps.filesQueued();
    },
    async discardOutboxItem(id) {
      const o = owner();
      if (!o) return;
      if (await store.getSubmission(o, id)) {
        await store.deleteSubmissionCascade(o, id);
        return;
      }
      // the record only: its submission id is all discarding needs (the bytes stay sealed)
      const f = await store.fileRecord(o, id);
      if (!f) return;
      await store.updateFile(o, id, () => null);
      await store.updateSubmission(o, f.submissionId, (s) => ({
        ...s,
        data: T.updateFileNodes(s.data, id, { error: MESSAGES_EN.uploadFailedReupload }),
      }));
    },
  };
}
