/**
 * The outbox view (beyond the spec): every pending item with its state, last error, attempts and
 * next retry. Pure: derived from the stores' records and the uploader's in-flight ids.
 */
import {
  FILE_STATUS,
  MESSAGES_EN,
  SYNC_STATUS,
  type DeliveryState,
  type FileInfo,
  type LocalSubmission,
  type Observable,
  type OutboxItem,
  type OutboxItemState,
} from 'shared-contracts';
import { liveRead, type Signal } from './live';
import type { Owner } from './owner';
import { withLiveProgress } from './progress';
import type { FileRecord } from './sealing';
import type { OfflineStore } from './store';
import { isUploadable } from './transitions';

export function isInOutbox(s: LocalSubmission, organizationId: string): boolean {
  return (
    isUploadable(s, organizationId) ||
    (s.organizationId === organizationId && s.syncStatus === SYNC_STATUS.inError)
  );
}

function stateOf(
  syncStatus: string | undefined,
  uploading: boolean,
  lastError: string | null,
  nextAttemptAt: number,
  nowMs: number,
): OutboxItemState {
  if (syncStatus === SYNC_STATUS.inError) return 'in error';
  if (uploading) return 'uploading';
  if (lastError === MESSAGES_EN.fileNotAuthorised) return 'needs sign-in';
  if (nextAttemptAt > nowMs) return 'retry scheduled';
  if (syncStatus === SYNC_STATUS.fileUnsynced) return 'waiting for files';
  return 'queued';
}

export function buildOutbox(
  submissions: LocalSubmission[],
  files: FileRecord[],
  organizationId: string,
  uploadingIds: ReadonlySet<string>,
  nowMs: number,
): OutboxItem[] {
  const items: OutboxItem[] = [];
  const queued = submissions
    .filter((s) => isInOutbox(s, organizationId))
    .sort((a, b) => a.createdOn.localeCompare(b.createdOn));
  for (const s of queued) {
    const d = s.delivery;
    const next = d?.nextAttemptAt ?? 0;
    items.push({
      id: s.id,
      kind: 'submission',
      submissionId: s.id,
      title: s.formName,
      state: stateOf(s.syncStatus, uploadingIds.has(s.id), d?.lastError ?? null, next, nowMs),
      syncStatus: s.syncStatus,
      lastError: d?.lastError ?? null,
      ...(d?.lastErrorWording ? { lastErrorWording: d.lastErrorWording } : {}),
      attempts: d?.attempts ?? 0,
      nextRetryAt: s.syncStatus === SYNC_STATUS.inError ? null : next > nowMs ? next : null,
    });
  }
  for (const f of files) {
    if (f.status !== FILE_STATUS.unsynced || f.organizationId !== organizationId) continue;
    const d = f.delivery;
    const next = d?.nextAttemptAt ?? 0;
    items.push({
      id: f.LocalId,
      kind: 'file',
      submissionId: f.submissionId,
      title: f.Name,
      state: stateOf(undefined, uploadingIds.has(f.LocalId), d?.lastError ?? null, next, nowMs),
      progress: f.progress,
      lastError: d?.lastError ?? f.error ?? null,
      ...(d?.lastError && d.lastErrorWording ? { lastErrorWording: d.lastErrorWording } : {}),
      attempts: d?.attempts ?? 0,
      nextRetryAt: next > nowMs ? next : null,
    });
  }
  return items.sort((a, b) =>
    a.submissionId === b.submissionId
      ? a.kind === 'file'
        ? -1
        : 1
      : a.submissionId.localeCompare(b.submissionId),
  );
}

/**
 * When an item is tried again, in words. `nextAttemptAt` is epoch milliseconds, and 0 (or absent,
 * or past) means due now: going back online clears a network failure's wait to 0 while keeping its
 * `lastError`, which read as "next in -1795348613 s" when the difference was shown raw.
 */
export function retryText(delivery: Pick<DeliveryState, 'nextAttemptAt'> | undefined, nowMs: number): string {
  const next = delivery?.nextAttemptAt ?? 0;
  if (!Number.isFinite(next) || next <= nowMs) return 'due now';
  return `next in ${Math.ceil((next - nowMs) / 1000)} s`;
}

export interface QueueSummary {
  /** Local submissions counted by `status/syncStatus` (and organisation, unless in sync). */
  submissions: Record<string, number>;
  /** Files counted by status. */
  files: Record<string, number>;
  /** Distinct last errors with when they are tried again (at most `maxErrors`). */
  errors: string[];
}

