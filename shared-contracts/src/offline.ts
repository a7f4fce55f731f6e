/**
 * The offline core's contract (end-user spec sections 3, 4, 7, 8, 9): the local records, what the
 * sync engine sends to and reads from the org, the outbox view and the `OfflineServices` the host
 * hands every remote. Implemented in shell/src/host/offline (the engine's port to the network,
 * `OrgGateway`, is the shell's own: org-gateway.ts).
 */
import type { SubmissionStatus, SyncStatus } from './constants';
import type { Observable } from './observable';
import type { FormDefinition } from './form-definition';
import type { CorrectiveActionTask } from './api/routes';
import type { AssignedTask, OrgForm, OrgList } from './org-lists';
import type { ErrorWording } from './bff-error-texts';

export type { AssignedTask, OrgForm, OrgList, ScheduledRecord } from './org-lists';

export type FileStatus = 'Unsynced' | 'Synced';

/** Bookkeeping of delivery attempts, beyond the spec (outbox view, backoff). */
export interface DeliveryState {
  /** Failed attempts since the last success or user retry. */
  attempts: number;
  /** Epoch ms before which the uploader will not try again; 0 = as soon as possible. */
  nextAttemptAt: number;
  /** Plain-words text of the last failure, or null. */
  lastError: string | null;
  /** The BFF's code and params of that failure, to word it in the user's language (bffErrorText). */
  lastErrorWording?: ErrorWording;
}

/** A file item inside a submission's data (spec section 3 "File item in a form"). */
export interface FileNode {
  ContentDocumentId: string;
  LocalId: string;
  Name: string;
  error?: string | null;
  submissionId?: string;
  progress?: number;
  originUrl?: string;
  accessToken?: string;
}

/** Local submission (spec section 3), plus `delivery` (outbox bookkeeping, not in the spec). */
export interface LocalSubmission {
  /** Random uuid v4. */
  id: string;
  data: Record<string, unknown>;
  originalData: Record<string, unknown>;
  syncStatus: SyncStatus;
  status: SubmissionStatus;
  isUploading: boolean;
  formName: string;
  formId: string;
  formDef: unknown;
  /** ISO date-times; empty string when not yet happened. */
  createdOn: string;
  syncedOn: string;
  submittedOn: string;
  /** Starts at 1; +1 on each save and on submit. */
  version: number;
  /** The spec's "error list": server errors stored by the uploader. */
  error: unknown[];
  errors: unknown[];
  instanceUrl: string;
  organizationId: string;
  /** True if it came from the organisation (imported pending or started scheduled). */
  isSalesforceRecord: boolean;
  /**
   * The user this record belongs to (issue 28: shared devices). Stamped by the offline store on
   * every write; with `organizationId` it is the record's owner, and no other user ever reads it.
   */
  userId?: string;
  /** Id of the org's form submission record, when known. */
  formSubmissionId?: string;
  /**
   * The record the form was launched for (an assigned task's inspection program, a scheduled
   * record's Main_Record_Id): `$recordId` in the form's queries (issue 40.4). Absent: the form's Id.
   */
  mainRecordId?: string;
  /**
   * The language the form was filled in (issue 44: the LanguageLocaleKey the form screen resolved the
   * form for), saved with the submission so its report reads in it. Absent on older records.
   */
  language?: string;
  delivery?: DeliveryState;
}

/** What a submit records beside the answers (OfflineServices.submit). */
export interface SubmitOptions {
  /** The language the form was filled in (a LanguageLocaleKey: es, es_MX, ja…). */
  language?: string;
}

/** File info (local), stored in the image database's `images` table, keyed by LocalId. */
export interface FileInfo {
  file: Blob;
  Name: string;
  LocalId: string;
  /** '' until uploaded ('Unsynced' marks a locally stored file in the form's file node). */
  ContentDocumentId: string;
  error: string | null;
  status: FileStatus;
  path: string;
  submissionId: string;
  organizationId: string;
  /** The owner's user (see LocalSubmission.userId); stamped by the store. */
  userId?: string;
  /** -1 initially, then 0-100. */
  progress: number;
  /** The file's SHA-256 (hex), when computed: lets the org side dedupe a lost upload response. */
  sha256?: string;
  delivery?: DeliveryState;
}

