/**
 * The state transitions after a delivery attempt (end-user spec section 4, steps 5 and after), as pure
 * functions: the org's answer (success, refusal, failure) becomes the record's next state and the
 * outcome the uploader tells. The rest of the spec's rules are in transitions.ts.
 */
import {
  API_ALLOWANCE_TEXTS,
  englishOf,
  errorWordingOf,
  MESSAGES_EN,
  SUBMISSION_STATUS,
  SYNC_STATUS,
  type DeliveryOutcome,
  type LocalSubmission,
  type BffError,
  type DeliveryState,
} from 'shared-contracts';
import { gatewayError, type BatchItemResult } from './org-gateway';
import { nextRetryDelay, type BackoffPolicy } from './backoff';
import { fileNodes, NO_DELIVERY, readySyncStatus, updateFileNodes } from './transitions';

export type SyncOutcome = { kind: 'delete' } | { kind: 'update'; record: LocalSubmission };

/**
 * Step 5: success. A submitted submission is deleted with its cached images; otherwise in sync (or
 * out of sync if it was offline submission sync), errors cleared. If the user saved again while the
 * request was in flight (`latest.version` differs from what was sent), the newer edits stay queued.
 */
export function afterSyncSuccess(
  sent: LocalSubmission,
  latest: LocalSubmission,
  now: string,
  formSubmissionId?: string,
): SyncOutcome {
  const changedMeanwhile = latest.version !== sent.version || latest.status !== sent.status;
  const fsId = formSubmissionId ?? latest.formSubmissionId;
  if (changedMeanwhile) {
    return {
      kind: 'update',
      record: {
        ...latest,
        ...(fsId ? { formSubmissionId: fsId } : {}),
        syncedOn: now,
        delivery: { ...NO_DELIVERY },
      },
    };
  }
  if (sent.status === SUBMISSION_STATUS.submitted) return { kind: 'delete' };
  return {
    kind: 'update',
    record: {
      ...latest,
      ...(fsId ? { formSubmissionId: fsId } : {}),
      syncStatus:
        latest.syncStatus === SYNC_STATUS.offlineSubmissionSync ? SYNC_STATUS.outOfSync : SYNC_STATUS.inSync,
      error: [],
      errors: [],
      syncedOn: now,
      isUploading: false,
      delivery: { ...NO_DELIVERY },
    },
  };
}

/**
 * Step 3, for every refusal of a submit, whichever layer refused it: the org's validation rule (the
 * result has no url; the BFF kept the data In Progress), the BFF's own check of the form (422
 * VALIDATION_FAILED) or a trigger (a DML error). The errors are stored and the status reverts to in
 * progress: the record is back on home under In Progress, the form shows the errors on its fields,
 * and nothing more is sent until the user edits (the same data would be refused again).
 * `held`: the org kept the data (In Progress), so the record is in sync; when the refusal wrote
 * nothing it is in error instead ("in sync" would claim the org holds it), with the reason.
 */
export function afterRefusal(
  latest: LocalSubmission,
  errors: unknown[],
  now: string,
  held: { kept: true } | ({ kept: false } & ReturnType<typeof failureDelivery>),
): LocalSubmission {
  return {
    ...latest,
    status: SUBMISSION_STATUS.inProgress,
    syncStatus: held.kept ? SYNC_STATUS.inSync : SYNC_STATUS.inError,
    error: errors,
    errors,
    ...(held.kept ? { syncedOn: now } : {}),
    isUploading: false,
    delivery: held.kept
      ? { ...NO_DELIVERY }
      : {
          ...NO_DELIVERY,
          lastError: held.lastError,
          ...(held.lastErrorWording ? { lastErrorWording: held.lastErrorWording } : {}),
        },
  };
}

/** The errors a failure carries (the response data), as stored on the record. */
export function failureErrors(e: BffError): unknown[] {
  return Array.isArray(e.data) ? e.data : [e.data ?? e.reason];
}

/**
 * Whether a failed delivery is a refusal of the data (step 3) rather than a failure (step 6): a
 * submit the org or the BFF answered with a verdict on the data (4xx other than 401 and 409). A
 * refused draft, a version conflict, and anything transient are not.
 */
export function isRefusal(sent: Pick<LocalSubmission, 'status'>, e: BffError): boolean {
  return sent.status === SUBMISSION_STATUS.submitted && e.kind === 'rejected';
}

/** What one delivery's result does to the record (null: deleted with its files) and what is told. */
export interface Delivered {
  /** The record to store; null = delete it (and its files); undefined = leave it as it is. */
  record: LocalSubmission | null | undefined;
  told: DeliveryOutcome;
}

/**
 * Steps 3, 5 and 6 for one submission's result of the one delivery path (a batch item). `sent` is the
 * record as sent, `latest` as stored now (the user may have saved meanwhile: then the newer edits stay
 * queued and are sent next).
 */
