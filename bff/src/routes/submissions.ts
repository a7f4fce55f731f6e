/**
 * The one submission writer: POST /api/submissions/batch (the offline outbox's delivery path) and the
 * spec's single-record routes (/api/data, /api/savesubmission, /api/submissionJson), which call it with
 * one item. Up to 200 submissions become one version query (with the submits' forms, one Composite
 * call) and one sObject Collections upsert by the external id formId#submissionId, so a retried write
 * (a lost answer, a duplicate delivery) updates the same record and never makes a second one. Versions
 * only go forward: an older one is that item's 409. A submit is checked against its form first
 * (submission-check.ts: a 422, nothing written); a submit the org's validation refuses is kept as In
 * Progress and answered without url and with its errors (submission-errors.ts); a submit that goes
 * through sets its main record's action field. Each item gets its own answer: one item's failure never
 * fails the others.
 */
import type { FormDefinition, SubmissionBatchWireResult } from 'shared-contracts';
import { DEFAULT_ACTION_VALUE, isActionCompletion, nsName } from 'shared-contracts';
import { ApiError, toApiError } from '../http/errors';
import { describeObject, objectOfId } from '../org/describe';
import { readTogether } from '../org/read-together';
import { inList, isSfId, select } from '../org/soql';
import { orgStatus, submissionRecordFields, type SubmissionWrite } from '../org/submission-record';
import type { SfRecord } from '../org/util';
import { queueReport, REPORT_FIELDS, retryStale } from '../report/org-report';
import { reportDone, reportFieldsOnSubmit, reportReads } from '../report/submit-reads';
import { completeQueued } from './corrective-actions';
import { formDefinition } from './form-definition';
import { orgName as n } from './ns';
import { formStamps, formStampsSoql, submitRefusal, submitScore, type FormStamps } from './submission-check';
import { toSubmissionErrors, verdictErrors, type SubmissionFieldError } from './submission-errors';
import type { Call, Handler } from './types';

/** One submission to write. */
export interface SubmissionItem extends SubmissionWrite {
  /** /api/submissionJson: only the JSON for PDF rendering is written (no status, no version check). */
  jsonOnly?: SfRecord;
}

/** What became of one item. */
export type ItemResult =
  | {
      key: string;
      ok: true;
      id: string;
      /** null: the org's validation refused the submit (`errors` says why) or it was not a submit. */
      url: string | null;
      created: boolean;
      version: number;
      errors?: SubmissionFieldError[];
    }
  | { key: string; ok: false; error: ApiError };

interface CollectionResult {
  id?: string | null;
  success?: boolean;
  created?: boolean;
  errors?: { statusCode?: string; errorCode?: string; message?: string; fields?: string[] }[];
}

/** A per-record error of the Collections answer, mapped like a thrown org error (transient → 502). */
function recordError(r: CollectionResult | undefined): ApiError {
  const first = r?.errors?.[0];
  if (!first) return new ApiError('ORG_UNAVAILABLE', undefined, { reason: 'no result for this record' });
  const mapped = toApiError({ errorCode: first.statusCode ?? first.errorCode, message: first.message });
  return mapped.code === 'ORG_ERROR'
    ? new ApiError('ORG_ERROR', 'Save Failed', {
        orgErrorCode: first.statusCode ?? first.errorCode,
        errors: r?.errors ?? [],
      })
    : mapped;
}

const isSubmit = (item: SubmissionItem): boolean =>
  !item.jsonOnly && (item.status ?? '').toLowerCase() === 'submitted';

