/**
 * The org's copy of the inspection report (issue 42): after a successful submit the submission's
 * report is rendered (package `report`, the same code as the device's offline copy) and written to
 * the org as a ContentVersion linked to the submission record.
 *
 * - One org call per report (issue 42's allowance: a submit with its report costs at most 3). What the
 *   report needs is read by the submit itself, in the Composite call it makes anyway (its record's
 *   report fields, the inspector's name and time zone, the name of the record it was filled for:
 *   `reportReads`), and the report is written in one Composite call, all or none: the ContentVersion,
 *   its document's Id read back, and the submission record's report fields (Ready, the version, the
 *   document). FirstPublishLocationId links the first version to the submission record, so there is no
 *   ContentDocumentLink call.
 * - Exactly once per submitted version: each version carries the upload key
 *   `report#{submissionRecordId}#v{version}` (ContentVersion's unique external id); the record's
 *   Report_Version__c says which version has its report, and a write that races another instance
 *   gets DUPLICATE_VALUE from the org and counts as done.
 * - The first version creates the document; a resubmit after a refusal passes the document kept in
 *   Report_Document_Id__c, so it is a new version of the same document, never a second document.
 * - State in the org, where the admin reads it and a restart does not lose it: the submit writes
 *   Report_Status__c = Pending with the record; the report's write sets Ready; a failed attempt sets
 *   Failed with Report_Error__c (attempt count and the org's message; one call, only on failure).
 * - Outside the request path: a bounded in-process queue (REPORT_QUEUE_MAX jobs waiting, one rendering
 *   at a time, on a worker thread: render-off-thread.ts). A failure never touches the submit: it is logged (`report failed`), written to the
 *   record, retried with backoff, retried again whenever the report is asked for, and picked up by the
 *   inspector's next submit (any instance, after a restart too) once it has been Pending or Failed for
 *   REPORT_RETRY_AFTER_MS.
 */
import { TtlCache } from '../cache/ttl-cache';
import type { Logger } from 'pino';
import { reportModel, photoRefs, type ReportSubmission } from 'report';
import { callClient } from '../org/client';
import { describeObject, objectOfId } from '../org/describe';
import { readTogether } from '../org/read-together';
import { renderOffThread } from './render-off-thread';
import { INSPECTOR_FIELDS, inspectorDisplay, inspectorOf, inspectors } from './submit-reads';
import { eqId, isSfId, select, startsWith } from '../org/soql';
import { stripNs, type SfRecord } from '../org/util';
import type { Call } from '../routes/types';
import {
  f,
  REPORT_FIELDS,
  REPORT_KEY_PREFIX,
  REPORT_QUEUE_MAX,
  reportKey,
  RETRY_DELAYS_MS,
  str,
  type Job,
  type KnownReport,
  type ReportState,
} from './report-job';
import { photoBytes, writeReport } from './report-write';

export { REPORT_KEY_PREFIX, REPORT_QUEUE_MAX, REPORT_FIELDS, reportKey } from './report-job';
export type { KnownReport, ReportState } from './report-job';

// This process's view, per record, bounded: the org's record fields are the state that lasts.
const states = new TtlCache<ReportState>({ max: 10_000, ttlMs: 24 * 3_600_000 });
const queue: Job[] = [];
const queued = new Set<string>();
/** Records queued or being rendered: a read of their status never queues them twice. */
const busy = (recordId: string): boolean => queued.has(recordId) || current === recordId;
let current: string | undefined;
let running = false;
let log: Logger | undefined;

/** The report status of a submission record as this BFF last saw it. */
export function reportState(recordId: string): ReportState {
  return states.get(recordId) ?? { status: 'none' };
}

