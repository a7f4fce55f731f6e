/**
 * Encryption at rest for the offline stores (issue 45): the one place records are sealed and opened.
 * Every stored row keeps in the clear only what the stores query by (ids, owner, sync status, file
 * status, the file's submission id) and seals the rest with the owner's data key (vault/cipher.ts),
 * bound by the AAD to its table, owner and id. A file's bytes are sealed once, when it is stored, as a
 * Blob of ciphertext beside the record (FileRecord: a status change never opens or seals them again).
 *
 * Web Crypto is asynchronous and an IndexedDB transaction commits once it has nothing pending, so
 * the store (store.ts, kept-copies.ts) seals before it opens a transaction and opens after it reads;
 * a read-modify-write re-reads in a short transaction and writes only if the row is the one it opened
 * (`sameRow`: a fresh IV per seal makes every write's row different), else reads again.
 *
 * A row written before the update is clear (no `sealed`): it still reads, and `sealLegacy` (store.ts)
 * seals it in place at the owner's first unlock. Nothing is ever written in the clear: without the
 * key (the app locked with a PIN) `keyFor` waits for it or throws VaultError('locked').
 */
import type {
  CachedForm,
  FileBytes,
  FileInfo,
  FileMeta,
  Guide,
  LocalSubmission,
  SealedUpload,
} from 'shared-contracts';
import {
  openBlobBytes,
  openJson,
  placeOf,
  sealBlob,
  sealJson,
  type Sealed,
  type SealedBlob,
} from '../vault/cipher';
import type { OwnedList, Owner } from './owner';

/** The data key of an owner: waits while the app is locked, or throws VaultError('locked'). */
export interface DataKeys {
  keyFor(owner: Owner): Promise<CryptoKey>;
  /**
   * The owner's data key wrapped by their escrow key (vault/keyring.ts), or null where the keyring has
   * none (a server that keeps no escrow): what a sealed upload sends for the BFF to open the file with.
   */
  escrowWrap?(owner: Owner): Promise<ArrayBuffer | null>;
}

/**
 * A file's bytes to upload: sealed as they lie on the device, with what the BFF needs to open them
 * (shared-contracts UPLOAD_SEALED_HEADER), or clear (a row stored before encryption, or no escrow).
 */
export interface UploadBody {
  file: Blob;
  sealed?: SealedUpload;
}

/**
 * A file's record without its bytes: what the queue, the outbox, the form screen's list and every
 * status change read and write. Opening a file's bytes means reading and decrypting all of them (up to
 * 100 MB), so only the upload and a preview on screen open them, one file at a time (`openFileBytes`).
 */
export type FileRecord = Omit<FileInfo, 'file'>;

/** A submission as stored: its id, owner and sync status (the uploader's index), the rest sealed. */
export interface SubmissionRow {
  id: string;
  syncStatus: LocalSubmission['syncStatus'];
  organizationId: string;
  userId: string;
  sealed: Sealed;
}

/** A file as stored: the queue's fields (status, submission, owner), the record sealed, the bytes sealed. */
export interface FileRow {
  LocalId: string;
  submissionId: string;
  status: FileInfo['status'];
  organizationId: string;
  userId: string;
  sealed: Sealed;
  bytes?: SealedBlob;
}

export interface FormRow {
  organizationId: string;
  userId: string;
  Id: string;
  sealed: Sealed;
}

export interface GuideRow {
  organizationId: string;
  userId: string;
  Id: string;
  formId?: string;
  sealed: Sealed;
}

export interface ListRow {
  organizationId: string;
  userId: string;
  name: string;
  sealed: Sealed;
}

/** Table names in the AAD (a sealed value opens only in its own table). */
const PLACE = {
  submissions: 'submissions',
  images: 'images',
  imageBytes: 'images.file',
  forms: 'forms',
  guides: 'ownedGuides',
  lists: 'lists',
} as const;

const ownerOf = (o: Owner): string => `${o.organizationId}:${o.userId}`;

export const isSealedRow = (r: unknown): boolean =>
  typeof r === 'object' && r !== null && 'sealed' in r && (r as { sealed?: unknown }).sealed !== undefined;

