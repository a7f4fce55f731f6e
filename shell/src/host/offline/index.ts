/**
 * The offline core (issue 5): local stores, state transitions, the submission and file uploaders,
 * leader election, draft presence and the outbox. The shell composes HostServices with
 * `createOfflineServices(...)`; its service worker can drain a left-over queue with `drainOutboxOnce`.
 */
import type { OrgGateway } from './org-gateway';
import { DEFAULT_BACKOFF } from './backoff';
import { openOfflineDbs, type IdbDeps } from './db';
import { FileUploader } from './file-uploader';
import { browserLocks, withLockIfAvailable, type LockManagerLike } from './leader';
import { OfflineStore } from './store';
import type { DataKeys } from './sealing';
import { assertOwner, type Owner } from './owner';
import { SubmissionUploader } from './submission-uploader';

export { createOfflineServices, registerBackgroundSync, BACKGROUND_SYNC_TAG } from './services';
export type { OfflineServicesOptions, OfflineServicesHandle } from './services';
export { saveSyncContext, readSyncContext, clearSyncContext, SYNC_CONTEXT_CACHE } from './sync-context';
export type { SyncContext } from './sync-context';
export { openOfflineDbs, requestPersistentStorage, SUBMISSIONS_DB_NAME, IMAGE_DB_NAME } from './db';
export { HttpOrgGateway, xhrUpload, classify } from './http-gateway';
export type { HttpGatewayOptions, FetchLike } from './http-gateway';
export type { LockManagerLike } from './leader';
export type { Owner } from './owner';
export type { ChannelLike } from './presence';

/**
 * One drain of the queue outside any tab (the service worker's `sync` event for BACKGROUND_SYNC_TAG):
 * runs only if no tab holds the uploader lock, so it never races the leader tab. Returns whether it ran.
 */
export async function drainOutboxOnce(opts: {
  gateway: OrgGateway;
  /** Whose queue: only this user's records are read and sent (issue 28). */
  owner: Owner;
  locks?: LockManagerLike | null;
  idb?: IdbDeps;
  /** The owner's data key (vault/data-keys.ts): the records are sealed with it. */
  keys: DataKeys;
  onUnauthorized?: () => void;
}): Promise<boolean> {
  assertOwner(opts.owner, 'drainOutboxOnce');
  // Records written before owners were stored go to the user of this drain's sync context (db.ts).
  const dbs = openOfflineDbs(opts.idb ?? {}, '', () => opts.owner);
  const store = new OfflineStore(dbs, opts.keys);
  const deps = {
    store,
    gateway: opts.gateway,
    owner: () => opts.owner,
    isOnline: () => globalThis.navigator?.onLine ?? true,
    onUnauthorized: opts.onUnauthorized ?? (() => undefined),
    nowMs: () => Date.now(),
    nowIso: () => new Date().toISOString(),
    random: Math.random,
    backoff: DEFAULT_BACKOFF,
  };
  const files = new FileUploader(deps);
  const submissions = new SubmissionUploader({ ...deps, files });
  try {
    return await withLockIfAvailable(opts.locks === undefined ? browserLocks() : opts.locks, async () => {
      await files.runOnce();
      await submissions.runOnce();
    });
  } finally {
    dbs.submissions.close();
    dbs.images.close();
  }
}
