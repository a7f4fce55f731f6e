/**
 * createOfflineServices: the OfflineServices the shell's host services hand every remote. Every user
 * action is written to IndexedDB (strict durability) before any network call; the engine delivers.
 */
import {
  FILE_STATUS,
  MAX_FILE_SIZE_BYTES,
  MESSAGES,
  definitionProblem,
  OFFLINE_MESSAGES,
  SYNC_STATUS,
  isGatewayError,
  applyStartingData,
  lookupTargets,
  queriesUseRecordId,
  startingDataQueries,
  withCachedLookups,
  type CachedForm,
  type CachedLookup,
  type DeliveryOutcome,
  type FileInfo,
  type FileNode,
  type FormDefinition,
  type Guide,
  type LocalSubmission,
  type Observable,
  type OfflineServices,
  type OrgGateway,
  type OutboxItem,
  type PendingSubmission,
  type WriteResult,
} from 'shared-contracts';
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
import { eachLimited } from './each-limited';
import { changedPuts, pendingSignature, shouldImport, type ImportMark } from './import-writes';
import { liveObservable, Signal } from './live';
import { buildOutbox, summarizeQueue, type QueueSummary } from './outbox';
import { DraftPresence, type ChannelLike } from './presence';
import { nextProgress, overlayProgress, withLiveProgress } from './progress';
import { guarded, OfflineStore, storageFailureText } from './store';
import { isOwner, type Owner } from './owner';
import { saveSyncContext, type SyncContext } from './sync-context';
import * as T from './transitions';

export const BACKGROUND_SYNC_TAG = 'cq-offline-outbox';
/** Form definitions an import reads from the org at once: not one by one, nor all together. */
export const DEFINITION_READS = 4;
/** Records a downloaded form keeps starting data for (its assigned tasks'), at most. */
export const RECORDS_KEPT_PER_FORM = 50;
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

