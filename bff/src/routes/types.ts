import type { Connection } from 'jsforce';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { BffConfig } from '../config';
import type { TokenRefresher } from '../org/client';
import type { ApiUsageMonitor } from '../org/api-usage';
import type { TtlCache } from '../cache/ttl-cache';
import type { SfRecord } from '../org/util';
import type { OrgAuth, SessionData, SessionStore } from '../session/store';

export interface Deps {
  config: BffConfig;
  store: SessionStore;
  logger: Logger;
  refresher: TokenRefresher;
  /**
   * Hot read-only org lists (the form list home re-reads): identical reads of one session in flight
   * at the same time share one org call, reused for LIST_CACHE_MS (default 0: sharing only).
   */
  lists: TtlCache<SfRecord[]>;
  /** Where each org stands against its daily API allowance (from Sforce-Limit-Info). */
  apiUsage: ApiUsageMonitor;
}

/** Returned by a handler that wrote the response itself (redirects, blobs). */
export const HANDLED = Symbol('handled');

export interface Call {
  ctx: Context;
  deps: Deps;
  query: Record<string, string>;
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The session data (null only for auth 'none'/'optional' routes without a session). */
  session: SessionData | null;
  /** The org auth for an instance URL (default: the main org). 400 when the session has no such org. */
  auth(instanceUrl?: string): OrgAuth;
  /** A jsforce connection for an instance URL (default: the main org). */
  conn(instanceUrl?: string): Connection;
  /** fetch() to the org with a bearer token (never the browser's headers); refreshes once on 401. */
  orgFetch(path: string, init?: RequestInit & { instanceUrl?: string }): Promise<Response>;
}

export type Handler = (call: Call) => Promise<unknown>;
