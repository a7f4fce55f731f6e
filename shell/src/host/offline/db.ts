/**
 * The local stores of spec section 3: a submissions database (`submissions` keyed by id, indexed by
 * syncStatus and organizationId; `cachedforms` keyed by Id; version 2 adds `discarded`, the ids of
 * drafts the user discarded, so an org copy of one is not imported back) and an image database, version 2
 * (`images`, `guides`, `cachedImages`). Every transaction asks for strict durability, so a user
 * write is on disk before the promise resolves.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import {
  IMAGE_DB_VERSION,
  type CachedForm,
  type FileInfo,
  type Guide,
  type LocalSubmission,
  type StoredImage,
} from 'shared-contracts';

/** Database names: the spec names the stores, not the databases. */
export const SUBMISSIONS_DB_NAME = 'SubmissionsDatabase';
export const IMAGE_DB_NAME = 'ImageDatabase';

/** Test seam: fake-indexeddb in Node; the browser's own IndexedDB otherwise. */
export type IdbDeps = Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>;

/** A draft the user discarded: its org copy (drafts are synced) must not come back on import. */
export interface DiscardedSubmission {
  id: string;
  organizationId: string;
  /** ms since epoch; an old mark the org no longer lists as pending is dropped. */
  discardedAt: number;
}

export class SubmissionsDb extends Dexie {
  submissions!: Table<LocalSubmission, string>;
  cachedforms!: Table<CachedForm, string>;
  discarded!: Table<DiscardedSubmission, string>;

  constructor(deps: IdbDeps = {}, name = SUBMISSIONS_DB_NAME) {
    super(name, { ...deps, chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      submissions: 'id, syncStatus, organizationId',
      cachedforms: 'Id',
    });
    // Adds a table only: version 1 databases open and upgrade in place, their records untouched.
    this.version(2).stores({ discarded: 'id, organizationId' });
  }
}

export class ImageDb extends Dexie {
  /** FileInfo records (the file upload queue and the files themselves), keyed by LocalId. */
  images!: Table<FileInfo, string>;
  guides!: Table<Guide, string>;
  /** Data-URL previews (StoredImage), keyed by id. */
  cachedImages!: Table<StoredImage, string>;

  constructor(deps: IdbDeps = {}, name = IMAGE_DB_NAME) {
    super(name, { ...deps, chromeTransactionDurability: 'strict' });
    this.version(IMAGE_DB_VERSION).stores({
      images: 'LocalId, submissionId, status, organizationId',
      guides: 'Id, formId',
      cachedImages: 'id, submissionId',
    });
  }
}

export interface OfflineDbs {
  submissions: SubmissionsDb;
  images: ImageDb;
}

export function openOfflineDbs(deps: IdbDeps = {}, prefix = ''): OfflineDbs {
  return {
    submissions: new SubmissionsDb(deps, prefix + SUBMISSIONS_DB_NAME),
    images: new ImageDb(deps, prefix + IMAGE_DB_NAME),
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
