/**
 * The state transitions of end-user spec section 4, as pure functions: no I/O, no clock, no
 * randomness (the caller passes `now` and ids). Every store write and every uploader decision goes
 * through these, so this module is where the spec's rules are tested.
 */
import {
  API_ALLOWANCE_TEXTS,
  LOCAL_SUBMISSION_VERSION_START,
  MESSAGES,
  SUBMISSION_STATUS,
  SYNC_STATUS,
  controlledDocumentId,
  gatewayError,
  type BatchItemResult,
  type DeliveryOutcome,
  type DeliveryState,
  type FormDefinition,
  type FileNode,
  type BffError,
  type LocalSubmission,
  type NewSubmissionInput,
  type PendingSubmission,
  type StartScheduledInput,
  type SubmissionPayload,
  type SyncStatus,
  uniquenessKey,
} from 'shared-contracts';
import { nextRetryDelay, type BackoffPolicy } from './backoff';

export interface Ctx {
  /** ISO date-time of the transition. */
  now: string;
  organizationId: string;
  instanceUrl: string;
}

type Data = Record<string, unknown>;

export const NO_DELIVERY: DeliveryState = { attempts: 0, nextAttemptAt: 0, lastError: null };

// ---------------------------------------------------------------------------------------------
// Helpers on data

export function isPlainObject(v: unknown): v is Data {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Blob);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

/** A file node: any object in the data tree with a string `LocalId`. */
export function isFileNode(v: unknown): v is FileNode {
  return isPlainObject(v) && typeof v.LocalId === 'string';
}

export function fileNodes(data: unknown): FileNode[] {
  const out: FileNode[] = [];
  const walk = (v: unknown): void => {
    if (isFileNode(v)) out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isPlainObject(v)) Object.values(v).forEach(walk);
  };
  walk(data);
  return out;
}

/** A file is unresolved while its ContentDocumentId is empty ('Unsynced' = stored locally only). */
export function isResolved(node: FileNode): boolean {
  return node.ContentDocumentId !== '' && node.ContentDocumentId !== 'Unsynced';
}

export function allFilesResolved(data: unknown): boolean {
  return fileNodes(data).every(isResolved);
}

/** Out of sync if all files are uploaded, otherwise file usnyc (spec: submit / save). */
export function readySyncStatus(data: unknown): SyncStatus {
  return allFilesResolved(data) ? SYNC_STATUS.outOfSync : SYNC_STATUS.fileUnsynced;
}

