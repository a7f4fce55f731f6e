import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_COOKIE } from 'shared-contracts';
import { Client, DEMO, Jar, go, login, signedIn, startBff, type RunningBff } from './helpers';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
beforeAll(async () => {
  bff = await startBff(emulatorUrl);
});
afterAll(() => bff.close());

describe('sign-in: OAuth web-server flow with PKCE', () => {
  it('login start redirects to the org authorize page with PKCE, state and prompt=login consent', async () => {
    const jar = new Jar();
    const res = await go(jar, `${bff.base}/api/auth/login?loginUrl=production`);
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location') ?? '');
    expect(url.origin).toBe(emulatorUrl);
    expect(url.pathname).toBe('/services/oauth2/authorize');
    expect(url.searchParams.get('prompt')).toBe('login consent');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${bff.base}/authSuccessCallback`);
    expect(jar.get(bff.base, SESSION_COOKIE)).toBeTruthy();
  });

  it('signs in, sets a new httpOnly SameSite=Lax session cookie, and the API works', async () => {
    const c = new Client(bff.base);
    const before = await go(c.jar, `${bff.base}/api/auth/login?loginUrl=production`);
    expect(before.status).toBe(302);
    const preLogin = c.jar.get(bff.base, SESSION_COOKIE);
    const c2 = new Client(bff.base);
    const loc = await login(bff.base, c2.jar, DEMO.field);
    expect(loc).toBe('/authSuccessCallback?status=ok');
    const cookie = c2.jar.setCookies.filter((l) => l.startsWith(`${SESSION_COOKIE}=`)).at(-1) ?? '';
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/secure/i); // served over http here; Secure when PUBLIC_URL is https
    expect(c2.jar.get(bff.base, SESSION_COOKIE)).not.toBe(preLogin);
    const ctx = await c2.post('/api/authUser', {});
    expect(ctx.status).toBe(200);
    const data = c2.data<{ url: string; organizationId: string; token: string }>(ctx);
    expect(data.url).toBe(emulatorUrl);
    expect(data.organizationId).toMatch(/^00D/);
    const token = await c2.get('/api/getToken');
    expect(c2.data(token)).toBe(data.token);
  });

  it('a wrong or replayed state is refused', async () => {
    const jar = new Jar();
    const res = await go(jar, `${bff.base}/authSuccessCallback?code=abc&state=forged`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/authSuccessCallback?status=error&error=invalid_state');
  });

  it('the callback path without OAuth parameters is the shell page', async () => {
    const res = await fetch(`${bff.base}/authSuccessCallback?status=ok`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>shell</title>');
  });

  it('custom domains must be https (http only on localhost)', async () => {
    const jar = new Jar();
    for (const bad of [
      'http://evil.example.com',
      'javascript:alert(1)',
      'https://x.example.com/path',
      'ftp://x',
      'https://u:p@x.example.com',
    ]) {
      const r = await go(jar, `${bff.base}/api/auth/login?loginUrl=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
    }
    const ok = await go(
      jar,
      `${bff.base}/api/auth/login?loginUrl=${encodeURIComponent('https://acme.my.salesforce.com')}`,
    );
    expect(new URL(ok.headers.get('location') ?? '').origin).toBe('https://acme.my.salesforce.com');
    const local = await go(jar, `${bff.base}/api/auth/login?loginUrl=${encodeURIComponent(emulatorUrl)}`);
    expect(local.status).toBe(302);
  });

  it('navigation errors go back to the callback page: no client id, other org without a main session', async () => {
    const bare = await startBff(emulatorUrl, { SF_CLIENT_ID: '' });
    try {
      const r = await fetch(`${bare.base}/api/auth/login?loginUrl=production`, { redirect: 'manual' });
      expect(r.headers.get('location')).toBe('/authSuccessCallback?status=error&error=login_not_configured');
      const env = (await (await fetch(`${bare.base}/api/getEnv/`)).json()) as {
        data: { loginEnabled: boolean };
      };
      expect(env.data.loginEnabled).toBe(false);
    } finally {
      await bare.close();
    }
    const r = await fetch(`${bff.base}/api/auth/login?loginUrl=production&target=otherOrg`, {
      redirect: 'manual',
    });
    expect(r.headers.get('location')).toBe('/authOtherOrgSuccessCallback?status=error&error=not_signed_in');
  });

  it('the other-org sign-in is kept beside the main session', async () => {
    const c = await signedIn(bff.base, DEMO.field);
    const main = c.data<{ token: string }>(await c.post('/api/authUser', {}));
    const loc = await login(bff.base, c.jar, DEMO.admin, { target: 'otherOrg' });
    expect(loc).toBe('/authOtherOrgSuccessCallback?status=ok');
    const s = c.data<{ main: { token: string }; otherOrg: { username: string } }>(
      await c.get('/api/auth/session'),
    );
    expect(s.main.token).toBe(main.token);
    expect(s.otherOrg.username).toBe(DEMO.admin);
  });

  it('signed-out calls get 401 with the session-expired error type', async () => {
    const c = new Client(bff.base);
    const r = await c.get('/api/forms');
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ success: false, errorType: 'session expired' });
    expect(c.data(await c.get('/api/getToken'))).toBeNull();
  });

  it('logout revokes at the org and ends the session', async () => {
    const c = await signedIn(bff.base);
    expect((await c.post('/api/sf/logout', { loginUrl: 'production' })).status).toBe(200);
    expect((await c.get('/api/forms')).status).toBe(401);
  });

  it('deleteToken ends the session (CSRF-guarded GET)', async () => {
    const c = await signedIn(bff.base);
    expect((await c.get('/api/deleteToken', { [`X-Requested-With`]: '' })).status).toBe(403);
    expect((await c.get('/api/deleteToken')).status).toBe(200);
    expect((await c.get('/api/forms')).status).toBe(401);
  });

  describe("the spec's 'Authentication Failed'", () => {
    it('a session handle that is not this session: 401 with the exact text (authUser, storeToken)', async () => {
      const c = new Client(bff.base);
      await login(bff.base, c.jar, DEMO.field);
      for (const [path, body] of [
        ['/api/authUser', { accessToken: 'not-this-session' }],
        ['/api/storeToken', { token: 'not-this-session' }],
      ] as const) {
        const res = await c.post(path, body);
        expect(res.status, path).toBe(401);
        expect((res.json as { messages: string[] }).messages, path).toEqual(['Authentication Failed']);
      }
    });
  });
});
