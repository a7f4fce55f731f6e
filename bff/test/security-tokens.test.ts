/**
 * Proof (issue 11): no answer of any route ever carries the org's refresh token or access token, in
 * its body, its headers or a Set-Cookie, before and after the BFF refreshed the session's tokens
 * (the emulator expires every access token mid-test), and for a canvas (embedded) session too, whose
 * access token came from the org's signed request. Every route of the contract table is called, the
 * state-changing ones with the CSRF header, with the simplest body the contract allows.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, EMBEDDED_SESSION_COOKIE, SESSION_COOKIE, type ApiRoute } from 'shared-contracts';
import { recordProof } from 'test-kit';
import { signRequest } from '../src/org/canvas';
import { startEmulator, stop } from './global-setup';
import { Client, DEMO, Jar, go, passwordToken, signedIn, startBff, type RunningBff } from './helpers';

// Its own emulator: expiring every access token must not disturb other files' sessions.
let emulator: { url: string; child: ChildProcess };
let emulatorUrl: string;
let bff: RunningBff;
beforeAll(async () => {
  emulator = await startEmulator();
  emulatorUrl = emulator.url;
  bff = await startBff(emulatorUrl);
}, 60_000);
afterAll(async () => {
  await bff?.close();
  if (emulator) await stop(emulator.child);
});

const fill = (path: string) =>
  path
    .replace(':fileName', 'file.json')
    .replace(':contentDocumentId', '069000000000001AAA')
    .replace(':x', 'all')
    .replace(':a', 'cqComp')
    .replace(':template', 'cqFormTemplate');

/** Routes that end the session are called last. */
const ENDING = new Set(['deleteToken', 'sfLogout']);

async function callEvery(c: Client, routes: ApiRoute[]): Promise<string[]> {
  const seen: string[] = [];
  const ordered = [...routes.filter((r) => !ENDING.has(r.id)), ...routes.filter((r) => ENDING.has(r.id))];
  for (const route of ordered) {
    const path = fill(route.path);
    const body =
      route.method === 'GET'
        ? undefined
        : route.path.startsWith('/api/sf/') || route.path.startsWith('/api/templates/')
          ? { instanceUrl: emulatorUrl }
          : {};
    const r = await c.call(route.method, path, body);
    seen.push(r.text, ...r.res.headers.getSetCookie(), JSON.stringify([...r.res.headers]));
  }
  return seen;
}

async function tokensOf(c: Client, cookie: string): Promise<{ access: string; refresh: string }> {
  const s = await bff.bff.deps.store.get(c.jar.get(bff.base, cookie) ?? '');
  return { access: s?.main?.accessToken ?? '', refresh: s?.main?.refreshToken ?? '' };
}

describe('tokens never leave the BFF, on any route, before and after a refresh', () => {
  it('top-level session', async () => {
    const c = await signedIn(bff.base);
    const before = await tokensOf(c, SESSION_COOKIE);
    expect(before.refresh.length).toBeGreaterThan(10);
    const routes = API_ROUTES.filter((r) => r.id !== 'canvas');
    const seen = [
      ...c.jar.setCookies,
      ...(await callEvery(
        c,
        routes.filter((r) => !ENDING.has(r.id)),
      )),
    ];
    // every access token expires: the next calls make the BFF refresh inside
    expect((await fetch(`${emulatorUrl}/__emulator/expire-tokens`, { method: 'POST' })).status).toBe(200);
    expect((await c.get('/api/forms')).status).toBe(200);
    const after = await tokensOf(c, SESSION_COOKIE);
    expect(after.access).not.toBe(before.access);
    seen.push(...(await callEvery(c, routes)));
    const all = seen.join('\n');
    const leaks = [before.access, before.refresh, after.access, after.refresh].filter((t) => all.includes(t));
    recordProof('security-tokens', {
      routesCalled: routes.length,
      answersChecked: seen.length,
      refreshed: after.access !== before.access,
      leaks: leaks.length,
    });
    expect(leaks).toEqual([]);
  });

  it('canvas session: the signed request’s token is not echoed back', async () => {
    const token = await passwordToken(emulatorUrl, DEMO.field);
    const jar = new Jar();
    const signed = signRequest(
      {
        algorithm: 'HMACSHA256',
        issuedAt: Math.floor(Date.now() / 1000),
        userId: '0055g0000000002AAA',
        client: {
          oauthToken: token,
          instanceUrl: emulatorUrl,
          targetOrigin: emulatorUrl,
          instanceId: '_:CQ:',
        },
        context: {
          user: { userId: '0055g0000000002AAA', userName: DEMO.field, userType: 'STANDARD' },
          organization: { organizationId: '00D5g0000000001AAA' },
          environment: { parameters: { formId: 'a0F000000000001AAA' } },
        },
      },
      DEMO.secret,
    );
    const res = await go(jar, `${bff.base}/canvas`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: emulatorUrl },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
    expect(res.status).toBe(303);
    expect(jar.get(bff.base, EMBEDDED_SESSION_COOKIE)).toBeTruthy();
    const c = new Client(bff.base, jar);
    const seen = [
      ...jar.setCookies,
      await res.text(),
      ...(await callEvery(
        c,
        API_ROUTES.filter((r) => r.id !== 'canvas'),
      )),
    ];
    expect(seen.join('\n')).not.toContain(token);
  });
});
