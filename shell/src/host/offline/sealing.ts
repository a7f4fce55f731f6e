/**
 * Encryption at rest for the offline stores (issue 45): the one place records are sealed and opened.
 * Every stored row keeps in the clear only what the stores query by (ids, owner, sync status, file
 * status, the file's submission id) and seals the rest with the owner's data key (vault/cipher.ts),
 * bound by the AAD to its table, owner and id. A file's bytes are sealed as bytes beside the record.
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
import type { CachedForm, FileInfo, Guide, LocalSubmission } from 'shared-contracts';
import { openBlob, openJson, placeOf, sealBlob, sealJson, type Sealed } from '../vault/cipher';
import type { OwnedList, Owner } from './owner';

/** The data key of an owner: waits while the app is locked, or throws VaultError('locked'). */
export interface DataKeys {
  keyFor(owner: Owner): Promise<CryptoKey>;
}

type SealedFile = Sealed & { type: string };

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
  bytes?: SealedFile;
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

  async sealFile(owner: Owner, f: FileInfo): Promise<FileRow> {
    const key = await this.key(owner);
    const { file, ...rest } = f;
    const place = ownerOf(owner);
    const isBlob = typeof Blob !== 'undefined' && file instanceof Blob;
    return {
      LocalId: f.LocalId,
      submissionId: f.submissionId,
      status: f.status,
      organizationId: owner.organizationId,
      userId: owner.userId,
      sealed: await sealJson(key, isBlob ? rest : { ...rest, file }, placeOf(PLACE.images, place, f.LocalId)),
      ...(isBlob ? { bytes: await sealBlob(key, file, placeOf(PLACE.imageBytes, place, f.LocalId)) } : {}),
    };
  }

  async openFile(owner: Owner, row: FileRow | FileInfo): Promise<FileInfo> {
    if (!isSealedRow(row)) return row as FileInfo;
    const r = row as FileRow;
    const key = await this.key(owner);
    const place = ownerOf(owner);
    const f = await openJson<FileInfo>(key, r.sealed, placeOf(PLACE.images, place, r.LocalId));
    return {
      ...f,
      ...(r.bytes ? { file: await openBlob(key, r.bytes, placeOf(PLACE.imageBytes, place, r.LocalId)) } : {}),
      LocalId: r.LocalId,
      submissionId: r.submissionId,
      status: r.status,
      organizationId: r.organizationId,
      userId: r.userId,
    };
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
