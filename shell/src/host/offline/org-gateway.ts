/**
 * The narrow view of the network the sync engine needs (`OrgGateway`), the shell's own port:
 * implemented over the BFF by http-gateway.ts. What it sends and reads is the contract's
 * (shared-contracts offline.ts); how it fails is the contract's one BffError.
 */
import {
  BffError,
  type AssignedTask,
  type BffErrorKind,
  type CorrectiveActionTask,
  type OrgForm,
  type ScheduledRecord,
  type PendingSubmission,
  type SealedUpload,
  type SubmissionPayload,
} from 'shared-contracts';
import type { LookupTarget } from 'form-core';

/** A failed org call, as the sync engine makes one itself (the one BFF error type). */
export function gatewayError(
  kind: BffErrorKind,
  message: string,
  extra: { status?: number; data?: unknown } = {},
): BffError {
  return new BffError({ kind, message, ...extra });
}

export interface SaveResult {
  /** The org record's Id. */
  formSubmissionId?: string;
}

export interface FileUploadRequest {
  localId: string;
  submissionId: string;
  /** Uniqueness key of the owning submission. */
  uniquenessKey: string;
  name: string;
  file: Blob;
  /** The file is sent sealed, as the device keeps it: what the BFF opens it with (issue 45). */
  sealed?: SealedUpload;
  sha256?: string;
  /** The fresh token of this file-uploader run (spec: "a fresh token from the server"). */
  token: string;
  /**
   * This file was tried before (an answer may have been lost): the BFF first asks the org for a copy
   * with its key instead of sending the bytes again. A first try skips that question (one org call
   * less per file); the org's unique upload key still refuses a second copy.
   */
  retry?: boolean;
}

/**
 * The narrow interface the engine needs from the network. Every call that changes the org is
 * idempotent by the submission's uniqueness key (uploadFile: by `localId`), so a retry after a
 * lost response never makes a second record. Failures reject with a `BffError`.
 */
export interface OrgGateway {
  /**
   * POST /api/savesubmission?formSubmissionIdentifier=... (upsert): starting a scheduled submission
   * (its first sync). The uploader sends everything through `submitBatch`.
   */
  saveSubmission(payload: SubmissionPayload): Promise<SaveResult>;
  /** Streams the file to the org through the BFF; resolves to the ContentDocumentId. */
  uploadFile(req: FileUploadRequest, onProgress: (percent: number) => void): Promise<string>;
  /** GET /api/getToken: a fresh token for one file-uploader run. */
  getToken(): Promise<string>;
  /** GET /api/pendingSubmissions */
  pendingSubmissions(): Promise<PendingSubmission[]>;
  /** GET /api/scheduledSubmissions: the org's scheduled records the user may start. */
  scheduledSubmissions?(): Promise<ScheduledRecord[]>;
  /** GET /api/searchQuery/?kind=assignedTasks: the user's assigned tasks. */
  assignedTasks?(): Promise<AssignedTask[]>;
  /** GET /api/forms: the forms the user may fill in. */
  forms?(): Promise<OrgForm[]>;
  /** GET /api/correctiveActions: the user's open corrective actions, their own and their queues'. */
  correctiveActions?(): Promise<CorrectiveActionTask[]>;
  /**
   * POST /api/discardSubmission?formSubmissionIdentifier=: deletes the org copy of a draft the user
   * discarded (only the user's own, only In Progress); true when one was deleted. Idempotent.
   */
  discardSubmission?(formId: string, submissionId: string): Promise<boolean>;
  /** GET /api/syncPendingSubmissions?recordId= */
  syncPendingSubmission(formSubmissionId: string): Promise<PendingSubmission | null>;
  /** GET /api/checkFormStatus?recordIds=a,b: the ids to purge from the cache. */
  checkFormStatus(formIds: string[]): Promise<string[]>;
  /** GET /api/schema?recordId=: the form definition, or null when there is none. */
  getFormDefinition(formId: string): Promise<unknown | null>;
  /** A guide image as a data URL. */
  fetchGuideImage(imageUrl: string): Promise<string>;
  /**
   * POST /api/startingData?recordId=: runs a form definition's queries (a safety inspection's
   * documents with their sections and questions) for "Download for offline".
   */
  startingData?(
    recordId: string,
    query: unknown[],
  ): Promise<{ startingData: Record<string, unknown>; lookupCacheData: Record<string, unknown> }>;
  /**
   * GET /api/searchQuery/?kind=lookupCache: the records a lookup of the form can pick (as the user may
   * see them, at most LOOKUP_CACHE_LIMIT by name), kept by "Download for offline" to search offline.
   */
  lookupCache?(target: LookupTarget): Promise<{ records: Record<string, unknown>[]; done: boolean }>;
  /**
   * The one delivery path (POST /api/submissions/batch): up to SUBMISSION_BATCH_MAX_ITEMS submissions whose
   * files are all uploaded, each one idempotent upsert by its uniqueness key carrying the data, the
   * JSON for PDF rendering and the status (a submit also sets the main record's action field).
   * Resolves with one result per item; rejects only when the request as a whole failed.
   */
  submitBatch(items: SubmissionPayload[]): Promise<BatchItemResult[]>;
}

export type BatchItemResult =
  | {
      uniquenessKey: string;
      ok: true;
      /** For a submitted item: a url means success; none means the org refused the submit (errors). */
      url?: string | null;
      formSubmissionId?: string;
      errors?: unknown[];
    }
  | { uniquenessKey: string; ok: false; error: BffError };
