/**
 * What the form screen gets in canvas mode (wired in Root): canvas mode on, and finish/close go to
 * the launcher's publish routes, which tell the org page (or return to the org record).
 */
import type { HostServices, LocalSubmission } from 'shared-contracts';
import { canvasClosedPath, canvasFinishedPath, inCanvas } from './index';

export interface CanvasScreenProps {
  canvasMode?: boolean;
  onFinished?: (submission: LocalSubmission, result?: { url?: string | null }) => void;
  onClosed?: (submission: LocalSubmission) => void;
}

/** The org record of a submission as a path on the instance (the BFF's submit url has this shape). */
export function submissionRecordPath(sub: Pick<LocalSubmission, 'formSubmissionId'>): string | undefined {
  return sub.formSubmissionId ? `/${encodeURIComponent(sub.formSubmissionId)}` : undefined;
}

export function canvasScreenProps(host: HostServices, canvas = inCanvas(host)): CanvasScreenProps {
  if (!canvas) return {};
  return {
    canvasMode: true,
    onFinished: (sub, result) => host.navigate(canvasFinishedPath(result?.url || submissionRecordPath(sub))),
    onClosed: (sub) => host.navigate(canvasClosedPath(submissionRecordPath(sub))),
  };
}
