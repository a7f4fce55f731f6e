/**
 * The local stores of spec section 3: a submissions database (`submissions` keyed by id, indexed by
 * syncStatus and organizationId; `cachedforms` keyed by Id; version 2 adds `discarded`, the ids of
 * drafts the user discarded, so an org copy of one is not imported back) and an image database, version 2
 * (`images`, `guides`, `cachedImages`). Every transaction asks for strict durability, so a user
 * write is on disk before the promise resolves.
 *
 * Version 3 of both (issue 28, shared devices): every record has an owner, organisation and user
 * (owner.ts), indexed `[organizationId+userId]`. Cached forms and guide images move to tables keyed by
 * owner and id (`forms`, `ownedGuides`): two users of one device each keep their own offline copy. The
 * upgrade gives existing records the user stored with them (the signed-in user of that organisation
 * when the new release first opens the stores: `legacyOwner`); a record whose user cannot be known
 * gets UNKNOWN_USER, is shown to nobody and stays.
 */
import { Dexie, type DexieOptions, type Table, type Transaction } from 'dexie';
import {
  IMAGE_DB_VERSION,
  type CachedForm,
  type FileInfo,
  type Guide,
  type LocalSubmission,
  type StoredImage,
} from 'shared-contracts';
import { UNKNOWN_USER, type Owner, type OwnedList } from './owner';
import type { FileRow, FormRow, GuideRow, ListRow, SubmissionRow } from './sealing';

/** Database names: the spec names the stores, not the databases. */
export const SUBMISSIONS_DB_NAME = 'SubmissionsDatabase';
export const IMAGE_DB_NAME = 'ImageDatabase';

/** Test seam: fake-indexeddb in Node; the browser's own IndexedDB otherwise. */
export type IdbDeps = Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>;

/**
 * Who the records written before version 3 belong to: the user signed in on this device when the new
 * release first opens the stores (the page: browser storage; the service worker: its sync context),
 * or null when nobody is. Only records of that user's organisation are given to them.
 */
export type LegacyOwner = () => Owner | null;

/** A draft the user discarded: its org copy (drafts are synced) must not come back on import. */
export interface DiscardedSubmission {
  id: string;
  organizationId: string;
  userId?: string;
  /** ms since epoch; an old mark the org no longer lists as pending is dropped. */
  discardedAt: number;
}

/** A cached form definition of one owner (version 3; keyed by owner and form id). */
export type OwnedForm = CachedForm & Owner;
/** A guide image of one owner (version 3; keyed by owner and URL). */
export type OwnedGuide = Guide & Owner;

/** The version-3 owner of a record written before: the legacy owner if it is of the record's org. */
function legacyUserOf(organizationId: string | undefined, legacy: Owner | null): string {
  return legacy && organizationId === legacy.organizationId ? legacy.userId : UNKNOWN_USER;
}

async function giveOwners(tx: Transaction, tables: string[], legacy: Owner | null): Promise<void> {
  for (const table of tables) {
    await tx
      .table(table)
      .toCollection()
      .modify((r: { organizationId?: string; userId?: string }) => {
        if (typeof r.userId === 'string' && r.userId) return;
        r.organizationId ??= '';
        r.userId = legacyUserOf(r.organizationId, legacy);
      });
  }
}

/** Reads the legacy owner once, whatever throws (a broken storage is "nobody signed in"). */
function legacyOf(read: LegacyOwner | undefined): Owner | null {
  try {
    return read?.() ?? null;
  } catch {
    return null;
  }
}

/**
 * Rows as the tables hold them: sealed (sealing.ts, issue 45), or clear when written before the update
 * and not yet sealed by the migration (store.ts `sealLegacy`), or of no known user (UNKNOWN_USER).
 */
export type StoredSubmission = SubmissionRow | LocalSubmission;
export type StoredFile = FileRow | FileInfo;