/** What the queue holds, for a support person or a proof runner reading a live page. */
export function summarizeQueue(
  submissions: readonly LocalSubmission[],
  files: readonly Pick<FileInfo, 'status' | 'delivery' | 'Name'>[],
  nowMs: number,
  maxErrors = 6,
): QueueSummary {
  const count = (into: Record<string, number>, key: string) => {
    into[key] = (into[key] ?? 0) + 1;
  };
  const out: QueueSummary = { submissions: {}, files: {}, errors: [] };
  const errors = new Set<string>();
  const noteError = (what: string, d: DeliveryState | undefined) => {
    if (d?.lastError) errors.add(`${what}: ${d.lastError.slice(0, 160)} (${retryText(d, nowMs)})`);
  };
  for (const s of submissions) {
    count(
      out.submissions,
      `${s.status}/${s.syncStatus}${s.syncStatus === 'in sync' ? '' : ` org ${s.organizationId}`}`,
    );
    noteError('submission', s.delivery);
  }
  for (const f of files) {
    count(out.files, f.status);
    noteError(`file ${f.Name}`, f.delivery);
  }
  out.errors = [...errors].slice(0, maxErrors);
  return out;
}

// The outbox as the header and the Outbox panel show it: the signed-in owner's unsent records and
// files with live upload progress, recomputed from the stores' live query, the engine's activity and
// the progress signal, and handed out only when it changed (the same snapshot otherwise: no re-render).
// Subscribes to its sources only while someone watches it.
export interface OutboxViewDeps {
  /** The live query of the owner's records and unsynced files, with the owner key it was read for. */
  records: Observable<{ subs: LocalSubmission[]; files: FileRecord[]; key: string }>;
  /** The signed-in owner's key now ('' when nobody is). */
  ownerKey: () => string;
  progress: Observable<ReadonlyMap<string, number>>;
  engine: { activity: Observable<unknown>; uploadingIds(): ReadonlySet<string> };
  org: () => string;
  nowMs: () => number;
}

export function createOutboxView(deps: OutboxViewDeps): {
  outbox: Observable<OutboxItem[]>;
  changed(): void;
} {
  let value: OutboxItem[] = [];
  let valueKey = '[]';
  /** Recomputes the view; false when nothing changed. */
  const recompute = (): boolean => {
    // records read for another owner (the query has not re-run yet after a change of user) show nothing
    const read = deps.records.get();
    const { subs, files } = read.key === deps.ownerKey() ? read : { subs: [], files: [] };
    const next = buildOutbox(
      subs,
      withLiveProgress(files, deps.progress.get()),
      deps.org(),
      deps.engine.uploadingIds(),
      deps.nowMs(),
    );
    const key = JSON.stringify(next);
    if (key === valueKey) return false;
    valueKey = key;
    value = next;
    return true;
  };
  const listeners = new Set<(v: OutboxItem[]) => void>();
  let unsubscribe: (() => void)[] = [];
  const changed = (): void => {
    if (recompute()) listeners.forEach((l) => l(value));
  };
  const outbox: Observable<OutboxItem[]> = {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        unsubscribe = [
          deps.records.subscribe(changed),
          deps.engine.activity.subscribe(changed),
          deps.progress.subscribe(changed),
        ];
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribe.forEach((u) => u());
          unsubscribe = [];
        }
      };
    },
  };
  return { outbox, changed };
}

export interface OwnerOutboxDeps {
  store: OfflineStore;
  owner: () => Owner | null;
  /** The signed-in owner's key ('' = nobody); changes when the owner does. */
  ownerInputs: Signal<string>;
  progress: Signal<ReadonlyMap<string, number>>;
  engine: OutboxViewDeps['engine'];
  org: () => string;
  nowMs: () => number;
}

export const ownerKeyOf = (o: Owner | null): string => (o ? `${o.organizationId}/${o.userId}` : '');

/** The signed-in owner's outbox over a live query of their records and unsynced files, and its summary. */
export function createOwnerOutbox(deps: OwnerOutboxDeps) {
  const { store, owner } = deps;
  const records = liveRead(
    () => {
      const o = owner();
      if (!o) return null;
      const subs = store.readSubmissions(o);
      const files = store.readUnsyncedFiles(o);
      return {
        rows: () => Promise.all([subs.rows(), files.rows()]),
        open: async ([s, f]) => ({
          subs: await subs.open(s),
          files: await files.open(f),
          key: ownerKeyOf(o),
        }),
      };
    },
    { subs: [] as LocalSubmission[], files: [] as FileRecord[], key: '' },
    deps.ownerInputs,
  );
  const view = createOutboxView({
    records,
    ownerKey: () => ownerKeyOf(owner()),
    progress: deps.progress,
    engine: deps.engine,
    org: deps.org,
    nowMs: deps.nowMs,
  });
  return {
    ...view,
    /** Every local submission and file counted by state, with last errors and retries in words. */
    async queueSummary(): Promise<QueueSummary> {
      const o = owner();
      if (!o) return summarizeQueue([], [], deps.nowMs());
      const [subs, files] = await Promise.all([store.submissionsOf(o), store.allFiles(o)]);
      return summarizeQueue(subs, files, deps.nowMs());
    },
  };
}
