import crypto from 'node:crypto';
import {
  AUTH_CALLBACK_PATHS,
  CONTRACT_VERSION,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  LOGIN_START_PATH,
  MESSAGES,
  type LoginTarget,
} from 'shared-contracts';
import { selfOrigin } from '../http/middleware';
import { signInOrigin } from '../http/public-origins';
import { ApiError } from '../http/errors';
import { oauth2 } from '../org/client';
import { orgFetch } from '../org/org-fetch';
import { revokeAtOrg } from '../org/revoke';
import type { SfRecord } from '../org/util';
import type { OrgAuth, SessionData } from '../session/store';
import { HANDLED, type Call, type Deps, type Handler } from './types';

const PENDING_MAX = 5;
const PENDING_TTL_MS = 10 * 60 * 1000;

/** production | sandbox | a custom domain: https, or http only on localhost (development). */
export function resolveLoginUrl(value: string, deps: Deps): string {
  if (value === 'production') return deps.config.salesforce.productionLoginUrl;
  if (value === 'sandbox') return deps.config.salesforce.sandboxLoginUrl;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The custom domain is not a valid URL.');
  }
  const localHost = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const okProtocol = url.protocol === 'https:' || (url.protocol === 'http:' && localHost);
  if (
    !okProtocol ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== '/' && url.pathname !== '')
  ) {
    throw new ApiError(
      'BAD_REQUEST',
      'The custom domain must be an https URL (http only on localhost), without path, query or credentials.',
    );
  }
  return url.origin;
}

function pkcePair(): { verifier: string } {
  return { verifier: crypto.randomBytes(64).toString('base64url') };
}

/** The user context the spec's authUser/storeToken/getUserContext answer. */
export function userContext(session: SessionData): SfRecord {
  const main = session.main;
  if (!main) throw new ApiError('NOT_AUTHENTICATED');
  return {
    url: main.instanceUrl,
    token: session.handle,
    organizationId: main.organizationId,
    userDetails: {
      userId: main.userId,
      username: main.username ?? null,
      userType: main.userType ?? null,
      networkId: main.networkId ?? null,
      siteUrl: main.siteUrl ?? null,
    },
  };
}

