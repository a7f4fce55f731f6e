// The signed-in user's submission records: the pending and scheduled lists, one record to pull, and
// the discard of a draft (the writes are in ./submissions).
import { formTitle } from 'shared-contracts';
import { ApiError } from '../http/errors';
import { safeJsonParse } from '../http/body';
import { eq, eqId, inIds, inList, isSfId, select } from '../org/soql';
import { formDefinition } from './form-definition';
import { queryAll, stripNs, type SfRecord } from '../org/util';
import { orgErrorItems } from './submission-errors';
import { type Call, type Handler } from './types';
import { orgName as n } from './ns';

function submissionFields(call: Call): string[] {
  return [
    'Id',
    'Name',
    n(call, 'Uniqueness_Constraint__c'),
    n(call, 'Form_Definition__c'),
    n(call, 'Scheduled_Date__c'),
    n(call, 'SQX_Controlled_Document__c'),
    n(call, 'Main_Record_Id__c'),
    n(call, 'Version__c'),
    n(call, 'Status__c'),
    n(call, 'Submission_JSON__c'),
    // when the record was made: an imported record's 'Created' and its place in the newest-first lists
    'CreatedDate',
    'LastModifiedDate',
  ];
}

type SelectSpec = Parameters<typeof select>[0];

/** The signed-in user's form submissions matching `where`, newest first, namespace stripped. */
async function mySubmissions(
  call: Call,
  where: NonNullable<SelectSpec['where']>,
  orderBy: SelectSpec['orderBy'] = { field: 'LastModifiedDate', direction: 'DESC' },
): Promise<SfRecord[]> {
  const records = await queryAll(
    call.conn(),
    select({
      fields: submissionFields(call),
      from: n(call, 'SQX_Form_Submission__c'),
      where: [...where, eqId('OwnerId', call.auth().userId)],
      orderBy,
      limit: 2000,
    }),
  );
  return records.map((r) => stripNs(r, call.deps.config.salesforce.namespace));
}

/**
 * Records made in the org (a manager's Pending or Scheduled submission) have no Submission_JSON__c, or
 * one without formName; the app shows and imports them under the form's title (name - title, as the
 * form card), so the answer's JSON carries that title. One query for all the forms involved. The
 * record's own fields are untouched; JSON that cannot be parsed is left as it is.
 */
async function withFormNames(call: Call, records: SfRecord[]): Promise<SfRecord[]> {
  const formKey = 'Form_Definition__c';
  const parse = (raw: unknown): SfRecord | null => {
    if (raw === null || raw === undefined || raw === '') return {};
    try {
      const json = safeJsonParse(String(raw));
      return json && typeof json === 'object' && !Array.isArray(json) ? (json as SfRecord) : null;
    } catch {
      return null;
    }
  };
  const needs = (r: SfRecord): boolean => {
    const json = parse(r.Submission_JSON__c);
    return json !== null && typeof json.formName !== 'string';
  };
  const ids = [
    ...new Set(
      records
        .filter(needs)
        .map((r) => r[formKey])
        .filter(isSfId),
    ),
  ];
  if (ids.length === 0) return records;
  const forms = await queryAll(
    call.conn(),
    select({
      fields: ['Id', 'Name', n(call, 'Title__c')],
      from: n(call, 'SQX_Form_Definition__c'),
      where: [inIds('Id', ids)],
    }),
  );
  const titles = new Map(
    forms.map((f) => [
      String(f.Id),
      formTitle({ Name: String(f.Name ?? ''), Title__c: (f[n(call, 'Title__c')] as string | null) ?? null }),
    ]),
  );
  return records.map((r) => {
    const title = titles.get(String(r[formKey]));
    if (!title || !needs(r)) return r;
    return { ...r, Submission_JSON__c: JSON.stringify({ ...parse(r.Submission_JSON__c), formName: title }) };
  });
}

export const submissionRecordHandlers: Record<string, Handler> = {
  async pendingSubmissions(call) {
    return withFormNames(
      call,
      // Pending = not submitted: a Submitted record is the org's to process, never the user's work in
      // progress, so home's import must not bring it back (spec section 4, importing pending records).
      await mySubmissions(call, [inList(n(call, 'Status__c'), ['In Progress', 'Pending'])]),
    );
  },

  async pendingSubmissionByForm(call) {
    return mySubmissions(call, [
      eqId(n(call, 'Form_Definition__c'), call.query.formId ?? ''),
      inList(n(call, 'Status__c'), ['In Progress', 'Pending']),
    ]);
  },

  async syncPendingSubmissions(call) {
    const ns = call.deps.config.salesforce.namespace;
    const [rec] = await queryAll(
      call.conn(),
      select({
        fields: submissionFields(call),
        from: n(call, 'SQX_Form_Submission__c'),
        where: [eqId('Id', call.query.recordId ?? '')],
        limit: 1,
      }),
    );
    if (!rec) throw new ApiError('NOT_FOUND', "Couldn't find the matching submission.");
    const [out] = (await withFormNames(call, [stripNs(rec, ns)])) as [SfRecord];
    const formId = out.Form_Definition__c;
    if (isSfId(formId)) {
      try {
        out.formDefinition = await formDefinition(call, formId);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        out.formDefinition = null;
      }
    }
    return out;
  },

  async scheduledSubmissions(call) {
    return mySubmissions(call, [eq(n(call, 'Status__c'), 'Scheduled')], {
      field: n(call, 'Scheduled_Date__c'),
      direction: 'DESC',
      nulls: 'LAST',
    });
  },

  async discardSubmission(call) {
    // Only the signed-in user's own draft and only while In Progress: anything else is the org's.
    const [draft] = await mySubmissions(call, [
      eq(n(call, 'Uniqueness_Constraint__c'), call.query.formSubmissionIdentifier ?? ''),
      eq(n(call, 'Status__c'), 'In Progress'),
    ]);
    if (!draft) return { deleted: false };
    try {
      await call.conn().sobject(n(call, 'SQX_Form_Submission__c')).destroy(String(draft.Id));
    } catch (err) {
      // Deleted meanwhile (a retry racing the first call): the answer is the same.
      const code = orgErrorItems(err)?.[0]?.errorCode;
      if (code === 'ENTITY_IS_DELETED' || code === 'NOT_FOUND') return { deleted: false };
      throw err;
    }
    return { deleted: true };
  },
};
