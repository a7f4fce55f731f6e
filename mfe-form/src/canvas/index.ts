/**
 * Canvas mode for the screens of mfe-form (spec 000 §2, §4): whether the app runs launched from the
 * org, and where to go when a submission is finished or closed there. The form screen calls:
 *
 *   if (inCanvas(host)) host.navigate(canvasFinishedPath(submitResult.url));   // after a submit
 *   if (inCanvas(host)) host.navigate(canvasClosedPath());                      // on Close
 *
 * The launcher's submission-finished / submission-closed routes then publish CQOfflineFormMessage /
 * CQOfflineFormMessageClosed to the host page (or, outside a frame, redirect to the org record).
 */
import { CANVAS_LAUNCH_PATH, type HostServices } from 'shared-contracts';
import { PUBLISH_SEGMENTS, type PublishKind } from './contract';
import { canvasModeMarked } from './storage';

export { CANVAS_EVENTS, type CanvasContext } from './contract';
export { readCanvasContext } from './storage';

/**
 * True when the app was launched from the org: this frame went through the launcher (or the builder's
 * canvas route), or the shell's rule says so (a canvas URL, or running inside a frame: only the org's
 * pages may frame it, the BFF's CSP frame-ancestors).
 */
export function inCanvas(host: Pick<HostServices, 'canvas'>): boolean {
  return canvasModeMarked() || host.canvas.isActive();
}

function publishPath(kind: PublishKind, dataUrl?: string | null): string {
  const q = dataUrl ? `?${new URLSearchParams({ dataUrl })}` : '';
  return `${CANVAS_LAUNCH_PATH}/${PUBLISH_SEGMENTS[kind]}${q}`;
}

/** Where to go after a submission was submitted (or queued) in canvas mode; dataUrl = the org record URL. */
export const canvasFinishedPath = (dataUrl?: string | null): string => publishPath('finished', dataUrl);

/** Where to go when the form is closed in canvas mode. */
export const canvasClosedPath = (dataUrl?: string | null): string => publishPath('closed', dataUrl);
