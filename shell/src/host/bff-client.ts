/**
 * The browser's one client of the BFF: every call, upload, download, preview and event stream of the
 * app goes through it. Same origin with the session cookie and the CSRF header; nothing is sent while a
 * sign-out has not reached the BFF (the gate, logout-gate.ts); the spec's envelope read by
 * `readEnvelope`; every failure one `BffError` (shared-contracts api/bff-error.ts), classified once.
 * Remotes get `api` (host.api); the sync engine's gateway (offline/http-gateway.ts) makes typed calls
 * over `request` and `upload`.
 */
import {
  BffError,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  MESSAGES_EN,
  readEnvelope,
  routeCaller,
  type ApiClient,
  type QueryParams,
} from 'shared-contracts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Sends a multipart body with upload progress (the browser's XMLHttpRequest: xhrUpload). */
export type UploadLike = (
  url: string,
  body: FormData,
  headers: Record<string, string>,
  onProgress: (p: number) => void,
) => Promise<Response>;

export interface BffClientOptions {
  /** The BFF's origin ('' = same origin, the browser's case). */
  baseUrl?: string;
  /** The network; default the global fetch. */
  fetch?: FetchLike;
  /** Extra headers on every call (Node tests: Origin). */
  headers?: Record<string, string>;
  /** Resolves when requests may go (logout-gate.ts `ready`); rejects while a sign-out is pending. */
  gate?: { ready(): Promise<void> };
  /** A 401: the session is over (the session service clears the stored user). */
  onUnauthorized?: () => void;
  /** Opens an event stream; default the global EventSource (with the session cookie). */
  eventSource?: (url: string) => EventSource;
}

export interface BffRequest {
  method?: 'GET' | 'POST' | 'PUT';
  query?: QueryParams;
  /** JSON body (a POST or PUT). */
  body?: unknown;
}

export interface UploadOptions {
  query?: QueryParams;
  headers?: Record<string, string>;
  onProgress(percent: number): void;
  send?: UploadLike;
}

export interface BffClient {
  /** One enveloped call: the answer's `data`, or a BffError. */
  request<T>(path: string, init?: BffRequest): Promise<T>;
  /** A non-enveloped answer (preview, download): the Blob, or a BffError read from the JSON failure. */
  blob(path: string, init?: BffRequest): Promise<Blob>;
  /**
   * A multipart POST with upload progress (`send`: the browser's xhrUpload; default fetch, progress 0
   * then 100 from the caller); answers the envelope's `data`.
   */
  upload<T>(path: string, form: FormData, opts: UploadOptions): Promise<T>;
  /**
   * A server-sent event stream with the session cookie, opened once the gate lets requests go (a
   * pending sign-out that cannot be told calls the 'error' listener). Returns the close.
   */
  events(
    path: string,
    listeners: Record<string, (e: MessageEvent<string>) => void>,
    query?: QueryParams,
  ): () => void;
  /** What remotes get as host.api. */
  readonly api: ApiClient;
}

