/**
 * The one way the BFF calls the org over plain fetch (what jsforce does not cover: streamed files,
 * identity, a query before a session exists): the bearer token, the `client` call option that names
 * the route in the org's API logs (as jsforce's connections send it), and the org's API allowance read
 * from the answer (Sforce-Limit-Info), as for every other org call.
 */
import { callClient } from './client';
import { parseLimitInfo, type ApiUsageMonitor } from './api-usage';

export interface OrgFetchOptions {
  /** The API route the call is made for (its `client` call option). */
  routeId: string;
  /** The org whose allowance the answer reports; with `apiUsage`, the reading is recorded. */
  organizationId?: string;
  apiUsage?: Pick<ApiUsageMonitor, 'record'>;
}

export async function orgFetch(
  url: string,
  token: string,
  init: RequestInit,
  options: OrgFetchOptions,
): Promise<Response> {
  // Only the headers set here: the browser's Cookie and Authorization never reach the org.
  const headers = new Headers(init.headers ?? {});
  headers.set('Authorization', `Bearer ${token}`);
  if (!headers.has('Sforce-Call-Options'))
    headers.set('Sforce-Call-Options', `client=${callClient(options.routeId)}`);
  const res = await fetch(url, { ...init, headers });
  const usage = parseLimitInfo(res.headers.get('sforce-limit-info'));
  if (usage && options.organizationId)
    options.apiUsage?.record(options.organizationId, usage.used, usage.max);
  return res;
}
