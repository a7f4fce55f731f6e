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
  isGatewayError,
  applyStartingData,
  startingDataQueries,
  type CachedForm,
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
import { openOfflineDbs, requestPersistentStorage, type IdbDeps, type OfflineDbs } from './db';
import { SyncEngine } from './engine';
import { browserLocks, type LockManagerLike } from './leader';
import { summarizeQueue, type QueueSummary } from './diagnostics';
import { eachLimited } from './each-limited';
import { changedPuts, pendingSignature, shouldImport, type ImportMark } from './import-writes';
import { liveObservable, Signal } from './live';
import { buildOutbox } from './outbox';
import { DraftPresence, type ChannelLike } from './presence';
import { nextProgress, overlayProgress, withLiveProgress } from './progress';
import { guarded, OfflineStore } from './store';
import { saveSyncContext, type SyncContext } from './sync-context';
import * as T from './transitions';

export const BACKGROUND_SYNC_TAG = 'cq-offline-outbox';
/** Form definitions an import reads from the org at once: not one by one, nor all together. */
export const DEFINITION_READS = 4;
/** Tabs tell each other "something was queued" here, so a sleeping leader wakes for a follower's write. */
export const QUEUE_CHANNEL = 'cq-offline-queue';

export interface OfflineServicesOptions {
  gateway: OrgGateway;
  /** navigator.onLine, kept current (HostServices.online). */
  online: Observable<boolean>;
  /** The signed-in user's organisation and instance URL (read on every use). */
  context: () => { organizationId: string; instanceUrl: string; networkId?: string | null };
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
  const dbs = opts.dbs ?? openOfflineDbs(opts.idb ?? {}, opts.dbPrefix ?? '');
  const store = new OfflineStore(dbs);
  const nowMs = opts.nowMs ?? (() => Date.now());
  const nowIso = (): string => new Date(nowMs()).toISOString();
  const random = opts.random ?? Math.random;
  const uuid = opts.uuid ?? (() => crypto.randomUUID());
  const org = (): string => opts.context().organizationId;
  const ctx = (): T.Ctx => {
    const { organizationId, instanceUrl } = opts.context();
    return { now: nowIso(), organizationId, instanceUrl };
  };
  const onUnauthorized = opts.onUnauthorized ?? (() => undefined);
  const backgroundSync =
    opts.backgroundSync ??
    (() => {
      const { networkId } = opts.context();
      registerBackgroundSync(BACKGROUND_SYNC_TAG, {
        organizationId: org(),
        ...(networkId ? { networkId } : {}),
      });
    });

