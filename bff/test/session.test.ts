import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EMBEDDED_SESSION_COOKIE, SESSION_COOKIE } from 'shared-contracts';
import { signRequest } from '../src/org/canvas';
import {
  Client,
  DEMO,
  Jar,
  go,
  login,
  loginAt,
  passwordToken,
  signedIn,
  startBff,
  type RunningBff,
} from './helpers';
import { startRedis, stop } from './global-setup';
import { MemoryStore } from '../src/session/store';

const emulatorUrl = inject('emulatorUrl');
/** Every test that expires the org's access tokens lives in this file, so they never overlap. */
let bff: RunningBff;
beforeAll(async () => {
  bff = await startBff(emulatorUrl);
});
afterAll(() => bff.close());

async function sessionData(c: Client) {
  const id = c.jar.get(bff.base, SESSION_COOKIE) ?? '';
  const data = await bff.bff.deps.store.get(id);
  if (!data?.main) throw new Error('no session');
  return data;
}

describe('refresh on 401 inside the BFF', () => {
  it('one refresh in flight per session, however many calls hit the 401 at once', async () => {
    const c = await signedIn(bff.base);
    const before = await sessionData(c);
    await fetch(`${emulatorUrl}/__emulator/expire-tokens`, { method: 'POST' });
    const count = bff.bff.deps.refresher.refreshCount;
    const results = await Promise.all(Array.from({ length: 10 }, () => c.get('/api/forms')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(bff.bff.deps.refresher.refreshCount - count).toBe(1);
    const after = await sessionData(c);
    expect(after.main?.accessToken).not.toBe(before.main?.accessToken);
    expect(after.main?.refreshToken).toBe(before.main?.refreshToken);
  });

  it('a revoked refresh token ends the session cleanly: 401 session expired, cookie cleared', async () => {
    const c = await signedIn(bff.base);
    const data = await sessionData(c);
    await fetch(`${emulatorUrl}/services/oauth2/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: data.main?.refreshToken ?? '' }).toString(),
    });
    await fetch(`${emulatorUrl}/__emulator/expire-tokens`, { method: 'POST' });
    const r = await c.get('/api/forms');
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({
      success: false,
      errorType: 'session expired',
      errorCode: 'SESSION_EXPIRED',
    });
    expect(r.res.headers.getSetCookie().join()).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await c.get('/api/forms')).status).toBe(401);
  });
});

describe('sign-out (issue 28: shared devices)', () => {
  it('ends the session: the same cookie is refused afterwards', async () => {
    const c = await signedIn(bff.base);
    expect((await c.get('/api/forms')).status).toBe(200);
    const { userId } = (await sessionData(c)).main ?? {};
    const r = await c.post('/api/sf/logout', { loginUrl: '', userId });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ data: { loggedOut: true } });
    expect((await c.get('/api/forms')).status).toBe(401);
  });

  it('a sign-in started while the sign-out is still at the org survives it (the next user of a shared tablet taps Log in at once)', async () => {
    const c = await signedIn(bff.base);
    const { userId } = (await sessionData(c)).main ?? {};
    const faults = (init: RequestInit) => fetch(`${emulatorUrl}/__emulator/faults`, init);
    await faults({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ latencyMs: 800, pathPattern: 'oauth2/revoke' }),
    });
    try {
      const out = c.post('/api/sf/logout', { loginUrl: '', userId });
      await new Promise((r) => setTimeout(r, 200));
      // the next user's sign-in starts at the BFF while the org is still revoking the first one's grants
      const start = await go(c.jar, `${bff.base}/api/auth/login?loginUrl=production`);
      expect(start.status).toBe(302);
      expect((await out).json).toMatchObject({ data: { loggedOut: true } });
      // the first user's session is over; the second one's sign-in completes
      expect((await c.get('/api/forms')).status).toBe(401);
      const done = await loginAt(c.jar, start.headers.get('location') ?? '', 'partner.user@demo.org');
      expect(done).toMatch(/status=ok/);
      expect((await c.get('/api/forms')).status).toBe(200);
      expect((await sessionData(c)).main?.username).toBe('partner.user@demo.org');
    } finally {
      await faults({ method: 'DELETE' });
    }
  });

  it('a sign-out sent late names its user: a session someone else signed in to meanwhile stays', async () => {
    const c = await signedIn(bff.base);
    const r = await c.post('/api/sf/logout', { loginUrl: '', userId: '005000000000000XYZ' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ data: { loggedOut: false } });
    expect((await c.get('/api/forms')).status).toBe(200);
  });
});

/** A session store that fails while `down`: the BFF answers 5xx, as with its store unreachable. */
class FlakyStore extends MemoryStore {
  down = false;
  override async get(id: string) {
    if (this.down) throw new Error('session store unreachable');
    return super.get(id);
  }
}

/** Whether the org still honours a sign-in's tokens (a call with the access token, a refresh). */
async function alive(auth: { accessToken: string; refreshToken?: string }) {
  const call = await fetch(`${emulatorUrl}/services/data/v62.0/sobjects`, {
    headers: { Authorization: `Bearer ${auth.accessToken}` },
  });
  const refresh = await fetch(`${emulatorUrl}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: auth.refreshToken ?? '',
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
    }).toString(),
  });
  return { call: call.status, refresh: refresh.status };
}

describe('a sign-in while an earlier sign-out is still pending (issue 40)', () => {
  it('the sign-out answered 5xx: signing in again on that browser still ends the earlier grant at the org', async () => {
    const store = new FlakyStore();
    const flaky = await startBff(emulatorUrl, {}, store);
    try {
      const c = await signedIn(flaky.base, DEMO.field);
      const id = c.jar.get(flaky.base, SESSION_COOKIE) ?? '';
      const earlier = (await store.get(id))?.main;
      if (!earlier) throw new Error('no session');
      expect(await alive(earlier)).toEqual({ call: 200, refresh: 200 });

      store.down = true;
      const out = await c.post('/api/sf/logout', { loginUrl: '', userId: earlier.userId });
      store.down = false;
      expect(out.status).toBeGreaterThanOrEqual(500);
      // the org still honours the earlier sign-in: the sign-out never reached it
      expect((await alive(earlier)).call).toBe(200);

      // someone signs in on the same browser (the shell drops its pending sign-out then)
      const loc = await login(flaky.base, c.jar, DEMO.partner);
      expect(loc).toBe('/authSuccessCallback?status=ok');
      expect(await alive(earlier)).toEqual({ call: 401, refresh: 400 });
      // the new sign-in works, and the earlier session's cookie is gone
      expect((await c.get('/api/forms')).status).toBe(200);
      expect(await store.get(id)).toBeNull();
    } finally {
      await flaky.close();
    }
  });

  it('a second sign-in to the other org ends the first one there', async () => {
    const c = await signedIn(bff.base, DEMO.field);
    expect(await login(bff.base, c.jar, DEMO.admin, { target: 'otherOrg' })).toBe(
      '/authOtherOrgSuccessCallback?status=ok',
    );
    const first = (await sessionData(c)).otherOrg;
    if (!first) throw new Error('no other org');
    expect(await login(bff.base, c.jar, DEMO.admin, { target: 'otherOrg' })).toBe(
      '/authOtherOrgSuccessCallback?status=ok',
    );
    expect(await alive(first)).toEqual({ call: 401, refresh: 400 });
    const second = (await sessionData(c)).otherOrg;
    expect(second && (await alive(second))).toEqual({ call: 200, refresh: 200 });
  });
});

describe('canvas signed request', () => {
  const envelope = (token: string, over: Record<string, unknown> = {}) => ({
    algorithm: 'HMACSHA256',
    issuedAt: Math.floor(Date.now() / 1000),
    userId: '005000000000001AAA',
    client: { oauthToken: token, instanceUrl: emulatorUrl, targetOrigin: emulatorUrl, instanceId: '_:CQ:' },
    context: {
      user: { userId: '005000000000001AAA', userName: DEMO.field, userType: 'STANDARD' },
      organization: { organizationId: '00D000000000001AAA' },
      environment: {
        parameters: { formId: 'a0F000000000001AAA' },
        locationUrl: `${emulatorUrl}/lightning/r/Account/001000000000001AAA/view`,
      },
    },
    ...over,
  });
  const post = (jar: Jar, signed: string) =>
    go(jar, `${bff.base}/canvas`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: emulatorUrl },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });

  it('starts an embedded session with a partitioned cookie and redirects to the launcher', async () => {
    const token = await passwordToken(emulatorUrl, DEMO.field);
    const jar = new Jar();
    const res = await post(jar, signRequest(envelope(token), DEMO.secret));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/launchFromSF/a0F000000000001AAA');
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith(`${EMBEDDED_SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/samesite=none/i);
    expect(cookie).toMatch(/secure/i);
    expect(cookie).toMatch(/partitioned/i);
    expect(cookie).toMatch(/httponly/i);
    const c = new Client(bff.base, jar);
    expect((await c.get('/api/forms')).status).toBe(200);
    const ctx = c.data<Record<string, unknown>>(await c.get('/api/canvas/context'));
    expect(ctx).toEqual({
      instanceId: '_:CQ:',
      targetOrigin: emulatorUrl,
      instanceUrl: emulatorUrl,
      allowedOrigins: expect.any(Array),
      recordUrl: `${emulatorUrl}/lightning/r/Account/001000000000001AAA/view`,
    });
    // The org's access token never reaches the browser, not even in canvas mode.
    expect(JSON.stringify(ctx)).not.toContain(token);
    expect(c.data<{ embedded: boolean }>(await c.get('/api/getEnv/')).embedded).toBe(true);
  });

  it('keeps launcher parameters in position and a foreign locationUrl out of the context', async () => {
    const token = await passwordToken(emulatorUrl, DEMO.field);
    const jar = new Jar();
    const env = envelope(token);
    const context = env.context as Record<string, Record<string, unknown>>;
    context.environment = {
      parameters: { submissionId: 'a0G000000000002AAA', formSubmissionStatus: 'Scheduled' },
      locationUrl: 'https://evil.example.com/lightning/r/Account/1/view',
    };
    const res = await post(jar, signRequest(env, DEMO.secret));
    expect(res.headers.get('location')).toBe('/launchFromSF/-/-/-/Scheduled/a0G000000000002AAA');
    const c = new Client(bff.base, jar);
    const ctx = c.data<Record<string, unknown>>(await c.get('/api/canvas/context'));
    expect(ctx.recordUrl).toBeUndefined();
  });

  it.each([
    ['tampered', (s: string) => s.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'))],
    ['stale', () => 'stale'],
    ['wrong algorithm', () => 'alg'],
    ['wrong secret', () => 'secret'],
  ])('%s signed request gets 401', async (_n, mutate) => {
    const token = await passwordToken(emulatorUrl, DEMO.field);
    let signed = signRequest(envelope(token), DEMO.secret);
    const m = mutate(signed);
    if (m === 'stale')
      signed = signRequest(envelope(token, { issuedAt: Math.floor(Date.now() / 1000) - 7200 }), DEMO.secret);
    else if (m === 'alg') signed = signRequest(envelope(token, { algorithm: 'HMACSHA1' }), DEMO.secret);
    else if (m === 'secret') signed = signRequest(envelope(token), 'not-the-secret');
    else signed = m;
    const res = await post(new Jar(), signed);
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((l) => l.startsWith(EMBEDDED_SESSION_COOKIE))).toBe(false);
  });

  it('a canvas launch in a same-site frame (which also sends the top-level cookie) leaves the top-level session signed in', async () => {
    const c = await signedIn(bff.base);
    const topLevel = c.jar.get(bff.base, SESSION_COOKIE) ?? '';
    const token = await passwordToken(emulatorUrl, DEMO.field);
    const res = await post(c.jar, signRequest(envelope(token), DEMO.secret));
    expect(res.status).toBe(303);
    expect(c.jar.get(bff.base, SESSION_COOKIE)).toBe(topLevel);
    expect(await bff.bff.deps.store.get(topLevel)).not.toBeNull();
    expect((await c.get('/api/forms')).status).toBe(200);
    // The embedded session exists on its own, under its own id.
    const embeddedId = c.jar.get(bff.base, EMBEDDED_SESSION_COOKIE) ?? '';
    expect(embeddedId).not.toBe(topLevel);
    expect((await bff.bff.deps.store.get(embeddedId))?.canvas?.instanceId).toBe('_:CQ:');
  });

  it('a top-level session is not a canvas session', async () => {
    const c = await signedIn(bff.base);
    expect((await c.get('/api/canvas/context')).status).toBe(403);
  });
});

describe('cookie flags over https', () => {
  it('Secure when PUBLIC_URL is https', async () => {
    const secure = await startBff(emulatorUrl, {
      PUBLIC_URL: 'https://forms.example.com',
      TRUST_PROXY: 'true',
    });
    try {
      // as the TLS-terminating proxy in front of it forwards the browser's request
      const res = await fetch(`${secure.base}/api/auth/login?loginUrl=production`, {
        redirect: 'manual',
        headers: { 'X-Forwarded-Host': 'forms.example.com', 'X-Forwarded-Proto': 'https' },
      });
      const cookie = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`)) ?? '';
      expect(cookie).toMatch(/; secure/i);
      expect(cookie).toMatch(/httponly/i);
      expect(cookie).toMatch(/samesite=lax/i);
      expect(new URL(res.headers.get('location') ?? '').searchParams.get('redirect_uri')).toBe(
        'https://forms.example.com/authSuccessCallback',
      );
    } finally {
      await secure.close();
    }
  });
});