/** Writes `items` (at most 200, each record once); one result per item, in order. */
export async function writeSubmissions(call: Call, items: SubmissionItem[]): Promise<ItemResult[]> {
  const ns = call.deps.config.salesforce.namespace;
  const object = nsName(ns, 'SQX_Form_Submission__c');
  const extField = nsName(ns, 'Uniqueness_Constraint__c');
  const versionField = nsName(ns, 'Version__c');
  const mainField = nsName(ns, 'Main_Record_Id__c');
  const keys = items.map((i) => `${i.formId}#${i.submissionId}`);
  // the external id is case-insensitive: two items for one record would race inside one upsert
  if (new Set(keys.map((k) => k.toLowerCase())).size !== keys.length) {
    throw new ApiError('BAD_REQUEST', 'Each submission may appear only once in a batch.');
  }
  const conn = call.conn();
  const versionsSoql = select({
    fields: ['Id', extField, versionField, mainField, ...REPORT_FIELDS.map((x) => nsName(ns, x))],
    from: object,
    where: [inList(extField, keys)],
    limit: keys.length,
  });
  // The submits' forms, to check them against (their LastModifiedDate tells whether the parsed
  // definition kept in memory is current): read with the versions in one Composite call, which the
  // org counts as one against its daily allowance (issue 33: a submit costs this call and the upsert).
  const formIds = [...new Set(items.filter((i) => isSubmit(i) && isSfId(i.formId)).map((i) => i.formId))];
  const formsSoql = formIds.length > 0 ? formStampsSoql(call, formIds) : null;
  // What the submits' reports need (issue 42) is read in the same call: their reports then cost one
  // write each and no read (bff/src/report/org-report.ts).
  const soqls = formsSoql ? [versionsSoql, formsSoql] : [versionsSoql];
  const mainIds = [
    ...new Set(
      items
        .filter(isSubmit)
        .flatMap((i) => (isSfId(i.submission.mainRecordId) ? [i.submission.mainRecordId] : [])),
    ),
  ];
  const reads = items.some(isSubmit) ? await reportReads(call, mainIds, 5 - soqls.length) : undefined;
  const optional = new Set(reads?.soqls.map((_, i) => soqls.length + i));
  const answers = await readTogether(
    conn,
    call.deps.config.salesforce.apiVersion,
    [...soqls, ...(reads?.soqls ?? [])],
    optional,
  );
  const [existing = [], forms] = answers;
  const reportContext = reads?.take(answers.slice(soqls.length));
  const stamps: FormStamps = formStamps((formsSoql ? forms : undefined) ?? []);
  const byKey = new Map(existing.map((r) => [String(r[extField]).toLowerCase(), r]));

  const results: (ItemResult | undefined)[] = new Array(items.length);
  const fail = (index: number, error: ApiError): void => {
    results[index] = { key: keys[index] ?? '', ok: false, error };
  };
  const sent: { index: number; record: SfRecord }[] = [];
  // Submits checked against their forms first (submission-check.ts): a refused one is not written.
  const definitions = new Map<string, Promise<FormDefinition | null>>();
  const refusals = await Promise.all(
    items.map((item) =>
      isSubmit(item)
        ? submitRefusal(
            call,
            item.formId,
            item.submission.data,
            formDefinition,
            stamps,
            definitions,
            startingDataOf(item),
          )
        : undefined,
    ),
  );
  // The score of each accepted submit (issue 43), recorded on the submission; the org's submit
  // processing takes it to the main record, the answers and the corrective-action tasks.
  const scores = await Promise.all(
    items.map((item, index) =>
      isSubmit(item) && !refusals[index]
        ? submitScore(
            item.formId,
            item.submission.data,
            definitions,
            startingDataOf(item),
            submitDay(item.submission.submittedOn),
          )
        : undefined,
    ),
  );
  items.forEach((item, index) => {
    const key = keys[index] ?? '';
    const refusal = refusals[index];
    if (refusal) return fail(index, refusal);
    const ex = byKey.get(key.toLowerCase());
    const orgVersion = ex ? Number(ex[versionField] ?? 0) : null;
    if (item.version !== null && orgVersion !== null && item.version < orgVersion) {
      return fail(
        index,
        new ApiError('VERSION_CONFLICT', undefined, { orgVersion, sentVersion: item.version }),
      );
    }
    let fields: SfRecord;
    if (item.jsonOnly) {
      fields = { [nsName(ns, 'Submission_JSON__c')]: JSON.stringify(item.jsonOnly) };
      if (!ex) fields[nsName(ns, 'Form_Definition__c')] = item.formId;
    } else {
      try {
        if (item.status !== null) orgStatus(item.status);
        const score = scores[index];
        fields = submissionRecordFields(ns, score ? { ...item, score } : item);
        if (isSubmit(item))
          Object.assign(fields, reportFieldsOnSubmit(ns, ex, item.version ?? orgVersion ?? 0));
      } catch (e) {
        return fail(index, toApiError(e));
      }
    }
    sent.push({ index, record: { attributes: { type: object }, [extField]: key, ...fields } });
  });

  const upsert = async (records: SfRecord[]) =>
    (await conn.request({
      method: 'PATCH',
      url: `/services/data/v${call.deps.config.salesforce.apiVersion}/composite/sobjects/${object}/${extField}`,
      body: JSON.stringify({ allOrNone: false, records }),
      headers: { 'Content-Type': 'application/json' },
    })) as CollectionResult[] | undefined;
  const refused = new Map<number, SubmissionFieldError[]>();
  if (sent.length > 0) {
    const answer = await upsert(sent.map((s) => s.record));
    // Submits the org's validation refused: kept in the org as In Progress (one more upsert for all of
    // them), each answered without url and with its errors (spec section 4, step 3).
    const drafts: { index: number; record: SfRecord }[] = [];
    sent.forEach(({ index }, j) => {
      const r = Array.isArray(answer) ? answer[j] : undefined;
      const item = items[index];
      const verdict = r?.success ? undefined : verdictErrors(r?.errors);
      if (!verdict || !item || !isSubmit(item)) return;
      refused.set(index, toSubmissionErrors(verdict, item.submission.data));
      const fields = submissionRecordFields(ns, { ...item, status: 'in progress' });
      drafts.push({ index, record: { attributes: { type: object }, [extField]: keys[index], ...fields } });
    });
    const draftAnswer = drafts.length > 0 ? await upsert(drafts.map((d) => d.record)) : [];
    const byIndex = new Map<number, CollectionResult | undefined>(
      sent.map(({ index }, j) => [index, Array.isArray(answer) ? answer[j] : undefined]),
    );
    drafts.forEach((d, k) => byIndex.set(d.index, Array.isArray(draftAnswer) ? draftAnswer[k] : undefined));
    const instanceUrl = call.auth().instanceUrl;
    sent.forEach(({ index }) => {
      const key = keys[index] ?? '';
      const item = items[index];
      const r = byIndex.get(index);
      const ex = byKey.get(key.toLowerCase());
      const id = r?.id ?? (ex?.Id as string | undefined);
      if (!item || !r?.success || !id) return fail(index, recordError(r));
      const errors = refused.get(index);
      const orgVersion = ex ? Number(ex[versionField] ?? 0) : null;
      results[index] = {
        key,
        ok: true,
        id,
        url: errors ? null : `${instanceUrl}/${id}`,
        created: Boolean(r.created ?? !ex),
        version: item.version ?? orgVersion ?? 0,
        ...(errors ? { errors } : {}),
      };
    });
  }

  // Submitting sets the main record's action field; a failure there is that item's (transient)
  // failure and a retry repeats both, harmlessly.
  for (const { index } of sent) {
    const item = items[index];
    const result = results[index];
    if (!item || !result?.ok || refused.has(index) || !isSubmit(item)) continue;
    const ex = byKey.get((keys[index] ?? '').toLowerCase());
    const mainId = isSfId(item.submission.mainRecordId)
      ? item.submission.mainRecordId
      : (ex?.[mainField] as string | undefined);
    if (!isSfId(mainId)) continue;
    try {
      await setActionField(call, mainId, item.submission);
    } catch (e) {
      fail(index, toApiError(e));
    }
  }
  // The inspection report of each accepted submit, made outside the request (issue 42): every route
  // that writes a submission comes through here, and a report never fails its submit.
  for (const { index, record } of sent) {
    const item = items[index];
    const result = results[index];
    if (!item || !result?.ok || refused.has(index) || !isSubmit(item)) continue;
    const ex = byKey.get((keys[index] ?? '').toLowerCase());
    if (reportDone(ns, ex, result.version)) continue;
    const mainId = String(record[mainField] ?? ex?.[mainField] ?? '');
    const formDef = await reportDefinition(item, definitions);
    queueReport(call, result.id, {
      version: result.version,
      saved: JSON.parse(String(record[nsName(ns, 'Submission_JSON__c')] ?? '{}')) as SfRecord,
      mainRecordId: isSfId(mainId) ? mainId : '',
      recordName: reportContext?.names.get(mainId.slice(0, 15)) ?? '',
      documentId: String(ex?.[nsName(ns, 'Report_Document_Id__c')] ?? ''),
      ...(reportContext?.inspector ? { inspector: reportContext.inspector } : {}),
      ...(formDef ? { formDef } : {}),
    });
  }
  if (reportContext?.stale.length) retryStale(call, reportContext.stale);
  return results.map((r, i) => r ?? { key: keys[i] ?? '', ok: false, error: recordError(undefined) });
}