  // Upload percentages by LocalId, in memory (progress.ts): this tab's uploads and other tabs' (told
  // over the queue channel); filesOf lays them over the stored records.
  const progress = new Signal<ReadonlyMap<string, number>>(new Map());
  let queueChannel: ChannelLike | null = null;
  const engine = new SyncEngine({
    store,
    onProgress: (localId, percent) => {
      progress.set(nextProgress(progress.get(), localId, percent));
      queueChannel?.postMessage({ t: 'progress', localId, percent });
    },
    gateway: opts.gateway,
    organizationId: org,
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
    const m = e.data as { t?: unknown; localId?: unknown; percent?: unknown } | null;
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
    const r = await guarded(() => store.updateSubmission(id, fn));
    if (!r.ok) return r;
    if (!r.value) return { ok: false, message: OFFLINE_MESSAGES.submissionDiscarded };
    queued();
    return { ok: true, value: r.value };
  };

  const submissionObservables = new Map<string, Observable<LocalSubmission | undefined>>();
  const fileObservables = new Map<string, Observable<FileInfo[]>>();

  const liveRecords = liveObservable(
    async () => {
      const [subs, files] = await Promise.all([store.submissionsOf(org()), store.unsyncedFiles(org())]);
      return { subs, files };
    },
    { subs: [] as LocalSubmission[], files: [] as FileInfo[] },
  );
  let outboxValue: OutboxItem[] = [];
  let outboxKey = '[]';
  /** Recomputes the view; false when nothing changed (the same snapshot stays, no re-render). */
  const recomputeOutbox = (): boolean => {
    const { subs, files } = liveRecords.get();
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
  const localCount = (): Promise<number> =>
    dbs.submissions.submissions.where('organizationId').equals(org()).count();

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
    const offline = unread.length ? await dbs.submissions.cachedforms.bulkGet(unread).catch(() => []) : [];
    const offlineDefs = new Map(unread.map((formId, i) => [formId, offline[i]?.formDef]));
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
    // No signed-in organisation (stored user gone, e.g. after a browser crash): records imported now
    // would belong to no organisation and never be uploaded or shown; the next signed-in import does it.
    importCanDelete = false;
    if (!org()) return [];
    let deletes: string[] = [];
    const tables = [dbs.submissions.submissions, dbs.submissions.discarded];
    const puts = await dbs.submissions.transaction('rw', tables, async () => {
      const locals = await store.submissionsOf(org());
      const uploading = !withDeletes || engine.busy;
      const online = opts.online.get();
      importCanDelete = online && !uploading;
      // The background import honours the user's discards; a pull of one record (opened on purpose)
      // brings it back and forgets the mark.
      const discarded = withDeletes ? await store.discardedIds(org()) : new Set<string>();
      if (!withDeletes) await dbs.submissions.discarded.bulkDelete(pending.map((p) => p.id));
      const plan = T.planImport(locals, pending, { ...ctx(), online, uploading }, discarded);
      // An import that changes nothing writes nothing (home imports every minute; a rewrite re-runs
      // every live query over the store): see import-writes.ts.
      const puts = changedPuts(plan.puts, new Map(locals.map((s) => [s.id, s])));
      if (puts.length > 0) await dbs.submissions.submissions.bulkPut(puts);
      if (plan.deletes.length > 0) await dbs.submissions.submissions.bulkDelete(plan.deletes);
      if (importCanDelete && discarded.size > 0) {
        const pendingIds = new Set(pending.map((p) => p.id));
        await store.forgetDiscarded(org(), pendingIds, nowMs() - DISCARD_MARK_MS);
      }
      deletes = plan.deletes;
      discardedInOrg = plan.discardedInOrg;
      return puts;
    });
    for (const id of deletes) await store.deleteSubmissionCascade(id);
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

  const removeForm = async (formId: string): Promise<void> => {
    await dbs.submissions.transaction('rw', dbs.submissions.cachedforms, () =>
      dbs.submissions.cachedforms.delete(formId),
    );
    await dbs.images.transaction('rw', dbs.images.guides, () =>
      dbs.images.guides.where('formId').equals(formId).delete(),
    );
  };

  const services: OfflineServicesHandle = {
    engine,
    store,
    dbs,
    async queueSummary() {
      const [subs, files] = await Promise.all([
        dbs.submissions.submissions.toArray(),
        dbs.images.images.toArray(),
      ]);
      return summarizeQueue(subs, files, nowMs());
    },
    submissions: liveObservable(
      async () => (await store.submissionsOf(org())).sort((a, b) => b.createdOn.localeCompare(a.createdOn)),
      [],
    ),
    submission(id) {
      let o = submissionObservables.get(id);
      if (!o) {
        o = liveObservable(() => store.getSubmission(id), undefined);
        submissionObservables.set(id, o);
      }
      return o;
    },
    filesOf(submissionId) {
      let o = fileObservables.get(submissionId);
      if (!o) {
        o = overlayProgress(
          liveObservable(() => store.filesOf(submissionId), []),
          progress,
        );
        fileObservables.set(submissionId, o);
      }
      return o;
    },
    cachedForms: liveObservable(() => dbs.submissions.cachedforms.toArray(), [] as CachedForm[]),
    outbox,
    isLeader: engine.isLeader,
    openElsewhere: (id) => presence.openElsewhere(id),

    async create(input) {
      const sub = T.newLocalSubmission({ ...input, id: input.id ?? uuid() }, ctx());
      // A draft made again under a discarded id is the user's again: its org copy must stay.
      const r = await guarded(() => store.putSubmission(sub, { undiscard: input.id !== undefined }));
      if (!r.ok) return r;
      queued();
      return { ok: true, value: sub };
    },
    save: (id, data, baseData) => userWrite(id, (cur) => T.saveUpdate(cur, data, baseData)),
    close: (id, data, baseData) => userWrite(id, (cur) => T.saveUpdate(cur, data, baseData)),
    submit: (id, data, baseData) => userWrite(id, (cur) => T.submitLocally(cur, data, nowIso(), baseData)),
    discard: (id) => guarded(() => store.discardSubmission(id, org(), nowMs())),
    async keepFormDef(id, formDef) {
      const r = await guarded(() => store.updateSubmission(id, (cur) => ({ ...cur, formDef })));
      if (!r.ok) return r;
      if (!r.value) return { ok: false, message: OFFLINE_MESSAGES.submissionDiscarded };
      return { ok: true, value: r.value };
    },
    async guideImage(imageUrl) {
      try {
        return (await dbs.images.guides.get(imageUrl))?.encodedImage || undefined;
      } catch {
        return undefined;
      }
    },
    async attachFile(submissionId, file, name, path = '', localId) {
      if (file.size > MAX_FILE_SIZE_BYTES) return { ok: false, message: MESSAGES.fileTooLarge };
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
        organizationId: org(),
        progress: -1,
        ...(sha256 ? { sha256 } : {}),
      };
      const r = await store.putFileForUser(info);
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
      const r = await guarded(() => store.bulkPutSubmissions(items));
      if (r.ok) queued();
      return r;
    },
    openDraft: (id) => presence.open(id),

    async startScheduled(input) {
      const cached = await dbs.submissions.cachedforms.get(input.formId);
      const formDef = cached?.formDef ?? (await opts.gateway.getFormDefinition(input.formId));
      const sub = T.scheduledSubmission(
        { ...input, submissionId: input.submissionId ?? uuid() },
        formDef,
        ctx(),
      );
      let stored: LocalSubmission;
      try {
        const r = await opts.gateway.saveSubmission(T.toPayload(sub));
        stored = T.scheduledStarted(
          { ...sub, ...(r.formSubmissionId ? { formSubmissionId: r.formSubmissionId } : {}) },
          nowIso(),
        );
      } catch (e) {
        if (!isGatewayError(e) || (e.kind !== 'network' && e.kind !== 'unavailable')) throw e;
        stored = T.scheduledQueued(sub);
      }
      await store.putSubmission(stored);
      if (stored.syncStatus !== SYNC_STATUS.inSync) queued();
      return stored;
    },
    async importPending() {
      const pending = await opts.gateway.pendingSubmissions();
      const organizationId = org();
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
      return (await store.getSubmission(p.id)) ?? null;
    },
    async downloadForOffline(formId) {
      let formDef = await opts.gateway.getFormDefinition(formId);
      if (formDef === null || formDef === undefined) throw new Error(MESSAGES.schemaError);
      // A checklist's documents (sections, questions) travel with the cached definition.
      const queries = T.isPlainObject(formDef)
        ? startingDataQueries(formDef as unknown as FormDefinition)
        : [];
      if (queries.length > 0 && opts.gateway.startingData) {
        const r = await opts.gateway.startingData(formId, queries);
        formDef = applyStartingData(formDef as FormDefinition, r.startingData, r.lookupCacheData);
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
      await dbs.submissions.transaction('rw', dbs.submissions.cachedforms, () =>
        dbs.submissions.cachedforms.put({ Id: formId, formDef }),
      );
      await dbs.images.transaction('rw', dbs.images.guides, () => dbs.images.guides.bulkPut(guides));
    },
    removeFromOffline: removeForm,
    async purgeStaleForms() {
      const ids = (await dbs.submissions.cachedforms.toCollection().primaryKeys()) as string[];
      if (ids.length === 0) return [];
      const purge = T.planPurge(ids, await opts.gateway.checkFormStatus(ids));
      for (const id of purge) await removeForm(id);
      return purge;
    },

    async retryNow(id) {
      const sub = await store.updateSubmission(id, (cur) => T.retryNow(cur));
      if (sub) {
        // its files wait no longer either
        for (const f of await store.filesOf(id)) {
          if (f.status === FILE_STATUS.unsynced) {
            await store.updateFile(f.LocalId, (cur) => ({
              ...cur,
              error: null,
              delivery: { ...T.NO_DELIVERY },
            }));
          }
        }
        queued();
        return;
      }
      await store.updateFile(id, (f) => ({ ...f, error: null, delivery: { ...T.NO_DELIVERY } }));
      engine.kickFiles();
      queueChannel?.postMessage({ t: 'queued' });
    },
    async discardOutboxItem(id) {
      if (await store.getSubmission(id)) {
        await store.deleteSubmissionCascade(id);
        return;
      }
      const f = await store.getFile(id);
      if (!f) return;
      await store.updateFile(id, () => null);
      await store.updateSubmission(f.submissionId, (s) => ({
        ...s,
        data: T.updateFileNodes(s.data, id, { error: MESSAGES.uploadFailedReupload }),
      }));
    },

    start() {
      void requestPersistentStorage();
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