/** Returns a copy of `data` with every node of `localId` changed by `patch`. */
export function updateFileNodes(data: Data, localId: string, patch: Partial<FileNode>): Data {
  const walk = (v: unknown): unknown => {
    if (isFileNode(v)) return v.LocalId === localId ? { ...v, ...patch } : v;
    if (Array.isArray(v)) return v.map(walk);
    if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(data) as Data;
}

/**
 * Three-way merge of a tab's edits onto the latest stored data: what `mine` changed relative to
 * `base` wins, everything else keeps `latest`. Objects merge per key; arrays and scalars are whole
 * values. Two tabs saving one draft thus lose neither's edits to different fields.
 */
export function mergeData(base: unknown, mine: unknown, latest: unknown): unknown {
  if (deepEqual(base, mine)) return latest;
  if (isPlainObject(base) && isPlainObject(mine) && isPlainObject(latest)) {
    const out: Data = { ...latest };
    for (const k of new Set([...Object.keys(base), ...Object.keys(mine)])) {
      if (deepEqual(base[k], mine[k])) continue;
      if (!(k in mine) || mine[k] === undefined) delete out[k];
      else out[k] = mergeData(base[k], mine[k], latest[k]);
    }
    return out;
  }
  return mine;
}

// ---------------------------------------------------------------------------------------------
// Local transitions (the user's actions)

/** New local submission: status in progress, out of sync, version 1. */
export function newLocalSubmission(input: NewSubmissionInput & { id: string }, ctx: Ctx): LocalSubmission {
  const data = clone(input.data ?? {});
  return {
    id: input.id,
    data,
    originalData: clone(data),
    syncStatus: SYNC_STATUS.outOfSync,
    status: SUBMISSION_STATUS.inProgress,
    isUploading: false,
    formName: input.formName,
    formId: input.formId,
    formDef: input.formDef ?? null,
    createdOn: ctx.now,
    syncedOn: '',
    submittedOn: '',
    version: LOCAL_SUBMISSION_VERSION_START,
    error: [],
    errors: [],
    instanceUrl: ctx.instanceUrl,
    organizationId: ctx.organizationId,
    isSalesforceRecord: false,
    delivery: { ...NO_DELIVERY },
  };
}

function withEdits(sub: LocalSubmission, data: Data, baseData: Data | undefined): Data {
  return baseData === undefined ? clone(data) : (mergeData(baseData, data, sub.data) as Data);
}

/** Saving an update (also Close = save as draft): version + 1, sync status from the files. */
export function saveUpdate(sub: LocalSubmission, data: Data, baseData?: Data): LocalSubmission {
  const merged = withEdits(sub, data, baseData);
  return {
    ...sub,
    data: merged,
    version: sub.version + 1,
    syncStatus: readySyncStatus(merged),
    delivery: { ...NO_DELIVERY },
  };
}

/** Submit locally: submitted, version + 1, submittedOn, sync status from the files. */
export function submitLocally(
  sub: LocalSubmission,
  data: Data,
  now: string,
  baseData?: Data,
): LocalSubmission {
  const merged = withEdits(sub, data, baseData);
  return {
    ...sub,
    data: merged,
    status: SUBMISSION_STATUS.submitted,
    version: sub.version + 1,
    submittedOn: now,
    syncStatus: readySyncStatus(merged),
    error: [],
    errors: [],
    delivery: { ...NO_DELIVERY },
  };
}

/** Discard appears only for submissions that are not platform records and outside canvas mode. */
export function canDiscard(sub: Pick<LocalSubmission, 'isSalesforceRecord'>, canvasMode: boolean): boolean {
  return !sub.isSalesforceRecord && !canvasMode;
}

/** The edited flag: the value differs from both the original submitted data and the schema default. */
export function isEdited(value: unknown, originalValue: unknown, schemaDefault: unknown): boolean {
  return !deepEqual(value, originalValue) && !deepEqual(value, schemaDefault);
}

// ---------------------------------------------------------------------------------------------
// Transitions with the org

/** Starting a scheduled submission, step 1: the local record sent to the org (status scheduled). */
export function scheduledSubmission(
  input: StartScheduledInput & { submissionId: string },
  formDef: unknown,
  ctx: Ctx,
): LocalSubmission {
  if (formDef === null || formDef === undefined) throw new Error(MESSAGES.noDataForSubmission);
  const base = newLocalSubmission(
    {
      id: input.submissionId,
      formId: input.formId,
      formName: input.formName,
      formDef,
      data: input.data ?? {},
    },
    ctx,
  );
  return {
    ...base,
    status: SUBMISSION_STATUS.scheduled,
    version: input.version + 1,
    isSalesforceRecord: true,
    formSubmissionId: input.formSubmissionId,
  };
}

/** Step 2: once synced, stored as in progress and in sync. */
export function scheduledStarted(sub: LocalSubmission, now: string): LocalSubmission {
  return { ...sub, status: SUBMISSION_STATUS.inProgress, syncStatus: SYNC_STATUS.inSync, syncedOn: now };
}

/** Starting a scheduled submission offline: kept as in progress, out of sync, for the uploader. */
export function scheduledQueued(sub: LocalSubmission): LocalSubmission {
  return { ...sub, status: SUBMISSION_STATUS.inProgress, syncStatus: SYNC_STATUS.outOfSync };
}

export function localFromPending(p: PendingSubmission, ctx: Ctx): LocalSubmission {
  return {
    id: p.id,
    data: clone(p.data),
    originalData: clone(p.data),
    syncStatus: SYNC_STATUS.inSync,
    // an org record in status submitted is treated as in progress
    status: p.status === SUBMISSION_STATUS.submitted ? SUBMISSION_STATUS.inProgress : p.status,
    isUploading: false,
    formName: p.formName,
    formId: p.formId,
    formDef: p.formDef ?? null,
    // when the org made it, not when it last changed: 'Created' and the newest-first order (review N8)
    createdOn: p.createdDate ?? p.lastModifiedDate ?? ctx.now,
    syncedOn: ctx.now,
    submittedOn: '',
    version: p.version,
    error: [],
    errors: [],
    instanceUrl: ctx.instanceUrl,
    organizationId: ctx.organizationId,
    isSalesforceRecord: true,
    formSubmissionId: p.formSubmissionId,
    delivery: { ...NO_DELIVERY },
  };
}

export interface ImportPlan {
  puts: LocalSubmission[];
  /** Ids of local records to delete with their images. */
  deletes: string[];
  /** Org copies of drafts the user discarded (skipped here): the org is asked to delete them. */
  discardedInOrg: PendingSubmission[];
}

/**
 * Importing pending records. New ones become local in-progress records (isSalesforceRecord true);
 * existing ones are updated unless the local copy holds changes not yet sent (then the local one
 * wins and the uploader sends it). Local in-progress, in-sync org records that are no longer
 * pending in the org are deleted, only when online and nothing is uploading. A draft the user
 * discarded (`discarded`) is not brought back from its org copy.
 */
export function planImport(
  locals: LocalSubmission[],
  pending: PendingSubmission[],
  ctx: Ctx & { online: boolean; uploading: boolean },
  discarded: ReadonlySet<string> = new Set(),
): ImportPlan {
  const byId = new Map(locals.map((s) => [s.id, s]));
  const pendingIds = new Set(pending.map((p) => p.id));
  const puts: LocalSubmission[] = [];
  const discardedInOrg: PendingSubmission[] = [];
  for (const p of pending) {
    const local = byId.get(p.id);
    const fresh = localFromPending(p, ctx);
    if (!local) {
      if (discarded.has(p.id)) discardedInOrg.push(p);
      else puts.push(fresh);
    } else if (
      local.syncStatus === SYNC_STATUS.inSync &&
      local.status === SUBMISSION_STATUS.inProgress &&
      // an answer read before the local record's last sync (an import racing the uploader) is older
      p.version >= local.version
    ) {
      // a refused submit's errors belong to the version the org holds: kept until the record changes
      const keepErrors = p.version === local.version && (local.errors?.length ?? 0) > 0;
      puts.push({
        ...fresh,
        createdOn: local.createdOn,
        // a draft made on this device stays this device's (Discard stays offered) once the org holds it
        isSalesforceRecord: local.isSalesforceRecord,
        formDef: fresh.formDef ?? local.formDef,
        // the record it was launched for is this device's to know (its queries' $recordId)
        ...(local.mainRecordId ? { mainRecordId: local.mainRecordId } : {}),
        ...(keepErrors ? { errors: local.errors, error: local.error } : {}),
      });
    }
  }
  const deletes =
    ctx.online && !ctx.uploading
      ? locals
          .filter(
            (s) =>
              s.organizationId === ctx.organizationId &&
              s.isSalesforceRecord &&
              s.status === SUBMISSION_STATUS.inProgress &&
              s.syncStatus === SYNC_STATUS.inSync &&
              !s.isUploading &&
              !pendingIds.has(s.id),
          )
          .map((s) => s.id)
      : [];
  return { puts, deletes, discardedInOrg };
}

/** The form-status check returns the ids to purge; only ids actually cached are purged. */
export function planPurge(cachedIds: string[], toPurge: string[]): string[] {
  const purge = new Set(toPurge);
  return cachedIds.filter((id) => purge.has(id));
}

// ---------------------------------------------------------------------------------------------
// The uploader's decisions

/** What the background submission uploader picks up (spec section 4, see README for the reading). */
export function isUploadable(s: LocalSubmission, organizationId: string): boolean {
  if (s.organizationId !== organizationId) return false;
  if (s.status === SUBMISSION_STATUS.submitted) {
    return s.syncStatus === SYNC_STATUS.outOfSync || s.syncStatus === SYNC_STATUS.fileUnsynced;
  }
  if (s.status === SUBMISSION_STATUS.inProgress) {
    return (
      s.syncStatus === SYNC_STATUS.outOfSync ||
      s.syncStatus === SYNC_STATUS.fileUnsynced ||
      s.syncStatus === SYNC_STATUS.offlineSubmissionSync
    );
  }
  return false;
}

export function isDue(s: { delivery?: DeliveryState }, nowMs: number): boolean {
  return (s.delivery?.nextAttemptAt ?? 0) <= nowMs;
}

/** The payload sent to the org: the uniqueness key on every request, no token/url fields. */
export function toPayload(
  s: LocalSubmission,
  override: Partial<Pick<SubmissionPayload, 'status' | 'version'>> = {},
): SubmissionPayload {
  return {
    id: s.id,
    formId: s.formId,
    formName: s.formName,
    ...(s.formSubmissionId ? { formSubmissionId: s.formSubmissionId } : {}),
    status: override.status ?? s.status,
    version: override.version ?? s.version,
    data: s.data,
    uniquenessKey: uniquenessKey(s.formId, s.id),
    ...documentOf(s),
    ...(s.mainRecordId ? { mainRecordId: s.mainRecordId } : {}),
    ...startingDataOf(s),
    // the report's cover (issue 42): started and submitted times, as the device recorded them
    ...(s.createdOn ? { createdOn: s.createdOn } : {}),
    ...(s.submittedOn ? { submittedOn: s.submittedOn } : {}),
  };
}

/** The starting data the kept definition was filled with, if any. */
function startingDataOf(s: LocalSubmission): Pick<SubmissionPayload, 'startingData'> {
  const def = s.formDef as { startingData?: unknown } | null | undefined;
  const data = def && typeof def === 'object' ? def.startingData : undefined;
  return data && typeof data === 'object' && !Array.isArray(data)
    ? { startingData: data as Record<string, unknown> }
    : {};
}

/** The controlled document a checklist's kept definition loaded, if any (never throws on odd data). */
function documentOf(s: LocalSubmission): Pick<SubmissionPayload, 'controlledDocumentId'> {
  const def = s.formDef;
  if (!def || typeof def !== 'object' || !('schema' in def)) return {};
  const id = controlledDocumentId(def as FormDefinition);
  return id ? { controlledDocumentId: id } : {};
}

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
  held: { kept: true } | { kept: false; reason: string },
): LocalSubmission {
  return {
    ...latest,
    status: SUBMISSION_STATUS.inProgress,
    syncStatus: held.kept ? SYNC_STATUS.inSync : SYNC_STATUS.inError,
    error: errors,
    errors,
    ...(held.kept ? { syncedOn: now } : {}),
    isUploading: false,
    delivery: { ...NO_DELIVERY, lastError: held.kept ? null : held.reason },
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
    if (isRefusal(sent, e)) return refused(failureErrors(e), { kept: false, reason: failureText(e) });
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

/** Plain text of a failure for the outbox and the stored error. */
export function failureText(e: BffError): string {
  if (e.kind === 'network') return MESSAGES.networkError;
  if (e.kind === 'unauthorized') return MESSAGES.fileNotAuthorised;
  // the org's daily API allowance is spent: the BFF's own sentence says what happens, no prefix
  if (e.reason === API_ALLOWANCE_TEXTS.spent) return e.reason;
  return MESSAGES.serverErrorPrefix + e.reason;
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
  const lastError = failureText(e);
  if (e.kind === 'rejected' || e.kind === 'conflict') {
    const errors = failureErrors(e);
    return {
      ...latest,
      syncStatus: SYNC_STATUS.inError,
      error: errors,
      errors,
      isUploading: false,
      delivery: { attempts, nextAttemptAt: 0, lastError },
    };
  }
  return {
    ...latest,
    isUploading: false,
    delivery: { attempts, nextAttemptAt: nowMs + nextRetryDelay(attempts, policy, random), lastError },
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