/** Guide image URLs anywhere in a form definition (keys imageURL / ImageUrl / imageUrl). */
export function guideImageUrls(formDef: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (T.isPlainObject(v)) {
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'imageURL' || k === 'ImageUrl' || k === 'imageUrl') && typeof x === 'string' && x)
          out.add(x);
        else walk(x);
      }
    }
  };
  walk(formDef);
  return [...out];
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
  const engine = new SyncEngine({
    store,
    onDelivery: (id, outcome) => {
      deliveries.tell(id, outcome);
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
      if (typeof m.id === 'string' && m.outcome && typeof m.outcome === 'object')
        deliveries.tell(m.id, m.outcome as DeliveryOutcome);
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

  const submissionObservables = new Map<string, Observable<LocalSubmission | undefined>>();
  const fileObservables = new Map<string, Observable<FileInfo[]>>();

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
  let outboxValue: OutboxItem[] = [];
  let outboxKey = '[]';
  /** Recomputes the view; false when nothing changed (the same snapshot stays, no re-render). */
  const recomputeOutbox = (): boolean => {
    // records read for another owner (the query has not re-run yet after a change of user) show nothing
    const read = liveRecords.get();
    const { subs, files } = read.key === ownerKeyOf(owner()) ? read : { subs: [], files: [] };
    const next = buildOutbox(
      subs,
      withLiveProgress(files, progress.get()),
      org(),
      engine.uploadingIds(),
      nowMs(),
    );
    const key = JSON.stringify(next);
    if (key === outboxKey) return false;
    outboxKey = key;
    outboxValue = next;
    return true;
  };
  const outboxListeners = new Set<(v: OutboxItem[]) => void>();
  let outboxUnsubscribe: (() => void)[] = [];
  const outboxChanged = (): void => {
    if (recomputeOutbox()) outboxListeners.forEach((l) => l(outboxValue));
  };
  const outbox: Observable<OutboxItem[]> = {
    get: () => outboxValue,
    subscribe(listener) {
      outboxListeners.add(listener);
      if (outboxListeners.size === 1) {
        outboxUnsubscribe = [
          liveRecords.subscribe(outboxChanged),
          engine.activity.subscribe(outboxChanged),
          progress.subscribe(outboxChanged),
        ];
      }
      return () => {
        outboxListeners.delete(listener);
        if (outboxListeners.size === 0) {
          outboxUnsubscribe.forEach((u) => u());
          outboxUnsubscribe = [];
        }
      };
    },
  };

  /** The last import that could delete (see shouldImport); null until one ran. */
  let lastImport: ImportMark | null = null;
  let importCanDelete = false;
  const localCount = async (): Promise<number> => {
    const o = owner();
    return o ? store.countSubmissions(o) : 0;
  };

  /** A discard mark outlives its draft's last sighting in the org by this much (an upload in flight). */
  const DISCARD_MARK_MS = 24 * 60 * 60 * 1000;

  /** The last background import's org copies of discarded drafts (see deleteDiscardedInOrg). */
  let discardedInOrg: PendingSubmission[] = [];

  /**
   * Definitions of imported records' forms this session, by form id (all its records share it): read
   * or being read, so an import and a pull at the same time ask the org once. A read that brings no
   * definition is forgotten, so the next import asks again.
   */
  const importDefs = new Map<string, Promise<unknown>>();
  const importDef = (formId: string, read: () => Promise<unknown>): Promise<unknown> => {
    let def = importDefs.get(formId);
    if (!def) {
      def = read().catch(() => null);
      importDefs.set(formId, def);
      void def.then((d) => d == null && importDefs.delete(formId));
    }
    return def;
  };

  /**
   * The org lists pending records without their form definition; a record imported without one is
   * shown by API names and raw values (issue 19) and cannot open offline. Each form's definition is
   * read once (the offline copies in one read, the rest from the org, DEFINITION_READS at a time) and
   * goes with its records; a failed read leaves them as they are and the next import tries again.
   */
  const withDefinitions = async (pending: PendingSubmission[]): Promise<PendingSubmission[]> => {
    const missing = [...new Set(pending.filter((p) => p.formDef == null).map((p) => p.formId))];
    const unread = missing.filter((formId) => !importDefs.has(formId));
    const o = owner();
    const offline = o && unread.length ? await store.formsOf(o).catch(() => []) : [];
    const offlineDefs = new Map(offline.map((f) => [f.Id, f.formDef]));
    const defs = new Map<string, unknown>();
    await eachLimited(missing, DEFINITION_READS, async (formId) => {
      const def = await importDef(
        formId,
        async () => offlineDefs.get(formId) ?? opts.gateway.getFormDefinition(formId),
      );
      if (def != null) defs.set(formId, def);
    });
    return pending.map((p) =>
      p.formDef == null && defs.has(p.formId) ? { ...p, formDef: defs.get(p.formId) } : p,
    );
  };

  const applyPending = async (
    pending: PendingSubmission[],
    withDeletes: boolean,
  ): Promise<LocalSubmission[]> => {
    // Nobody signed in (stored user gone, e.g. after a browser crash or a sign-out in another tab):
    // records imported now would belong to nobody; the next signed-in import does it.
    importCanDelete = false;
    const o = owner();
    if (!o) return [];
    let deletes: string[] = [];
    const pendingIds = pending.map((p) => p.id);
    const { puts } = await store.applyImport(
      o,
      { pendingIds, forgetMarks: !withDeletes },
      (locals, marks) => {
        const uploading = !withDeletes || engine.busy;
        const online = opts.online.get();
        importCanDelete = online && !uploading;
        // The background import honours the user's discards; a pull of one record (opened on purpose)
        // brings it back and forgets the mark.
        const discarded = withDeletes ? marks : new Set<string>();
        const plan = T.planImport(locals, pending, { ...ctx(), online, uploading }, discarded);
        // An import that changes nothing writes nothing (home imports every minute; a rewrite re-runs
        // every live query over the store): see import-writes.ts.
        const changed = changedPuts(plan.puts, new Map(locals.map((s) => [s.id, s])));
        deletes = plan.deletes;
        discardedInOrg = plan.discardedInOrg;
        return {
          puts: changed,
          deletes: plan.deletes,
          ...(importCanDelete && discarded.size > 0
            ? { forgetDiscardedBefore: nowMs() - DISCARD_MARK_MS }
            : {}),
          result: null,
        };
      },
    );
    for (const id of deletes) await store.deleteSubmissionCascade(o, id);
    return puts;
  };

  /**
   * The org still lists drafts the user discarded (drafts are synced; the import skipped them): asks
   * it to delete them. Best effort, one at a time: a failure leaves the mark, so the next import asks again.
   */
  const deleteDiscardedInOrg = async (): Promise<void> => {
    const remove = opts.gateway.discardSubmission?.bind(opts.gateway);
    const stale = discardedInOrg;
    discardedInOrg = [];
    if (!remove || !opts.online.get()) return;
    for (const p of stale) await remove(p.formId, p.id).catch(() => false);
  };

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
    submissions: liveObservable(
      async () => {
        const o = owner();
        if (!o) return [];
        return (await store.submissionsOf(o)).sort((a, b) => b.createdOn.localeCompare(a.createdOn));
      },
      [],
      ownerInputs,
    ),
    submission(id) {
      let obs = submissionObservables.get(id);
      if (!obs) {
        obs = liveObservable(
          async () => {
            const o = owner();
            return o ? store.getSubmission(o, id) : undefined;
          },
          undefined,
          ownerInputs,
        );
        submissionObservables.set(id, obs);
      }
      return obs;
    },
    filesOf(submissionId) {
      let obs = fileObservables.get(submissionId);
      if (!obs) {
        obs = overlayProgress(
          liveObservable(
            async () => {
              const o = owner();
              return o ? store.filesOf(o, submissionId) : [];
            },
            [],
            ownerInputs,
          ),
          progress,
        );
        fileObservables.set(submissionId, obs);
      }
      return obs;
    },
    cachedForms: liveObservable(
      async () => {
        const o = owner();
        return o ? store.formsOf(o) : [];
      },
      [] as CachedForm[],
      ownerInputs,
    ),
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
    async importPending() {
      const pending = await opts.gateway.pendingSubmissions();
      const organizationId = `${org()}/${owner()?.userId ?? ''}`;
      const signature = pendingSignature(pending);
      if (!shouldImport(lastImport, { organizationId, signature, localCount: await localCount() }, nowMs()))
        return;
      await applyPending(await withDefinitions(pending), true);
      await deleteDiscardedInOrg();
      lastImport = importCanDelete
        ? { organizationId, signature, localCount: await localCount(), at: nowMs() }
        : null;
    },
    async pullPending(formSubmissionId) {
      const p = await opts.gateway.syncPendingSubmission(formSubmissionId);
      if (!p) return null;
      await applyPending(await withDefinitions([p]), false);
      const o = owner();
      return (o && (await store.getSubmission(o, p.id))) ?? null;
    },
    async downloadForOffline(formId, options) {
      let formDef = await opts.gateway.getFormDefinition(formId);
      // a definition that cannot be filled in is not kept as if it could (spec section 8's schema problem)
      const problem = definitionProblem(formDef);
      if (problem !== undefined) throw new Error(problem);
      // A checklist's documents (sections, questions) travel with the cached definition.
      const queries = T.isPlainObject(formDef)
        ? startingDataQueries(formDef as unknown as FormDefinition)
        : [];
      if (queries.length > 0 && opts.gateway.startingData) {
        const r = await opts.gateway.startingData(formId, queries);
        formDef = applyStartingData(formDef as FormDefinition, r.startingData, r.lookupCacheData);
        // Queries filtered by the record the form is launched for: read for each record it may be
        // launched for on this device, so its context record is found offline too (issue 40.4).
        if (queriesUseRecordId(formDef as FormDefinition)) {
          const byRecord: Record<string, Record<string, unknown>> = {};
          const recordIds = [...new Set(options?.recordIds ?? [])].filter((id) => id && id !== formId);
          for (const recordId of recordIds.slice(0, RECORDS_KEPT_PER_FORM))
            byRecord[recordId] = (await opts.gateway.startingData(recordId, queries)).startingData;
          if (recordIds.length > 0)
            formDef = { ...(formDef as FormDefinition), startingDataByRecord: byRecord };
        }
      }
      // Its lookups' records too, so a required lookup can be picked with no network. A lookup the
      // org refuses (a field the user may not read) is left out: it searches online only.
      if (T.isPlainObject(formDef) && opts.gateway.lookupCache) {
        const kept: CachedLookup[] = [];
        for (const target of lookupTargets(formDef as unknown as FormDefinition)) {
          try {
            const r = await opts.gateway.lookupCache(target);
            kept.push({ ...target, records: r.records, truncated: !r.done, at: nowIso() });
          } catch (e) {
            if (!isGatewayError(e) || e.kind === 'network') throw e;
          }
        }
        formDef = withCachedLookups(formDef as unknown as FormDefinition, kept);
      }
      const guides: Guide[] = [];
      for (const url of guideImageUrls(formDef)) {
        guides.push({
          Id: url,
          ImageUrl: url,
          encodedImage: await opts.gateway.fetchGuideImage(url),
          formId,
        });
      }
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
    },
    stop: () => engine.stop(),
    async dispose() {
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
