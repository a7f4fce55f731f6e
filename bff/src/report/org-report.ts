/**
 * The org's copy of the inspection report (issue 42): after a successful submit the submission's
 * report is rendered (package `report`, the same code as the device's offline copy) and written to
 * the org as a ContentVersion linked to the submission record.
 *
 * - Exactly once per submitted version: each version carries the upload key
 *   `report#{submissionRecordId}#v{version}` (ContentVersion's unique external id), read before
 *   writing; a write that races another gets DUPLICATE_VALUE from the org and counts as done.
 * - The first version creates the document (FirstPublishLocationId = the submission record); a
 *   resubmit after a refusal passes that document's ContentDocumentId, so it is a new version of the
 *   same document, never a second document.
 * - Outside the request path: a bounded in-process queue (REPORT_QUEUE_MAX jobs waiting, one rendering
 *   at a time). A failure never touches the submit: it is logged (`report failed`), kept as the
 *   record's report status (GET /api/report/:recordId answers it), retried with backoff, and retried
 *   again whenever the report is asked for.
 */
import { TtlCache } from '../cache/ttl-cache';
import type { Connection } from 'jsforce';
import type { Logger } from 'pino';
import { nsName } from 'shared-contracts';
import { reportModel, photoRefs, type ReportSubmission } from 'report';
import { renderReportPdf } from 'report/pdf-node';
import { readTogether } from '../org/read-together';
import { eqId, inIds, isSfId, select, startsWith } from '../org/soql';
import { stripNs, type SfRecord } from '../org/util';
import { orgName as n } from '../routes/ns';
import type { Call } from '../routes/types';

export const REPORT_KEY_PREFIX = 'report#';
export const reportKey = (recordId: string, version: number): string =>
  `${REPORT_KEY_PREFIX}${recordId}#v${version}`;
/** Jobs waiting at most; past that a submit's report is made when it is next asked for. */
export const REPORT_QUEUE_MAX = 200;
/** Background retries after the first attempt (then: on the next read). */
const RETRY_DELAYS_MS = [2_000, 15_000, 60_000];
/** Photos read for one report, in bytes (the rest show their names). */
const MAX_PHOTO_BYTES = 60 * 1024 * 1024;

export type ReportState =
  | { status: 'pending'; version: number; attempts: number; error?: string }
  | { status: 'ready'; version: number; contentDocumentId: string; contentVersionId: string }
  | { status: 'failed'; version: number; attempts: number; error: string }
  | { status: 'none' };

interface Job {
  recordId: string;
  conn: Connection;
  orgFetch: Call['orgFetch'];
  apiVersion: string;
  ns: string;
  userId: string;
  /** The definition the device filled (checklists merged in); the org's Form_JSON__c otherwise. */
  formDef?: unknown;
  attempts: number;
}

// Per record, bounded: a record forgotten here is read again from the org on its next status read.
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
function jobFor(call: Call, recordId: string, formDef: unknown, attempts: number): Job {
  return {
    recordId,
    conn: call.conn(),
    orgFetch: call.orgFetch,
    apiVersion: call.deps.config.salesforce.apiVersion,
    ns: call.deps.config.salesforce.namespace,
    userId: call.auth().userId,
    formDef,
    attempts,
  };
}

/**
 * After a successful submit: queue the record's report. Never throws and never waits: the submit's
 * answer does not depend on it.
 */
export function queueReport(call: Call, recordId: string, formDef?: unknown): void {
  try {
    if (!isSfId(recordId)) return;
    log = call.deps.logger;
    enqueue(jobFor(call, recordId, formDef, 0));
  } catch (err) {
    call.deps.logger.warn({ err, recordId }, 'report not queued');
  }
}

/** A submit that came while its record's report was rendering: run again after it (a newer version). */
const again = new Map<string, Job>();

