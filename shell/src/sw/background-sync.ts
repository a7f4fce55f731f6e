/// <reference lib="webworker" />
// Background Sync: a queue left in a closed tab drains when the browser next runs this worker online.
// The page registers BACKGROUND_SYNC_TAG when it queues while not running the uploaders, and when it
// goes offline with work queued (offline/services.ts). The drain runs only if no tab holds the
// uploader lock (a live leader tab does the work itself), with the same uploaders and transitions
// as the tabs, so the upsert by uniqueness key keeps it exactly-once; and only for the user the
// browser's session belongs to, a queue of an earlier release's format included (sync-owner.ts).
import { BACKGROUND_SYNC_TAG, drainOutboxOnce, HttpOrgGateway, type FetchLike } from '../host/offline';
import { OfflineStore } from '../host/offline/store';
import { openOfflineDbs, type IdbDeps } from '../host/offline/db';
import type { Owner } from '../host/offline/owner';
import { sessionOwner, syncOwner } from '../host/offline/sync-owner';
import type { DataKeys } from '../host/offline/sealing';
import { createBffClient } from '../host/bff-client';
import { dataKeySource, escrowVia, pinRequiredVia } from '../host/vault/data-keys';
import { indexedDbKeyringStore, type KeyringStore } from '../host/vault/keyring-store';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance?: boolean;
}

/** What the worker reaches (tests: a BFF over HTTP with a cookie jar, fake-indexeddb, Cache Storage). */
export interface DrainDeps {
  fetch?: FetchLike;
  baseUrl?: string;
  idb?: IdbDeps;
  caches?: Pick<CacheStorage, 'open'> | null;
  locks?: Parameters<typeof drainOutboxOnce>[0]['locks'];
  /** The device's keyrings (default: the vault's IndexedDB database). */
  keyrings?: KeyringStore;
}

async function stillQueued(owner: Owner, idb: IdbDeps, keys: DataKeys): Promise<boolean> {
  const dbs = openOfflineDbs(idb, '', () => owner);
  try {
    return await new OfflineStore(dbs, keys).hasPendingWork(owner);
  } finally {
    dbs.submissions.close();
    dbs.images.close();
  }
}

export async function backgroundDrain(lastChance = false, deps: DrainDeps = {}): Promise<void> {
  const fetchFn: FetchLike = deps.fetch ?? ((url, init) => fetch(url, init));
  // Only the queue of the user the browser's session belongs to (sync-owner.ts).
  const ctx = await syncOwner({
    session: () => sessionOwner(fetchFn, deps.baseUrl),
    ...(deps.caches !== undefined ? { caches: deps.caches } : {}),
  });
  if (!ctx) return;
  const gateway = new HttpOrgGateway({
    networkId: () => ctx.networkId,
    fetch: fetchFn,
    ...(deps.baseUrl ? { baseUrl: deps.baseUrl } : {}),
  });
  const owner = { organizationId: ctx.organizationId, userId: ctx.userId };
  const idb = deps.idb ?? {};
  // The records are sealed with the owner's data key (issue 45): the device wrap (no PIN) opens it
  // here too; with a PIN, the escrow key the BFF releases to this session. Neither: the app is locked
  // offline (or the server keeps no escrow), and the queue waits for the app or a later sync.
  const bff = createBffClient({ fetch: fetchFn, ...(deps.baseUrl ? { baseUrl: deps.baseUrl } : {}) });
  const keys = dataKeySource({
    keyrings: deps.keyrings ?? indexedDbKeyringStore((idb.indexedDB as IDBFactory | undefined) ?? indexedDB),
    pinRequired: pinRequiredVia(bff),
    escrow: escrowVia(bff),
    openWithEscrowKey: true,
    wait: false,
  });
  try {
    await keys.keyFor(owner);
  } catch {
    throw new Error('offline outbox: the data key is not open here; the queue waits for the app');
  }
  const ran = await drainOutboxOnce({
    gateway,
    owner,
    idb,
    keys,
    ...(deps.locks !== undefined ? { locks: deps.locks } : {}),
  });
  // Work left (transient failures, backoff): reject so the browser schedules another sync; a tab
  // that leads (ran = false) takes care of it instead.
  if (ran && !lastChance && (await stillQueued(owner, idb, keys))) {
    throw new Error('offline outbox: items left for the next sync');
  }
}

export function listenForBackgroundSync(): void {
  self.addEventListener('sync', (event) => {
    const e = event as SyncEvent;
    if (e.tag !== BACKGROUND_SYNC_TAG) return;
    e.waitUntil(backgroundDrain(e.lastChance ?? false));
  });
}
