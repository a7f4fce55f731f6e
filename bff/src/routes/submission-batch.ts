/**
 * POST /api/submissions/batch: the offline outbox's bulk path. Up to 200 submissions become one
 * version query and one sObject Collections upsert by the external id formId#submissionId, so a
 * retried batch (a lost answer, a duplicate delivery) updates the same records and never makes a
 * second one. Each item is stored exactly as the single write stores it (the JSON for PDF rendering is
 * the same field, so it needs no second call) and gets its own answer: one item's version conflict
 * or org error never fails the others. A submit the org's validation refuses is kept as In Progress
 * and answered without url and with its errors (submission-errors.ts).
 */
import type { FormDefinition, SubmissionBatchWireResult } from 'shared-contracts';
import { ApiError, toApiError } from '../http/errors';
import { inList, isSfId, select } from '../org/soql';
import { orgStatus, submissionRecordFields } from '../org/submission-record';
import { readTogether } from '../org/read-together';
import type { SfRecord } from '../org/util';
import { toSubmissionErrors, verdictErrors, type SubmissionFieldError } from './submission-errors';
import {
  formStamps,
  formStampsSoql,
  submitRefusal,
  type FormLoader,
  type FormStamps,
} from './submission-check';
import type { Call } from './types';
import { nsName } from 'shared-contracts';

type SetActionField = (call: Call, mainId: string, submission: SfRecord) => Promise<void>;

interface CollectionResult {
  id?: string | null;
  success?: boolean;
  created?: boolean;
  errors?: { statusCode?: string; errorCode?: string; message?: string; fields?: string[] }[];
}