/** The headers every BFF request carries (the CSRF header the BFF requires; JSON in and out). */
export function bffHeaders(json: boolean): Record<string, string> {
  return {
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    Accept: 'application/json',
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

export function queryString(query?: QueryParams): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Salesforce error codes that are never a verdict on the data: the org was busy or failed. The BFF
 * may pass them on as a 4xx ORG_ERROR (jsforce reads the code from an org 5xx body), so they are
 * transient here whatever the status.
 */
export const TRANSIENT_ORG_ERROR_CODES = new Set([
  'SERVER_UNAVAILABLE',
  'UNKNOWN_EXCEPTION',
  'UNABLE_TO_LOCK_ROW',
  'REQUEST_LIMIT_EXCEEDED',
  'QUERY_TIMEOUT',
]);

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How a BFF answer failed: the one classification, for the engine and the screens alike. */
export function classify(status: number, body: unknown): BffError {
  const read = readEnvelope<unknown>(status, body);
  const reason = read.ok ? MESSAGES_EN.somethingWentWrong : read.message;
  const message = read.ok ? reason : read.display;
  const details = read.ok ? undefined : read.details;
  // A refused submit's errors: by field where the BFF names them (its form check), else as listed.
  const listed = (key: string): unknown[] | undefined =>
    isRec(details) && Array.isArray(details[key]) && (details[key] as unknown[]).length > 0
      ? (details[key] as unknown[])
      : undefined;
  const errors = listed('fieldErrors') ?? listed('errors');
  const data =
    errors ??
    (isRec(body) && Array.isArray(body.messages) ? body.messages : Array.isArray(body) ? body : [reason]);
  const orgCode = isRec(details) && typeof details.orgErrorCode === 'string' ? details.orgErrorCode : '';
  const kind =
    status === 401
      ? 'unauthorized'
      : status === 409
        ? 'conflict'
        : status === 429 || status === 408 || status >= 500 || TRANSIENT_ORG_ERROR_CODES.has(orgCode)
          ? 'unavailable'
          : 'rejected';
  return new BffError({
    kind,
    message,
    reason,
    status,
    errorType: read.ok ? 'generic' : read.errorType,
    ...(details !== undefined ? { details } : {}),
    data,
  });
}

/** No answer (offline, refused, reset, a sign-out not yet told): the spec's 'Network Error'. */
const noAnswer = (e: unknown): BffError =>
  new BffError({ kind: 'network', message: MESSAGES_EN.networkError, data: [String(e)] });

export function createBffClient(options: BffClientOptions = {}): BffClient {
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const network: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));

  const headers = (json: boolean, extra?: Record<string, string>): Record<string, string> => ({
    ...bffHeaders(json),
    ...options.headers,
    ...extra,
  });

  const failed = (status: number, body: unknown): BffError => {
    const error = classify(status, body);
    if (error.kind === 'unauthorized') options.onUnauthorized?.();
    return error;
  };

  /** Sends once the gate lets requests go; anything thrown on the way is no answer. */
  async function send(path: string, init: BffRequest, accept?: string): Promise<Response> {
    const json = init.body !== undefined;
    try {
      await options.gate?.ready();
      return await network(`${base}${path}${queryString(init.query)}`, {
        method: init.method ?? (json ? 'POST' : 'GET'),
        credentials: 'same-origin',
        headers: headers(json, accept ? { Accept: accept } : undefined),
        ...(json ? { body: JSON.stringify(init.body) } : {}),
      });
    } catch (e) {
      throw noAnswer(e);
    }
  }

  async function read<T>(res: Response): Promise<T> {
    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      throw noAnswer(e); // the answer broke off
    }
    let body: unknown = text;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      body = text;
    }
    const envelope = readEnvelope<T>(res.status, body);
    if (envelope.ok) return envelope.data;
    throw failed(res.status, body);
  }

  const client: Omit<BffClient, 'api'> = {
    async request<T>(path: string, init: BffRequest = {}) {
      return read<T>(await send(path, init));
    },
    async blob(path, init = {}) {
      const res = await send(path, init, '*/*');
      if (!res.ok) return read<never>(res);
      try {
        return await res.blob();
      } catch (e) {
        throw noAnswer(e);
      }
    },
    async upload<T>(path: string, form: FormData, opts: UploadOptions) {
      const url = `${base}${path}${queryString(opts.query)}`;
      const sent = headers(false, opts.headers);
      let res: Response;
      try {
        await options.gate?.ready();
        if (opts.send) res = await opts.send(url, form, sent, opts.onProgress);
        else {
          opts.onProgress(0);
          res = await network(url, { method: 'POST', credentials: 'same-origin', headers: sent, body: form });
        }
      } catch (e) {
        throw noAnswer(e);
      }
      return read<T>(res);
    },
    events(path, listeners, query) {
      let source: EventSource | undefined;
      let closed = false;
      const open = options.eventSource ?? ((url: string) => new EventSource(url, { withCredentials: true }));
      void (options.gate?.ready() ?? Promise.resolve()).then(
        () => {
          if (closed) return;
          source = open(`${base}${path}${queryString(query)}`);
          for (const [type, listener] of Object.entries(listeners))
            source.addEventListener(type, listener as EventListener);
        },
        () => listeners.error?.(new MessageEvent('error')),
      );
      return () => {
        closed = true;
        source?.close();
      };
    },
  };
  const calls: Omit<ApiClient, 'call'> = {
    get: (path, query) => client.request(path, { method: 'GET', query }),
    post: (path, body, query) => client.request(path, { method: 'POST', body: body ?? {}, query }),
    put: (path, body, query) => client.request(path, { method: 'PUT', body: body ?? {}, query }),
    blob: (path, init) =>
      client.blob(path, {
        ...(init?.body !== undefined ? { method: 'POST' as const, body: init.body } : {}),
        query: init?.query,
      }),
  };
  // host.api.call: a route of the table by id (its method and path), over the same calls.
  return { ...client, api: { ...calls, call: routeCaller(calls) } };
}
