/**
 * The OrgGateway over the BFF (shared-contracts api/routes.ts): same-origin calls with the session
 * cookie and the CSRF header, the `{ success, data, messages }` envelope read by `readEnvelope`, and
 * every failure classified for the engine (network / unavailable / unauthorized / conflict / rejected).
 */
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  MESSAGES,
  SUBMISSION_STATUS,
  gatewayError,
  readEnvelope,
  uniquenessKey,
  type BatchItemResult,
  type FileUploadRequest,
  type GatewayError,
  type LookupTarget,
  type OrgGateway,
  type PendingSubmission,
  type SaveResult,
  type SubmissionBatchWireResult,
  type SubmissionPayload,
  type SubmissionStatus,
} from 'shared-contracts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface HttpGatewayOptions {
  /** The BFF's origin ('' = same origin, the browser's case). */
  baseUrl?: string;
  fetch?: FetchLike;
  /** Extra headers on every call (Node tests: Origin). */
  headers?: Record<string, string>;
  /** POWER_PARTNER users: sent as networkId on sync calls and uploads. */
  networkId?: () => string | undefined;
  /** Upload with progress (the browser's XMLHttpRequest); default: fetch, progress 0 then 100. */
  upload?: (
    url: string,
    body: FormData,
    headers: Record<string, string>,
    onProgress: (p: number) => void,
  ) => Promise<Response>;
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

/**
 * Salesforce error codes that are never a verdict on the data: the org was busy or failed. The BFF
 * may pass them on as a 4xx ORG_ERROR (jsforce reads the code from an org 5xx body), so they are
 * transient here whatever the status.
 */
export const TRANSIENT_ORG_ERROR_CODES = new Set([
  'SERVER_UNAVAILABLE',
  'UNKNOWN_EXCEPTION',
  'UNABLE_TO_LOCK_ROW',
  'REQUEST_LIMIT_EXCEEDED',
  'QUERY_TIMEOUT',
]);

