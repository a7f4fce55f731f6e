/**
 * The outbox view (beyond the spec): every pending item with its state, last error, attempts and
 * next retry. Pure: derived from the stores' records and the uploader's in-flight ids.
 */
import {
  FILE_STATUS,
  MESSAGES,
  SYNC_STATUS,
  type FileInfo,
  type LocalSubmission,
  type OutboxItem,
  type OutboxItemState,
} from 'shared-contracts';
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
  if (lastError === MESSAGES.fileNotAuthorised) return 'needs sign-in';
  if (nextAttemptAt > nowMs) return 'retry scheduled';
  if (syncStatus === SYNC_STATUS.fileUnsynced) return 'waiting for files';
  return 'queued';
}

export function buildOutbox(
  submissions: LocalSubmission[],
  files: FileInfo[],
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
