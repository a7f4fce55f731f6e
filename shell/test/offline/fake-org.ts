/**
 * An in-process OrgGateway for tests: an org that upserts by uniqueness key through the one delivery
 * path (a batch, as the BFF's POST /api/submissions/batch), keeps one ContentDocument per upload key,
 * records every call in order and injects failures: network (nothing reaches the org), lost (the org
 * commits, the response is lost), unavailable (5xx), unauthorized (401), rejected (4xx), conflict; and
 * per item, a refusal (the org's validation rule: no url, with errors) or a rejection (the BFF's check).
 */
import {
  uniquenessKey,
  LOOKUP_CACHE_LIMIT,
  type PendingSubmission,
  type AssignedTask,
  type OrgForm,
  type ScheduledRecord,
  type SubmissionPayload,
  type BffErrorKind,
  isBffError,
} from 'shared-contracts';
import { lookupTargetKey, type LookupTarget } from 'form-core';
import {
  gatewayError,
  type BatchItemResult,
  type FileUploadRequest,
  type OrgGateway,
  type SaveResult,
} from '../../src/host/offline/org-gateway';

export type Op =
  | 'saveSubmission'
  | 'uploadFile'
  | 'getToken'
  | 'pendingSubmissions'
  | 'syncPendingSubmission'
  | 'discardSubmission'
  | 'checkFormStatus'
  | 'getFormDefinition'
  | 'fetchGuideImage'
  | 'startingData'
  | 'lookupCache'
  | 'submitBatch'
  | 'assignedTasks'
  | 'forms';

export type Fault = Exclude<BffErrorKind, 'conflict'> | 'lost' | null;

/** What the org makes of one item of a batch: refused (no url, its errors), rejected (4xx), or taken. */
export type ItemFault = 'no-url' | 'rejected' | null;

/** The errors of an item the org's validation rule refuses ('no-url'). */
export const REFUSAL_ERRORS = [{ message: 'Inspection date is required', errorPath: 'General.date' }];

export interface Call {
  op: Op;
  key: string;
  status?: string;
  version?: number;
}

export interface OrgRecord {
  Id: string;
  key: string;
  status: string;
  version: number;
  data: Record<string, unknown>;
  writes: number;
}

export class FakeOrg implements OrgGateway {
  readonly calls: Call[] = [];
  readonly records = new Map<string, OrgRecord>();
  readonly pdfs = new Map<string, number>();
  /** upload key (localId) -> ContentDocumentId; `contentDocuments` counts every document made. */
  readonly files = new Map<string, string>();
  readonly contentDocuments: { id: string; localId: string; size: number }[] = [];
  formDefs = new Map<string, unknown>();
  pending: PendingSubmission[] = [];
  purge: string[] = [];
  /** Decide a fault per call; default none. */
  fault: (op: Op, call: Call, n: number) => Fault = () => null;
  latencyMs = 0;
  private n = 0;
  private ids = 0;

  /** One fault decision for a whole batch request (its calls are already logged). */
  protected async enterBatch(items: SubmissionPayload[]): Promise<Fault> {
    return this.decide('submitBatch', {
      op: 'submitBatch',
      key: items.map((p) => p.uniquenessKey).join(','),
    });
  }

  protected upsertItem(p: SubmissionPayload): OrgRecord {
    this.pdfs.set(p.uniquenessKey, (this.pdfs.get(p.uniquenessKey) ?? 0) + 1);
    return this.upsert(p);
  }

  private async enter(op: Op, key: string, extra: Partial<Call> = {}): Promise<Fault> {
    const call: Call = { op, key, ...extra };
    this.calls.push(call);
    return this.decide(op, call);
  }

  private async decide(op: Op, call: Call): Promise<Fault> {
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
    else await Promise.resolve();
    const f = this.fault(op, call, this.n++);
    if (f === 'network') throw gatewayError('network', 'Network Error');
    if (f === 'unavailable') throw gatewayError('unavailable', 'Service Unavailable', { status: 503 });
    if (f === 'unauthorized') throw gatewayError('unauthorized', 'Unauthorized', { status: 401 });
    if (f === 'rejected')
      throw gatewayError('rejected', 'Required fields are missing', {
        status: 400,
        data: [
          { message: 'Required fields are missing', errorCode: 'REQUIRED_FIELD_MISSING', fields: ['Name'] },
        ],
      });
    return f;
  }

