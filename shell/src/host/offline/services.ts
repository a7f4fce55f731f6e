/**
 * createOfflineServices: the OfflineServices the shell's host services hand every remote. Every user
 * action is written to IndexedDB (strict durability) before any network call; the engine delivers.
 */
import {
  FILE_STATUS,
  MAX_FILE_SIZE_BYTES,
  MESSAGES,
  OFFLINE_MESSAGES,
  SYNC_STATUS,
  type DeliveryOutcome,
  type FileInfo,
  type FileNode,
  type LocalSubmission,
  type Observable,
  type OfflineServices,
  type WriteResult,
} from 'shared-contracts';
import { isGatewayError, type OrgGateway } from './org-gateway';
import type { BackoffPolicy } from './backoff';
import {
  openOfflineDbs,
  requestPersistentStorage,
  type IdbDeps,
  type LegacyOwner,
  type OfflineDbs,
} from './db';
import { SyncEngine } from './engine';
import { browserLocks, type LockManagerLike } from './leader';
import { DeliveryBoard } from './delivery';
import { assembleOfflineForm } from './form-download';
import { readFormDefinition } from './form-definitions';
import { createOrgImport } from './org-import';
import { createOrgPull, type OrgPull } from './org-pull';
import { createOrgRefresh, type OrgRefreshOptions } from './org-refresh';
import { createOutboxView } from './outbox-view';
import { liveObservable, Signal } from './live';
import { createLiveQueries } from './live-queries';
import { summarizeQueue, type QueueSummary } from './outbox';
import { DraftPresence, type ChannelLike } from './presence';
import { nextProgress } from './progress';
import { guarded, OfflineStore, storageFailureText } from './store';
import { isOwner, type Owner } from './owner';
import { saveSyncContext, type SyncContext } from './sync-context';
import * as T from './transitions';

export const BACKGROUND_SYNC_TAG = 'cq-offline-outbox';
/** Tabs tell each other "something was queued" here, so a sleeping leader wakes for a follower's write. */
export const QUEUE_CHANNEL = 'cq-offline-queue';

/** A user write while nobody is signed in (told as OFFLINE_MESSAGES.signedOut). */
class SignedOutError extends Error {
  constructor() {
    super(OFFLINE_MESSAGES.signedOut);
    this.name = 'SignedOutError';
  }
}

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

/**
 * Background Sync where the browser has it; a no-op elsewhere (the timers do the work). The signed-in
 * organisation is stored first (sync-context.ts): the worker drains that organisation's queue only.
 */
export function registerBackgroundSync(tag = BACKGROUND_SYNC_TAG, context?: SyncContext): void {
  const sw = (globalThis.navigator as { serviceWorker?: { ready: Promise<unknown> } } | undefined)
    ?.serviceWorker;
  if (!sw) return;
  void (context ? saveSyncContext(context) : Promise.resolve())
    .then(() => sw.ready)
    .then((reg) => (reg as { sync?: { register(tag: string): Promise<void> } }).sync?.register(tag))
    .catch(() => undefined);
}

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