/**
 * Since 1.6.0: a stored file as listed without its bytes (OfflineServices.fileList): its record and the
 * bytes' MIME type. Listing files decrypts none of them (issue 45: the bytes are opened only when asked).
 */
export interface FileMeta extends Omit<FileInfo, 'file'> {
  /** The MIME type of the file's bytes ('' when unknown). */
  type: string;
}

/** Since 1.6.0: one file's bytes, opened (OfflineServices.fileBytes). */
export interface FileBytes {
  bytes: ArrayBuffer;
  /** The MIME type ('' when unknown). */
  type: string;
}

/** Stored (cached) image: a data-URL preview, table `cachedImages`, keyed by id. */
export interface StoredImage {
  id: string;
  result: string;
  path: string;
  fileName: string;
  submissionId: string;
  organizationId: string;
  /** The owner's user (see LocalSubmission.userId). */
  userId?: string;
  ContentDocumentId: string;
}

/** Guide image, table `guides` keyed by Id. `formId` (not in the spec) ties it to its cached form. */
export interface Guide {
  Id: string;
  ImageUrl: string;
  encodedImage: string;
  formId?: string;
}

/** Cached form definition, table `cachedforms` keyed by Id. */
export interface CachedForm {
  Id: string;
  formDef: unknown;
  /** Not in the spec: when this copy was taken from the org (the form card's 'Last Sync'). */
  syncedOn?: string;
}

// ---------------------------------------------------------------------------------------------
// What the sync engine sends to the org and reads from it (its port, OrgGateway, is the shell's).

/** The uniqueness key every org-changing request carries: `formId#submissionId`. */
export function uniquenessKey(formId: string, submissionId: string): string {
  return `${formId}#${submissionId}`;
}

/** A uniqueness key read back (`formId#submissionId`), or null when it is not one. */
export function splitUniquenessKey(key: unknown): { formId: string; submissionId: string } | null {
  if (typeof key !== 'string') return null;
  const hash = key.indexOf('#');
  if (hash <= 0 || hash === key.length - 1) return null;
  return { formId: key.slice(0, hash), submissionId: key.slice(hash + 1) };
}

/**
 * Which task to start (OfflineServices.startTask): one of the user's assigned tasks (its form, and the
 * record it is for) or a scheduled record by its Id (the launcher's link).
 */
export type TaskToStart =
  | { formId: string; mainRecordId?: string; formName: string }
  | { scheduledId: string; formId?: string; formName?: string };

/**
 * What starting a task did: the org's scheduled record started on this device; none scheduled for it
 * (the org lists none: a task starts a new record of its form, a scheduled Id may be pending now); or
 * no answer from the org (offline, the network gone).
 */
export type TaskStart =
  | { kind: 'started'; submission: LocalSubmission }
  | { kind: 'notScheduled'; formId?: string }
  | { kind: 'unreachable' };

/** What is sent to the org to save or submit a submission (token and url fields removed). */
export interface SubmissionPayload {
  id: string;
  formId: string;
  formName: string;
  formSubmissionId?: string;
  status: SubmissionStatus;
  version: number;
  data: Record<string, unknown>;
  /** `formId#id`, the idempotency key of the BFF's upsert. */
  uniquenessKey: string;
  /** A checklist's controlled document (from its starting data): the submission record's lookup to it. */
  controlledDocumentId?: string;
  /** The record the form was launched for (Main_Record_Id__c: the report's cover, the follow-up tasks). */
  mainRecordId?: string;
  /**
   * The starting data the form was filled with (a checklist's sections and questions): the BFF's
   * submit check, the score and the report lay the form out with it, as the screen did.
   */
  startingData?: Record<string, unknown>;
  /** When it was started and submitted on the device (ISO): the inspection report's cover shows them. */
  createdOn?: string;
  submittedOn?: string;
  /** The language the form was filled in (issue 44): the report reads in it. */
  language?: string;
}

/** A pending form submission record of the org (GET /api/pendingSubmissions). */
export interface PendingSubmission {
  /** The local submission id (second half of the uniqueness key). */
  id: string;
  formSubmissionId: string;
  formId: string;
  formName: string;
  formDef?: unknown;
  status: SubmissionStatus;
  version: number;
  data: Record<string, unknown>;
  /** When the org record was made (its CreatedDate): the local record's createdOn (review N8). */
  createdDate?: string;
  lastModifiedDate?: string;
}