export class SubmissionsDb extends Dexie {
  submissions!: Table<StoredSubmission, string>;
  /** Cached form definitions by owner and form id (version 3). */
  forms!: Table<FormRow | OwnedForm, [string, string, string]>;
  discarded!: Table<DiscardedSubmission, string>;
  /** The org's lists as last read, by owner and name (version 4). */
  lists!: Table<ListRow | OwnedList, [string, string, string]>;

  constructor(deps: IdbDeps = {}, name = SUBMISSIONS_DB_NAME, legacyOwner?: LegacyOwner) {
    super(name, { ...deps, chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      submissions: 'id, syncStatus, organizationId',
      cachedforms: 'Id',
    });
    // Adds a table only: version 1 databases open and upgrade in place, their records untouched.
    this.version(2).stores({ discarded: 'id, organizationId' });
    this.version(3)
      .stores({
        submissions: 'id, syncStatus, organizationId, [organizationId+userId]',
        discarded: 'id, organizationId, [organizationId+userId]',
        forms: '[organizationId+userId+Id], [organizationId+userId]',
        cachedforms: null,
      })
      .upgrade(async (tx) => {
        const legacy = legacyOf(legacyOwner);
        await giveOwners(tx, ['submissions', 'discarded'], legacy);
        // The old table had no organisation: its forms go to the stored user, or to nobody.
        const old = (await tx.table('cachedforms').toArray()) as CachedForm[];
        const owner = legacy ?? { organizationId: '', userId: UNKNOWN_USER };
        await tx.table('forms').bulkPut(old.map((f) => ({ ...f, ...owner })));
      });
    // Adds a table only (issue 41: the org's lists move here from home's localStorage).
    this.version(4).stores({ lists: '[organizationId+userId+name]' });
  }
}

export class ImageDb extends Dexie {
  /** FileInfo records (the file upload queue and the files themselves), keyed by LocalId. */
  images!: Table<StoredFile, string>;
  /** Guide images by owner and URL (version 3). */
  ownedGuides!: Table<GuideRow | OwnedGuide, [string, string, string]>;
  /** Data-URL previews (StoredImage), keyed by id. */
  cachedImages!: Table<StoredImage, string>;

  constructor(deps: IdbDeps = {}, name = IMAGE_DB_NAME, legacyOwner?: LegacyOwner) {
    super(name, { ...deps, chromeTransactionDurability: 'strict' });
    this.version(IMAGE_DB_VERSION).stores({
      images: 'LocalId, submissionId, status, organizationId',
      guides: 'Id, formId',
      cachedImages: 'id, submissionId',
    });
    this.version(IMAGE_DB_VERSION + 1)
      .stores({
        images: 'LocalId, submissionId, status, organizationId, [organizationId+userId]',
        ownedGuides: '[organizationId+userId+Id], [organizationId+userId+formId]',
        guides: null,
        cachedImages: 'id, submissionId, [organizationId+userId]',
      })
      .upgrade(async (tx) => {
        const legacy = legacyOf(legacyOwner);
        await giveOwners(tx, ['images', 'cachedImages'], legacy);
        const old = (await tx.table('guides').toArray()) as Guide[];
        const owner = legacy ?? { organizationId: '', userId: UNKNOWN_USER };
        await tx.table('ownedGuides').bulkPut(old.map((g) => ({ ...g, ...owner })));
      });
  }
}

export interface OfflineDbs {
  submissions: SubmissionsDb;
  images: ImageDb;
}

export function openOfflineDbs(deps: IdbDeps = {}, prefix = '', legacyOwner?: LegacyOwner): OfflineDbs {
  return {
    submissions: new SubmissionsDb(deps, prefix + SUBMISSIONS_DB_NAME, legacyOwner),
    images: new ImageDb(deps, prefix + IMAGE_DB_NAME, legacyOwner),
  };
}

/** Ask the browser not to evict our stores under storage pressure (best effort). */
export async function requestPersistentStorage(
  // (a worker's StorageManager has no persist(): typed loosely so the service worker can import this)
  storage: { persist?: () => Promise<boolean> } | undefined = globalThis.navigator?.storage as
    { persist?: () => Promise<boolean> } | undefined,
): Promise<boolean> {
  try {
    return (await storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
