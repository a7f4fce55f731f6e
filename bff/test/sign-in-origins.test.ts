import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_COOKIE } from 'shared-contracts';
import { freePort } from 'test-kit/system';
import { createBff, type Bff } from '../src/app';
import { loadConfig } from '../src/config';
import { Client, DEMO, Jar, bffEnv, go, login } from './helpers';

// Issue 19 part 2: sign-in works from whichever of the app's names the browser is on (localhost,
// 127.0.0.1, a name behind a proxy), because the OAuth callback must land on the host holding the
// session cookie; a host outside PUBLIC_URL/PUBLIC_ORIGINS is sent to the canonical origin first.

const emulatorUrl = inject('emulatorUrl');

interface Running {
  port: number;
  close(): Promise<void>;
}

/** The BFF on a known port, so PUBLIC_URL can name it as `npm start` does. */
async function startOn(env: (port: number) => Record<string, string>): Promise<Running> {
  const port = await freePort();
  const bff: Bff = createBff(loadConfig(bffEnv(emulatorUrl, env(port))));
  const server: Server = bff.app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }).then(() => bff.close()),
  };
}

const redirectUriOf = (res: Response) =>
  new URL(res.headers.get('location') ?? '').searchParams.get('redirect_uri');

describe('PUBLIC_URL on 127.0.0.1 (npm start): both loopback names sign in', () => {
  let bff: Running;
  beforeAll(async () => {
    bff = await startOn((port) => ({ PUBLIC_URL: `http://127.0.0.1:${port}` }));
  });
  afterAll(() => bff.close());

  it.each(['127.0.0.1', 'localhost'])(
    'from http://%s: the callback comes back to that host, and the session works there',
    async (host) => {
      const base = `http://${host}:${bff.port}`;
      const start = await go(new Jar(), `${base}/api/auth/login?loginUrl=production`);
      expect(redirectUriOf(start)).toBe(`${base}/authSuccessCallback`);

      const client = new Client(base);
      expect(await login(base, client.jar, DEMO.field)).toBe('/authSuccessCallback?status=ok');
      expect(client.jar.get(base, SESSION_COOKIE)).toBeTruthy();
      const context = await client.post('/api/authUser', {});
      expect(context.status).toBe(200);
      expect(client.data<{ url: string }>(context).url).toBe(emulatorUrl);
    },
  );

  it('the other-org sign-in also comes back to the host the browser is on', async () => {
    const base = `http://localhost:${bff.port}`;
    const client = new Client(base);
    await login(base, client.jar, DEMO.field);
    const start = await go(client.jar, `${base}/api/auth/login?loginUrl=production&target=otherOrg`);
    expect(redirectUriOf(start)).toBe(`${base}/authOtherOrgSuccessCallback`);
    expect(await login(base, client.jar, DEMO.admin, { target: 'otherOrg' })).toBe(
      '/authOtherOrgSuccessCallback?status=ok',
    );
  });

  it('another host name is sent to the canonical origin before the org is contacted, with no session made', async () => {
    const res = await fetch(`http://127.0.0.1:${bff.port}/api/auth/login?loginUrl=sandbox&target=main`, {
      redirect: 'manual',
      headers: { 'X-Forwarded-Host': 'ignored.example.com' }, // TRUST_PROXY is off: never read
    });
    expect(redirectUriOf(res)).toBe(`http://127.0.0.1:${bff.port}/authSuccessCallback`);

    const lan = await rawGet(bff.port, '/api/auth/login?loginUrl=sandbox&target=main', {
      Host: `my-laptop.lan:${bff.port}`,
    });
    expect(lan.status).toBe(302);
    expect(lan.location).toBe(`http://127.0.0.1:${bff.port}/api/auth/login?loginUrl=sandbox&target=main`);
    expect(lan.setCookie).toEqual([]);
  });
});

describe('behind a trusted proxy (TRUST_PROXY, PUBLIC_ORIGINS)', () => {
  let bff: Running;
  beforeAll(async () => {
    bff = await startOn(() => ({
      PUBLIC_URL: 'https://forms.example.com',
      PUBLIC_ORIGINS: 'http://checklists.lan:8080',
      TRUST_PROXY: 'true',
    }));
  });
  afterAll(() => bff.close());

  const via = (host: string, proto: string) =>
    fetch(`http://127.0.0.1:${bff.port}/api/auth/login?loginUrl=production`, {
      redirect: 'manual',
      headers: { 'X-Forwarded-Host': host, 'X-Forwarded-Proto': proto },
    });

  it('each configured name gets its own redirect URI', async () => {
    expect(redirectUriOf(await via('forms.example.com', 'https'))).toBe(
      'https://forms.example.com/authSuccessCallback',
    );
    expect(redirectUriOf(await via('checklists.lan:8080', 'http'))).toBe(
      'http://checklists.lan:8080/authSuccessCallback',
    );
  });

  it('a forwarded host outside the list is sent to PUBLIC_URL, never used in a redirect URI', async () => {
    for (const [host, proto] of [
      ['evil.example.com', 'https'],
      ['checklists.lan:8080', 'https'],
      ['127.0.0.1:4000', 'http'], // no loopback name is configured here
    ] as const) {
      const res = await via(host, proto);
      expect(res.status, host).toBe(302);
      expect(res.headers.get('location'), host).toBe(
        'https://forms.example.com/api/auth/login?loginUrl=production',
      );
    }
  });
});

describe('nothing configured (development)', () => {
  let bff: Running;
  beforeAll(async () => {
    bff = await startOn(() => ({}));
  });
  afterAll(() => bff.close());

  it('a loopback host signs in where it is; any other host is refused back to the callback page', async () => {
    const res = await go(new Jar(), `http://localhost:${bff.port}/api/auth/login?loginUrl=production`);
    expect(redirectUriOf(res)).toBe(`http://localhost:${bff.port}/authSuccessCallback`);
    const other = await rawGet(bff.port, '/api/auth/login?loginUrl=production', { Host: 'evil.example.com' });
    expect(other.status).toBe(302);
    expect(other.location).toBe('/authSuccessCallback?status=error&error=origin_not_allowed');
  });
});

/** A GET with a Host header of our choosing (fetch never sends another Host than the URL's). */
async function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; location: string | undefined; setCookie: string[] }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          setCookie: res.headers['set-cookie'] ?? [],
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
