/**
 * The state transitions of end-user spec section 4, as pure functions: no I/O, no clock, no
 * randomness (the caller passes `now` and ids). Every store write and every uploader decision goes
 * through these, so this module is where the spec's rules are tested.
 */
import {
  LOCAL_SUBMISSION_VERSION_START,
  MESSAGES_EN,
  SUBMISSION_STATUS,
  SYNC_STATUS,
  type DeliveryState,
  type FormDefinition,
  type FileNode,
  type LocalSubmission,
  type NewSubmissionInput,
  type PendingSubmission,
  type StartScheduledInput,
  type SubmissionPayload,
  type SubmitOptions,
  type SyncStatus,
  uniquenessKey,
} from 'shared-contracts';
import { controlledDocumentId } from 'form-core';

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
  options: SubmitOptions = {},
): LocalSubmission {
  const merged = withEdits(sub, data, baseData);
  return {
    ...sub,
    // the language it was filled in (issue 44: its report reads in it); a submit without keeps the last
    ...(options.language ? { language: options.language } : {}),
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

// ---------------------------------------------------------------------------------------------
// Transitions with the org

/** Starting a scheduled submission, step 1: the local record sent to the org (status scheduled). */
export function scheduledSubmission(
  input: StartScheduledInput & { submissionId: string },
  formDef: unknown,
  ctx: Ctx,
): LocalSubmission {
  if (formDef === null || formDef === undefined) throw new Error(MESSAGES_EN.noDataForSubmission);
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
    ...(s.language ? { language: s.language } : {}),
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

// What a delivery attempt's answer does to the record (steps 5 and after): delivery-outcomes.ts.
