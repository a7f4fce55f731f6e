/**
 * The one error a BFF call fails with, whoever made it (host.api for the remotes, the sync engine's
 * gateway, downloads and previews): the host's BFF client throws it, remotes test it with `isBffError`.
 */

/**
 * How the call failed. The sync engine decides on this alone:
 * - network: no response (offline, dropped connection, timeout, a sign-out not yet told to the BFF, or
 *   a response lost after the org committed). Kept queued, retried with backoff; shown as 'Network Error'.
 * - unavailable: 5xx/429/408 from the BFF or the org, or an org error code that is no verdict on the
 *   data (transient). Kept queued, retried with backoff.
 * - unauthorized: 401. The session has ended.
 * - conflict: 409, e.g. the org holds a newer Version of the submission than the one sent.
 * - rejected: any other 4xx or a `success: false` envelope: the BFF or the org refused the request.
 */
export type BffErrorKind = 'network' | 'unavailable' | 'unauthorized' | 'conflict' | 'rejected';

export interface BffErrorInit {
  kind: BffErrorKind;
  /** What to show as is (the spec's display text: 'Server Error: …', the session-expired text). */
  message: string;
  /** HTTP status; 0 when no answer came. */
  status?: number;
  /** The BFF's own text (the envelope's first message), unprefixed; default `message`. */
  reason?: string;
  /** One of the spec's error types (generic, server, session expired, …). */
  errorType?: string;
  /**
   * The envelope's stable machine code (API_ERROR_CODES: VALIDATION_FAILED, NOT_FOUND, …); '' when
   * the answer had none (no answer, a body not the BFF's). A screen words a message by it.
   */
  code?: string;
  /** The variable parts of the message (the envelope's `params`), for wording it by `code`. */
  params?: Readonly<Record<string, string | number>>;
  /** The envelope's structured detail (field errors, the org's version, the org's error code). */
  details?: unknown;
  /** What a refused submission stores as its errors (field errors, else the messages). */
  data?: unknown;
}

export class BffError extends Error {
  override readonly name = 'BffError';
  readonly kind: BffErrorKind;
  readonly status: number;
  readonly reason: string;
  readonly errorType: string;
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly details?: unknown;
  readonly data?: unknown;

  constructor(init: BffErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.reason = init.reason ?? init.message;
    this.errorType = init.errorType ?? (init.kind === 'unauthorized' ? 'session expired' : 'generic');
    this.code = init.code ?? '';
    if (init.params !== undefined) this.params = init.params;
    if (init.details !== undefined) this.details = init.details;
    if (init.data !== undefined) this.data = init.data;
  }

  /** No answer came (offline, refused, a pending sign-out): the spec's 'Network Error'. */
  get network(): boolean {
    return this.kind === 'network';
  }
}

/**
 * Whether `e` is a BffError. By name and kind, not `instanceof`: each remote bundles its own copy of
 * this module, so an error the host's client threw is not an instance of the remote's class.
 */
export function isBffError(e: unknown): e is BffError {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { name?: unknown }).name === 'BffError' &&
    typeof (e as { kind?: unknown }).kind === 'string'
  );
}
