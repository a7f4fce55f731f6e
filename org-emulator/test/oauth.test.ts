import { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import {
  ADMIN,
  CLIENT,
  expectSfError,
  FIELD_USER,
  http,
  login,
  oauth2,
  PARTNER_USER,
  PASSWORD,
  start,
} from './helpers.js';

type Rec = Record<string, unknown>;

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start();
});
afterAll(async () => {
  await emu.close();
});

const unescape = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    out[m[1] ?? ''] = unescape(m[2] ?? '');
  return out;
}

async function postForm(path: string, fields: Record<string, string>, cookie?: string): Promise<Response> {
  return fetch(`${emu.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
  });
}

/** Drives the login (and optional consent) pages like a browser and returns the callback URL. */
async function browserLogin(
  authUrl: string,
  username: string,
  password: string,
  decision?: 'allow' | 'deny',
): Promise<URL> {
  const page = await fetch(authUrl, { redirect: 'manual' });
  const html = await page.text();
  const res = await postForm('/services/oauth2/authorize', { ...hiddenInputs(html), username, password });
  if (res.status === 302) return new URL(res.headers.get('location') ?? '');
  const consent = await res.text();
  if (!consent.includes('Allow')) throw new Error(`unexpected page: ${consent.slice(0, 200)}`);
  const next = await postForm('/services/oauth2/authorize/consent', {
    ...hiddenInputs(consent),
    decision: decision ?? 'allow',
  });
  return new URL(next.headers.get('location') ?? '');
}

describe('OAuth 2.0', () => {
  it('serves a favicon, so its pages log no 404 in the browser', async () => {
    const res = await http(emu, '/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.text).toContain('<svg');
  });

  it('shows a real login page and re-shows it with an error on bad credentials', async () => {
    const url = oauth2(emu).getAuthorizationUrl({ state: 's1' });
    const html = await (await fetch(url)).text();
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Log In<\/button>/);
    const res = await postForm('/services/oauth2/authorize', {
      ...hiddenInputs(html),
      username: FIELD_USER,
      password: 'wrong',
    });
    expect(res.status).toBe(200);
    const again = await res.text();
    expect(again).toContain('Please check your username and password');
    expect(again).toContain('name="username"');
    const hinted = await (await fetch(`${url}&login_hint=${encodeURIComponent(FIELD_USER)}`)).text();
    expect(hinted).toContain(`value="${FIELD_USER}"`);
  });

  it('reuses the browser session unless prompt=login, and logout ends it', async () => {
    const oa = oauth2(emu, 'http://localhost:3000/cb');
    const html = await (await fetch(oa.getAuthorizationUrl({}))).text();
    const res = await postForm('/services/oauth2/authorize', {
      ...hiddenInputs(html),
      username: FIELD_USER,
      password: PASSWORD,
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const silent = await fetch(oa.getAuthorizationUrl({ state: 'again' }), {
      headers: { cookie },
      redirect: 'manual',
    });
    expect(silent.status).toBe(302);
    expect(new URL(silent.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
    const forced = await fetch(oa.getAuthorizationUrl({ prompt: 'login' }), {
      headers: { cookie },
      redirect: 'manual',
    });
    expect(forced.status).toBe(200);
    await fetch(`${emu.url}/secur/logout.jsp`, { headers: { cookie } });
    const after = await fetch(oa.getAuthorizationUrl({}), { headers: { cookie }, redirect: 'manual' });
    expect(after.status).toBe(200);
  });

  it('rejects unknown clients and foreign callbacks on the org page', async () => {
    const bad = await http(
      emu,
      '/services/oauth2/authorize?response_type=code&client_id=nope&redirect_uri=http://localhost:1/cb',
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('invalid_client_id');
    const evil = await http(
      emu,
      `/services/oauth2/authorize?response_type=code&client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
    );
    expect(evil.status).toBe(400);
    expect(evil.text).toContain('redirect_uri_mismatch');
  });

  it('completes the authorization-code flow with PKCE (171-char verifier, no method) through jsforce', async () => {
    const oa = oauth2(emu, 'http://127.0.0.1:5173/any/path', true);
    expect(oa.codeVerifier?.length).toBe(171);
    const authUrl = oa.getAuthorizationUrl({ state: 'abc', prompt: 'login consent' });
    expect(authUrl).not.toContain('code_challenge_method');
    const cb = await browserLogin(authUrl, FIELD_USER, PASSWORD, 'allow');
    expect(cb.origin + cb.pathname).toBe('http://127.0.0.1:5173/any/path');
    expect(cb.searchParams.get('state')).toBe('abc');
    const code = cb.searchParams.get('code') ?? '';
    const conn = new Connection({ oauth2: oa });
    const info = await conn.authorize(code);
    expect(info.id).toMatch(/^005/);
    expect(conn.instanceUrl).toBe(emu.url);
    expect(conn.refreshToken).toBeTruthy();
    const identity = await conn.identity();
    expect(identity.username).toBe(FIELD_USER);
    // Codes are single use.
    await expect(new Connection({ oauth2: oa }).authorize(code)).rejects.toThrow(
      /invalid authorization code/,
    );
  });

  it('rejects a wrong PKCE verifier', async () => {
    const oa = oauth2(emu, 'http://localhost:3000/cb', true);
    const cb = await browserLogin(oa.getAuthorizationUrl({}), FIELD_USER, PASSWORD);
    const other = oauth2(emu, 'http://localhost:3000/cb', true);
    await expect(
      new Connection({ oauth2: other }).authorize(cb.searchParams.get('code') ?? ''),
    ).rejects.toThrow(/invalid code verifier/);
  });

  it('redirects with error=access_denied when consent is denied', async () => {
    const oa = oauth2(emu, 'http://localhost:3000/cb');
    const cb = await browserLogin(
      oa.getAuthorizationUrl({ state: 'st', prompt: 'consent' }),
      FIELD_USER,
      PASSWORD,
      'deny',
    );
    expect(cb.searchParams.get('error')).toBe('access_denied');
    expect(cb.searchParams.get('state')).toBe('st');
  });

  it('token endpoint returns every field and a verifiable signature; refresh and revoke work', async () => {
    const oa = oauth2(emu, 'http://localhost:3000/cb');
    const cb = await browserLogin(oa.getAuthorizationUrl({}), ADMIN, PASSWORD);
    const token = (await oa.requestToken(cb.searchParams.get('code') ?? '')) as unknown as Rec;
    for (const k of [
      'access_token',
      'refresh_token',
      'instance_url',
      'id',
      'issued_at',
      'signature',
      'token_type',
      'scope',
    ]) {
      expect(token[k], k).toBeTruthy();
    }
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', CLIENT.clientSecret)
      .update(String(token.id) + String(token.issued_at))
      .digest('base64');
    expect(token.signature).toBe(expected);
    const refreshed = (await oa.refreshToken(String(token.refresh_token))) as unknown as Rec;
    expect(refreshed.access_token).not.toBe(token.access_token);
    expect(refreshed.id).toBe(token.id);
    expect(refreshed.instance_url).toBe(emu.url);
    const idRes = await http(emu, new URL(String(token.id)).pathname, {
      token: String(refreshed.access_token),
    });
    expect(idRes.status).toBe(200);
    expect((idRes.body as Rec).username).toBe(ADMIN);
    const userinfo = await http(emu, '/services/oauth2/userinfo', { token: String(refreshed.access_token) });
    expect((userinfo.body as Rec).preferred_username).toBe(ADMIN);
    await oa.revokeToken(String(token.refresh_token));
    await expect(oa.refreshToken(String(token.refresh_token))).rejects.toThrow(
      /expired access\/refresh token/,
    );
    const conn = new Connection({ instanceUrl: emu.url, accessToken: String(refreshed.access_token) });
    await expectSfError(conn.query('SELECT Id FROM Account LIMIT 1'), 'INVALID_SESSION_ID');
  });

  it('password grant works and bad credentials give invalid_grant', async () => {
    const conn = await login(emu, PARTNER_USER);
    const identity = await conn.identity();
    expect(identity.user_type).toBe('POWER_PARTNER');
    const res = await http(emu, '/services/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        ...{ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret },
        username: PARTNER_USER,
        password: 'x',
      }).toString(),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_grant', error_description: 'authentication failure' });
    const basic = await http(emu, '/services/oauth2/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'password',
        username: PARTNER_USER,
        password: PASSWORD,
      }).toString(),
    });
    expect(basic.status).toBe(200);
    const partnerToken = await http(emu, '/services/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        username: PARTNER_USER,
        password: PASSWORD,
      }).toString(),
    });
    expect((partnerToken.body as Rec).sfdc_community_id).toMatch(/^0DB/);
    expect((partnerToken.body as Rec).sfdc_community_url).toBe(`${emu.url}/partners`);
  });

  it('expired tokens get 401 INVALID_SESSION_ID and jsforce refreshes automatically', async () => {
    const oa = oauth2(emu, 'http://localhost:3000/cb', true);
    const cb = await browserLogin(oa.getAuthorizationUrl({}), FIELD_USER, PASSWORD);
    const conn = new Connection({ oauth2: oa });
    await conn.authorize(cb.searchParams.get('code') ?? '');
    const before = conn.accessToken;
    const raw = await http(emu, '/__emulator/expire-tokens', { method: 'POST' });
    expect(raw.status).toBe(200);
    const direct = await http(emu, '/services/data/v60.0/sobjects', { token: before ?? '' });
    expect(direct.status).toBe(401);
    expect(direct.body).toEqual([{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
    let refreshed = false;
    conn.on('refresh', () => {
      refreshed = true;
    });
    const res = await conn.query('SELECT Id FROM Account LIMIT 1');
    expect(res.totalSize).toBe(1);
    expect(refreshed).toBe(true);
    expect(conn.accessToken).not.toBe(before);
  });

  it('token TTL is configurable', async () => {
    const short = await start({ tokenTtlSeconds: 1 });
    try {
      const conn = await login(short);
      const token = conn.accessToken ?? '';
      expect((await http(short, '/services/data/v60.0/sobjects', { token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1200));
      expect((await http(short, '/services/data/v60.0/sobjects', { token })).status).toBe(401);
      // The password flow's refresh delegate logs in again.
      expect((await conn.query('SELECT Id FROM User')).totalSize).toBe(3);
    } finally {
      await short.close();
    }
  });
});