/**
 * The starting data a submission was filled with: sent on its own (the outbox), or inside the kept
 * definition it carries (the single-record routes).
 */
function startingDataOf(item: SubmissionItem): unknown {
  return (
    item.submission.startingData ??
    (item.submission.formDef as { startingData?: unknown } | null | undefined)?.startingData
  );
}

/**
 * The definition the report lays the form out with: the whole one the submission carries, else the
 * org's (the one the submit check read) with the submission's starting data.
 */
async function reportDefinition(
  item: SubmissionItem,
  definitions: Map<string, Promise<FormDefinition | null>>,
): Promise<SfRecord | undefined> {
  const carried = item.submission.formDef as SfRecord | null | undefined;
  if (carried && typeof carried === 'object' && 'schema' in carried) return carried;
  const org = await definitions.get(item.formId);
  if (!org) return carried ?? undefined;
  const startingData = startingDataOf(item);
  return startingData && typeof startingData === 'object'
    ? ({ ...org, startingData } as unknown as SfRecord)
    : (org as unknown as SfRecord);
}

/** The day a submit was made (its submittedOn, as sent from an offline queue), else today (UTC). */
function submitDay(submittedOn: unknown): string {
  const t = typeof submittedOn === 'string' || typeof submittedOn === 'number' ? new Date(submittedOn) : null;
  return (t && !Number.isNaN(t.getTime()) ? t : new Date()).toISOString().slice(0, 10);
}