// ---------------------------------------------------------------------------------------------
// The outbox view and the services remotes use.

export type OutboxItemState =
  'queued' | 'uploading' | 'waiting for files' | 'retry scheduled' | 'in error' | 'needs sign-in';

export interface OutboxItem {
  /** Submission id or file LocalId. */
  id: string;
  kind: 'submission' | 'file';
  submissionId: string;
  /** Form name, or file name. */
  title: string;
  state: OutboxItemState;
  syncStatus?: SyncStatus;
  progress?: number;
  lastError: string | null;
  /** `lastError`'s code and params (bffErrorText words it from them). */
  lastErrorWording?: ErrorWording;
  attempts: number;
  /** Epoch ms of the next automatic attempt, or null when none is scheduled. */
  nextRetryAt: number | null;
}

export interface NewSubmissionInput {
  formId: string;
  formName: string;
  formDef?: unknown;
  data?: Record<string, unknown>;
  /** Defaults to a fresh uuid v4. */
  id?: string;
  /** The record the form is launched for (LocalSubmission.mainRecordId). */
  mainRecordId?: string;
}

export interface StartScheduledInput {
  formId: string;
  formName: string;
  /** The org record's Id. */
  formSubmissionId: string;
  /** The org record's Version (the local one becomes Version + 1). */
  version: number;
  /** Local id; defaults to a fresh uuid v4. */
  submissionId?: string;
  data?: Record<string, unknown>;
  /** The record the form is launched for (LocalSubmission.mainRecordId). */
  mainRecordId?: string;
}

/**
 * What became of a record's delivery, as the uploader that sent it (in whichever tab, or this one in
 * canvas mode) tells it: the form screen is told, it never guesses from the store. `version` is the
 * record's version that was sent: an outcome of an older version is not about the data just stored.
 */
export type DeliveryOutcome =
  /** Nothing told in this browser session yet. */
  | { kind: 'none' }
  /** Being sent now. */
  | { kind: 'sending'; version: number }
  /** Its files are going up first (percent over its files not yet uploaded). */
  | { kind: 'uploading'; version: number; progress: number }
  /** The org has it: a submit's url (the local record is gone), or null for a draft now in sync. */
  | { kind: 'delivered'; version: number; url: string | null }
  /**
   * Refused, whoever refused it (the org's validation rule, the BFF's check of the form, a trigger):
   * back in progress on the device with these errors (`{errorPath, message}` where a field is named).
   */
  | { kind: 'refused'; version: number; errors: unknown[] }
  /** Not delivered this time and kept queued: it goes by itself later (`message` says why). */
  | { kind: 'queued'; version: number; message: string }
  /** In error (a newer version in the org, a refused draft): waits for the user (outbox Retry). */
  | { kind: 'failed'; version: number; message: string; errors: unknown[] };

/** The outcomes that end an attempt ('sending' and 'uploading' go on). */
export function isFinalDelivery(
  o: DeliveryOutcome,
): o is Extract<DeliveryOutcome, { kind: 'delivered' | 'refused' | 'queued' | 'failed' }> {
  return o.kind === 'delivered' || o.kind === 'refused' || o.kind === 'queued' || o.kind === 'failed';
}

/** The outcome of a local write the user made: never throws for storage problems. */
export type WriteResult<T = void> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A form's definition as the host reads it (one rule for every screen): the record's own copy, else
 * the device's offline copy, else the org's.
 */
export type FormDefinitionRead =
  | { kind: 'found'; formDef: FormDefinition; from: 'own' | 'device' | 'org' }
  /** The org has no such form (or no definition for it). */
  | { kind: 'none' }
  /** The org's definition cannot be filled in: why, in the spec's words (section 8's schema problem). */
  | { kind: 'unusable'; message: string }
  /**
   * Not on the device and the org cannot say now: `network` when no answer came (offline; the text is
   * the spec's 'Cannot connect to Internet'), else the org's or the BFF's failure in words.
   */
  | { kind: 'unreachable'; network: boolean; message: string; wording?: ErrorWording };

/** Which of the org's lists a re-read concerns (the BFF's live hints name them). */
export type OrgTopic = 'tasks' | 'forms' | 'submissions';