let redis: ChildProcess;
let a: RunningBff;
let b: RunningBff;

describe('sessions in Redis (REDIS_URL)', () => {
  beforeAll(async () => {
    const started = await startRedis();
    redis = started.child;
    const env = { REDIS_URL: started.url };
    [a, b] = await Promise.all([startBff(emulatorUrl, env), startBff(emulatorUrl, env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    if (redis) await stop(redis);
  });

  /** One browser, two BFF instances behind a load balancer: the same cookie goes to either. */
  function pair(c: Client, other: RunningBff): Client {
    const twin = new Client(other.base);
    twin.jar.set(other.base, SESSION_COOKIE, c.jar.get(c.base, SESSION_COOKIE) ?? '');
    return twin;
  }

  describe('two BFF instances share sessions through Redis', () => {
    it('signs in on one, keeps working on the other mid-session, refreshes on either, logs out everywhere', async () => {
      const onA = new Client(a.base);
      expect(await login(a.base, onA.jar, DEMO.field)).toContain('status=ok');
      const onB = pair(onA, b);
      expect((await onB.get('/api/forms')).status).toBe(200);
      expect(onB.data(await onB.get('/api/getToken'))).toBe(onA.data(await onA.get('/api/getToken')));
      // Mid-session switch with a write: save on A, read the same record on B.
      const forms = onA.data<{ Id: string }[]>(await onA.get('/api/forms'));
      const sid = crypto.randomUUID();
      const ident = encodeURIComponent(`${forms[0]?.Id}#${sid}`);
      const saved = onA.data<{ id: string }>(
        await onA.post(`/api/savesubmission?formSubmissionIdentifier=${ident}`, {
          id: sid,
          data: {},
          version: 1,
        }),
      );
      const again = onB.data<{ id: string; created: boolean }>(
        await onB.post(`/api/savesubmission?formSubmissionIdentifier=${ident}`, {
          id: sid,
          data: {},
          version: 2,
        }),
      );
      expect(again).toMatchObject({ id: saved.id, created: false });
      // Expired access tokens: B refreshes, A picks up the refreshed token from Redis without refreshing again.
      await fetch(`${emulatorUrl}/__emulator/expire-tokens`, { method: 'POST' });
      const before = a.bff.deps.refresher.refreshCount + b.bff.deps.refresher.refreshCount;
      expect((await onB.get('/api/forms')).status).toBe(200);
      expect((await onA.get('/api/forms')).status).toBe(200);
      expect(a.bff.deps.refresher.refreshCount + b.bff.deps.refresher.refreshCount - before).toBe(1);
      // Both instances hit the 401 at the same moment: still one refresh in all (lock in Redis).
      await fetch(`${emulatorUrl}/__emulator/expire-tokens`, { method: 'POST' });
      const before2 = a.bff.deps.refresher.refreshCount + b.bff.deps.refresher.refreshCount;
      const both = await Promise.all([
        ...Array.from({ length: 5 }, () => onA.get('/api/userDetails')),
        ...Array.from({ length: 5 }, () => onB.get('/api/userDetails')),
      ]);
      expect(both.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(a.bff.deps.refresher.refreshCount + b.bff.deps.refresher.refreshCount - before2).toBe(1);
      // Log out on B: A sees the session gone.
      expect((await onB.post('/api/sf/logout', {})).status).toBe(200);
      expect((await onA.get('/api/forms')).status).toBe(401);
    });
  });
});