function failure(key: string, err: ApiError): SubmissionBatchWireResult {
  return {
    uniquenessKey: key,
    ok: false,
    status: err.status,
    errorCode: err.code,
    messages: [err.message],
    ...(err.details === undefined ? {} : { details: err.details }),
  };
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

export async function submitBatch(
  call: Call,
  setActionField: SetActionField,
  loadForm: FormLoader,
): Promise<SubmissionBatchWireResult[]> {
  const ns = call.deps.config.salesforce.namespace;
  const object = nsName(ns, 'SQX_Form_Submission__c');
  const extField = nsName(ns, 'Uniqueness_Constraint__c');
  const versionField = nsName(ns, 'Version__c');
  const mainField = nsName(ns, 'Main_Record_Id__c');
  const items = call.body.items as SfRecord[];
  const keys = items.map((i) => `${String(i.formId)}#${String(i.id)}`);
  // the external id is case-insensitive: two items for one record would race inside one upsert
  if (new Set(keys.map((k) => k.toLowerCase())).size !== keys.length) {
    throw new ApiError('BAD_REQUEST', 'Each submission may appear only once in a batch.');
  }
  const conn = call.conn();
  const versionsSoql = select({
    fields: ['Id', extField, versionField, mainField],
    from: object,
    where: [inList(extField, keys)],
    limit: keys.length,
  });
  // The submits' forms, to check them against (their LastModifiedDate tells whether the parsed
  // definition kept in memory is current): read with the versions in one Composite call, which the
  // org counts as one against its daily allowance (issue 33: a submit costs this call and the upsert).
  const formIds = [
    ...new Set(
      items
        .filter((i) => String(i.status).toLowerCase() === 'submitted' && isSfId(i.formId))
        .map((i) => String(i.formId)),
    ),
  ];
  const formsSoql = formIds.length > 0 ? formStampsSoql(call, formIds) : null;
  const [existing = [], forms] = await readTogether(
    conn,
    call.deps.config.salesforce.apiVersion,
    formsSoql ? [versionsSoql, formsSoql] : [versionsSoql],
  );
  const stamps: FormStamps = formStamps(forms ?? []);
  const byKey = new Map(existing.map((r) => [String(r[extField]).toLowerCase(), r]));

  const results: (SubmissionBatchWireResult | undefined)[] = new Array(items.length);
  const sent: { index: number; record: SfRecord }[] = [];
  // Submits checked against their forms first (submission-check.ts): a refused one is not written.
  const definitions = new Map<string, Promise<FormDefinition | null>>();
  const refusals = await Promise.all(
    items.map((item) =>
      String(item.status).toLowerCase() === 'submitted'
        ? submitRefusal(call, String(item.formId), item.data, loadForm, stamps, definitions)
        : undefined,
    ),
  );
  items.forEach((item, index) => {
    const key = keys[index] ?? '';
    const refusal = refusals[index];
    if (refusal) {
      results[index] = failure(key, refusal);
      return;
    }
    const ex = byKey.get(key.toLowerCase());
    const version = Number(item.version);
    const orgVersion = ex ? Number(ex[versionField] ?? 0) : null;
    if (orgVersion !== null && version < orgVersion) {
      results[index] = failure(
        key,
        new ApiError('VERSION_CONFLICT', undefined, { orgVersion, sentVersion: version }),
      );
      return;
    }
    try {
      orgStatus(String(item.status));
    } catch (e) {
      results[index] = failure(key, toApiError(e));
      return;
    }
    const fields = submissionRecordFields(ns, {
      formId: String(item.formId),
      submissionId: String(item.id),
      status: String(item.status),
      version,
      submission: item,
      networkId: call.query.networkId,
    });
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
    // them), each answered without url and with its errors, as the single submit does.
    const drafts: { index: number; j: number; record: SfRecord }[] = [];
    sent.forEach(({ index }, j) => {
      const r = Array.isArray(answer) ? answer[j] : undefined;
      const item = items[index] ?? {};
      const verdict = r?.success ? undefined : verdictErrors(r?.errors);
      if (!verdict || String(item.status).toLowerCase() !== 'submitted') return;
      refused.set(index, toSubmissionErrors(verdict, item.data));
      const fields = submissionRecordFields(ns, {
        formId: String(item.formId),
        submissionId: String(item.id),
        status: 'in progress',
        version: Number(item.version),
        submission: item,
        networkId: call.query.networkId,
      });
      drafts.push({ index, j, record: { attributes: { type: object }, [extField]: keys[index], ...fields } });
    });
    const draftAnswer = drafts.length > 0 ? await upsert(drafts.map((d) => d.record)) : [];
    const byIndex = new Map<number, CollectionResult | undefined>(
      sent.map(({ index }, j) => [index, Array.isArray(answer) ? answer[j] : undefined]),
    );
    drafts.forEach((d, k) => byIndex.set(d.index, Array.isArray(draftAnswer) ? draftAnswer[k] : undefined));
    const instanceUrl = call.auth().instanceUrl;
    sent.forEach(({ index }) => {
      const key = keys[index] ?? '';
      const r = byIndex.get(index);
      const ex = byKey.get(key.toLowerCase());
      const id = r?.id ?? (ex?.Id as string | undefined);
      if (!r?.success || !id) {
        results[index] = failure(key, recordError(r));
        return;
      }
      const errors = refused.get(index);
      results[index] = {
        uniquenessKey: key,
        ok: true,
        id,
        url: errors ? null : `${instanceUrl}/${id}`,
        created: Boolean(r.created ?? !ex),
        version: Number(items[index]?.version),
        ...(errors ? { errors } : {}),
      };
    });
  }

  // Submitting sets the main record's action field, as the single submit does; a failure there is
  // that item's (transient) failure and a retry repeats both, harmlessly.
  for (const { index } of sent) {
    const item = items[index] ?? {};
    const result = results[index];
    if (!result?.ok || refused.has(index) || String(item.status).toLowerCase() !== 'submitted') continue;
    const ex = byKey.get((keys[index] ?? '').toLowerCase());
    const mainId = isSfId(item.mainRecordId) ? item.mainRecordId : (ex?.[mainField] as string | undefined);
    if (!isSfId(mainId)) continue;
    try {
      await setActionField(call, mainId, item);
    } catch (e) {
      results[index] = failure(result.uniquenessKey, toApiError(e));
    }
  }
  return results.map((r, i) => r ?? failure(keys[i] ?? '', recordError(undefined)));
}
