import { API_ERROR_CODES, API_MESSAGES, type ApiErrorCode, type ApiFailure } from 'shared-contracts';

/** An error the BFF answers with its envelope and status. Never carries tokens. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly details: unknown;
  /** The variable parts of the message (the envelope's `params`), for a screen to word it by code. */
  params: Readonly<Record<string, string | number>> | undefined;
  constructor(code: ApiErrorCode, message?: string, details?: unknown, status?: number) {
    super(message ?? defaultMessage(code));
    this.code = code;
    this.status = status ?? API_ERROR_CODES[code].status;
    this.details = details;
  }
  /** Carries the message's variable parts, so the client words it in the user's language (issue 44). */
  withParams(params: Readonly<Record<string, string | number>>): this {
    this.params = params;
    return this;
  }
  toEnvelope(): ApiFailure {
    return {
      success: false,
      messages: [this.message],
      errorType: API_ERROR_CODES[this.code].errorType,
      errorCode: this.code,
      ...(this.details === undefined ? {} : { details: this.details }),
      ...(this.params === undefined ? {} : { params: this.params }),
    };
  }
}

function defaultMessage(code: ApiErrorCode): string {
  switch (code) {
    case 'INVALID_JSON':
      return API_MESSAGES.invalidJson;
    case 'PAYLOAD_TOO_LARGE':
      return API_MESSAGES.payloadTooLarge;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return API_MESSAGES.unsupportedMediaType;
    case 'NOT_AUTHENTICATED':
    case 'SESSION_EXPIRED':
      return API_MESSAGES.notSignedIn;
    case 'CSRF_REJECTED':
      return API_MESSAGES.csrfRejected;
    case 'NOT_FOUND':
      return API_MESSAGES.notFound;
    case 'RATE_LIMITED':
      return API_MESSAGES.rateLimited;
    case 'VERSION_CONFLICT':
      return API_MESSAGES.versionConflict;
    case 'ORG_UNAVAILABLE':
      return API_MESSAGES.orgUnavailable;
    case 'ORG_API_LIMIT':
      return API_MESSAGES.orgApiLimit;
    default:
      return API_MESSAGES.badRequest;
  }
}

interface OrgErrorLike {
  name?: unknown;
  errorCode?: unknown;
  message?: unknown;
  data?: unknown;
  code?: unknown;
}

/** Org error codes that mean the caller asked for something that does not exist or is not allowed. */
const ORG_NOT_FOUND = new Set(['NOT_FOUND', 'ENTITY_IS_DELETED', 'ERROR_HTTP_404']);
const ORG_FORBIDDEN = new Set([
  'INSUFFICIENT_ACCESS',
  'INSUFFICIENT_ACCESS_OR_READONLY',
  'API_DISABLED_FOR_ORG',
]);
/** Org failures that are never a verdict on the request (the org was busy or broke): 502, retryable. */
const ORG_TRANSIENT = new Set([
  'SERVER_UNAVAILABLE',
  'UNKNOWN_EXCEPTION',
  'UNABLE_TO_LOCK_ROW',
  // ConcurrentRequests (too many long calls at once); the daily allowance's TotalRequests is ORG_API_LIMIT
  'REQUEST_LIMIT_EXCEEDED',
  'QUERY_TIMEOUT',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * Maps anything thrown while talking to the org to an ApiError: a refused refresh is a session-expired
 * 401; the org's own 4xx answers stay 4xx (their message is the Salesforce error text); an unreachable
 * org or an org 5xx is 502. Tokens never appear in these messages (jsforce does not put them there).
 */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = (err ?? {}) as OrgErrorLike;
  const message = typeof e.message === 'string' ? e.message : String(err);
  const code = typeof e.errorCode === 'string' ? e.errorCode : typeof e.name === 'string' ? e.name : '';
  if (
    message.startsWith('Unable to refresh session') ||
    code === 'INVALID_SESSION_ID' ||
    code === 'invalid_grant'
  ) {
    return new ApiError('SESSION_EXPIRED');
  }
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return new ApiError('ORG_UNAVAILABLE');
  if (/ECONNREFUSED|socket hang up|fetch failed|network timeout/i.test(message))
    return new ApiError('ORG_UNAVAILABLE');
  // The org's daily API allowance is spent: a 503 with its own code (the client waits and retries).
  if (isApiLimitError(err))
    return new ApiError('ORG_API_LIMIT', undefined, { orgErrorCode: 'REQUEST_LIMIT_EXCEEDED' });
  if (ORG_TRANSIENT.has(code)) return new ApiError('ORG_UNAVAILABLE', undefined, { orgErrorCode: code });
  if (ORG_NOT_FOUND.has(code)) return new ApiError('NOT_FOUND', clip(message), { orgErrorCode: code });
  if (ORG_FORBIDDEN.has(code)) return new ApiError('FORBIDDEN', clip(message), { orgErrorCode: code });
  if (/^ERROR_HTTP_5\d\d$/.test(code)) return new ApiError('ORG_UNAVAILABLE');
  if (code && /^[A-Z_0-9]+$/.test(code))
    return new ApiError('ORG_ERROR', clip(message), { orgErrorCode: code });
  return new ApiError('INTERNAL', 'Something went wrong. Please try again.');
}

/** The org refused the call for its daily API allowance (jsforce's error, or our mapped one). */
export function isApiLimitError(err: unknown): boolean {
  if (err instanceof ApiError) return err.code === 'ORG_API_LIMIT';
  const e = (err ?? {}) as OrgErrorLike;
  const code = typeof e.errorCode === 'string' ? e.errorCode : typeof e.name === 'string' ? e.name : '';
  return code === 'REQUEST_LIMIT_EXCEEDED' && !/ConcurrentRequests/i.test(String(e.message ?? ''));
}

function clip(s: string): string {
  return s.length > 500 ? `${s.slice(0, 500)}…` : s;
}
