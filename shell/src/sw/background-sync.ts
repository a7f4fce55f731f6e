/// <reference lib="webworker" />
// Background Sync: a queue left in a closed tab drains when the browser next runs this worker online.
// The page registers BACKGROUND_SYNC_TAG when it queues while not running the uploaders, and when it
// goes offline with work queued (offline/services.ts). The drain runs only if no tab holds the
// uploader lock (a live leader tab does the work itself), with the same uploaders and transitions
// as the tabs, so the upsert by uniqueness key keeps it exactly-once.
import { BACKGROUND_SYNC_TAG, drainOutboxOnce, HttpOrgGateway } from '../host/offline';
import { readSyncContext } from '../host/offline/sync-context';
import { OfflineStore } from '../host/offline/store';
import { openOfflineDbs } from '../host/offline/db';
import type { Owner } from '../host/offline/owner';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance?: boolean;
}

async function stillQueued(owner: Owner): Promise<boolean> {
  const dbs = openOfflineDbs({}, '', () => owner);
  try {
    return await new OfflineStore(dbs).hasPendingWork(owner);
  } finally {
    dbs.submissions.close();
    dbs.images.close();
  }
}

export async function backgroundDrain(lastChance = false): Promise<void> {
  const ctx = await readSyncContext();
  if (!ctx) return;
  const gateway = new HttpOrgGateway({ networkId: () => ctx.networkId });
  const owner = { organizationId: ctx.organizationId, userId: ctx.userId };
  const ran = await drainOutboxOnce({ gateway, owner });
  // Work left (transient failures, backoff): reject so the browser schedules another sync; a tab
  // that leads (ran = false) takes care of it instead.
  if (ran && !lastChance && (await stillQueued(owner))) {
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
