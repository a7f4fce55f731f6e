// The report's org I/O outside the queue: its one write (ContentVersion, document, record fields in
// one Composite call) and the photos' bytes it shows.
import type { Logger } from 'pino';
import { readTogether } from '../org/read-together';
import { inIds, isSfId, select } from '../org/soql';
import type { SfRecord } from '../org/util';
import {
  f,
  MAX_PHOTO_BYTES,
  REPORT_CLIENT,
  reportKey,
  str,
  type Job,
  type KnownReport,
  type ReportState,
} from './report-job';

/**
 * The report's one write: the ContentVersion, its document read back (first version only) and the
 * record's report fields, in one Composite call, all or none.
 */
export async function writeReport(
  job: Job,
  known: KnownReport,
  identifier: string,
  pdf: Uint8Array,
  /** The record's report versions read again (after another instance wrote first), and the log. */
  io: { readContext(job: Job): Promise<{ versions: SfRecord[] } | undefined>; log?: Logger },
): Promise<ReportState> {
  const { version, documentId } = known;
  const v = `/services/data/v${job.apiVersion}`;
  const key = f(job.ns, 'Upload_Key__c');
  const body: SfRecord = {
    Title: `Inspection report ${identifier}`,
    PathOnClient: `report-${identifier}.pdf`,
    VersionData: Buffer.from(pdf).toString('base64'),
    ReasonForChange: `Submitted version ${version}`,
    [key]: reportKey(job.recordId, version),
    ...(documentId ? { ContentDocumentId: documentId } : { FirstPublishLocationId: job.recordId }),
  };
  const requests = [
    { method: 'POST', url: `${v}/sobjects/ContentVersion`, referenceId: 'cv', body },
    ...(documentId
      ? []
      : [
          {
            method: 'GET',
            // the reference stays as it is: the org resolves it before it reads the query
            url: `${v}/query?q=${encodeURIComponent("SELECT ContentDocumentId FROM ContentVersion WHERE Id = '")}@{cv.id}${encodeURIComponent("'")}`,
            referenceId: 'doc',
          },
        ]),
    {
      method: 'PATCH',
      url: `${v}/sobjects/${f(job.ns, 'SQX_Form_Submission__c')}/${job.recordId}`,
      referenceId: 'rec',
      body: {
        [f(job.ns, 'Report_Status__c')]: 'Ready',
        [f(job.ns, 'Report_Version__c')]: version,
        [f(job.ns, 'Report_Document_Id__c')]: documentId || '@{doc.records[0].ContentDocumentId}',
        [f(job.ns, 'Report_Error__c')]: null,
      },
    },
  ];
  const answer = (await job.conn.request({
    method: 'POST',
    url: `${v}/composite`,
    body: JSON.stringify({ allOrNone: true, compositeRequest: requests }),
    headers: { 'Content-Type': 'application/json' },
  })) as { compositeResponse?: { httpStatusCode: number; body: unknown; referenceId: string }[] };
  const byRef = new Map((answer.compositeResponse ?? []).map((r) => [r.referenceId, r]));
  const cv = byRef.get('cv');
  if (cv && cv.httpStatusCode < 300) {
    const doc = byRef.get('doc')?.body as { records?: SfRecord[] } | undefined;
    io.log?.info({ recordId: job.recordId, version }, 'report written');
    return {
      status: 'ready',
      version,
      contentDocumentId: documentId || str(doc?.records?.[0]?.ContentDocumentId),
      contentVersionId: str((cv.body as { id?: string }).id),
    };
  }
  // the first error that is not the others' "rolled back"
  const errors = [...byRef.values()]
    .flatMap((r) => (Array.isArray(r.body) ? (r.body as { errorCode?: string; message?: string }[]) : []))
    .filter((e) => e.errorCode !== 'PROCESSING_HALTED');
  const first = errors[0] ?? { errorCode: 'UNKNOWN', message: 'The report was not written.' };
  // another BFF instance wrote this version first: done
  if (first.errorCode === 'DUPLICATE_VALUE') {
    const ctx = await io.readContext({ ...job, known: undefined });
    const hit = ctx?.versions.find((x) => str(x[key]) === reportKey(job.recordId, version));
    if (hit)
      return {
        status: 'ready',
        version,
        contentDocumentId: str(hit.ContentDocumentId),
        contentVersionId: str(hit.Id),
      };
  }
  throw Object.assign(new Error(first.message ?? 'The report was not written.'), {
    errorCode: first.errorCode,
  });
}

/** The photos' latest bytes as data URLs, by ContentDocumentId (JPEG and PNG only; a limit in all). */
export async function photoBytes(job: Job, refs: string[]): Promise<Map<string, string>> {
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
      { headers: { 'Sforce-Call-Options': REPORT_CLIENT } },
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
