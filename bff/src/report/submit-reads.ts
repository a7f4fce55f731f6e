/**
 * What a submit reads and writes for its inspection reports (issue 42), inside the submit's own
 * Composite read and upsert: the inspector, their stale reports, the names of the records filled for,
 * and the report fields the submission record is written with.
 */
import { TtlCache } from '../cache/ttl-cache';
import { localeFromSalesforce, nsName } from 'shared-contracts';
import type { DisplayOptions } from 'form-core';
import { describeObject, objectOfId } from '../org/describe';
import { eqId, inIds, isSfId, select } from '../org/soql';
import type { SfRecord } from '../org/util';
import type { Call } from '../routes/types';

export interface Inspector {
  name: string;
  timeZone: string;
  /** Their LocaleSidKey as an Intl tag (de_DE → de-DE); '' when the org gives none. */
  locale: string;
}

/** The User fields an inspector is read from (the submit's read and a report's retry read the same). */
export const INSPECTOR_FIELDS = ['Id', 'Name', 'TimeZoneSidKey', 'LocaleSidKey'];

export const inspectorOf = (row: SfRecord): Inspector => ({
  name: str(row.Name),
  timeZone: str(row.TimeZoneSidKey),
  locale: localeFromSalesforce(str(row.LocaleSidKey)) ?? '',
});

/** How a report shows the inspector's dates: in their time zone, in their locale when of the report's language. */
export const inspectorDisplay = (inspector: Inspector | undefined): DisplayOptions => ({
  ...(inspector?.timeZone ? { timeZone: inspector.timeZone } : {}),
  ...(inspector?.locale ? { locale: inspector.locale } : {}),
});

/** Stale reports a submit picks up at most. */
const STALE_PER_SUBMIT = 3;
// The inspector's name and time zone, read with a submit once an hour at most (a retry reads it too).
export const inspectors = new TtlCache<Inspector>({ max: 10_000, ttlMs: 3_600_000 });

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const f = (ns: string, name: string): string => nsName(ns, name);

/** The queries a submit batch adds to its one Composite read, and what their answers hold. */
export interface ReportReads {
  soqls: string[];
  take(answers: SfRecord[][]): SubmitReportContext;
}

export interface SubmitReportContext {
  inspector?: Inspector;
  /** Record Id (15 characters) → its name. */
  names: Map<string, string>;
  /** The inspector's submissions whose report has been Pending or Failed for a while. */
  stale: string[];
}

/**
 * The reads a submit adds for its reports, at most `slots` queries (the Composite call takes 5): the
 * inspector (once an hour), their stale reports, the names of the records filled for (one object: a
 * batch is one form's records almost always; the others show their Id).
 */
export async function reportReads(call: Call, mainIds: string[], slots: number): Promise<ReportReads> {
  const ns = call.deps.config.salesforce.namespace;
  const { userId } = call.auth();
  const cached = inspectors.get(userId);
  const soqls: string[] = [];
  const parts: Array<'user' | 'stale' | 'names'> = [];
  if (!cached && slots > soqls.length) {
    soqls.push(
      select({
        fields: INSPECTOR_FIELDS,
        from: 'User',
        where: [eqId('Id', userId)],
        limit: 1,
      }),
    );
    parts.push('user');
  }
  if (slots > soqls.length) {
    const before = new Date(Date.now() - call.deps.config.report.retryAfterMs).toISOString();
    soqls.push(
      `${select({
        fields: ['Id'],
        from: f(ns, 'SQX_Form_Submission__c'),
        where: [
          `${f(ns, 'Status__c')} = 'Submitted'`,
          `${f(ns, 'Report_Status__c')} IN ('Pending', 'Failed')`,
          eqId('CreatedById', userId),
          `LastModifiedDate < ${before.replace(/\.\d+Z$/, 'Z')}`,
        ],
        orderBy: { field: 'LastModifiedDate' },
        limit: STALE_PER_SUBMIT,
      })}`,
    );
    parts.push('stale');
  }
  let nameField = '';
  if (slots > soqls.length && mainIds.length) {
    try {
      const object = await objectOfId(call.conn(), mainIds[0] ?? '');
      if (object) {
        const describe = await describeObject(call.conn(), object);
        nameField =
          (describe.fields as { name: string; nameField?: boolean }[]).find((x) => x.nameField)?.name ?? '';
        const ids = mainIds.filter((id) => id.slice(0, 3) === mainIds[0]?.slice(0, 3));
        if (nameField) {
          soqls.push(select({ fields: ['Id', nameField], from: object, where: [inIds('Id', ids)] }));
          parts.push('names');
        }
      }
    } catch (err) {
      // a record the user cannot describe shows its Id
      call.deps.logger.debug({ err }, 'report: record names not read');
    }
  }
  return {
    soqls,
    take(answers) {
      const out: SubmitReportContext = {
        names: new Map(),
        stale: [],
        ...(cached ? { inspector: cached } : {}),
      };
      parts.forEach((part, i) => {
        const rows = answers[i] ?? [];
        if (part === 'user' && rows[0]) {
          out.inspector = inspectorOf(rows[0]);
          inspectors.set(userId, out.inspector);
        } else if (part === 'stale') out.stale = rows.map((r) => str(r.Id)).filter(isSfId);
        else if (part === 'names')
          for (const r of rows) out.names.set(str(r.Id).slice(0, 15), str(r[nameField]));
      });
      return out;
    },
  };
}

/** Whether the record already has the report of `version` (a submit retried as it was). */
export function reportDone(ns: string, existing: SfRecord | undefined, version: number): boolean {
  return (
    !!existing &&
    existing[f(ns, 'Report_Status__c')] === 'Ready' &&
    Number(existing[f(ns, 'Report_Version__c')]) === version
  );
}

/** The report fields a submit writes with its record: Pending, no error (unless already made). */
export function reportFieldsOnSubmit(ns: string, existing: SfRecord | undefined, version: number): SfRecord {
  if (reportDone(ns, existing, version)) return {};
  return { [f(ns, 'Report_Status__c')]: 'Pending', [f(ns, 'Report_Error__c')]: null };
}