/** How a BFF answer failed, for the engine. */
export function classify(status: number, body: unknown): GatewayError {
  const read = readEnvelope<unknown>(status, body);
  const message = read.ok ? MESSAGES.somethingWentWrong : read.message;
  const details = read.ok ? undefined : read.details;
  // A refused submit's errors: by field where the BFF names them (its form check), else as listed.
  const listed = (key: string): unknown[] | undefined =>
    isRec(details) && Array.isArray(details[key]) && (details[key] as unknown[]).length > 0
      ? (details[key] as unknown[])
      : undefined;
  const errors = listed('fieldErrors') ?? listed('errors');
  const data =
    errors ??
    (isRec(body) && Array.isArray(body.messages) ? body.messages : Array.isArray(body) ? body : [message]);
  if (status === 401) return gatewayError('unauthorized', message, { status, data });
  if (status === 409) return gatewayError('conflict', message, { status, data });
  const orgCode = isRec(details) && typeof details.orgErrorCode === 'string' ? details.orgErrorCode : '';
  if (status === 429 || status === 408 || status >= 500 || TRANSIENT_ORG_ERROR_CODES.has(orgCode)) {
    return gatewayError('unavailable', message, { status, data });
  }
  return gatewayError('rejected', message, { status, data });
}

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
  const key = typeof r.Uniqueness_Constraint__c === 'string' ? r.Uniqueness_Constraint__c : '';
  const hash = key.indexOf('#');
  if (hash <= 0) return null;
  const json = parseJson(r.Submission_JSON__c);
  const version = typeof r.Version__c === 'number' ? r.Version__c : Number(json.version ?? 1) || 1;
  return {
    id: key.slice(hash + 1),
    formSubmissionId: String(r.Id ?? ''),
    formId: typeof r.Form_Definition__c === 'string' ? r.Form_Definition__c : key.slice(0, hash),
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
  private readonly base: string;
  private readonly fetchFn: FetchLike;

  constructor(private readonly opts: HttpGatewayOptions = {}) {
    this.base = (opts.baseUrl ?? '').replace(/\/+$/, '');
    this.fetchFn = opts.fetch ?? ((u, i) => fetch(u, i));
  }

  private headers(json: boolean): Record<string, string> {
    return {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      Accept: 'application/json',
      ...(json ? { 'Content-Type': 'application/json' } : {}),
      ...this.opts.headers,
    };
  }

  private withNetwork(q: Record<string, string>): URLSearchParams {
    const networkId = this.opts.networkId?.();
    return new URLSearchParams(networkId ? { ...q, networkId } : q);
  }

  private async read<T>(res: Response): Promise<T> {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      body = text;
    }
    const read = readEnvelope<T>(res.status, body);
    if (read.ok) return read.data;
    throw classify(res.status, body);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await this.fetchFn(this.base + path, {
        method,
        credentials: 'same-origin',
        headers: this.headers(body !== undefined),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (e) {
      throw gatewayError('network', MESSAGES.networkError, { data: [String(e)] });
    }
    try {
      return await this.read<T>(res);
    } catch (e) {
      if (e instanceof Error) throw gatewayError('network', MESSAGES.networkError, { data: [e.message] });
      throw e;
    }
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
    };
  }

  async saveSubmission(p: SubmissionPayload): Promise<SaveResult> {
    const q = this.withNetwork({ formSubmissionIdentifier: p.uniquenessKey });
    const r = await this.call<Rec>('POST', `/api/savesubmission?${q}`, this.body(p));
    return typeof r.id === 'string' && r.id ? { formSubmissionId: r.id } : {};
  }

  /** POST /api/submissions/batch: one upsert for up to 200 submissions, one result per item. */
  async submitBatch(items: SubmissionPayload[]): Promise<BatchItemResult[]> {
    const q = this.withNetwork({});
    const qs = q.toString();
    const answer = await this.call<SubmissionBatchWireResult[]>(
      'POST',
      `/api/submissions/batch${qs ? `?${qs}` : ''}`,
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
    const headers = {
      ...this.headers(false),
      [UPLOAD_KEY_HEADER]: req.localId,
      [SUBMISSION_KEY_HEADER]: req.uniquenessKey,
      ...(req.sha256 ? { [UPLOAD_SHA256_HEADER]: req.sha256 } : {}),
      ...(req.retry ? { [UPLOAD_RETRY_HEADER]: '1' } : {}),
    };
    const networkId = this.opts.networkId?.();
    const url = `${this.base}/api/files${networkId ? `?${new URLSearchParams({ networkId })}` : ''}`;
    let res: Response;
    try {
      if (this.opts.upload) res = await this.opts.upload(url, form, headers, onProgress);
      else {
        onProgress(0);
        res = await this.fetchFn(url, { method: 'POST', credentials: 'same-origin', headers, body: form });
      }
    } catch (e) {
      throw gatewayError('network', MESSAGES.networkError, { data: [String(e)] });
    }
    let r: Rec;
    try {
      r = await this.read<Rec>(res);
    } catch (e) {
      if (e instanceof Error) throw gatewayError('network', MESSAGES.networkError, { data: [e.message] });
      throw e;
    }
    if (typeof r.id !== 'string' || !r.id) throw gatewayError('rejected', MESSAGES.fileUploadErrorFound);
    onProgress(100);
    return r.id;
  }

  async getToken(): Promise<string> {
    const t = await this.call<string | null>('GET', '/api/getToken');
    if (!t) throw gatewayError('unauthorized', MESSAGES.couldNotGetToken, { status: 401 });
    return t;
  }

  async pendingSubmissions(): Promise<PendingSubmission[]> {
    const rows = await this.call<Rec[]>('GET', '/api/pendingSubmissions');
    return rows.map((r) => toPending(r)).filter((p): p is PendingSubmission => p !== null);
  }

  async discardSubmission(formId: string, submissionId: string): Promise<boolean> {
    const q = new URLSearchParams({ formSubmissionIdentifier: uniquenessKey(formId, submissionId) });
    const r = await this.call<Rec>('POST', `/api/discardSubmission?${q}`, {});
    return r.deleted === true;
  }

  async syncPendingSubmission(formSubmissionId: string): Promise<PendingSubmission | null> {
    try {
      const r = await this.call<Rec>(
        'GET',
        `/api/syncPendingSubmissions?${new URLSearchParams({ recordId: formSubmissionId })}`,
      );
      const def = isRec(r.formDefinition) ? r.formDefinition.formDef : undefined;
      return toPending(r, def);
    } catch (e) {
      if ((e as GatewayError).status === 404) return null;
      throw e;
    }
  }

  async checkFormStatus(formIds: string[]): Promise<string[]> {
    if (formIds.length === 0) return [];
    return this.call<string[]>(
      'GET',
      `/api/checkFormStatus?${new URLSearchParams({ recordIds: formIds.join(',') })}`,
    );
  }

  async getFormDefinition(formId: string): Promise<unknown | null> {
    try {
      const r = await this.call<Rec>('GET', `/api/schema?${new URLSearchParams({ recordId: formId })}`);
      return r.formDef ?? null;
    } catch (e) {
      if ((e as GatewayError).status === 404) return null;
      throw e;
    }
  }

  async startingData(
    recordId: string,
    query: unknown[],
  ): Promise<{ startingData: Record<string, unknown>; lookupCacheData: Record<string, unknown> }> {
    const r = await this.call<Rec>('POST', `/api/startingData?${new URLSearchParams({ recordId })}`, {
      query,
      lookupCacheString: '',
    });
    return {
      startingData: isRec(r.startingData) ? r.startingData : {},
      lookupCacheData: isRec(r.lookupCacheData) ? r.lookupCacheData : {},
    };
  }

  async lookupCache(target: LookupTarget): Promise<{ records: Rec[]; done: boolean }> {
    const q = new URLSearchParams({
      kind: 'lookupCache',
      object: target.object,
      // the title field is what a search matches, as the lookup control's own query does
      ...(target.titleField.includes('.') ? {} : { searchField: target.titleField }),
    });
    const extra = [target.valueField, ...target.fields].filter((f) => f !== 'Id' && f !== target.titleField);
    if (extra.length > 0) q.set('fields', [...new Set(extra)].join(','));
    const r = await this.call<Rec>('GET', `/api/searchQuery/?${q}`);
    return { records: Array.isArray(r.records) ? r.records.filter(isRec) : [], done: r.done !== false };
  }

  async fetchGuideImage(imageUrl: string): Promise<string> {
    const r = await this.call<Rec>('POST', '/api/imageGuide', {
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