/** A report job for `recordId`, made with the caller's org connection (the job outlives the request). */
function jobFor(call: Call, recordId: string, attempts: number, known?: KnownReport, formDef?: unknown): Job {
  const conn = call.conn();
  // The job's own connection: the org logs its calls as this app's `report` (jsforce keeps the
  // Connection's callOptions there and sends them with every call), apart from the submit's route.
  (conn as unknown as { _callOptions?: Record<string, string> })._callOptions = {
    client: callClient('report'),
  };
  return {
    recordId,
    conn,
    orgFetch: call.orgFetch,
    apiVersion: call.deps.config.salesforce.apiVersion,
    ns: call.deps.config.salesforce.namespace,
    userId: call.auth().userId,
    ...(formDef === undefined ? {} : { formDef }),
    ...(known ? { known } : {}),
    attempts,
  };
}

// ---------------------------------------------------------------------------------------------------
/**
 * After a successful submit: queue the record's report with what the submit read (no read of its own).
 * Never throws and never waits: the submit's answer does not depend on it.
 */
export function queueReport(call: Call, recordId: string, known?: KnownReport): void {
  try {
    if (!isSfId(recordId)) return;
    log = call.deps.logger;
    enqueue(jobFor(call, recordId, 0, known, known?.formDef));
  } catch (err) {
    call.deps.logger.warn({ err, recordId }, 'report not queued');
  }
}

/** Reports the org holds as Pending or Failed for a while (another instance's, or before a restart). */
export function retryStale(call: Call, recordIds: string[]): void {
  for (const id of recordIds) if (!busy(id)) queueReport(call, id);
}

/** A submit that came while its record's report was rendering: run again after it (a newer version). */
const again = new Map<string, Job>();

function enqueue(job: Job): void {
  if (current === job.recordId) {
    again.set(job.recordId, job);
    return;
  }
  if (queued.has(job.recordId)) {
    // the newer submit's context replaces the older one's
    const i = queue.findIndex((j) => j.recordId === job.recordId);
    if (i >= 0 && job.known) queue[i] = job;
    return;
  }
  if (queue.length >= REPORT_QUEUE_MAX) {
    log?.warn({ recordId: job.recordId }, 'report queue full: Pending in the org, picked up later');
    return;
  }
  const prev = states.get(job.recordId);
  states.set(job.recordId, {
    status: 'pending',
    version: job.known?.version ?? (prev && prev.status !== 'none' ? prev.version : 0),
    attempts: job.attempts,
    ...(prev?.status === 'failed' ? { error: prev.error } : {}),
  });
  queued.add(job.recordId);
  queue.push(job);
  void drain();
}

let idleWaiters: Array<() => void> = [];
/** Resolves once nothing is queued or rendering (tests and the API-allowance bench count calls). */
export function reportsIdle(): Promise<void> {
  if (!running && queue.length === 0) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.push(resolve));
}

async function drain(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (let job = queue.shift(); job; job = queue.shift()) {
      queued.delete(job.recordId);
      current = job.recordId;
      job.attempts++;
      try {
        states.set(job.recordId, await makeReport(job));
      } catch (err) {
        await failed(job, err);
      } finally {
        current = undefined;
        const next = again.get(job.recordId);
        if (next) {
          again.delete(job.recordId);
          enqueue(next);
        }
      }
    }
  } finally {
    running = false;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }
}

/** A failed attempt: kept in the org (Failed, why) and here, and retried later. */
async function failed(job: Job, err: unknown): Promise<void> {
  const error = err instanceof Error ? err.message : String(err);
  const prev = states.get(job.recordId);
  const version = job.known?.version ?? (prev && prev.status !== 'none' ? prev.version : 0);
  states.set(job.recordId, { status: 'failed', version, attempts: job.attempts, error });
  log?.error({ err, recordId: job.recordId, attempts: job.attempts }, 'report failed');
  try {
    await job.conn.sobject(f(job.ns, 'SQX_Form_Submission__c')).update({
      Id: job.recordId,
      [f(job.ns, 'Report_Status__c')]: 'Failed',
      [f(job.ns, 'Report_Error__c')]: `Attempt ${job.attempts}: ${error}`.slice(0, 255),
    });
  } catch (writeErr) {
    log?.error({ err: writeErr, recordId: job.recordId }, 'report failure not written to the record');
  }
  const delay = RETRY_DELAYS_MS[job.attempts - 1];
  // a retry reads the record again: a newer submit may have come meanwhile
  const { known: _known, ...retry } = job;
  if (delay !== undefined) setTimeout(() => enqueue(retry), delay).unref();
}

