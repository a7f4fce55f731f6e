/**
 * The OrgGateway over the BFF (shared-contracts api/routes.ts): typed calls over the host's one BFF
 * client (bff-client.ts: CSRF header, sign-out gate, envelope, one failure classification).
 */
import {
  MESSAGES_EN,
  SUBMISSION_STATUS,
  isBffError,
  sealedUploadHeader,
  splitUniquenessKey,
  UPLOAD_SEALED_HEADER,
  uniquenessKey,
  type AssignedTask,
  type CorrectiveActionTask,
  type OrgForm,
  type PendingSubmission,
  type QueryParams,
  type ScheduledRecord,
  type SubmissionBatchWireResult,
  type SubmissionPayload,
  type SubmissionStatus,
} from 'shared-contracts';
import { type LookupTarget } from 'form-core';
import {
  gatewayError,
  type BatchItemResult,
  type FileUploadRequest,
  type OrgGateway,
  type SaveResult,
} from './org-gateway';
import {
  classify,
  createBffClient,
  type BffClient,
  type BffClientOptions,
  type UploadLike,
} from '../bff-client';

export { classify, TRANSIENT_ORG_ERROR_CODES, type FetchLike } from '../bff-client';

export interface HttpGatewayOptions extends BffClientOptions {
  /** The client to call through (the host's one); default one made from the other options. */
  client?: BffClient;
  /** POWER_PARTNER users: sent as networkId on sync calls and uploads. */
  networkId?: () => string | undefined;
  /** Upload with progress (the browser's XMLHttpRequest: xhrUpload); default fetch, progress 0 then 100. */
  upload?: UploadLike;
}

/** Header carrying the file's idempotency key (its LocalId) so a retried upload can be recognised. */
export const UPLOAD_KEY_HEADER = 'X-Upload-Key';
export const UPLOAD_SHA256_HEADER = 'X-Upload-Sha256';
/** The owning submission's uniqueness key (formId#submissionId), on uploads too. */
export const SUBMISSION_KEY_HEADER = 'X-Submission-Key';
/** Sent on a file's second and later tries: the BFF looks for the first copy before re-sending the bytes. */
export const UPLOAD_RETRY_HEADER = 'X-Upload-Retry';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const notFound = (e: unknown): boolean => isBffError(e) && e.status === 404;

function orgStatus(s: unknown): SubmissionStatus {
  const v = typeof s === 'string' ? s.toLowerCase() : '';
  if (v === 'submitted') return SUBMISSION_STATUS.submitted;
  if (v === 'scheduled') return SUBMISSION_STATUS.scheduled;
  return SUBMISSION_STATUS.inProgress; // In Progress, Pending
}

function parseJson(s: unknown): Rec {
  if (typeof s !== 'string' || s.trim() === '') return {};
  try {
    const v: unknown = JSON.parse(s);
    return isRec(v) ? v : {};
  } catch {
    return {};
  }
}

/** A form submission record of the org (BFF SUBMISSION_RECORD, namespace stripped) as a pending submission. */
export function toPending(r: Rec, formDef?: unknown): PendingSubmission | null {
  const key = splitUniquenessKey(r.Uniqueness_Constraint__c);
  if (!key) return null;
  const json = parseJson(r.Submission_JSON__c);
  const version = typeof r.Version__c === 'number' ? r.Version__c : Number(json.version ?? 1) || 1;
  return {
    id: key.submissionId,
    formSubmissionId: String(r.Id ?? ''),
    formId: typeof r.Form_Definition__c === 'string' ? r.Form_Definition__c : key.formId,
    formName: typeof json.formName === 'string' ? json.formName : String(r.Name ?? ''),
    ...(formDef !== undefined && formDef !== null ? { formDef } : {}),
    status: orgStatus(r.Status__c),
    version,
    data: isRec(json.data) ? json.data : {},
    ...(typeof r.CreatedDate === 'string' ? { createdDate: r.CreatedDate } : {}),
    ...(typeof r.LastModifiedDate === 'string' ? { lastModifiedDate: r.LastModifiedDate } : {}),
  };
}

export class HttpOrgGateway implements OrgGateway {
  private readonly client: BffClient;

