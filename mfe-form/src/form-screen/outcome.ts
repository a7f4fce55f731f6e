/**
 * What became of a submission the form screen just submitted (spec 000 section 4, "Form screen save
 * flow"). The screen stores the submit locally first; the host's uploader sends it. The screen learns
 * the outcome from the local record, its files and its outbox entry:
 * - record gone: the org returned a url and the local copy was deleted (delivered);
 * - back in progress with errors, or in error: the org refused it (the errors go onto the fields);
 * - files still uploading while online: the 'Uploading file' modal, and wait;
 * - offline, Network Error, a file error, or no answer in time: queued (offline message, go home).
 */
import { MESSAGES, SUBMISSION_STATUS, SYNC_STATUS } from 'shared-contracts';
import type { FileInfo, LocalSubmission, Observable, OfflineServices, OutboxItem } from 'shared-contracts';

export type QueueReason = 'offline' | 'network' | 'file error' | 'timeout';

export type SubmitOutcome =
  | { kind: 'waiting' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'delivered' }
  | { kind: 'rejected'; errors: unknown[] }
  | { kind: 'queued'; reason: QueueReason };

export interface OutcomeInput {
  record: LocalSubmission | undefined;
  files: FileInfo[];
  outboxItem: OutboxItem | undefined;
  online: boolean;
  timedOut: boolean;
  /** The version the submit stored: an older record is the live query's stale value from before it. */
  sentVersion?: number;
}

const hasErrors = (e: unknown[] | undefined): e is unknown[] => Array.isArray(e) && e.length > 0;

export function submitOutcome({
  record,
  files,
  outboxItem,
  online,
  timedOut,
  sentVersion,
}: OutcomeInput): SubmitOutcome {
  if (!record) return { kind: 'delivered' };
  // e.g. the previous refusal (in progress with errors) seen again before the submit's own write
  if (sentVersion !== undefined && record.version < sentVersion) return { kind: 'waiting' };
  if (record.syncStatus === SYNC_STATUS.inError) return { kind: 'rejected', errors: record.errors ?? [] };
  if (record.status === SUBMISSION_STATUS.inProgress && hasErrors(record.errors))
    return { kind: 'rejected', errors: record.errors };
  if (!online) return { kind: 'queued', reason: 'offline' };
  const unsynced = files.filter((f) => f.status !== 'Synced');
  if (unsynced.some((f) => f.error === MESSAGES.networkError)) return { kind: 'queued', reason: 'network' };
  if (unsynced.some((f) => !!f.error)) return { kind: 'queued', reason: 'file error' };
  if (outboxItem?.lastError === MESSAGES.networkError) return { kind: 'queued', reason: 'network' };
  if (timedOut) return { kind: 'queued', reason: 'timeout' };
  if (unsynced.length > 0) {
    const total = unsynced.reduce((sum, f) => sum + Math.max(0, f.progress), 0);
    return { kind: 'uploading', progress: Math.round(total / unsynced.length) };
  }
  return { kind: 'waiting' };
}

/** Settled outcomes end the wait; 'waiting' and 'uploading' are shown while it goes on. */
export const isFinal = (o: SubmitOutcome): boolean => o.kind !== 'waiting' && o.kind !== 'uploading';

/**
 * Watches the record, its files, the outbox and the network until the outcome is final (or
 * `timeoutMs` passes: the submission stays queued). `onUpdate` sees every intermediate outcome.
 */
export function watchSubmitOutcome(
  offline: Pick<OfflineServices, 'submission' | 'filesOf' | 'outbox'>,
  online: Observable<boolean>,
  id: string,
  options: { timeoutMs: number; sentVersion?: number; onUpdate?: (o: SubmitOutcome) => void },
): { done: Promise<SubmitOutcome>; cancel: () => void } {
  const record = offline.submission(id);
  const files = offline.filesOf(id);
  let timedOut = false;
  let cancel = (): void => undefined;
  const done = new Promise<SubmitOutcome>((resolve) => {
    const unsubs: (() => void)[] = [];
    const timers: ReturnType<typeof setTimeout>[] = [];
    let settled = false;
    const finish = (o: SubmitOutcome): void => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      unsubs.forEach((u) => u());
      resolve(o);
    };
    const check = (): void => {
      if (settled) return;
      const o = submitOutcome({
        record: record.get(),
        files: files.get(),
        outboxItem: offline.outbox.get().find((i) => i.id === id),
        online: online.get(),
        timedOut,
        ...(options.sentVersion === undefined ? {} : { sentVersion: options.sentVersion }),
      });
      options.onUpdate?.(o);
      if (isFinal(o)) finish(o);
    };
    cancel = () => finish({ kind: 'waiting' });
    unsubs.push(record.subscribe(check), files.subscribe(check), offline.outbox.subscribe(check));
    unsubs.push(online.subscribe(check));
    timers.push(
      setTimeout(() => {
        timedOut = true;
        check();
      }, options.timeoutMs),
    );
    // Live queries deliver their first value asynchronously; look once now too.
    queueMicrotask(check);
  });
  return { done, cancel: () => cancel() };
}
