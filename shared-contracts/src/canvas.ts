/**
 * The postMessage contract between the product (in the org's canvas iframe) and the org page hosting
 * it (spec 000 §2 "Launcher screen"). The rules (who may post, to whom) live in mfe-form's canvas
 * module; these are the names and shapes both sides (and the tests) agree on.
 */

export const CANVAS_EVENTS = {
  /** App -> host: the submission was submitted (or queued). */
  finished: 'CQOfflineFormMessage',
  /** App -> host: the submission was closed. */
  closed: 'CQOfflineFormMessageClosed',
  /** Host -> app: are you loaded? payload { nonce }. */
  ping: 'CQOfflineFormPing',
  /** App -> host: the answer to a ping, payload { nonce, path }. */
  ready: 'CQOfflineFormReady',
} as const;

/** The launcher path segments that publish to the host instead of launching. */
export const CANVAS_PUBLISH_SEGMENTS = {
  finished: 'submission-finished',
  closed: 'submission-closed',
} as const;

/** Payload of CQOfflineFormMessage / CQOfflineFormMessageClosed. No OAuth token (mfe-form README). */
export interface CanvasPayload {
  /** The org record the submission landed in (or '' when none is known). */
  dataUrl: string;
  instanceId: string;
  targetOrigin: string;
  instanceUrl: string;
}

export interface CanvasMessage<P = unknown> {
  name: string;
  payload: P;
}

/** GET /api/canvas/context (embedded sessions only). */
export interface CanvasContext {
  /** The canvas app instance id the org gave in the signed request. */
  instanceId: string;
  /** The origin of the org page hosting the iframe (from the signed request). */
  targetOrigin: string;
  /** The org's instance URL. */
  instanceUrl: string;
  /** Further exact origins allowed to host the app (the BFF's configured list); may be empty. */
  allowedOrigins: string[];
  /** The org record page the app was launched from, when the org said so. */
  recordUrl?: string;
}
