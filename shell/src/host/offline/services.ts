/**
 * createOfflineServices: the OfflineServices the shell's host services hand every remote, composed of
 * the offline core's parts. Every user action is written to IndexedDB (strict durability) before any
 * network call (user-writes.ts); the engine delivers (engine.ts); the host pulls from the org
 * (org-import.ts, org-pull.ts, org-refresh.ts) and keeps its lists (org-lists.ts); forms kept offline
 * (offline-forms.ts); tasks started (task-start.ts); the outbox (outbox.ts).
 */
import type { Observable, OfflineServices } from 'shared-contracts';
import type { OrgGateway } from './org-gateway';
import type { BackoffPolicy } from './backoff';
import {
  openOfflineDbs,
  requestPersistentStorage,
  type IdbDeps,
  type LegacyOwner,
  type OfflineDbs,
} from './db';
import type { SyncEngine } from './engine';
import { readFormDefinition } from './form-definitions';
import type { LockManagerLike } from './leader';
import { Signal } from './live';
import { createLiveQueries } from './live-queries';
import { createOfflineForms } from './offline-forms';
import { createOrgImport } from './org-import';
import { createOrgLists } from './org-lists';
import { createOrgPull, type OrgPull } from './org-pull';
import { createOrgRefresh, type OrgRefreshOptions } from './org-refresh';
import { createOwnerOutbox, ownerKeyOf, type QueueSummary } from './outbox';
import { isOwner, type Owner } from './owner';
import { DraftPresence, type ChannelLike } from './presence';
import { createPushSync } from './push-sync';
import { BACKGROUND_SYNC_TAG, registerBackgroundSync } from './queue-channel';
import { OfflineStore } from './store';
import type { DataKeys } from './sealing';
import { createTaskStart } from './task-start';
import * as T from './transitions';
import { createUserWrites, SignedOutError } from './user-writes';

export { BACKGROUND_SYNC_TAG, QUEUE_CHANNEL, registerBackgroundSync } from './queue-channel';

export interface OfflineServicesOptions {
  gateway: OrgGateway;
  /** navigator.onLine, kept current (HostServices.online). */
  online: Observable<boolean>;
  /**
   * The signed-in user's organisation, user and instance URL (read on every use). Without a user
   * (signed out) nothing is read, written or sent: every local record belongs to one user (issue 28).
   */
  context: () => { organizationId: string; userId: string; instanceUrl: string; networkId?: string | null };
  /** Canvas mode: the uploaders never start. */
  canvasMode?: boolean;
  /** A 401 from the server: clear authorization (stored user details) and reload. */
  onUnauthorized?: () => void;
  /** Web Locks; default navigator.locks (null: this tab always leads). */
  locks?: LockManagerLike | null;
  /** BroadcastChannel factory; default the global one. */
  channel?: ((name: string) => ChannelLike) | null;
  /** IndexedDB implementation (fake-indexeddb in Node tests). */
  idb?: IdbDeps;
  dbPrefix?: string;
  dbs?: OfflineDbs;
  /** The owners' data keys (issue 45: every record is sealed with its owner's; vault/data-keys.ts). */
  keys: DataKeys;
  /** Who the records written before owners belong to (db.ts): default the context's user, if any. */
  legacyOwner?: LegacyOwner;
  nowMs?: () => number;
  random?: () => number;
  uuid?: () => string;
  submissionIntervalMs?: number;
  fileIntervalMs?: number;
  concurrency?: number;
  backoff?: BackoffPolicy;
  /** Register a Background Sync so a queue left in a closed tab drains from the service worker. */
  backgroundSync?: () => void;
  /** The org refresh schedule's periods and live stream (org-refresh.ts); Node tests pass none. */
  orgRefresh?: OrgRefreshOptions;
}

export interface OfflineServicesHandle extends OfflineServices {
  readonly engine: SyncEngine;
  readonly store: OfflineStore;
  readonly dbs: OfflineDbs;
  /** Every local submission and file counted by state, with last errors and retries in words. */
  queueSummary(): Promise<QueueSummary>;
  /** The signed-in user changed (sign-out, sign-in): live queries re-run, the uploaders look again. */
  ownerChanged(): void;
  /** The signed-in owner every store call takes (support and the proof runners read the store with it). */
  owner(): Owner | null;
  /** Stop, close the presence channel and the databases. */
  dispose(): Promise<void>;
}