/**
 * The host's org re-reads (the pull half of sync), heard by subscription: the live stream's hints, the
 * fallback poll, the tab shown again, a delivery. The host imports the org's pending records on each
 * 'submissions' re-read itself, whichever screen is open; a screen with lists of its own re-reads them here.
 */
export interface OrgRefresh {
  /** `topic`: hear only re-reads that concern that list; none: every re-read. */
  subscribe(listener: () => void, topic?: OrgTopic): () => void;
  /**
   * The live stream's heartbeat said the org's changes reach this browser and no hint is waiting to be
   * applied: lists read on these re-reads are current now ('Synced on', issue 40.7).
   */
  subscribeCurrent(listener: () => void): () => void;
}

export interface OfflineServices {
  // live store queries
  /** This organisation's local submissions, newest first (createdOn). */
  submissions: Observable<LocalSubmission[]>;
  submission(id: string): Observable<LocalSubmission | undefined>;
  /**
   * The files of a submission with their bytes: every file is decrypted again on each change of any of
   * them. Kept for remotes built before 1.6.0; a screen lists with `fileList` and opens one file's
   * bytes with `fileBytes` when it shows or needs them.
   */
  filesOf(submissionId: string): Observable<FileInfo[]>;
  /** Since 1.6.0: the files of a submission without their bytes (status, progress, name, type): none is decrypted. */
  fileList(submissionId: string): Observable<FileMeta[]>;
  /**
   * Since 1.6.0: one file's bytes of the signed-in user, decrypted now (as an ArrayBuffer, not a Blob:
   * the caller makes a Blob only for what it shows, briefly); undefined when the device has no such file.
   */
  fileBytes(localId: string): Promise<FileBytes | undefined>;
  cachedForms: Observable<CachedForm[]>;
  outbox: Observable<OutboxItem[]>;
  /**
   * Since 1.2.0: the last delivery outcome of a submission in this browser, published by the uploader
   * that sent it.
   */
  delivery(submissionId: string): Observable<DeliveryOutcome>;
  /** True while this tab runs the browser's one uploader. */
  isLeader: Observable<boolean>;
  /** True while another tab has the draft open (BroadcastChannel). */
  openElsewhere(submissionId: string): Observable<boolean>;

  // user writes (IndexedDB first, always)
  create(input: NewSubmissionInput): Promise<WriteResult<LocalSubmission>>;
  /** Saving an update. `baseData` is what the tab loaded: edits are merged onto the latest record. */
  save(
    id: string,
    data: Record<string, unknown>,
    baseData?: Record<string, unknown>,
  ): Promise<WriteResult<LocalSubmission>>;
  /**
   * Submit locally (queued for the uploader). Since 1.5.0: `options.language`, the language the form
   * screen showed the form in, is saved with the submission (its report reads in it, issue 44).
   */
  submit(
    id: string,
    data: Record<string, unknown>,
    baseData?: Record<string, unknown>,
    options?: SubmitOptions,
  ): Promise<WriteResult<LocalSubmission>>;
  /** Close = save as draft. */
  close(
    id: string,
    data: Record<string, unknown>,
    baseData?: Record<string, unknown>,
  ): Promise<WriteResult<LocalSubmission>>;
  discard(id: string): Promise<WriteResult>;
  /**
   * Keeps a new copy of the submission's form definition (e.g. with the starting data its queries
   * returned), so the same checklist opens offline. Not a user edit: nothing is queued.
   */
  keepFormDef(id: string, formDef: unknown): Promise<WriteResult<LocalSubmission>>;
  /** A guide image "Download for offline" cached (a data URL), or undefined when none is. */
  guideImage(imageUrl: string): Promise<string | undefined>;
  /**
   * Stores the file (Unsynced) and returns the file node to put into the submission's data.
   * `localId` (optional): the id the form already gave the file node, so node and upload record match.
   */
  attachFile(
    submissionId: string,
    file: Blob,
    name: string,
    path?: string,
    localId?: string,
  ): Promise<WriteResult<FileNode>>;
  /**
   * Since 1.2.0: sends this submission now, through the one delivery path, and resolves with the final outcome of
   * that attempt. The tab that runs the uploader sends it (this one, or the leader tab, told); in canvas
   * mode (no uploader) this tab sends it. A record not on the device (delivered meanwhile) answers its
   * last outcome, or 'none'.
   */
  deliverNow(submissionId: string): Promise<DeliveryOutcome>;
  /** Queue many submissions in one transaction (bulkPut). */
  queueMany(items: LocalSubmission[]): Promise<WriteResult>;
  /** Announce / stop announcing that this tab has the draft open. */
  openDraft(submissionId: string): () => void;