export function createOfflineServices(opts: OfflineServicesOptions): OfflineServicesHandle {
  const dbs =
    opts.dbs ??
    openOfflineDbs(
      opts.idb ?? {},
      opts.dbPrefix ?? '',
      opts.legacyOwner ??
        (() => {
          const { organizationId, userId } = opts.context();
          const o = { organizationId, userId };
          return isOwner(o) ? o : null;
        }),
    );
  const store = new OfflineStore(dbs);
  const nowMs = opts.nowMs ?? (() => Date.now());
  const nowIso = (): string => new Date(nowMs()).toISOString();
  const random = opts.random ?? Math.random;
  const uuid = opts.uuid ?? (() => crypto.randomUUID());
  const org = (): string => opts.context().organizationId;
  /** The signed-in owner, or null (signed out): every store call takes it (owner.ts). */
  const owner = (): Owner | null => {
    const { organizationId, userId } = opts.context();
    const o = { organizationId, userId };
    return isOwner(o) ? o : null;
  };
  /** For user writes: the owner, or a thrown SignedOutError (told as OFFLINE_MESSAGES.signedOut). */
  const writer = (): Owner => {
    const o = owner();
    if (!o) throw new SignedOutError();
    return o;
  };
  const writeFailure = (e: unknown): string =>
    e instanceof SignedOutError ? OFFLINE_MESSAGES.signedOut : storageFailureText(e);
  const ctx = (): T.Ctx => {
    const { organizationId, instanceUrl } = opts.context();
    return { now: nowIso(), organizationId, instanceUrl };
  };
  const onUnauthorized = opts.onUnauthorized ?? (() => undefined);
  const backgroundSync =
    opts.backgroundSync ??
    (() => {
      const { networkId } = opts.context();
      const o = owner();
      if (!o) return; // nothing is drained for nobody
      registerBackgroundSync(BACKGROUND_SYNC_TAG, { ...o, ...(networkId ? { networkId } : {}) });
    });

  // Upload percentages by LocalId, in memory (progress.ts): this tab's uploads and other tabs' (told
  // over the queue channel); filesOf lays them over the stored records.
  const progress = new Signal<ReadonlyMap<string, number>>(new Map());
  let queueChannel: ChannelLike | null = null;
  // Each submission's delivery outcome, told by the uploader of this tab or (over the queue channel)
  // of the tab that runs it.
  const deliveries = new DeliveryBoard();
  let orgPull: OrgPull | null = null;
  const engine = new SyncEngine({
    store,
    onDelivery: (id, outcome) => {
      deliveries.tell(id, outcome);
      orgPull?.delivered(outcome);
      queueChannel?.postMessage({ t: 'delivery', id, outcome });
    },
    onProgress: (localId, percent) => {
      progress.set(nextProgress(progress.get(), localId, percent));
      queueChannel?.postMessage({ t: 'progress', localId, percent });
    },
    gateway: opts.gateway,
    owner,
    onUnauthorized,
    nowMs,
    nowIso,
    random,
    online: opts.online,
    locks: opts.locks === undefined ? browserLocks() : opts.locks,
    canvasMode: opts.canvasMode ?? false,
    ...(opts.backoff ? { backoff: opts.backoff } : {}),
    ...(opts.submissionIntervalMs ? { submissionIntervalMs: opts.submissionIntervalMs } : {}),
    ...(opts.fileIntervalMs ? { fileIntervalMs: opts.fileIntervalMs } : {}),
    ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
  });
  const presence = new DraftPresence(uuid(), opts.channel === undefined ? undefined : opts.channel);
  const channelFactory =
    opts.channel === undefined
      ? typeof BroadcastChannel === 'function'
        ? (n: string): ChannelLike => new BroadcastChannel(n)
        : null
      : opts.channel;
  queueChannel = channelFactory ? channelFactory(QUEUE_CHANNEL) : null;
  queueChannel?.addEventListener('message', (e) => {
    const m = e.data as {
      t?: unknown;
      localId?: unknown;
      percent?: unknown;
      id?: unknown;
      outcome?: unknown;
    } | null;
    if (m?.t === 'delivery') {
      // the uploader of another tab told what became of a submission
      if (typeof m.id === 'string' && m.outcome && typeof m.outcome === 'object') {
        deliveries.tell(m.id, m.outcome as DeliveryOutcome);
        orgPull?.delivered(m.outcome as DeliveryOutcome);
      }
      return;
    }
    if (m?.t === 'progress') {
      // another tab's upload: shown here, nothing to wake for
      if (typeof m.localId === 'string')
        progress.set(
          nextProgress(progress.get(), m.localId, typeof m.percent === 'number' ? m.percent : null),
        );
      return;
    }
    engine.wake();
  });

  const queued = (): void => {
    engine.kick();
    queueChannel?.postMessage({ t: 'queued' });
    if (!engine.running) backgroundSync();
  };
  // Going offline with work queued: the service worker gets the queue if this tab closes before the
  // network is back (Background Sync fires when the browser is online again).
  const unsubscribeOffline = opts.online.subscribe((online) => {
    if (!online && engine.pendingWork && !(opts.canvasMode ?? false)) backgroundSync();
  });

  const userWrite = async (
    id: string,
    fn: (cur: LocalSubmission) => LocalSubmission,
  ): Promise<WriteResult<LocalSubmission>> => {
    const r = await guarded(() => store.updateSubmission(writer(), id, fn), writeFailure);
    if (!r.ok) return r;
    if (!r.value) return { ok: false, message: OFFLINE_MESSAGES.submissionDiscarded };
    queued();
    return { ok: true, value: r.value };
  };

  /**
   * The signed-in owner as the live queries' input: a sign-out or another user's sign-in in this tab
   * re-runs every one of them, so nothing read for the earlier user stays on screen.
   */
  const ownerKeyOf = (o: Owner | null): string => (o ? `${o.organizationId}/${o.userId}` : '');
  const ownerInputs = new Signal<string>(ownerKeyOf(owner()));
  const live = createLiveQueries({ store, owner, ownerInputs, progress });

  const liveRecords = liveObservable(
    async () => {
      const o = owner();
      if (!o) return { subs: [], files: [], key: '' };
      const [subs, files] = await Promise.all([store.submissionsOf(o), store.unsyncedFiles(o)]);
      return { subs, files, key: ownerKeyOf(o) };
    },
    { subs: [] as LocalSubmission[], files: [] as FileInfo[], key: '' },
    ownerInputs,
  );
  const outboxView = createOutboxView({
    records: liveRecords,
    ownerKey: () => ownerKeyOf(owner()),
    progress,
    engine,
    org,
    nowMs,
  });
  const outbox = outboxView.outbox;
  const outboxChanged = outboxView.changed;

  const orgImport = createOrgImport({
    store,
    gateway: opts.gateway,
    online: opts.online,
    uploading: () => engine.busy,
    owner,
    ctx,
    nowMs,
  });

  // The pull half of sync, whichever screen is open (org-pull.ts, org-refresh.ts).
  const orgRefresh = createOrgRefresh(opts.orgRefresh);
  orgPull = createOrgPull({
    refresh: orgRefresh,
    online: opts.online,
    ownerKey: ownerInputs,
    importPending: () => orgImport.importPending(),
    purgeStaleForms: () => services.purgeStaleForms(),
  });

  /**
   * Self-healing when a user is there (start, sign-in): records the update left without a user are the
   * organisation's first signed-in user's, and files a crash left without their delivered record go.
   */
  const heal = async (): Promise<void> => {
    const o = owner();
    if (!o) return;
    try {
      const claimed = await store.claimOrphans(o);
      await store.dropOrphanFiles(o);
      if (claimed.length > 0) engine.wake();
    } catch (e) {
      console.error('offline: healing the stores failed', e);
    }
  };

  const removeForm = async (formId: string): Promise<void> => {
    await store.removeForm(writer(), formId);
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
      outboxChanged();
      if (key) {
        engine.wake();
        void heal();
      }
    },
    async queueSummary() {
      const o = owner();
      if (!o) return summarizeQueue([], [], nowMs());
      const [subs, files] = await Promise.all([store.submissionsOf(o), store.allFiles(o)]);
      return summarizeQueue(subs, files, nowMs());
    },
    submissions: live.submissions,
    submission: live.submission,
    filesOf: live.filesOf,
    cachedForms: live.cachedForms,
    outbox,
    delivery: (id) => deliveries.observe(id, services.filesOf(id)),
    async deliverNow(id) {
      const o = owner();
      if (!o) return deliveries.current(id);
      const sub = await store.getSubmission(o, id);
      if (!sub || !T.isUploadable(sub, o.organizationId)) return deliveries.current(id);
      const wait = deliveries.nextFinal(id, sub.version);
      // The uploader's tab sends it: another tab that leads is woken and tells the outcome over the
      // queue channel; otherwise this tab (the leader, or one with no uploader: canvas mode).
      if (engine.electing && !engine.isLeader.get()) {
        queued();
        return wait.done;
      }
      await engine.submissions.processOne(o, id);
      // nothing told and nothing in flight (it could not be sent now): its latest outcome
      if (!engine.submissions.uploadingIds().includes(id)) wait.cancel();
      return wait.done;
    },
    isLeader: engine.isLeader,
    openElsewhere: (id) => presence.openElsewhere(id),

    async create(input) {
      const o = owner();
      if (!o) return { ok: false, message: OFFLINE_MESSAGES.signedOut };
      const sub = {
        ...T.newLocalSubmission({ ...input, id: input.id ?? uuid() }, ctx()),
        userId: o.userId,
        ...(input.mainRecordId ? { mainRecordId: input.mainRecordId } : {}),
      };
      // A draft made again under a discarded id is the user's again: its org copy must stay.
      const r = await guarded(
        () => store.putSubmission(o, sub, { undiscard: input.id !== undefined }),
        writeFailure,
      );
      if (!r.ok) return r;
      queued();
      return { ok: true, value: sub };
    },
    save: (id, data, baseData) => userWrite(id, (cur) => T.saveUpdate(cur, data, baseData)),
    close: (id, data, baseData) => userWrite(id, (cur) => T.saveUpdate(cur, data, baseData)),
    submit: (id, data, baseData) => userWrite(id, (cur) => T.submitLocally(cur, data, nowIso(), baseData)),
    discard: (id) => guarded(() => store.discardSubmission(writer(), id, nowMs()), writeFailure),
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
      if (file.size > MAX_FILE_SIZE_BYTES) return { ok: false, message: MESSAGES.fileTooLarge };
      const o = owner();
      if (!o) return { ok: false, message: OFFLINE_MESSAGES.signedOut };
      const LocalId = localId || uuid();
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
      engine.kickFiles();
      queueChannel?.postMessage({ t: 'queued' });
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
      if (r.ok) queued();
      return r;
    },
    openDraft: (id) => presence.open(id),

    async startScheduled(input) {
      const o = writer();
      const cached = await store.getForm(o, input.formId);
      const formDef = cached?.formDef ?? (await opts.gateway.getFormDefinition(input.formId));
      const sub = {
        ...T.scheduledSubmission({ ...input, submissionId: input.submissionId ?? uuid() }, formDef, ctx()),
        ...(input.mainRecordId ? { mainRecordId: input.mainRecordId } : {}),
      };
      let stored: LocalSubmission;
      const mine = (s: LocalSubmission): LocalSubmission => ({ ...s, userId: o.userId });
      try {
        const r = await opts.gateway.saveSubmission(T.toPayload(sub));
        stored = mine(
          T.scheduledStarted(
            { ...sub, ...(r.formSubmissionId ? { formSubmissionId: r.formSubmissionId } : {}) },
            nowIso(),
          ),
        );
      } catch (e) {
        if (!isGatewayError(e) || (e.kind !== 'network' && e.kind !== 'unavailable')) throw e;
        stored = mine(T.scheduledQueued(sub));
      }
      await store.putSubmission(o, stored);
      if (stored.syncStatus !== SYNC_STATUS.inSync) queued();
      return stored;
    },
    orgRefresh,
    formDefinition: (formId, own) =>
      readFormDefinition({ store, gateway: opts.gateway, online: opts.online, owner }, formId, own),
    importPending: () => orgImport.importPending(),
    pullPending: (formSubmissionId) => orgImport.pullPending(formSubmissionId),
    async downloadForOffline(formId, options) {
      const { formDef, guides } = await assembleOfflineForm(opts.gateway, formId, options?.recordIds, nowIso);
      await store.putForm(writer(), { Id: formId, formDef, syncedOn: nowIso() }, guides);
    },
    removeFromOffline: removeForm,
    async purgeStaleForms() {
      const o = owner();
      if (!o) return [];
      const ids = await store.formIds(o);
      if (ids.length === 0) return [];
      const purge = T.planPurge(ids, await opts.gateway.checkFormStatus(ids));
      for (const id of purge) await removeForm(id);
      return purge;
    },

    async retryNow(id) {
      const o = owner();
      if (!o) return;
      const sub = await store.updateSubmission(o, id, (cur) => T.retryNow(cur));
      if (sub) {
        // its files wait no longer either
        for (const f of await store.filesOf(o, id)) {
          if (f.status === FILE_STATUS.unsynced) {
            await store.updateFile(o, f.LocalId, (cur) => ({
              ...cur,
              error: null,
              delivery: { ...T.NO_DELIVERY },
            }));
          }
        }
        queued();
        return;
      }
      await store.updateFile(o, id, (f) => ({ ...f, error: null, delivery: { ...T.NO_DELIVERY } }));
      engine.kickFiles();
      queueChannel?.postMessage({ t: 'queued' });
    },
    async discardOutboxItem(id) {
      const o = owner();
      if (!o) return;
      if (await store.getSubmission(o, id)) {
        await store.deleteSubmissionCascade(o, id);
        return;
      }
      const f = await store.getFile(o, id);
      if (!f) return;
      await store.updateFile(o, id, () => null);
      await store.updateSubmission(o, f.submissionId, (s) => ({
        ...s,
        data: T.updateFileNodes(s.data, id, { error: MESSAGES.uploadFailedReupload }),
      }));
    },

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
      await engine.stop();
      unsubscribeOffline();
      queueChannel?.close();
      presence.dispose();
      dbs.submissions.close();
      dbs.images.close();
    },
  };
  return services;
}