export function createOfflineServices(opts: OfflineServicesOptions): OfflineServicesHandle {
  /** The signed-in owner, or null (signed out): every store call takes it (owner.ts). */
  const owner = (): Owner | null => {
    const { organizationId, userId } = opts.context();
    const o = { organizationId, userId };
    return isOwner(o) ? o : null;
  };
  const dbs = opts.dbs ?? openOfflineDbs(opts.idb ?? {}, opts.dbPrefix ?? '', opts.legacyOwner ?? owner);
  const store = new OfflineStore(dbs, opts.keys);
  const nowMs = opts.nowMs ?? (() => Date.now());
  const nowIso = (): string => new Date(nowMs()).toISOString();
  const uuid = opts.uuid ?? (() => crypto.randomUUID());
  const { gateway, online } = opts;
  /** For user writes: the owner, or a thrown SignedOutError (told as OFFLINE_MESSAGES.signedOut). */
  const writer = (): Owner => {
    const o = owner();
    if (!o) throw new SignedOutError();
    return o;
  };
  const ctx = (): T.Ctx => {
    const { organizationId, instanceUrl } = opts.context();
    return { now: nowIso(), organizationId, instanceUrl };
  };
  let orgPull: OrgPull | null = null;
  const push = createPushSync({
    ...opts,
    store,
    owner,
    nowMs,
    nowIso,
    canvasMode: opts.canvasMode ?? false,
    backgroundSync:
      opts.backgroundSync ??
      (() => {
        const { networkId } = opts.context();
        const o = owner();
        if (!o) return; // nothing is drained for nobody
        registerBackgroundSync(BACKGROUND_SYNC_TAG, { ...o, ...(networkId ? { networkId } : {}) });
      }),
    delivered: (outcome) => orgPull?.delivered(outcome),
  });
  const { engine, queued, progress } = push;
  const presence = new DraftPresence(uuid(), opts.channel === undefined ? undefined : opts.channel);

  /**
   * The signed-in owner as the live queries' input: a sign-out or another user's sign-in in this tab
   * re-runs every one of them, so nothing read for the earlier user stays on screen.
   */
  const ownerInputs = new Signal<string>(ownerKeyOf(owner()));
  const live = createLiveQueries({ store, owner, ownerInputs, progress });
  // what every part is built from
  const base = { store, gateway, online, owner, writer, ctx, nowIso, nowMs, uuid, queued };
  const org = (): string => opts.context().organizationId;
  const outbox = createOwnerOutbox({ ...base, ownerInputs, progress, engine, org });
  const writes = createUserWrites({ ...base, filesQueued: push.filesQueued });
  const forms = createOfflineForms({ ...base, keepFormDef: writes.keepFormDef });
  const tasks = createTaskStart(base);
  const orgImport = createOrgImport({ ...base, uploading: () => engine.busy });

  // The pull half of sync, whichever screen is open (org-pull.ts, org-refresh.ts).
  const orgRefresh = createOrgRefresh(opts.orgRefresh);
  orgPull = createOrgPull({
    refresh: orgRefresh,
    online,
    ownerKey: ownerInputs,
    importPending: () => orgImport.importPending(),
    purgeStaleForms: () => forms.purgeStaleForms(),
  });
  const lists = createOrgLists({ ...base, ownerKey: ownerInputs, refresh: orgRefresh });

  /**
   * Self-healing when a user is there (start, sign-in): records the update left without a user are the
   * organisation's first signed-in user's, and files a crash left without their delivered record go.
   */
  const heal = async (): Promise<void> => {
    const o = owner();
    if (!o) return;
    try {
      // issue 45: records written in the clear before the update are sealed at the first unlock
      await store.sealLegacy(o);
      const claimed = await store.claimOrphans(o);
      await store.dropOrphanFiles(o);
      if (claimed.length > 0) engine.wake();
    } catch (e) {
      console.error('offline: healing the stores failed', e);
    }
  };

  const services: OfflineServicesHandle = {
    engine,
    store,
    dbs,
    owner,
    ownerChanged() {
      const key = ownerKeyOf(owner());
      if (key === ownerInputs.get()) return;
      ownerInputs.set(key);
      // what another owner had queued is none of this one's: clear the outbox view at once
      outbox.changed();
      if (key) {
        engine.wake();
        void heal();
      }
    },
    queueSummary: outbox.queueSummary,
    submissions: live.submissions,
    submission: live.submission,
    filesOf: live.filesOf,
    fileList: live.fileList,
    async fileBytes(localId) {
      const o = owner();
      return o ? store.fileBytes(o, localId) : undefined;
    },
    cachedForms: live.cachedForms,
    outbox: outbox.outbox,
    delivery: (id) => push.delivery(id, services.fileList(id)),
    deliverNow: push.deliverNow,
    isLeader: engine.isLeader,
    openElsewhere: (id) => presence.openElsewhere(id),
    ...writes,
    openDraft: (id) => presence.open(id),

    startScheduled: tasks.startScheduled,
    startTask: tasks.startTask,
    orgRefresh,
    ...lists,
    formDefinition: (formId, own) => readFormDefinition({ store, gateway, online, owner }, formId, own),
    withStartingData: forms.withStartingData,
    importPending: () => orgImport.importPending(),
    pullPending: (formSubmissionId) => orgImport.pullPending(formSubmissionId),
    downloadForOffline: forms.downloadForOffline,
    removeFromOffline: forms.removeForm,
    purgeStaleForms: forms.purgeStaleForms,

    start() {
      void requestPersistentStorage();
      void heal();
      engine.start();
      orgPull?.start();
    },
    stop() {
      orgPull?.stop();
      return engine.stop();
    },
    async dispose() {
      orgPull?.dispose();
      await push.dispose();
      presence.dispose();
      dbs.submissions.close();
      dbs.images.close();
    },
  };
  return services;
}