  // org-facing
  /**
   * Since 1.3.0: when the host re-reads the org. It runs while someone is signed in and online, on every
   * screen; the host imports pending records on it (nobody else calls importPending).
   */
  orgRefresh: OrgRefresh;
  /**
   * Since 1.3.0: the definition of form `formId` (`own`: the record's own copy, used when it is one).
   * Never throws: what went wrong is the answer's kind.
   */
  formDefinition(formId: string, own?: unknown): Promise<FormDefinitionRead>;
  startScheduled(input: StartScheduledInput): Promise<LocalSubmission>;
  /**
   * Since 1.4.0: starts a task on this device, the one path for home's task cards and the launcher's
   * links: reads the org's scheduled records, picks the task's (of its form and for its record; never
   * another task's), and starts it under the local id its uniqueness key names.
   */
  startTask(task: TaskToStart): Promise<TaskStart>;
  /**
   * Since 1.4.0: the definition with the starting data its queries read for this record (as "Download for
   * offline" reads them), kept with a local record so the same checklist opens offline. Offline, read-only
   * or with no answer: what the device has. Never throws.
   */
  withStartingData(
    submission: LocalSubmission,
    formDef: FormDefinition,
    options?: { keep?: boolean; readOnly?: boolean; timeoutMs?: number },
  ): Promise<FormDefinition>;
  /**
   * Since 1.4.0: the org's lists for the signed-in user, read by the host while a screen subscribes (and
   * on the org re-reads that concern them) and kept on the device in the user's own store, so they show
   * offline too.
   */
  assignedTasks: Observable<OrgList<AssignedTask>>;
  orgForms: Observable<OrgList<OrgForm>>;
  /** Since 1.4.0: the user's open corrective actions (issue 43), kept like the other lists. */
  correctiveActions: Observable<OrgList<CorrectiveActionTask>>;
  /** Since 1.4.0: when the org's lists were last known current (ISO; '' = never on this device). */
  listsSyncedOn: Observable<string>;
  importPending(): Promise<void>;
  pullPending(formSubmissionId: string): Promise<LocalSubmission | null>;
  /**
   * Keeps the form on the device. `recordIds`: the records it may be launched for here (the user's
   * assigned tasks of this form): its queries filtered by `$recordId` are kept for each of them too.
   */
  downloadForOffline(formId: string, options?: { recordIds?: readonly string[] }): Promise<void>;
  removeFromOffline(formId: string): Promise<void>;
  purgeStaleForms(): Promise<string[]>;

  // outbox
  retryNow(id: string): Promise<void>;
  discardOutboxItem(id: string): Promise<void>;

  /** Start/stop the uploaders (leader election, online/offline). */
  start(): void;
  stop(): Promise<void>;
}

/** Texts of the offline core that the spec does not give (beside MESSAGES). */
export const OFFLINE_MESSAGES = {
  quotaExceeded:
    'Your device is out of storage space, so this change was not saved. Your previous version is kept. Free some space and try again.',
  storageFailed:
    'This change could not be saved on this device. Your previous version is kept. Please try again.',
  draftOpenElsewhere:
    'This form is also open in another tab. Changes from both tabs are kept; the latest change to a field wins.',
  submissionDiscarded: 'This submission no longer exists on this device.',
  retryScheduled: 'Will retry automatically',
  needsSignIn: 'Sign in again to send this item.',
  /** A write after this tab's user signed out (another tab, or this one): nothing is stored for nobody. */
  signedOut: 'You are signed out. Sign in again to save on this device.',
} as const;

/**
 * The logout confirmation (issue 28) when items are not yet in the org: they stay on the device,
 * kept for this user, and go when the same user signs in again.
 */
export function logoutPendingText(count: number): string {
  if (count === 1)
    return '1 item is not yet in the org. It stays on this device and will be sent when you sign in again.';
  return `${count} items are not yet in the org. They stay on this device and will be sent when you sign in again.`;
}