function enqueue(job: Job): void {
  if (current === job.recordId) {
    again.set(job.recordId, job);
    return;
  }
  if (queued.has(job.recordId)) return;
  if (queue.length >= REPORT_QUEUE_MAX) {
    log?.warn({ recordId: job.recordId }, 'report queue full: made when next asked for');
    return;
  }
  const prev = states.get(job.recordId);
  states.set(job.recordId, {
    status: 'pending',
    version: prev && prev.status !== 'none' ? prev.version : 0,
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
        const error = err instanceof Error ? err.message : String(err);
        const prev = states.get(job.recordId);
        const version = prev && prev.status !== 'none' ? prev.version : 0;
        states.set(job.recordId, { status: 'failed', version, attempts: job.attempts, error });
        log?.error({ err, recordId: job.recordId, attempts: job.attempts }, 'report failed');
        const delay = RETRY_DELAYS_MS[job.attempts - 1];
        if (delay !== undefined) {
          const retry = job;
          setTimeout(() => enqueue(retry), delay).unref();
        }
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

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** What the org holds: the submission, its report versions and the user's name and zone. */
async function readReportContext(job: Job): Promise<{
  sub: SfRecord | undefined;
  versions: SfRecord[];
  user: SfRecord | undefined;
}> {
  const f = (name: string) => nsName(job.ns, name);
  const key = f('Upload_Key__c');
  const [subs = [], versions = [], users = []] = await readTogether(job.conn, job.apiVersion, [
    select({
      fields: [
        'Id',
        'Name',
        f('Version__c'),
        f('Status__c'),
        f('Main_Record_Id__c'),
        f('Submission_JSON__c'),
        `${f('Form_Definition__r')}.${f('Form_JSON__c')}`,
      ],
      from: f('SQX_Form_Submission__c'),
      where: [eqId('Id', job.recordId)],
      limit: 1,
    }),
    select({
      fields: ['Id', 'ContentDocumentId', key],
      from: 'ContentVersion',
      where: [startsWith(key, `${REPORT_KEY_PREFIX}${job.recordId}#`)],
      limit: 200,
    }),
    select({
      fields: ['Id', 'Name', 'TimeZoneSidKey'],
      from: 'User',
      where: [eqId('Id', job.userId)],
      limit: 1,
    }),
  ]);
  return { sub: subs[0], versions, user: users[0] };
}

async function makeReport(job: Job): Promise<ReportState> {
  const { sub: raw, versions, user } = await readReportContext(job);
  if (!raw) throw new Error('The submission is not in the org.');
  const sub = stripNs(raw, job.ns);
  const version = Number(sub.Version__c ?? 0);
  if (str(sub.Status__c) !== 'Submitted') return { status: 'none' };
  const key = nsName(job.ns, 'Upload_Key__c');
  const done = versions.find((v) => str(v[key]) === reportKey(job.recordId, version));
  if (done)
    return {
      status: 'ready',
      version,
      contentDocumentId: str(done.ContentDocumentId),
      contentVersionId: str(done.Id),
    };
  states.set(job.recordId, { status: 'pending', version, attempts: job.attempts });

  const saved = JSON.parse(str(sub.Submission_JSON__c) || '{}') as Partial<ReportSubmission>;
  const formRel = sub.Form_Definition__r as SfRecord | null | undefined;
  const orgForm = formRel ? stripNs(formRel, job.ns).Form_JSON__c : undefined;
  const formDef = job.formDef ?? (typeof orgForm === 'string' && orgForm ? JSON.parse(orgForm) : {});
  // The same inputs as the device's copy (report/src/device.ts), so both hold the same text: the
  // submission's own id names it (the device has no record Name offline), the user's time zone,
  // the default locale.
  const model = reportModel({
    submission: { id: str(saved.id) || job.recordId, ...saved, data: saved.data ?? {} },
    formDef,
    record: str(sub.Main_Record_Id__c),
    inspector: str(user?.Name),
    identifier: str(saved.id) || job.recordId,
    display: str(user?.TimeZoneSidKey) ? { timeZone: str(user?.TimeZoneSidKey) } : {},
  });
  const images = await photoBytes(
    job,
    photoRefs(model).map((p) => p.ref),
  );
  const pdf = await renderReportPdf(model, images);

  const first = versions[0];
  const name = str(sub.Name) || job.recordId;
  const body: SfRecord = {
    Title: `Inspection report ${name}`,
    PathOnClient: `${name}-report.pdf`,
    VersionData: Buffer.from(pdf).toString('base64'),
    ReasonForChange: `Submitted version ${version}`,
    [key]: reportKey(job.recordId, version),
    ...(first
      ? { ContentDocumentId: str(first.ContentDocumentId) }
      : { FirstPublishLocationId: job.recordId }),
  };
  try {
    const res = (await job.conn.sobject('ContentVersion').create(body)) as { id?: string };
    log?.info({ recordId: job.recordId, version }, 'report written');
    return {
      status: 'ready',
      version,
      // a first version's new document Id is read with the next status read (one call fewer here)
      contentDocumentId: first ? str(first.ContentDocumentId) : '',
      contentVersionId: str(res.id),
    };
  } catch (err) {
    // another BFF instance wrote this version first: done
    if ((err as { errorCode?: string }).errorCode === 'DUPLICATE_VALUE') {
      const again = await readReportContext(job);
      const hit = again.versions.find((v) => str(v[key]) === reportKey(job.recordId, version));
      if (hit)
        return {
          status: 'ready',
          version,
          contentDocumentId: str(hit.ContentDocumentId),
          contentVersionId: str(hit.Id),
        };
    }
    throw err;
  }
}

/** The photos' latest bytes as data URLs, by ContentDocumentId (JPEG and PNG only; a limit in all). */
async function photoBytes(job: Job, refs: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = [...new Set(refs.filter(isSfId))];
  if (!ids.length) return out;
  const [latest = []] = await readTogether(job.conn, job.apiVersion, [
    select({
      fields: ['Id', 'ContentDocumentId', 'FileExtension', 'ContentSize'],
      from: 'ContentVersion',
      where: [inIds('ContentDocumentId', ids), 'IsLatest = true'],
      limit: 200,
    }),
  ]);
  let total = 0;
  for (const v of latest) {
    const size = Number(v.ContentSize ?? 0);
    if (total + size > MAX_PHOTO_BYTES) break;
    const res = await job.orgFetch(
      `/services/data/v${job.apiVersion}/sobjects/ContentVersion/${str(v.Id)}/VersionData`,
    );
    if (!res.ok) {
      await res.body?.cancel();
      continue;
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    total += bytes.length;
    const mime =
      bytes[0] === 0xff && bytes[1] === 0xd8
        ? 'image/jpeg'
        : bytes.subarray(1, 4).toString('latin1') === 'PNG'
          ? 'image/png'
          : '';
    if (mime) out.set(str(v.ContentDocumentId), `data:${mime};base64,${bytes.toString('base64')}`);
  }
  return out;
}

/**
 * The report of a submission record as the browser asks for it: the latest report version the org
 * holds for it and the BFF's status. A submitted record whose current version has no report yet is
 * queued again here (the retry on read).
 */
export async function reportStatus(
  call: Call,
  recordId: string,
  formDef?: unknown,
): Promise<ReportState & { contentVersionId?: string }> {
  const known = states.get(recordId);
  if (known && busy(recordId)) return known;
  const job = jobFor(
    call,
    recordId,
    formDef,
    known && known.status !== 'none' && known.status !== 'ready' ? known.attempts : 0,
  );
  const { sub: raw, versions } = await readReportContext(job);
  if (!raw) return { status: 'none' };
  const sub = stripNs(raw, job.ns);
  const version = Number(sub.Version__c ?? 0);
  const key = n(call, 'Upload_Key__c');
  const hit = versions.find((v) => str(v[key]) === reportKey(recordId, version));
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
  if (str(sub.Status__c) !== 'Submitted') return { status: 'none' };
  log = call.deps.logger;
  const failed = known?.status === 'failed' ? known : undefined;
  enqueue(job);
  return failed ?? reportState(recordId);
}