/** Submit: '{ns}__Activity_Code__c' = submitForm when the main object has it, else the first nextaction key. */
export async function setActionField(call: Call, mainId: string, submission: SfRecord): Promise<void> {
  const conn = call.conn();
  // cached (per org and user, 5 minutes): the submit read the record's name with it too
  const object = await objectOfId(conn, mainId);
  if (!object) return;
  const describe = await describeObject(conn, object);
  const names = new Set(describe.fields.filter((f) => f.updateable !== false).map((f) => f.name));
  let field: string | undefined = n(call, 'Activity_Code__c');
  if (!names.has(field)) {
    const formDef = submission.formDef as SfRecord | null | undefined;
    const nextaction = formDef?.nextaction as SfRecord | undefined;
    field = nextaction ? Object.keys(nextaction)[0] : undefined;
    if (!field || !names.has(field)) return;
  }
  await conn.sobject(object).update({ Id: mainId, [field]: DEFAULT_ACTION_VALUE });
}

/** A single-record route: the writer with one item; a failure is that route's error answer. */
async function writeOne(call: Call, item: SubmissionItem): Promise<SfRecord> {
  const [r] = await writeSubmissions(call, [item]);
  if (!r) throw new ApiError('ORG_UNAVAILABLE', undefined, { reason: 'no result for this record' });
  if (!r.ok) throw r.error;
  return {
    url: r.url,
    id: r.id,
    created: r.created,
    version: r.version,
    uniquenessConstraint: r.key,
    ...(r.errors ? { errors: r.errors } : {}),
  };
}

const versionOf = (value: unknown, fallback: number | null): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : fallback;

/** `formId#submissionId` of the spec's formSubmissionIdentifier. */
const identifier = (call: Call): [string, string] => {
  const [formId = '', submissionId = ''] = (call.query.formSubmissionIdentifier ?? '').split('#');
  return [formId, submissionId];
};

export const submissionHandlers: Record<string, Handler> = {
  submitData(call) {
    const q = call.query;
    return writeOne(call, {
      formId: q.recordId ?? '',
      submissionId: q.submissionId ?? '',
      status: q.submissionStatus ?? null,
      version: Number(q.version),
      submission: call.body,
      networkId: q.networkId,
    });
  },

  saveSubmission(call) {
    const [formId, submissionId] = identifier(call);
    return writeOne(call, {
      formId,
      submissionId,
      status: typeof call.body.status === 'string' ? call.body.status : 'in progress',
      version: versionOf(call.body.version, 1),
      submission: call.body,
      networkId: call.query.networkId,
    });
  },

  async submissionJson(call) {
    const [formId, submissionId] = identifier(call);
    const res = await writeOne(call, {
      formId,
      submissionId,
      status: null,
      version: null,
      submission: {},
      networkId: undefined,
      jsonOnly: call.body.json as SfRecord,
    });
    return { id: res.id, created: res.created };
  },

  async submitBatch(call): Promise<SubmissionBatchWireResult[]> {
    // Completions of corrective actions queued on a device (their formId is the task's Id) close their
    // tasks; the rest are submissions. One answer per item, in the items' order.
    const all = call.body.items as SfRecord[];
    const completions = new Map<number, Promise<SubmissionBatchWireResult>>();
    all.forEach((item, index) => {
      if (isActionCompletion(item.formId)) completions.set(index, completeQueued(call, item));
    });
    const submissions = all.filter((_, index) => !completions.has(index));
    const written = submissions.length > 0 ? await writeBatch(call, submissions) : [];
    let next = 0;
    return Promise.all(
      all.map((_, index) => completions.get(index) ?? (written[next++] as SubmissionBatchWireResult)),
    );
  },
};

/** The batch's submissions through the one writer, answered as the wire says. */
async function writeBatch(call: Call, all: SfRecord[]): Promise<SubmissionBatchWireResult[]> {
  const items = all.map((i): SubmissionItem => ({
    formId: String(i.formId),
    submissionId: String(i.id),
    status: String(i.status),
    version: Number(i.version),
    submission: i,
    networkId: call.query.networkId,
  }));
  return (await writeSubmissions(call, items)).map((r) =>
    r.ok
      ? {
          uniquenessKey: r.key,
          ok: true,
          id: r.id,
          url: r.url,
          created: r.created,
          version: r.version,
          ...(r.errors ? { errors: r.errors } : {}),
        }
      : {
          uniquenessKey: r.key,
          ok: false,
          status: r.error.status,
          errorCode: r.error.code,
          messages: [r.error.message],
          ...(r.error.details === undefined ? {} : { details: r.error.details }),
        },
  );
}