  private lostAfterCommit(f: Fault): void {
    if (f === 'lost') throw gatewayError('network', 'Network Error');
  }

  private upsert(p: SubmissionPayload): OrgRecord {
    const existing = this.records.get(p.uniquenessKey);
    if (existing && p.version < existing.version) {
      throw gatewayError('conflict', `Version conflict: org has ${existing.version}, sent ${p.version}`, {
        status: 409,
        data: [{ message: 'Version conflict', errorCode: 'VERSION_CONFLICT' }],
      });
    }
    const rec: OrgRecord = {
      Id: existing?.Id ?? `a0X${String(++this.ids).padStart(12, '0')}`,
      key: p.uniquenessKey,
      status: p.status,
      version: p.version,
      data: structuredClone(p.data),
      writes: (existing?.writes ?? 0) + 1,
    };
    this.records.set(p.uniquenessKey, rec);
    return rec;
  }

  async saveSubmission(p: SubmissionPayload): Promise<SaveResult> {
    const f = await this.enter('saveSubmission', p.uniquenessKey, { status: p.status, version: p.version });
    const rec = this.upsert(p);
    this.lostAfterCommit(f);
    return { formSubmissionId: rec.Id };
  }

  /** What the org makes of each item (default: takes it). */
  itemFault: (p: SubmissionPayload) => ItemFault = () => null;
  /** Items the org rejects (4xx), by payload: kept as a shorthand of `itemFault`. */
  rejectItem: (p: SubmissionPayload) => boolean = () => false;
  batchSizes: number[] = [];

  async submitBatch(items: SubmissionPayload[]): Promise<BatchItemResult[]> {
    this.calls.push(
      ...items.map((p) => ({
        op: 'submitBatch' as const,
        key: p.uniquenessKey,
        status: p.status,
        version: p.version,
      })),
    );
    const f = await this.enterBatch(items);
    this.batchSizes.push(items.length);
    const out: BatchItemResult[] = items.map((p) => {
      const fault = this.rejectItem(p) ? 'rejected' : this.itemFault(p);
      if (fault === 'rejected') {
        return {
          uniquenessKey: p.uniquenessKey,
          ok: false,
          error: gatewayError('rejected', 'Invalid', { status: 400, data: [{ message: 'Invalid' }] }),
        };
      }
      try {
        if (fault === 'no-url') {
          // kept In Progress, answered without url and with its errors (as the BFF does)
          const rec = this.upsertItem({ ...p, status: 'in progress' });
          return {
            uniquenessKey: p.uniquenessKey,
            ok: true,
            url: null,
            formSubmissionId: rec.Id,
            errors: structuredClone(REFUSAL_ERRORS),
          };
        }
        const rec = this.upsertItem(p);
        return {
          uniquenessKey: p.uniquenessKey,
          ok: true,
          url: p.status === 'submitted' ? `/lightning/r/${rec.Id}/view` : null,
          formSubmissionId: rec.Id,
        };
      } catch (e) {
        if (isBffError(e)) return { uniquenessKey: p.uniquenessKey, ok: false, error: e };
        throw e;
      }
    });
    if (f === 'lost') throw gatewayError('network', 'Network Error');
    return out;
  }

  async uploadFile(req: FileUploadRequest, onProgress: (percent: number) => void): Promise<string> {
    const f = await this.enter('uploadFile', req.localId);
    onProgress(0);
    onProgress(50);
    let id = this.files.get(req.localId);
    if (!id) {
      id = `069${String(++this.ids).padStart(12, '0')}`;
      this.files.set(req.localId, id);
      this.contentDocuments.push({ id, localId: req.localId, size: req.file.size });
    }
    onProgress(100);
    this.lostAfterCommit(f);
    return id;
  }

  async getToken(): Promise<string> {
    await this.enter('getToken', '');
    return 'token-' + this.calls.length;
  }

