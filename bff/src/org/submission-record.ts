import { ApiError } from '../http/errors';
import { isSfId } from './soql';
import type { SfRecord } from './util';
import { nsName } from 'shared-contracts';
import type { SubmissionScore } from 'form-core/score-block';

const STATUS_TO_ORG: Record<string, string> = {
  'in progress': 'In Progress',
  submitted: 'Submitted',
  scheduled: 'Scheduled',
  pending: 'Pending',
};

/** The local status as the org spells it; 400 for anything else. */
export function orgStatus(status: string): string {
  const mapped = STATUS_TO_ORG[status.toLowerCase()];
  if (!mapped) throw new ApiError('BAD_REQUEST', 'Unknown submission status.');
  return mapped;
}

export interface SubmissionWrite {
  formId: string;
  submissionId: string;
  status: string | null;
  version: number | null;
  submission: SfRecord;
  networkId: string | undefined;
  /** A submit of a scored form: its score (the JSON's `score` block and the Score_* fields). */
  score?: SubmissionScore;
}

/**
 * The form submission record's fields for a save or submit (not the external id): one place, so the
 * single write and the batch store exactly the same record.
 */
export function submissionRecordFields(ns: string, input: SubmissionWrite): SfRecord {
  const f = (name: string): string => nsName(ns, name);
  const s = input.submission;
  const fields: SfRecord = { [f('Form_Definition__c')]: input.formId };
  if (input.status) fields[f('Status__c')] = orgStatus(input.status);
  if (input.version !== null) fields[f('Version__c')] = input.version;
  fields[f('Submission_JSON__c')] = JSON.stringify({
    id: input.submissionId,
    formId: input.formId,
    formName: s.formName ?? null,
    data: s.data ?? {},
    status: input.status,
    version: input.version,
    createdOn: s.createdOn ?? null,
    submittedOn: s.submittedOn ?? null,
    // the language it was filled in (issue 44): the report reads in it; older JSON has none
    ...(typeof s.language === 'string' && s.language ? { language: s.language } : {}),
    ...(input.networkId ? { networkId: input.networkId } : {}),
    ...(input.score ? { score: input.score } : {}),
  });
  if (input.score) {
    fields[f('Score_Points__c')] = input.score.points;
    fields[f('Score_Max__c')] = input.score.max;
    fields[f('Score_Percent__c')] = input.score.percent;
    fields[f('Score_Passed__c')] = input.score.passed === true;
  }
  if (isSfId(s.mainRecordId)) fields[f('Main_Record_Id__c')] = s.mainRecordId;
  if (isSfId(s.controlledDocumentId)) fields[f('SQX_Controlled_Document__c')] = s.controlledDocumentId;
  if (typeof s.scheduledDate === 'string' && /^\d{4}-\d{2}-\d{2}/.test(s.scheduledDate)) {
    fields[f('Scheduled_Date__c')] = s.scheduledDate.slice(0, 10);
  }
  return fields;
}