// ---------------------------------------------------------------------------------------------------
// Reading (retries and status reads) and making

interface ReadContext {
  known: KnownReport | undefined;
  status: string;
  reportStatus: string;
  reportVersion: number;
  reportError: string;
  /** Report versions by upload key (those made before the record kept its document). */
  versions: SfRecord[];
}

/** What the org holds of a record's report, in one Composite call (a retry or a status read). */
async function readContext(job: Job): Promise<ReadContext | undefined> {
  const key = f(job.ns, 'Upload_Key__c');
  const cachedInspector = inspectors.get(job.userId);
  const [subs = [], versions = [], users = []] = await readTogether(
    job.conn,
    job.apiVersion,
    [
      select({
        fields: [
          'Id',
          f(job.ns, 'Version__c'),
          f(job.ns, 'Status__c'),
          f(job.ns, 'Main_Record_Id__c'),
          f(job.ns, 'Submission_JSON__c'),
          f(job.ns, 'Report_Error__c'),
          ...REPORT_FIELDS.map((x) => f(job.ns, x)),
          `${f(job.ns, 'Form_Definition__r')}.${f(job.ns, 'Form_JSON__c')}`,
        ],
        from: f(job.ns, 'SQX_Form_Submission__c'),
        where: [eqId('Id', job.recordId)],
        limit: 1,
      }),
      select({
        fields: ['Id', 'ContentDocumentId', key],
        from: 'ContentVersion',
        where: [startsWith(key, `${REPORT_KEY_PREFIX}${job.recordId}#`)],
        orderBy: { field: 'CreatedDate' },
        limit: 200,
      }),
      ...(cachedInspector
        ? []
        : [
            select({
              fields: INSPECTOR_FIELDS,
              from: 'User',
              where: [eqId('Id', job.userId)],
              limit: 1,
            }),
          ]),
    ],
    new Set([2]),
  );
  const raw = subs[0];
  if (!raw) return undefined;
  const sub = stripNs(raw, job.ns);
  const inspector = cachedInspector ?? (users[0] ? inspectorOf(users[0]) : undefined);
  if (inspector && !cachedInspector) inspectors.set(job.userId, inspector);
  const formRel = sub.Form_Definition__r as SfRecord | null | undefined;
  const orgForm = formRel ? stripNs(formRel, job.ns).Form_JSON__c : undefined;
  const version = Number(sub.Version__c ?? 0);
  const mainRecordId = str(sub.Main_Record_Id__c);
  let saved: Partial<ReportSubmission> = {};
  try {
    saved = JSON.parse(str(sub.Submission_JSON__c) || '{}') as Partial<ReportSubmission>;
  } catch {
    // an unreadable JSON makes a report of the cover alone
  }
  return {
    status: str(sub.Status__c),
    reportStatus: str(sub.Report_Status__c),
    reportVersion: Number(sub.Report_Version__c ?? -1),
    reportError: str(sub.Report_Error__c),
    versions,
    known: {
      version,
      saved,
      mainRecordId,
      recordName: isSfId(mainRecordId) ? await recordName(job, mainRecordId) : '',
      documentId: str(sub.Report_Document_Id__c) || str(versions[0]?.ContentDocumentId),
      ...(inspector ? { inspector } : {}),
      ...(job.formDef !== undefined
        ? { formDef: job.formDef }
        : typeof orgForm === 'string' && orgForm
          ? { formDef: safeJson(orgForm) }
          : {}),
    },
  };
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
};