  constructor(private readonly opts: HttpGatewayOptions = {}) {
    this.client = opts.client ?? createBffClient(opts);
  }

  private withNetwork(q: Record<string, string>): QueryParams {
    const networkId = this.opts.networkId?.();
    return networkId ? { ...q, networkId } : q;
  }

  private call<T>(method: 'GET' | 'POST', path: string, query?: QueryParams, body?: unknown): Promise<T> {
    return this.client.request<T>(path, {
      method,
      ...(query ? { query } : {}),
      ...(body !== undefined ? { body } : {}),
    });
  }

  private body(p: SubmissionPayload): Rec {
    return {
      id: p.id,
      formId: p.formId,
      formName: p.formName,
      status: p.status,
      version: p.version,
      data: p.data,
      ...(p.controlledDocumentId ? { controlledDocumentId: p.controlledDocumentId } : {}),
      ...(p.mainRecordId ? { mainRecordId: p.mainRecordId } : {}),
      ...(p.startingData ? { startingData: p.startingData } : {}),
      ...(p.createdOn ? { createdOn: p.createdOn } : {}),
      ...(p.submittedOn ? { submittedOn: p.submittedOn } : {}),
      ...(p.language ? { language: p.language } : {}),
    };
  }

  async saveSubmission(p: SubmissionPayload): Promise<SaveResult> {
    const q = this.withNetwork({ formSubmissionIdentifier: p.uniquenessKey });
    const r = await this.call<Rec>('POST', '/api/savesubmission', q, this.body(p));
    return typeof r.id === 'string' && r.id ? { formSubmissionId: r.id } : {};
  }

  /** POST /api/submissions/batch: one upsert for up to 200 submissions, one result per item. */
  async submitBatch(items: SubmissionPayload[]): Promise<BatchItemResult[]> {
    const answer = await this.call<SubmissionBatchWireResult[]>(
      'POST',
      '/api/submissions/batch',
      this.withNetwork({}),
      { items: items.map((p) => this.body(p)) },
    );
    return answer.map((r): BatchItemResult => {
      if (r.ok)
        return {
          uniquenessKey: r.uniquenessKey,
          ok: true,
          url: r.url,
          formSubmissionId: r.id,
          ...(Array.isArray(r.errors) ? { errors: r.errors } : {}),
        };
      const { status, errorCode, messages, details } = r;
      return {
        uniquenessKey: r.uniquenessKey,
        ok: false,
        error: classify(status, { success: false, errorCode, messages, errorType: 'custom', details }),
      };
    });
  }

  async uploadFile(req: FileUploadRequest, onProgress: (percent: number) => void): Promise<string> {
    const form = new FormData();
    form.append('fileData', req.file, req.name);
    const r = await this.client.upload<Rec>('/api/files', form, {
      query: this.withNetwork({}),
      headers: {
        [UPLOAD_KEY_HEADER]: req.localId,
        [SUBMISSION_KEY_HEADER]: req.uniquenessKey,
        ...(req.sha256 ? { [UPLOAD_SHA256_HEADER]: req.sha256 } : {}),
        ...(req.retry ? { [UPLOAD_RETRY_HEADER]: '1' } : {}),
        ...(req.sealed ? { [UPLOAD_SEALED_HEADER]: sealedUploadHeader(req.sealed) } : {}),
      },
      onProgress,
      ...(this.opts.upload ? { send: this.opts.upload } : {}),
    });
    if (typeof r.id !== 'string' || !r.id) throw gatewayError('rejected', MESSAGES_EN.fileUploadErrorFound);
    onProgress(100);
    return r.id;
  }

  async getToken(): Promise<string> {
    const t = await this.call<string | null>('GET', '/api/getToken');
    if (!t) throw gatewayError('unauthorized', MESSAGES_EN.couldNotGetToken, { status: 401 });
    return t;
  }

  async pendingSubmissions(): Promise<PendingSubmission[]> {
    const rows = await this.call<Rec[]>('GET', '/api/pendingSubmissions');
    return rows.map((r) => toPending(r)).filter((p): p is PendingSubmission => p !== null);
  }