function sameHandle(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Reads identity details (user type, username) and, for community partner users, their network. */
async function describeUser(
  auth: OrgAuth,
  idUrl: string | undefined,
  deps: Deps,
  routeId: string,
): Promise<Partial<OrgAuth>> {
  const apiVersion = deps.config.salesforce.apiVersion;
  const call = (url: string) =>
    orgFetch(
      url,
      auth.accessToken,
      {},
      { routeId, organizationId: auth.organizationId, apiUsage: deps.apiUsage },
    );
  const out: Partial<OrgAuth> = {};
  try {
    const res = await call(idUrl ?? `${auth.loginUrl}/services/oauth2/userinfo`);
    if (res.ok) {
      const id = (await res.json()) as Record<string, unknown>;
      if (typeof id.username === 'string') out.username = id.username;
      else if (typeof id.preferred_username === 'string') out.username = id.preferred_username;
      if (typeof id.user_type === 'string') out.userType = id.user_type;
    }
  } catch {
    // Identity is best-effort: the session works without it.
  }
  if (out.userType === 'POWER_PARTNER') {
    try {
      const soql = encodeURIComponent('SELECT Id, UrlPathPrefix FROM Network LIMIT 1');
      const res = await call(`${auth.instanceUrl}/services/data/v${apiVersion}/query?q=${soql}`);
      if (res.ok) {
        const body = (await res.json()) as { records?: { Id: string; UrlPathPrefix?: string | null }[] };
        const network = body.records?.[0];
        if (network) {
          out.networkId = network.Id.slice(0, 15).length === 15 ? network.Id : null;
          out.siteUrl = `${auth.instanceUrl}/${network.UrlPathPrefix ?? ''}`.replace(/\/+$/, '');
        }
      }
    } catch {
      // Without a network id partner uploads fall back to the internal path.
    }
  }
  return out;
}

async function callback(call: Call, target: LoginTarget): Promise<unknown> {
  const { ctx, deps, query } = call;
  const path = AUTH_CALLBACK_PATHS[target];
  // The outcome (?status=...) and a bare visit are the shell's page; only the org's redirect is handled.
  if (query.status || (!query.code && !query.state && !query.error)) return undefined;
  const fail = (error: string) => {
    ctx.redirect(`${path}?status=error&error=${encodeURIComponent(error)}`);
    return HANDLED;
  };
  const session = await ctx.session.load();
  const pending = session?.pending ?? [];
  const entry = query.state ? pending.find((p) => p.state === query.state && p.target === target) : undefined;
  if (session && entry) {
    session.pending = pending.filter((p) => p !== entry);
    ctx.session.dirty = true;
  }
  if (query.error) return fail(query.error.slice(0, 100));
  if (!session || !entry || !query.code || Date.now() - entry.createdAt > PENDING_TTL_MS)
    return fail('invalid_state');
  const clientId = deps.config.salesforce.clientId;
  if (!clientId) return fail('login_not_configured');
  const o = oauth2({
    clientId,
    clientSecret: deps.config.salesforce.clientSecret,
    loginUrl: entry.loginUrl,
    redirectUri: entry.redirectUri,
  });
  o.codeVerifier = entry.verifier;
  let token: Awaited<ReturnType<typeof o.requestToken>>;
  try {
    token = await o.requestToken(query.code);
  } catch (err) {
    deps.logger.warn(
      { reqId: ctx.state.requestId, err: err instanceof Error ? err.message.slice(0, 200) : 'error' },
      'token exchange failed',
    );
    return fail('token_exchange_failed');
  }
  const [organizationId = '', userId = ''] = String(token.id ?? '')
    .split('/')
    .slice(-2);
  const auth: OrgAuth = {
    accessToken: token.access_token,
    ...(token.refresh_token ? { refreshToken: token.refresh_token } : {}),
    instanceUrl: token.instance_url,
    loginUrl: entry.loginUrl,
    userId,
    organizationId,
    issuedAt: Date.now(),
  };
  const community = token as unknown as { sfdc_community_id?: string; sfdc_community_url?: string };
  if (community.sfdc_community_id) auth.networkId = community.sfdc_community_id;
  if (community.sfdc_community_url) auth.siteUrl = community.sfdc_community_url;
  const described = await describeUser(
    auth,
    token.id,
    deps,
    target === 'main' ? 'authCallback' : 'authOtherOrgCallback',
  );
  if (auth.networkId) {
    delete described.networkId;
    delete described.siteUrl;
  }
  Object.assign(auth, described);
  if (target === 'main') {
    // The sign-in replaces this browser's earlier one, whose cookie goes: its grants at the orgs are
    // ended here, as a sign-out would, or they would stay alive with nobody able to end them. This is
    // also what ends a sign-out still pending on the device (its POST /api/sf/logout answered 5xx):
    // the shell drops that mark once signed in again (issue 40).
    // (A canvas session's token is the org page's own, not a sign-in of this app: it is left alone.)
    if (!session.canvas) {
      for (const earlier of [session.main, session.otherOrg]) if (earlier) await revokeAtOrg(earlier);
    }
    // A new session id on sign-in (fixation defence); a new main sign-in drops the other org.
    const data = await ctx.session.regenerate(false);
    data.main = auth;
    delete data.otherOrg;
    delete data.canvas;
    data.pending = [];
    ctx.session.touch();
  } else {
    if (!session.main) return fail('not_signed_in');
    // The other org's earlier sign-in is replaced: its grant ends too.
    if (session.otherOrg) await revokeAtOrg(session.otherOrg);
    session.otherOrg = auth;
    ctx.session.touch();
  }
  ctx.redirect(`${path}?status=ok`);
  return HANDLED;
}

export const authHandlers: Record<string, Handler> = {
  async version({ deps }) {
    return { version: deps.config.version, contractVersion: CONTRACT_VERSION };
  },

  async getEnv({ deps, ctx }) {
    const sf = deps.config.salesforce;
    return {
      clientId: sf.clientId,
      loginEnabled: Boolean(sf.clientId),
      loginOptions: ['production', 'sandbox', 'custom'],
      loginStartPath: LOGIN_START_PATH,
      namespace: sf.namespace,
      remotes: deps.config.remotes,
      csrfHeader: CSRF_HEADER,
      csrfHeaderValue: CSRF_HEADER_VALUE,
      embedded: ctx.session.embedded,
    };
  },

  async authLogin({ ctx, deps, query }) {
    const clientId = deps.config.salesforce.clientId;
    const target: LoginTarget = query.target === 'otherOrg' ? 'otherOrg' : 'main';
    // A navigation, not a fetch: configuration problems go back to the callback page with an error.
    const back = (error: string) => {
      ctx.redirect(`${AUTH_CALLBACK_PATHS[target]}?status=error&error=${error}`);
      return HANDLED;
    };
    if (!clientId) return back('login_not_configured');
    const loginUrl = resolveLoginUrl(query.loginUrl ?? '', deps);
    // The org sends the browser back to the redirect URI, and the session cookie lives on the host
    // the browser is on: sign in here when this host is one of the app's names, else start over on
    // the canonical origin before the org is contacted.
    const where = signInOrigin(selfOrigin(ctx), deps.config.publicOrigins);
    if (where.kind === 'canonical') {
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(`${where.origin}${ctx.url}`);
      return HANDLED;
    }
    if (where.kind === 'refused') {
      deps.logger.warn(
        { reqId: ctx.state.requestId, host: ctx.host.slice(0, 100) },
        'sign-in from a host outside PUBLIC_URL/PUBLIC_ORIGINS',
      );
      return back('origin_not_allowed');
    }
    const existing = await ctx.session.load();
    if (target === 'otherOrg' && !existing?.main) return back('not_signed_in');
    const data = await ctx.session.ensure();
    const redirectUri = `${where.origin}${AUTH_CALLBACK_PATHS[target]}`;
    const { verifier } = pkcePair();
    const state = crypto.randomBytes(24).toString('base64url');
    const now = Date.now();
    data.pending = [
      ...(data.pending ?? []).filter((p) => now - p.createdAt < PENDING_TTL_MS).slice(-(PENDING_MAX - 1)),
      { state, verifier, loginUrl, target, redirectUri, createdAt: now },
    ];
    ctx.session.dirty = true;
    const o = oauth2({ clientId, clientSecret: deps.config.salesforce.clientSecret, loginUrl, redirectUri });
    o.codeVerifier = verifier;
    const url = new URL(
      o.getAuthorizationUrl({ state, prompt: 'login consent', scope: 'api refresh_token id' }),
    );
    url.searchParams.set('code_challenge_method', 'S256');
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(url.toString());
    return HANDLED;
  },

  authCallback: (call) => callback(call, 'main'),
  authOtherOrgCallback: (call) => callback(call, 'otherOrg'),

  async authSession({ session, ctx }) {
    if (!session?.main) return null;
    return {
      main: userContext(session),
      otherOrg: session.otherOrg
        ? {
            url: session.otherOrg.instanceUrl,
            organizationId: session.otherOrg.organizationId,
            username: session.otherOrg.username ?? '',
          }
        : null,
      embedded: ctx.session.embedded,
    };
  },

  async authUser({ session, body }) {
    if (!session) throw new ApiError('NOT_AUTHENTICATED');
    if (
      typeof body.accessToken === 'string' &&
      body.accessToken !== '' &&
      !sameHandle(body.accessToken, session.handle)
    ) {
      throw new ApiError('NOT_AUTHENTICATED', MESSAGES.authenticationFailed);
    }
    return userContext(session);
  },

  async getToken({ session }) {
    return session?.main ? session.handle : null;
  },

  async storeToken({ session, body }) {
    if (!session || !sameHandle(String(body.token), session.handle)) {
      throw new ApiError('NOT_AUTHENTICATED', MESSAGES.authenticationFailed);
    }
    return userContext(session);
  },

  async deleteToken({ ctx }) {
    const had = Boolean(ctx.session.data);
    await ctx.session.destroy();
    return { deleted: had };
  },

  async accessTokenStatus({ conn, ctx, deps }) {
    // A cheap authenticated call every API user may make (/limits needs View Setup, which field and
    // partner users lack): jsforce refreshes on 401 through the single-flight refresher.
    await conn().request(`/services/data/v${deps.config.salesforce.apiVersion}/`);
    return { active: true, expiresAt: ctx.session.data?.expiresAt ?? 0 };
  },

  async updateTokenTime({ ctx }) {
    ctx.session.touch();
    return { expiresAt: ctx.session.data?.expiresAt ?? 0 };
  },

  async sfLogout({ ctx, deps, session, body }) {
    // A sign-out the device could only send once back online names its user: if someone else signed
    // in on this browser meanwhile, the session is theirs now and stays (issue 28).
    const userId = typeof body.userId === 'string' ? body.userId : '';
    if (userId && session?.main && session.main.userId !== userId) return { loggedOut: false };
    const clientId = deps.config.salesforce.clientId;
    for (const auth of [session?.main, session?.otherOrg]) {
      if (auth && clientId) await revokeAtOrg(auth);
    }
    await ctx.session.signOut();
    return { loggedOut: true };
  },

  async userContext({ session }) {
    if (!session) throw new ApiError('NOT_AUTHENTICATED');
    return userContext(session);
  },

  async checkUserDetails({ session, conn, ctx, deps }) {
    if (!session?.main) throw new ApiError('NOT_AUTHENTICATED');
    // The session's token still works: asked of the OAuth userinfo endpoint, which the org does not
    // count against its daily API allowance, so the check before each submit costs none of it (issue
    // 33). userinfo refuses a dead token with 403 Bad_OAuth_Token (not 401): refreshed here, as jsforce
    // does on a 401 (a refused refresh ends the session).
    try {
      await conn().request('/services/oauth2/userinfo');
    } catch (err) {
      const e = err as { errorCode?: string; message?: string };
      if (e.errorCode !== 'ERROR_HTTP_403' && !/Bad_OAuth_Token/.test(String(e.message))) throw err;
      const fresh = await deps.refresher.refresh(ctx.session.id ?? '', 'main', session.main.accessToken);
      session.main = fresh;
      await conn().request('/services/oauth2/userinfo');
    }
    return { authorized: true, organizationId: session.main.organizationId, userId: session.main.userId };
  },
};
