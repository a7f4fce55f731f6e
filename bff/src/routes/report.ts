/** GET /api/report/:recordId and its PDF (issue 42): the org's copy of an inspection report. */
import { API_MESSAGES } from 'shared-contracts';
import { ApiError } from '../http/errors';
import { reportStatus } from '../report/org-report';
import { HANDLED, type Handler } from './types';

export const REPORT_NOT_READY = API_MESSAGES.reportNotReady;

export const reportHandlers: Record<string, Handler> = {
  reportStatus: (call) => reportStatus(call, call.params.recordId ?? ''),

  async reportPdf(call) {
    const state = await reportStatus(call, call.params.recordId ?? '');
    if (state.status !== 'ready' && !('contentVersionId' in state && state.contentVersionId))
      throw new ApiError('NOT_FOUND', REPORT_NOT_READY);
    const versionId = 'contentVersionId' in state ? state.contentVersionId : undefined;
    if (!versionId) throw new ApiError('NOT_FOUND', REPORT_NOT_READY);
    const apiVersion = call.deps.config.salesforce.apiVersion;
    const res = await call.orgFetch(
      `/services/data/v${apiVersion}/sobjects/ContentVersion/${versionId}/VersionData`,
    );
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new ApiError(res.status === 404 ? 'NOT_FOUND' : 'ORG_ERROR', REPORT_NOT_READY);
    }
    call.ctx.status = 200;
    call.ctx.type = 'application/pdf';
    call.ctx.set('Cache-Control', 'private, no-cache');
    call.ctx.set('Content-Disposition', `inline; filename="report-${call.params.recordId ?? ''}.pdf"`);
    call.ctx.body = Buffer.from(await res.arrayBuffer());
    return HANDLED;
  },
};
