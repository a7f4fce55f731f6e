// What a report job carries and the report's wire constants, shared by the queue (org-report.ts)
// and the report's org reads and write (report-write.ts).
import type { Connection } from 'jsforce';
import { nsName } from 'shared-contracts';
import type { ReportSubmission } from 'report';
import { callClient } from '../org/client';
import type { Call } from '../routes/types';
import type { Inspector } from './submit-reads';

export const REPORT_KEY_PREFIX = 'report#';
export const reportKey = (recordId: string, version: number): string =>
  `${REPORT_KEY_PREFIX}${recordId}#v${version}`;
/** Jobs waiting at most; past that a report stays Pending in the org and is picked up later. */
export const REPORT_QUEUE_MAX = 200;
/** Background retries after the first attempt (then: on the next read or the next submit). */
export const RETRY_DELAYS_MS = [2_000, 15_000, 60_000];
/** Photos read for one report, in bytes (the rest show their names). */
export const MAX_PHOTO_BYTES = 60 * 1024 * 1024;

/** Photo reads (plain fetches) are the report's calls too. */
export const REPORT_CLIENT = `client=${callClient('report')}`;

/** The submission record's report fields (salesforce/: SQX_Form_Submission__c). */
export const REPORT_FIELDS = ['Report_Status__c', 'Report_Version__c', 'Report_Document_Id__c'] as const;

export type ReportState =
  | { status: 'pending'; version: number; attempts: number; error?: string }
  | { status: 'ready'; version: number; contentDocumentId: string; contentVersionId: string }
  | { status: 'failed'; version: number; attempts: number; error: string }
  | { status: 'none' };

/** What the submit already holds of a report: enough to make it with no read of its own. */
export interface KnownReport {
  version: number;
  /** The Submission_JSON__c as written. */
  saved: Partial<ReportSubmission>;
  /** The name of the record it was filled for ('' when it has none or it could not be read). */
  recordName: string;
  mainRecordId: string;
  /** The report's ContentDocument ('' before its first version). */
  documentId: string;
  inspector?: Inspector;
  formDef?: unknown;
}

export interface Job {
  recordId: string;
  conn: Connection;
  orgFetch: Call['orgFetch'];
  apiVersion: string;
  ns: string;
  userId: string;
  /** The definition the device filled (checklists merged in); the org's Form_JSON__c otherwise. */
  formDef?: unknown;
  /** From the submit (no read); absent for a retry, which reads the record. */
  known?: KnownReport;
  attempts: number;
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const f = (ns: string, name: string): string => nsName(ns, name);