export function afterDelivery(
  sent: LocalSubmission,
  latest: LocalSubmission,
  r: BatchItemResult | undefined,
  at: { now: string; nowMs: number; policy: BackoffPolicy; random: () => number },
): Delivered {
  const version = sent.version;
  const unchanged = latest.version === sent.version && latest.status === sent.status;
  const refused = (errors: unknown[], held: Parameters<typeof afterRefusal>[3]): Delivered => ({
    record: unchanged ? afterRefusal(latest, errors, at.now, held) : undefined,
    told: { kind: 'refused', version, errors },
  });
  if (!r || !r.ok) {
    const e =
      r && !r.ok ? r.error : gatewayError('unavailable', 'No answer for this submission in the batch');
    if (isRefusal(sent, e)) return refused(failureErrors(e), { kept: false, ...failureDelivery(e) });
    const record = afterSyncFailure(latest, e, at.nowMs, at.policy, at.random);
    const told: DeliveryOutcome =
      record.syncStatus === SYNC_STATUS.inError
        ? { kind: 'failed', version, message: failureText(e), errors: record.errors }
        : { kind: 'queued', version, message: failureText(e) };
    return { record, told };
  }
  if (sent.status === SUBMISSION_STATUS.submitted && !r.url) return refused(r.errors ?? [], { kept: true });
  const outcome = afterSyncSuccess(sent, latest, at.now, r.formSubmissionId);
  return {
    record: outcome.kind === 'delete' ? null : outcome.record,
    told: { kind: 'delivered', version, url: r.url ?? null },
  };
}

/**
 * A failure's last-error fields for a delivery state: its plain text and, for the BFF's texts made of
 * parts, their code and params, so the outbox words it in the user's language (issue 44).
 */
export function failureDelivery(e: BffError): Pick<DeliveryState, 'lastError' | 'lastErrorWording'> {
  const wording = e.kind === 'network' || e.kind === 'unauthorized' ? undefined : errorWordingOf(e);
  return { lastError: failureText(e), ...(wording ? { lastErrorWording: wording } : {}) };
}

/** Plain text of a failure for the outbox and the stored error. */
export function failureText(e: BffError): string {
  if (e.kind === 'network') return MESSAGES_EN.networkError;
  if (e.kind === 'unauthorized') return MESSAGES_EN.fileNotAuthorised;
  // the org's daily API allowance is spent: the BFF's own sentence says what happens, no prefix
  if (e.reason === englishOf(API_ALLOWANCE_TEXTS).spent) return e.reason;
  return MESSAGES_EN.serverErrorPrefix + e.reason;
}

/**
 * Step 6 and beyond: a non-network failure the org gave a verdict on (rejected, conflict) puts the
 * record in error with the response data as errors. Network, 5xx and 401 keep it queued with
 * backoff (the spec keeps Network Error queued; 5xx and 401 are transient too: see README).
 */
export function afterSyncFailure(
  latest: LocalSubmission,
  e: BffError,
  nowMs: number,
  policy: BackoffPolicy,
  random: () => number,
): LocalSubmission {
  const attempts = (latest.delivery?.attempts ?? 0) + 1;
  const lastError = failureDelivery(e);
  if (e.kind === 'rejected' || e.kind === 'conflict') {
    const errors = failureErrors(e);
    return {
      ...latest,
      syncStatus: SYNC_STATUS.inError,
      error: errors,
      errors,
      isUploading: false,
      delivery: { attempts, nextAttemptAt: 0, ...lastError },
    };
  }
  return {
    ...latest,
    isUploading: false,
    delivery: {
      attempts,
      nextAttemptAt: nowMs + nextRetryDelay(attempts, policy, random),
      ...lastError,
    },
  };
}

/** After a file of the submission synced: nodes updated, sync status recomputed. */
export function afterFileSynced(
  latest: LocalSubmission,
  localId: string,
  contentDocumentId: string,
): LocalSubmission {
  // a file whose node is not (or no longer) in the data changes nothing
  if (!fileNodes(latest.data).some((n) => n.LocalId === localId)) return latest;
  const data = updateFileNodes(latest.data, localId, {
    ContentDocumentId: contentDocumentId,
    error: null,
    progress: 100,
  });
  return { ...latest, data, syncStatus: readySyncStatus(data) };
}

/** The user's "retry now": back in the queue, backoff reset. */
export function retryNow(latest: LocalSubmission): LocalSubmission {
  return {
    ...latest,
    syncStatus: latest.syncStatus === SYNC_STATUS.inError ? readySyncStatus(latest.data) : latest.syncStatus,
    delivery: { ...NO_DELIVERY },
  };
}