/** A retry's record name (the submit reads it with its own Composite call instead). */
async function recordName(job: Job, id: string): Promise<string> {
  try {
    const object = await objectOfId(job.conn, id);
    if (!object) return '';
    const field = (await describeObject(job.conn, object)).fields.find(
      (x) => (x as { nameField?: boolean }).nameField,
    )?.name;
    if (!field) return '';
    const [rows = []] = await readTogether(job.conn, job.apiVersion, [
      select({ fields: ['Id', field], from: object, where: [eqId('Id', id)], limit: 1 }),
    ]);
    return str(rows[0]?.[field]);
  } catch {
    return '';
  }
}

async function makeReport(job: Job): Promise<ReportState> {
  let known = job.known;
  if (!known) {
    const ctx = await readContext(job);
    if (!ctx) throw new Error('The submission is not in the org.');
    if (ctx.status !== 'Submitted') return { status: 'none' };
    const key = f(job.ns, 'Upload_Key__c');
    const done = ctx.versions.find((v) => str(v[key]) === reportKey(job.recordId, ctx.known?.version ?? 0));
    if (done)
      return {
        status: 'ready',
        version: ctx.known?.version ?? 0,
        contentDocumentId: str(done.ContentDocumentId),
        contentVersionId: str(done.Id),
      };
    known = ctx.known;
    if (!known) throw new Error('The submission is not in the org.');
  }
  const version = known.version;
  states.set(job.recordId, { status: 'pending', version, attempts: job.attempts });

  const saved = known.saved;
  const identifier = str(saved.id) || job.recordId;
  // The same inputs as the device's copy (report/src/device.ts), so both hold the same text: the
  // submission's own id names it (the device has no record Name offline), the user's time zone.
  const model = reportModel({
    submission: { ...saved, id: identifier, data: saved.data ?? {} },
    formDef: known.formDef ?? {},
    record: known.recordName || known.mainRecordId,
    inspector: known.inspector?.name ?? '',
    identifier,
    display: inspectorDisplay(known.inspector),
  });
  const images = await photoBytes(
    job,
    photoRefs(model).map((p) => p.ref),
  );
  const pdf = await renderOffThread(model, images);
  return writeReport(job, known, identifier, pdf, { readContext, log });
}

/**
 * The report of a submission record as the browser asks for it: the record's report fields and the
 * report version the org holds for its current version. A submitted record whose current version has
 * no report yet is queued again here (the retry on read); a failure is the org's (Report_Error__c).
 */
export async function reportStatus(call: Call, recordId: string): Promise<ReportState> {
  const known = states.get(recordId);
  if (known && busy(recordId)) return known;
  const job = jobFor(call, recordId, known && known.status === 'failed' ? known.attempts : 0);
  const ctx = await readContext(job);
  if (!ctx?.known) return { status: 'none' };
  const version = ctx.known.version;
  const key = f(job.ns, 'Upload_Key__c');
  const hit = ctx.versions.find((v) => str(v[key]) === reportKey(recordId, version));
  if (hit) {
    const state: ReportState = {
      status: 'ready',
      version,
      contentDocumentId: str(hit.ContentDocumentId),
      contentVersionId: str(hit.Id),
    };
    states.set(recordId, state);
    return state;
  }
  if (ctx.status !== 'Submitted') return { status: 'none' };
  log = call.deps.logger;
  const attempts = Number(/^Attempt (\d+):/.exec(ctx.reportError)?.[1] ?? 0);
  const state: ReportState =
    ctx.reportStatus === 'Failed'
      ? {
          status: 'failed',
          version,
          attempts: Math.max(attempts, job.attempts),
          error: ctx.reportError.replace(/^Attempt \d+: /, ''),
        }
      : { status: 'pending', version, attempts: job.attempts };
  // retried on read, with what was just read (no second read)
  enqueue({ ...job, known: ctx.known, attempts: state.status === 'failed' ? state.attempts : 0 });
  return state;
}