const ivHex = (r: unknown): string =>
  Array.from((r as { sealed: Sealed }).sealed.iv, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Whether a row read again is the row that was opened: for a sealed row its IV (fresh per seal); a
 * clear row (before the migration) by its contents.
 */
export function sameRow(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  const sa = isSealedRow(a);
  if (sa !== isSealedRow(b)) return false;
  if (sa) return ivHex(a) === ivHex(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A file's opened bytes as a Blob: only where a Blob of them cannot be avoided. */
const clearBlob = (opened: FileBytes): Blob => new Blob([opened.bytes], { type: opened.type });

export class Sealer {
  constructor(private readonly keys: DataKeys) {}

  key(owner: Owner): Promise<CryptoKey> {
    return this.keys.keyFor(owner);
  }

  async sealSubmission(owner: Owner, s: LocalSubmission): Promise<SubmissionRow> {
    const key = await this.key(owner);
    return {
      id: s.id,
      syncStatus: s.syncStatus,
      organizationId: owner.organizationId,
      userId: owner.userId,
      sealed: await sealJson(key, s, placeOf(PLACE.submissions, ownerOf(owner), s.id)),
    };
  }

  async openSubmission(owner: Owner, row: SubmissionRow | LocalSubmission): Promise<LocalSubmission> {
    if (!isSealedRow(row)) return row as LocalSubmission;
    const r = row as SubmissionRow;
    const s = await openJson<LocalSubmission>(
      await this.key(owner),
      r.sealed,
      placeOf(PLACE.submissions, ownerOf(owner), r.id),
    );
    return { ...s, id: r.id, syncStatus: r.syncStatus, organizationId: r.organizationId, userId: r.userId };
  }

  /** A new file: its record and its bytes sealed (one key for both). */
  async sealFile(owner: Owner, f: FileInfo): Promise<FileRow> {
    const key = await this.key(owner);
    const { file, ...rest } = f;
    if (!(typeof Blob !== 'undefined' && file instanceof Blob)) return this.fileRow(key, owner, f, undefined);
    const bytes = await sealBlob(key, file, placeOf(PLACE.imageBytes, ownerOf(owner), f.LocalId));
    return this.fileRow(key, owner, rest, bytes);
  }

  /**
   * A file's record sealed beside bytes already sealed (a status change): the bytes are bound to the
   * file's id, not to the record, so they stay as stored instead of being decrypted and sealed again.
   */
  async sealFileRecord(owner: Owner, f: FileRecord, bytes: SealedBlob | undefined): Promise<FileRow> {
    return this.fileRow(await this.key(owner), owner, f, bytes);
  }

  private async fileRow(
    key: CryptoKey,
    owner: Owner,
    f: FileRecord,
    bytes: SealedBlob | undefined,
  ): Promise<FileRow> {
    return {
      LocalId: f.LocalId,
      submissionId: f.submissionId,
      status: f.status,
      organizationId: owner.organizationId,
      userId: owner.userId,
      sealed: await sealJson(key, f, placeOf(PLACE.images, ownerOf(owner), f.LocalId)),
      ...(bytes ? { bytes } : {}),
    };
  }

  /** A file's record, its bytes left sealed. */
  async openFileRecord(owner: Owner, row: FileRow | FileInfo): Promise<FileRecord> {
    if (!isSealedRow(row)) {
      const { file: _bytes, ...rest } = row as FileInfo;
      return rest;
    }
    const r = row as FileRow;
    const f = await openJson<FileRecord>(
      await this.key(owner),
      r.sealed,
      placeOf(PLACE.images, ownerOf(owner), r.LocalId),
    );
    return {
      ...f,
      LocalId: r.LocalId,
      submissionId: r.submissionId,
      status: r.status,
      organizationId: r.organizationId,
      userId: r.userId,
    };
  }

  /** A file's record as listed (fileList): the record and the bytes' MIME type, the bytes left sealed. */
  async openFileMeta(owner: Owner, row: FileRow | FileInfo): Promise<FileMeta> {
    const type = isSealedRow(row)
      ? ((row as FileRow).bytes?.type ?? '')
      : ((row as FileInfo).file?.type ?? '');
    return { ...(await this.openFileRecord(owner, row)), type };
  }

  /**
   * A file's bytes opened as an ArrayBuffer (no Blob of the clear bytes), or undefined for a record
   * stored with none. The record is not opened: the bytes are bound to the file's id alone.
   */
  async openFileBytes(owner: Owner, row: FileRow | FileInfo): Promise<FileBytes | undefined> {
    if (!isSealedRow(row)) {
      const file = (row as FileInfo).file as Blob | undefined;
      return file ? { bytes: await file.arrayBuffer(), type: file.type } : undefined;
    }
    const r = row as FileRow;
    if (!r.bytes) return undefined; // a record sealed with no Blob: as it was stored
    const place = placeOf(PLACE.imageBytes, ownerOf(owner), r.LocalId);
    return { bytes: await openBlobBytes(await this.key(owner), r.bytes, place), type: r.bytes.type };
  }

  /**
   * A file's bytes for the upload. Sealed, they go as stored (the ciphertext Blob, by reference) with
   * the escrow wrap of the data key: the page never opens them to send them, the BFF opens them on the
   * way to the org. Only where the keyring has no escrow wrap are they opened here and sent clear.
   */
  async uploadBody(owner: Owner, row: FileRow | FileInfo): Promise<UploadBody | undefined> {
    if (!isSealedRow(row)) {
      const file = (row as FileInfo).file as Blob | undefined;
      return file ? { file } : undefined;
    }
    const r = row as FileRow;
    if (!r.bytes) return undefined;
    const wrap = (await this.keys.escrowWrap?.(owner)) ?? null;
    if (!wrap) {
      const opened = await this.openFileBytes(owner, row);
      return opened ? { file: clearBlob(opened) } : undefined;
    }
    const ct = r.bytes.ct;
    return {
      file: ct instanceof Blob ? ct : new Blob([ct]),
      sealed: {
        iv: r.bytes.iv,
        wrappedKey: new Uint8Array(wrap),
        aad: placeOf(PLACE.imageBytes, ownerOf(owner), r.LocalId),
      },
    };
  }

  /** A file's record with its bytes opened (as a Blob: remotes built before contract 1.6.0 read these). */
  async openFile(owner: Owner, row: FileRow | FileInfo): Promise<FileInfo> {
    if (!isSealedRow(row)) return row as FileInfo;
    const [record, opened] = await Promise.all([
      this.openFileRecord(owner, row),
      this.openFileBytes(owner, row),
    ]);
    if (!opened) return record as FileInfo; // a record sealed with no Blob: as it was stored
    return { ...record, file: clearBlob(opened) };
  }

  async sealForm(owner: Owner, form: CachedForm): Promise<FormRow> {
    const { Id, ...rest } = form;
    return {
      ...owner,
      Id,
      sealed: await sealJson(await this.key(owner), rest, placeOf(PLACE.forms, ownerOf(owner), Id)),
    };
  }

  async openForm(owner: Owner, row: FormRow | CachedForm): Promise<CachedForm> {
    const { Id } = row;
    const body = isSealedRow(row)
      ? await openJson<Omit<CachedForm, 'Id'>>(
          await this.key(owner),
          (row as FormRow).sealed,
          placeOf(PLACE.forms, ownerOf(owner), Id),
        )
      : (row as CachedForm);
    return { Id, formDef: body.formDef, ...(body.syncedOn ? { syncedOn: body.syncedOn } : {}) };
  }

  async sealGuide(owner: Owner, g: Guide): Promise<GuideRow> {
    const { Id, formId, ...rest } = g;
    return {
      ...owner,
      Id,
      ...(formId ? { formId } : {}),
      sealed: await sealJson(await this.key(owner), rest, placeOf(PLACE.guides, ownerOf(owner), Id)),
    };
  }

  async openGuide(owner: Owner, row: GuideRow | Guide): Promise<Guide> {
    const { Id, formId } = row;
    const body = isSealedRow(row)
      ? await openJson<Pick<Guide, 'ImageUrl' | 'encodedImage'>>(
          await this.key(owner),
          (row as GuideRow).sealed,
          placeOf(PLACE.guides, ownerOf(owner), Id),
        )
      : (row as Guide);
    return { Id, ImageUrl: body.ImageUrl, encodedImage: body.encodedImage, ...(formId ? { formId } : {}) };
  }

  async sealList(owner: Owner, name: string, value: unknown): Promise<ListRow> {
    return {
      ...owner,
      name,
      sealed: await sealJson(await this.key(owner), value, placeOf(PLACE.lists, ownerOf(owner), name)),
    };
  }

  async openList<T>(owner: Owner, row: ListRow | OwnedList): Promise<T> {
    if (!isSealedRow(row)) return (row as OwnedList).value as T;
    return openJson<T>(
      await this.key(owner),
      (row as ListRow).sealed,
      placeOf(PLACE.lists, ownerOf(owner), row.name),
    );
  }
}
