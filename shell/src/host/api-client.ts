import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  MESSAGES,
  readEnvelope,
  type ApiCallFailure,
  type ApiClient,
  type QueryParams,
} from 'shared-contracts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** An Error a remote can show as is (message = the spec's display text) with the details beside it. */
export class ApiCallError extends Error {
  constructor(readonly failure: ApiCallFailure) {
    super(failure.message);
    this.name = 'ApiCallError';
  }
}

export interface ApiClientOptions {
  /** '' in the browser: the BFF is the shell's own origin. */
  baseUrl?: string;
  fetch?: FetchLike;
  /** A 401: the session is over (the session service clears the stored user). */
  onUnauthorized?: () => void;
}

export function queryString(query?: QueryParams): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Same-origin calls to the BFF: session cookie, CSRF header, the spec's envelope read in one place. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));

  async function request<T>(method: string, path: string, body: unknown, query?: QueryParams): Promise<T> {
    const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch(`${base}${path}${queryString(query)}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      // No answer at all (offline, refused, reset): the spec's 'Network Error'.
      throw new ApiCallError({
        status: 0,
        message: MESSAGES.networkError,
        errorType: 'generic',
        network: true,
      });
    }
    const payload: unknown = await res.json().catch(() => null);
    const read = readEnvelope<T>(res.status, payload);
    if (read.ok) return read.data;
    if (res.status === 401) options.onUnauthorized?.();
    throw new ApiCallError({
      status: res.status,
      message: read.display,
      errorType: read.errorType,
      network: false,
      details: read.details,
    });
  }

  return {
    get: (path, query) => request('GET', path, undefined, query),
    post: (path, body, query) => request('POST', path, body ?? {}, query),
    put: (path, body, query) => request('PUT', path, body ?? {}, query),
  };
}
