import { Connection, OAuth2 } from 'jsforce';
import type { BffConfig } from '../config';
import { ApiError } from '../http/errors';
import type { OrgAuth, SessionData, SessionStore } from '../session/store';

export type OrgSlot = 'main' | 'otherOrg';

export interface OAuthSettings {
  clientId: string;
  clientSecret: string | null;
  loginUrl: string;
  redirectUri: string;
}

export function oauth2(settings: OAuthSettings): OAuth2 {
  return new OAuth2({
    clientId: settings.clientId,
    ...(settings.clientSecret ? { clientSecret: settings.clientSecret } : {}),
    loginUrl: settings.loginUrl,
    redirectUri: settings.redirectUri,
  });
}

/**
 * Refreshes access tokens: one refresh in flight per session and org, inside this process (shared
 * promise) and across instances (a short lock in the session store: Redis SET NX PX). Before refreshing
 * it re-reads the session, so a token another instance already refreshed is used instead. A refused refresh (revoked refresh token) removes that org from
 * the session and surfaces as a session-expired 401.
 */
export class TokenRefresher {
  private readonly inFlight = new Map<string, Promise<OrgAuth>>();
  /** How many refresh calls went to the org (tests assert single-flight). */
  refreshCount = 0;
  constructor(
    private readonly config: BffConfig,
    private readonly store: SessionStore,
  ) {}

  refresh(sessionId: string, slot: OrgSlot, failedToken: string): Promise<OrgAuth> {
    const key = `${sessionId}:${slot}`;
    const existing = this.inFlight.get(key);
    if (existing) return existing;
    const p = this.doRefresh(sessionId, slot, failedToken).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }

  private async doRefresh(sessionId: string, slot: OrgSlot, failedToken: string): Promise<OrgAuth> {
    // Across instances: one holder of the store's lock refreshes; the others wait for its new token.
    const lockKey = `refresh:${sessionId}:${slot}`;
    for (let attempt = 0; attempt < 200; attempt++) {
      const current = await this.store.get(sessionId);
      const auth = current?.[slot];
      if (!current || !auth) throw new ApiError('SESSION_EXPIRED');
      if (auth.accessToken !== failedToken) return auth;
      const release = await this.store.tryLock(lockKey, 15_000);
      if (release) {
        try {
          return await this.refreshHeld(sessionId, slot, failedToken);
        } finally {
          await release();
        }
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new ApiError('ORG_UNAVAILABLE');
  }

  private async refreshHeld(sessionId: string, slot: OrgSlot, failedToken: string): Promise<OrgAuth> {
    const data = await this.store.get(sessionId);
    const auth = data?.[slot];
    if (!data || !auth) throw new ApiError('SESSION_EXPIRED');
    if (auth.accessToken !== failedToken) return auth;
    if (!auth.refreshToken || !this.config.salesforce.clientId) {
      await this.dropSlot(sessionId, data, slot);
      throw new ApiError('SESSION_EXPIRED');
    }
    this.refreshCount += 1;
    try {
      const res = await oauth2({
        clientId: this.config.salesforce.clientId,
        clientSecret: this.config.salesforce.clientSecret,
        loginUrl: auth.loginUrl,
        redirectUri: '',
      }).refreshToken(auth.refreshToken);
      const updated: OrgAuth = {
        ...auth,
        accessToken: res.access_token,
        instanceUrl: res.instance_url || auth.instanceUrl,
        ...(res.refresh_token ? { refreshToken: res.refresh_token } : {}),
        issuedAt: Date.now(),
      };
      const fresh = (await this.store.get(sessionId)) ?? data;
      fresh[slot] = updated;
      await this.store.set(sessionId, fresh, Math.max(1, (fresh.expiresAt - Date.now()) / 1000));
      return updated;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const code =
        (err as { name?: string; errorCode?: string }).errorCode ?? (err as { name?: string }).name;
      const message = err instanceof Error ? err.message : '';
      if (
        code === 'invalid_grant' ||
        /invalid_grant|expired|revoked|inactive/i.test(message) ||
        /^4\d\d/.test(String((err as { statusCode?: number }).statusCode ?? ''))
      ) {
        await this.dropSlot(sessionId, data, slot);
        throw new ApiError('SESSION_EXPIRED');
      }
      throw new ApiError('ORG_UNAVAILABLE');
    }
  }

  private async dropSlot(sessionId: string, data: SessionData, slot: OrgSlot): Promise<void> {
    if (slot === 'main') {
      await this.store.destroy(sessionId);
      return;
    }
    delete data[slot];
    await this.store.set(sessionId, data, Math.max(1, (data.expiresAt - Date.now()) / 1000));
  }
}

/**
 * The `client` call option of the org calls made for an API route: Salesforce records it with each call
 * (Event Monitoring's API logs), so an org admin sees which part of this app spends the org's API
 * allowance, and the API bench groups the calls by it.
 */
export const callClient = (routeId: string): string => `CqOfflineForms/${routeId}`;

/**
 * A jsforce Connection for one request, built from the session's tokens. The refresh token never
 * enters jsforce: on a 401 jsforce calls our refresh function, which goes through TokenRefresher.
 * Requests are built by jsforce from scratch: the browser's Cookie header is never forwarded.
 */
export function connectionFor(
  config: BffConfig,
  refresher: TokenRefresher,
  sessionId: string,
  slot: OrgSlot,
  auth: OrgAuth,
  onRefreshed: (auth: OrgAuth) => void,
  onExpired: () => void,
  /** Sent as Sforce-Call-Options (e.g. `client`: which app and route called, in the org's logs). */
  callOptions?: Record<string, string>,
): Connection {
  const conn: Connection = new Connection({
    instanceUrl: auth.instanceUrl,
    accessToken: auth.accessToken,
    version: config.salesforce.apiVersion,
    ...(callOptions ? { callOptions } : {}),
    refreshFn: (c, callback) => {
      refresher
        .refresh(sessionId, slot, c.accessToken ?? '')
        .then((fresh) => {
          c.instanceUrl = fresh.instanceUrl;
          onRefreshed(fresh);
          callback(null, fresh.accessToken);
        })
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.code === 'SESSION_EXPIRED') onExpired();
          callback(err instanceof Error ? err : new Error(String(err)));
        });
    },
  });
  // Who the connection acts for: the org answers describe per user (field-level security), so caches
  // of its answers are keyed by user (org/describe.ts).
  conn.userInfo = { id: auth.userId, organizationId: auth.organizationId, url: '' };
  return conn;
}
