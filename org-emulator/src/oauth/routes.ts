// OAuth 2.0 endpoints: authorization code (+PKCE) with a login and consent page, token grants, revoke, identity.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Emu } from '../context.js';
import { randomToken } from '../ids.js';
import { readForm } from '../http/body.js';
import { bearerToken } from '../http/bearer.js';
import { identityBody, identityUrl, userRecord, userinfoBody } from './identity.js';
import { consentPage, errorPage, loginPage } from './pages.js';
import { defaultScope, disallowedScopes, findClient, type OAuthClient } from './connected-apps.js';
import { CALLBACK_RE, passwordHash, safeEqual, tokenSignature, verifierMatches } from './tokens.js';
import type { SRecord } from '../store/records.js';

const AUTHZ_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'prompt',
  'code_challenge',
  'code_challenge_method',
  'nonce',
];

interface PendingConsent {
  userId: string;
  params: Record<string, string>;
  expires: number;
}

export function findUserByCredentials(emu: Emu, username: string, password: string): SRecord | undefined {
  const u = emu.org.store
    .list('User')
    .find(
      (r) => typeof r.Username === 'string' && r.Username.toLowerCase() === username.trim().toLowerCase(),
    );
  if (!u || u.IsActive === false) return undefined;
  const stored = emu.org.store.getKv(`pw:${String(u.Id)}`);
  if (!stored || !safeEqual(stored, passwordHash(password, String(u.Id)))) return undefined;
  return u;
}

function redirectWith(ctx: Context, redirectUri: string, params: Record<string, string | undefined>): void {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, v);
  ctx.redirect(url.toString());
}

export function tokenResponse(
  emu: Emu,
  user: SRecord,
  access: string,
  refresh: string | null,
  scope: string,
): SRecord {
  const org = emu.org;
  const id = identityUrl(org, String(user.Id));
  const issuedAt = String(Date.now());
  const body: SRecord = {
    access_token: access,
    ...(refresh ? { refresh_token: refresh } : {}),
    signature: tokenSignature(id, issuedAt),
    scope,
    instance_url: org.baseUrl,
    id,
    token_type: 'Bearer',
    issued_at: issuedAt,
  };
  if (user.UserType === 'PowerPartner') {
    const network = org.store.list('Network')[0];
    if (network) {
      body.sfdc_community_url = `${org.baseUrl}/${String(network.UrlPathPrefix)}`;
      body.sfdc_community_id = network.Id;
    }
  }
  return body;
}

function oauthError(ctx: Context, status: number, error: string, description: string): void {
  ctx.status = status;
  ctx.body = { error, error_description: description };
}