  async scheduledSubmissions(): Promise<ScheduledRecord[]> {
    const rows = await this.call<unknown>('GET', '/api/scheduledSubmissions');
    return Array.isArray(rows)
      ? rows.filter((r): r is ScheduledRecord => isRec(r) && typeof r.Id === 'string')
      : [];
  }

  async assignedTasks(): Promise<AssignedTask[]> {
    const r = await this.call<Rec>('GET', '/api/searchQuery/', { kind: 'assignedTasks' });
    return Array.isArray(r.records) ? (r.records.filter(isRec) as unknown as AssignedTask[]) : [];
  }

  async forms(): Promise<OrgForm[]> {
    const rows = await this.call<unknown>('GET', '/api/forms');
    return Array.isArray(rows) ? (rows.filter(isRec) as unknown as OrgForm[]) : [];
  }

  async correctiveActions(): Promise<CorrectiveActionTask[]> {
    const rows = await this.call<unknown>('GET', '/api/correctiveActions');
    return Array.isArray(rows) ? (rows.filter(isRec) as unknown as CorrectiveActionTask[]) : [];
  }

  async discardSubmission(formId: string, submissionId: string): Promise<boolean> {
    const q = { formSubmissionIdentifier: uniquenessKey(formId, submissionId) };
    const r = await this.call<Rec>('POST', '/api/discardSubmission', q, {});
    return r.deleted === true;
  }

  async syncPendingSubmission(formSubmissionId: string): Promise<PendingSubmission | null> {
    try {
      const r = await this.call<Rec>('GET', '/api/syncPendingSubmissions', { recordId: formSubmissionId });
      const def = isRec(r.formDefinition) ? r.formDefinition.formDef : undefined;
      return toPending(r, def);
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async checkFormStatus(formIds: string[]): Promise<string[]> {
    if (formIds.length === 0) return [];
    return this.call<string[]>('GET', '/api/checkFormStatus', { recordIds: formIds.join(',') });
  }

  async getFormDefinition(formId: string): Promise<unknown | null> {
    try {
      const r = await this.call<Rec>('GET', '/api/schema', { recordId: formId });
      return r.formDef ?? null;
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async startingData(
    recordId: string,
    query: unknown[],
  ): Promise<{ startingData: Record<string, unknown>; lookupCacheData: Record<string, unknown> }> {
    const r = await this.call<Rec>(
      'POST',
      '/api/startingData',
      { recordId },
      { query, lookupCacheString: '' },
    );
    return {
      startingData: isRec(r.startingData) ? r.startingData : {},
      lookupCacheData: isRec(r.lookupCacheData) ? r.lookupCacheData : {},
    };
  }

  async lookupCache(target: LookupTarget): Promise<{ records: Rec[]; done: boolean }> {
    const extra = [target.valueField, ...target.fields].filter((f) => f !== 'Id' && f !== target.titleField);
    const r = await this.call<Rec>('GET', '/api/searchQuery/', {
      kind: 'lookupCache',
      object: target.object,
      // the title field is what a search matches, as the lookup control's own query does
      ...(target.titleField.includes('.') ? {} : { searchField: target.titleField }),
      ...(extra.length > 0 ? { fields: [...new Set(extra)].join(',') } : {}),
    });
    return { records: Array.isArray(r.records) ? r.records.filter(isRec) : [], done: r.done !== false };
  }

  async fetchGuideImage(imageUrl: string): Promise<string> {
    const r = await this.call<Rec>('POST', '/api/imageGuide', undefined, {
      Id: imageUrl.slice(0, 120),
      ImageUrl: imageUrl,
    });
    return typeof r.encodedImage === 'string' ? r.encodedImage : '';
  }
}

/** The browser's upload with progress events (XMLHttpRequest), for HttpGatewayOptions.upload. */
export function xhrUpload(
  url: string,
  body: FormData,
  headers: Record<string, string>,
  onProgress: (p: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    xhr.onerror = () => reject(new TypeError('Network Error'));
    xhr.ontimeout = () => reject(new TypeError('Network Error'));
    onProgress(0);
    xhr.send(body);
  });
}
