/**
 * Canvas mode has no background uploader (spec 000 section 4), so the form screen sends a submitted
 * submission itself, the way the host's uploader would: JSON for PDF rendering, then the submit
 * (`/api/data`), both upserts by `formId#submissionId` (a retry never makes a second record).
 */
import { uniquenessKey } from 'shared-contracts';
import type { ApiClient, LocalSubmission } from 'shared-contracts';

export async function sendSubmissionNow(
  api: ApiClient,
  sub: LocalSubmission,
  networkId?: string | null,
): Promise<{ url: string | null }> {
  const body = {
    id: sub.id,
    formId: sub.formId,
    formName: sub.formName,
    status: sub.status,
    version: sub.version,
    data: sub.data,
  };
  await api.post(
    '/api/submissionJson',
    { json: body },
    { formSubmissionIdentifier: uniquenessKey(sub.formId, sub.id) },
  );
  const r = await api.post<{ url?: unknown }>('/api/data', body, {
    recordId: sub.formId,
    submissionStatus: sub.status,
    submissionId: sub.id,
    version: String(sub.version),
    ...(sub.formSubmissionId ? { formSubmissionId: sub.formSubmissionId } : {}),
    ...(networkId ? { networkId } : {}),
  });
  return { url: typeof r?.url === 'string' && r.url ? r.url : null };
}