export function oauthRoutes(emu: Emu): Router {
  const router = new Router();
  const pending = new Map<string, PendingConsent>();

  /** Checks client and callback before showing anything, as Salesforce does (errors stay on the org's page). */
  const checkClient = (ctx: Context, params: Record<string, string>): OAuthClient | undefined => {
    const client = findClient(emu.org, params.client_id);
    if (!client) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('error=invalid_client_id', 'client identifier invalid');
      return undefined;
    }
    if (!params.redirect_uri || !client.callbackOk(params.redirect_uri)) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('error=redirect_uri_mismatch', 'redirect_uri must match configuration');
      return undefined;
    }
    const refuse = (error: string, description: string): undefined => {
      redirectWith(ctx, params.redirect_uri ?? '', {
        error,
        error_description: description,
        state: params.state,
      });
      return undefined;
    };
    if ((params.response_type ?? 'code') !== 'code')
      return refuse('unsupported_response_type', 'response type not supported');
    if (client.pkceRequired && !params.code_challenge)
      return refuse('invalid_request', 'missing required code challenge');
    if (disallowedScopes(client, params.scope ?? '').length > 0)
      return refuse('invalid_scope', 'the requested scope is not allowed');
    return client;
  };

  const finish = (
    ctx: Context,
    client: OAuthClient,
    userId: string,
    params: Record<string, string>,
  ): void => {
    // An admin-approved app lets in only the users its policies pre-authorize, as the org answers it.
    if (client.userAllowed && !client.userAllowed(userId)) {
      redirectWith(ctx, params.redirect_uri ?? '', {
        error: 'OAUTH_APP_ACCESS_DENIED',
        error_description: 'user is not admin approved to access this app',
        state: params.state,
      });
      return;
    }
    const prompt = (params.prompt ?? '').split(/\s+/);
    if (prompt.includes('consent')) {
      const id = randomToken(18);
      pending.set(id, { userId, params, expires: Date.now() + 10 * 60_000 });
      const u = userRecord(emu.org, userId);
      ctx.type = 'html';
      ctx.body = consentPage(id, client.name, String(u?.Username ?? ''));
      return;
    }
    const code = emu.tokens.issueCode(
      userId,
      client.clientId,
      params.redirect_uri ?? '',
      params.code_challenge || null,
      params.scope || defaultScope(client),
    );
    redirectWith(ctx, params.redirect_uri ?? '', { code, state: params.state });
  };

  router.get('/services/oauth2/authorize', (ctx) => {
    const params: Record<string, string> = {};
    for (const k of AUTHZ_PARAMS) {
      const v = ctx.query[k];
      if (typeof v === 'string') params[k] = v;
    }
    const client = checkClient(ctx, params);
    if (!client) return;
    const prompt = (params.prompt ?? '').split(/\s+/);
    const sid = ctx.cookies.get('sid');
    const sessionUser = sid ? emu.sessions.get(sid) : undefined;
    if (sessionUser && !prompt.includes('login')) {
      finish(ctx, client, sessionUser, params);
      return;
    }
    const hint = typeof ctx.query.login_hint === 'string' ? ctx.query.login_hint : '';
    ctx.type = 'html';
    ctx.body = loginPage(params, undefined, hint);
  });

  // Browser logout (the product may open it after revoking tokens): ends the login-page session.
  router.get('/secur/logout.jsp', (ctx) => {
    const sid = ctx.cookies.get('sid');
    if (sid) emu.sessions.delete(sid);
    ctx.cookies.set('sid', '', { httpOnly: true, path: '/', maxAge: 0 });
    const target =
      typeof ctx.query.retURL === 'string' && CALLBACK_RE.test(ctx.query.retURL)
        ? ctx.query.retURL
        : undefined;
    if (target) {
      ctx.redirect(target);
      return;
    }
    ctx.type = 'html';
    ctx.body = errorPage('Logged out', 'You have been logged out.');
  });

  router.post('/services/oauth2/authorize', async (ctx) => {
    const form = await readForm(ctx);
    const params: Record<string, string> = {};
    for (const k of AUTHZ_PARAMS) {
      const v = form.get(k);
      if (v !== null) params[k] = v;
    }
    const client = checkClient(ctx, params);
    if (!client) return;
    const username = form.get('username') ?? '';
    const user = findUserByCredentials(emu, username, form.get('password') ?? '');
    if (!user) {
      ctx.status = 200;
      ctx.type = 'html';
      ctx.body = loginPage(
        params,
        "Please check your username and password. If you still can't log in, contact your Salesforce administrator.",
        username,
      );
      return;
    }
    const sid = randomToken(24);
    emu.sessions.set(sid, String(user.Id));
    ctx.cookies.set('sid', sid, { httpOnly: true, sameSite: 'lax', path: '/' });
    finish(ctx, client, String(user.Id), { ...params, prompt: params.prompt ?? '' });
  });

  router.post('/services/oauth2/authorize/consent', async (ctx) => {
    const form = await readForm(ctx);
    const id = form.get('request') ?? '';
    const req = pending.get(id);
    pending.delete(id);
    if (!req || req.expires < Date.now()) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('Session expired', 'The authorization request expired. Start again.');
      return;
    }
    if (form.get('decision') !== 'allow') {
      redirectWith(ctx, req.params.redirect_uri ?? '', {
        error: 'access_denied',
        error_description: 'end-user denied authorization',
        state: req.params.state,
      });
      return;
    }
    const client = findClient(emu.org, req.params.client_id);
    if (!client) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('error=invalid_client_id', 'client identifier invalid');
      return;
    }
    finish(ctx, client, req.userId, { ...req.params, prompt: '' });
  });

  router.post('/services/oauth2/token', async (ctx) => {
    const form = await readForm(ctx);
    const grant = form.get('grant_type');
    // Client credentials may come in the body (jsforce) or as HTTP Basic (RFC 6749 §2.3.1).
    const basic = /^Basic\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    const clientId = form.get('client_id') ?? (basicId ? decodeURIComponent(basicId) : null);
    const secret =
      form.get('client_secret') ?? (basicSecret !== undefined ? decodeURIComponent(basicSecret) : null);
    const client = findClient(emu.org, clientId);
    if (!client) return oauthError(ctx, 400, 'invalid_client_id', 'client identifier invalid');
    if (secret !== null && secret !== client.secret) {
      return oauthError(ctx, 400, 'invalid_client', 'invalid client credentials');
    }
    if (grant === 'authorization_code') {
      const code = emu.tokens.consumeCode(form.get('code') ?? '');
      if (!code || code.client_id !== client.clientId)
        return oauthError(ctx, 400, 'invalid_grant', 'invalid authorization code');
      if (code.redirect_uri !== form.get('redirect_uri')) {
        return oauthError(ctx, 400, 'redirect_uri_mismatch', 'redirect_uri must match configuration');
      }
      if (code.challenge) {
        if (!verifierMatches(code.challenge, form.get('code_verifier'))) {
          return oauthError(ctx, 400, 'invalid_grant', 'invalid code verifier');
        }
      } else if (secret === null) {
        return oauthError(ctx, 400, 'invalid_client', 'invalid client credentials');
      }
      if (secret === null && !client.secretOptional) {
        return oauthError(ctx, 400, 'invalid_client', 'invalid client credentials');
      }
      const user = userRecord(emu.org, code.user_id);
      if (!user) return oauthError(ctx, 400, 'invalid_grant', 'user not found');
      const refresh = emu.tokens.issueRefresh(code.user_id, client.clientId, code.scope);
      const access = emu.tokens.issueAccess(code.user_id, client.clientId, refresh, code.scope);
      ctx.body = tokenResponse(emu, user, access, refresh, code.scope);
      return;
    }
    if (grant === 'refresh_token') {
      const row = emu.tokens.validRefresh(form.get('refresh_token') ?? '');
      if (!row || row.client_id !== client.clientId)
        return oauthError(ctx, 400, 'invalid_grant', 'expired access/refresh token');
      const user = userRecord(emu.org, row.user_id);
      if (!user) return oauthError(ctx, 400, 'invalid_grant', 'user not found');
      const access = emu.tokens.issueAccess(row.user_id, client.clientId, row.token, row.scope);
      // Like Salesforce, the refresh grant returns no new refresh token.
      ctx.body = tokenResponse(emu, user, access, null, row.scope);
      return;
    }
    if (grant === 'password') {
      if (secret === null) return oauthError(ctx, 400, 'invalid_client', 'invalid client credentials');
      const user = findUserByCredentials(emu, form.get('username') ?? '', form.get('password') ?? '');
      if (!user) return oauthError(ctx, 400, 'invalid_grant', 'authentication failure');
      const scope = 'api refresh_token web id';
      const refresh = emu.tokens.issueRefresh(String(user.Id), client.clientId, scope);
      const access = emu.tokens.issueAccess(String(user.Id), client.clientId, refresh, scope);
      ctx.body = tokenResponse(emu, user, access, null, scope);
      return;
    }
    return oauthError(ctx, 400, 'unsupported_grant_type', 'grant type not supported');
  });

  const revoke = async (ctx: Context): Promise<void> => {
    const form = ctx.method === 'POST' ? await readForm(ctx) : new URLSearchParams();
    const q = ctx.query.token;
    const token = form.get('token') ?? (typeof q === 'string' ? q : '');
    if (!emu.tokens.revoke(token)) {
      ctx.status = 400;
      ctx.body = { error: 'unsupported_token_type', error_description: 'this token type is not supported' };
      return;
    }
    ctx.status = 200;
    ctx.body = '';
  };
  router.post('/services/oauth2/revoke', revoke);
  router.get('/services/oauth2/revoke', revoke);

  const authed = (ctx: Context): SRecord | undefined => {
    const token = bearerToken(ctx);
    const row = token ? emu.tokens.validAccess(token) : undefined;
    const user = row ? userRecord(emu.org, row.user_id) : undefined;
    if (!user) {
      ctx.status = 403;
      ctx.body = 'Bad_OAuth_Token';
      ctx.type = 'text';
    }
    return user;
  };

  router.get('/services/oauth2/userinfo', (ctx) => {
    const user = authed(ctx);
    if (user) ctx.body = userinfoBody(emu.org, user);
  });
  router.post('/services/oauth2/userinfo', (ctx) => {
    const user = authed(ctx);
    if (user) ctx.body = userinfoBody(emu.org, user);
  });

  router.get('/id/:orgId/:userId', (ctx) => {
    const user = authed(ctx);
    if (!user) return;
    if (ctx.params.userId !== user.Id && ctx.params.userId !== String(user.Id).slice(0, 15)) {
      ctx.status = 403;
      ctx.body = 'Bad_Id';
      return;
    }
    ctx.body = identityBody(emu.org, user);
  });

  return router;
}
