import type { ErrorType } from '../constants';
import { API_ALLOWANCE_TEXTS, API_ERROR_TEXTS, MESSAGES } from '../messages';
import { englishOf } from '../texts';

/**
 * The spec's response envelope (end-user spec section 7): the client reads `data`; a non-2xx status
 * or a `messages` list (with `success: false`) signals failure.
 */
export interface ApiSuccess<T> {
  success: true;
  data: T;
}

export interface ApiFailure {
  success: false;
  /** Human-readable texts; the first one is what the client shows (spec section 8). */
  messages: string[];
  /** One of the spec's error types: generic, fatal, server, custom, session expired, ... */
  errorType: ErrorType;
  /** A stable machine code (see API_ERROR_CODES). */
  errorCode: ApiErrorCode;
  /** Optional structured detail, e.g. the org's version on a version conflict, field errors. */
  details?: unknown;
  /**
   * The variable parts of a message worded from them (a name, a count), so a screen can word it by
   * `errorCode` in its user's language; `messages` stays the English text. Field errors carry their
   * own (`details.fieldErrors[i].code` and `params`: field-errors.ts).
   */
  params?: Readonly<Record<string, string | number>>;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** Every error the BFF answers with, its HTTP status and the spec error type the client should use. */
export const API_ERROR_CODES = {
  BAD_REQUEST: { status: 400, errorType: 'custom' },
  INVALID_JSON: { status: 400, errorType: 'custom' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, errorType: 'custom' },
  PAYLOAD_TOO_LARGE: { status: 413, errorType: 'custom' },
  NOT_AUTHENTICATED: { status: 401, errorType: 'session expired' },
  SESSION_EXPIRED: { status: 401, errorType: 'session expired' },
  CSRF_REJECTED: { status: 403, errorType: 'custom' },
  FORBIDDEN: { status: 403, errorType: 'custom' },
  NOT_FOUND: { status: 404, errorType: 'custom' },
  VERSION_CONFLICT: { status: 409, errorType: 'custom' },
  RATE_LIMITED: { status: 429, errorType: 'custom' },
  ORG_ERROR: { status: 400, errorType: 'server' },
  ORG_UNAVAILABLE: { status: 502, errorType: 'server' },
  // The org refuses calls: its daily API allowance is spent (REQUEST_LIMIT_EXCEEDED). Retry later.
  ORG_API_LIMIT: { status: 503, errorType: 'server' },
  SCHEMA_ERROR: { status: 422, errorType: 'server' },
  // A submission sent as Submitted that fails its form's checks (shared-contracts/form-validation).
  VALIDATION_FAILED: { status: 422, errorType: 'custom' },
  INTERNAL: { status: 500, errorType: 'fatal' },
  // Texts made of parts (issue 44): each its own code, with the parts as `params`, so a screen words
  // it in the user's language (bff-error-texts.ts). Status and type are the BAD_REQUEST's or
  // UNSUPPORTED_MEDIA_TYPE's they were.
  UNKNOWN_OBJECT: { status: 400, errorType: 'custom' },
  UNKNOWN_FIELD: { status: 400, errorType: 'custom' },
  UNKNOWN_RELATIONSHIP: { status: 400, errorType: 'custom' },
  OBJECT_NOT_QUERYABLE: { status: 400, errorType: 'custom' },
  FILE_TYPE_REFUSED: { status: 415, errorType: 'custom' },
  // Publishing (builder spec 8): the org refused or failed the deploy, or the name needs a confirmation.
  DEPLOY_FAILED: { status: 422, errorType: 'deploy failed' },
  UNKNOWN_PUBLISH_ERROR: { status: 422, errorType: 'unknown publish error' },
  COMPONENT_EXISTS: { status: 409, errorType: 'component exists' },
  BASE_CLASS_NAME: { status: 409, errorType: 'base class name' },
  COMPONENT_EQUALS_BASE_CLASS: { status: 400, errorType: 'component equals base class' },
} as const satisfies Record<string, { status: number; errorType: ErrorType }>;
export type ApiErrorCode = keyof typeof API_ERROR_CODES;

/** Texts the BFF uses beside the spec's own (MESSAGES): English, as the wire carries them. */
export const API_MESSAGES = {
  ...englishOf(API_ERROR_TEXTS),
  orgApiLimit: englishOf(API_ALLOWANCE_TEXTS).spent,
  loginFailed: englishOf(MESSAGES).unableToConnect,
  notSignedIn: englishOf(MESSAGES).sessionExpired,
} as const;

export type ReadResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      errorType: ErrorType;
      errorCode: string | undefined;
      /** The raw error text: first array element's message, or the first entry of messages. */
      message: string;
      /** What to show: session-expired text for 401, 'Server Error: ' + message for server errors. */
      display: string;
      /** The session has ended: reload and remove stored user details (spec section 4). */
      sessionEnded: boolean;
      details?: unknown;
      /** The envelope's `params` (ApiFailure). */
      params?: Readonly<Record<string, string | number>>;
    };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The client-side rules for reading a BFF response (spec sections 7 and 8):
 * 1. success = a 2xx status AND no `success: false` AND no non-empty `messages` list; then `data` is the value.
 * 2. 401 always means the session has ended (error type 'session expired'): remove stored user details and
 *    reload (spec section 4); show MESSAGES.sessionExpired.
 * 3. Otherwise the error text is the first array element's `message` (Salesforce shape), or the first entry of
 *    `messages` when success is false; server errors are shown as 'Server Error: ' + that text.
 * Blob responses (file previews, downloads) are not enveloped: a 2xx is the blob, anything else is JSON.
 */
export function readEnvelope<T>(status: number, body: unknown): ReadResult<T> {
  const messages = isRecord(body) && Array.isArray(body.messages) ? body.messages : [];
  const failedFlag = isRecord(body) && body.success === false;
  if (status >= 200 && status < 300 && !failedFlag && messages.length === 0) {
    return { ok: true, data: (isRecord(body) && 'data' in body ? body.data : body) as T };
  }
  let message = '';
  if (Array.isArray(body) && isRecord(body[0]) && typeof body[0].message === 'string')
    message = body[0].message;
  else if (typeof messages[0] === 'string') message = messages[0];
  else if (typeof body === 'string') message = body;
  const errorCode = isRecord(body) && typeof body.errorCode === 'string' ? body.errorCode : undefined;
  const declared =
    isRecord(body) && typeof body.errorType === 'string' ? (body.errorType as ErrorType) : undefined;
  const sessionEnded = status === 401;
  const errorType: ErrorType = sessionEnded
    ? 'session expired'
    : (declared ?? (status >= 500 ? 'server' : 'generic'));
  if (!message) message = sessionEnded ? MESSAGES.sessionExpired : MESSAGES.somethingWentWrong;
  const display = sessionEnded
    ? MESSAGES.sessionExpired
    : errorType === 'server'
      ? `${MESSAGES.serverErrorPrefix}${message}`
      : message;
  return {
    ok: false,
    status,
    errorType,
    errorCode,
    message,
    display,
    sessionEnded,
    ...(isRecord(body) && 'details' in body ? { details: body.details } : {}),
    ...(isRecord(body) && isRecord(body.params)
      ? { params: body.params as Readonly<Record<string, string | number>> }
      : {}),
  };
}