  async pendingSubmissions(): Promise<PendingSubmission[]> {
    await this.enter('pendingSubmissions', '');
    return structuredClone(this.pending);
  }

  /** Deletes the In Progress copy (record and pending entry) of a discarded draft, as the BFF does. */
  async discardSubmission(formId: string, submissionId: string): Promise<boolean> {
    const key = uniquenessKey(formId, submissionId);
    await this.enter('discardSubmission', key);
    const draft = (s: string): boolean => s.toLowerCase() === 'in progress';
    const listed = this.pending.some((p) => p.id === submissionId && p.formId === formId && draft(p.status));
    const record = this.records.get(key);
    this.pending = this.pending.filter(
      (p) => !(p.id === submissionId && p.formId === formId && draft(p.status)),
    );
    if (record && draft(record.status)) this.records.delete(key);
    return listed || (record !== undefined && draft(record.status));
  }

  async syncPendingSubmission(formSubmissionId: string): Promise<PendingSubmission | null> {
    await this.enter('syncPendingSubmission', formSubmissionId);
    return structuredClone(this.pending.find((p) => p.formSubmissionId === formSubmissionId) ?? null);
  }

  async checkFormStatus(formIds: string[]): Promise<string[]> {
    await this.enter('checkFormStatus', formIds.join(','));
    return this.purge.filter((id) => formIds.includes(id));
  }

  async getFormDefinition(formId: string): Promise<unknown | null> {
    await this.enter('getFormDefinition', formId);
    return this.formDefs.get(formId) ?? null;
  }

  /** The user's assigned tasks and forms (GET /api/searchQuery/?kind=assignedTasks, GET /api/forms). */
  taskList: AssignedTask[] = [];
  formList: OrgForm[] = [];
  listReads = 0;

  async assignedTasks(): Promise<AssignedTask[]> {
    await this.enter('assignedTasks', '');
    this.listReads++;
    return structuredClone(this.taskList);
  }

  async forms(): Promise<OrgForm[]> {
    await this.enter('forms', '');
    this.listReads++;
    return structuredClone(this.formList);
  }

  /** The org's scheduled records (GET /api/scheduledSubmissions). */
  scheduled: ScheduledRecord[] = [];

  async scheduledSubmissions(): Promise<ScheduledRecord[]> {
    return structuredClone(this.scheduled);
  }

  /** startingData answers by record id (what POST /api/startingData returns). */
  startingAnswers = new Map<string, Record<string, unknown>>();

  async startingData(
    recordId: string,
    query: unknown[],
  ): Promise<{ startingData: Record<string, unknown>; lookupCacheData: Record<string, unknown> }> {
    await this.enter('startingData', `${recordId}:${query.length}`);
    return { startingData: structuredClone(this.startingAnswers.get(recordId) ?? {}), lookupCacheData: {} };
  }

  /** The records each object's lookup finds (what GET /api/searchQuery/?kind=lookupCache returns). */
  lookupRecords = new Map<string, Record<string, unknown>[]>();

  async lookupCache(target: LookupTarget): Promise<{ records: Record<string, unknown>[]; done: boolean }> {
    await this.enter('lookupCache', lookupTargetKey(target));
    const all = this.lookupRecords.get(target.object) ?? [];
    return {
      records: structuredClone(all.slice(0, LOOKUP_CACHE_LIMIT)),
      done: all.length <= LOOKUP_CACHE_LIMIT,
    };
  }

  async fetchGuideImage(imageUrl: string): Promise<string> {
    await this.enter('fetchGuideImage', imageUrl);
    return 'data:image/png;base64,AAAA';
  }

  opsFor(key: string): string[] {
    return this.calls.filter((c) => c.key === key).map((c) => c.op);
  }
}

/** A pending org submission as /api/pendingSubmissions answers it (the import tests' fixture). */
export const pendingFromOrg = (id: string, over: Partial<PendingSubmission> = {}): PendingSubmission => ({
  id,
  formSubmissionId: `a0X${id}`,
  formId: 'a0F1',
  formName: 'Audit',
  status: 'in progress',
  version: 3,
  data: { General: { from: 'org' } },
  ...over,
});
