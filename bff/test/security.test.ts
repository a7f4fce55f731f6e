import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_ROUTES, SESSION_COOKIE } from 'shared-contracts';
import { createBff } from '../src/app';
import { loadConfig } from '../src/config';
import { Client, DEMO, bffEnv, go, login, signedIn, startBff, type RunningBff } from './helpers';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;
beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  c = await signedIn(bff.base);
});
afterAll(() => bff.close());

/** Fills a router path's parameters with harmless valid values. */
const fill = (path: string) =>
  path
    .replace(':fileName', 'file.json')
    .replace(':contentDocumentId', '069000000000001AAA')
    .replace(':x', 'all')
    .replace(':a', 'cqComp')
    .replace(':template', 'cqFormTemplate');

/** Every (method, path) the router serves, from the router itself. */
function enumerateRouter(): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  for (const layer of bff.bff.router.stack) {
    for (const method of layer.methods) if (method !== 'HEAD') out.push({ method, path: String(layer.path) });
  }
  return out;
}

describe('CSRF on every state-changing route (enumerated from the router)', () => {
  const routes = () => {
    const all = enumerateRouter();
    const stateChanging = all.filter((r) => {
      const contract = API_ROUTES.find(
        (a) => a.method === r.method && (a.path === r.path || a.path === `${r.path}/`),
      );
      if (r.method !== 'GET' && r.path !== '/canvas') {
        // No unguarded mutating route can exist: each must be in the contract and marked state-changing.
        expect(contract?.stateChanging, `${r.method} ${r.path}`).toBe(true);
      }
      return contract?.stateChanging === true;
    });
    return stateChanging;
  };

  it('finds every POST/PUT and the state-changing GETs', () => {
    const list = routes();
    expect(list.length).toBeGreaterThanOrEqual(API_ROUTES.filter((r) => r.stateChanging).length);
    expect(list.some((r) => r.method === 'GET' && r.path === '/api/deleteToken')).toBe(true);
    expect(list.some((r) => r.method === 'PUT' && r.path === '/api/saveFormBuilderJSON')).toBe(true);
  });

  it('missing header, wrong Origin or no Origin: 403 on each', async () => {
    for (const r of routes()) {
      const url = fill(r.path);
      const noHeader = await c.call(r.method, url, r.method === 'GET' ? undefined : {}, {
        'X-Requested-With': '',
      });
      expect(noHeader.status, `${r.method} ${url} without header`).toBe(403);
      const wrongOrigin = await c.call(r.method, url, r.method === 'GET' ? undefined : {}, {
        Origin: 'https://evil.example.com',
      });
      expect(wrongOrigin.status, `${r.method} ${url} wrong origin`).toBe(403);
      const nullOrigin = await c.call(r.method, url, r.method === 'GET' ? undefined : {}, { Origin: 'null' });
      expect(nullOrigin.status, `${r.method} ${url} null origin`).toBe(403);
      const noOrigin = await c.call(r.method, url, r.method === 'GET' ? undefined : {}, { Origin: '' });
      expect(noOrigin.status, `${r.method} ${url} no origin`).toBe(403);
      expect(noOrigin.json).toMatchObject({ success: false, errorCode: 'CSRF_REJECTED' });
    }
    // Still signed in: none of the refused calls did anything.
    expect((await c.get('/api/forms')).status).toBe(200);
  });

  it('a same-origin GET without Origin passes with Sec-Fetch-Site: same-origin', async () => {
    const r = await c.get('/api/updateTokenTime', { Origin: '', 'Sec-Fetch-Site': 'same-origin' });
    expect(r.status).toBe(200);
    const cross = await c.get('/api/updateTokenTime', { Origin: '', 'Sec-Fetch-Site': 'cross-site' });
    expect(cross.status).toBe(403);
  });
});

describe('tokens never reach the browser', () => {
  it('no response body or Set-Cookie carries the refresh token (or the access token)', async () => {
    const fresh = new Client(bff.base);
    await login(bff.base, fresh.jar, DEMO.field);
    const session = await bff.bff.deps.store.get(fresh.jar.get(bff.base, SESSION_COOKIE) ?? '');
    const refresh = session?.main?.refreshToken ?? '';
    const access = session?.main?.accessToken ?? '';
    expect(refresh.length).toBeGreaterThan(10);
    const seen: string[] = [...fresh.jar.setCookies];
    for (const route of API_ROUTES) {
      if (
        route.method !== 'GET' ||
        route.id === 'deleteToken' ||
        route.path.includes(':') ||
        route.response === 'redirect'
      )
        continue;
      const r = await fresh.get(route.path);
      seen.push(r.text, ...r.res.headers.getSetCookie(), JSON.stringify([...r.res.headers]));
    }
    for (const p of ['/api/authUser', '/api/accessTokenStatus', '/api/sf/userInfo', '/api/sf/orgInfo']) {
      const r = await fresh.post(p, p.startsWith('/api/sf') ? { instanceUrl: emulatorUrl } : {});
      seen.push(r.text, ...r.res.headers.getSetCookie());
    }
    const all = seen.join('\n');
    expect(all).not.toContain(refresh);
    expect(all).not.toContain(access);
    expect(fresh.jar.setCookies.join('\n')).not.toContain(refresh);
  });

  it("the browser's Cookie header is never forwarded to the org", async () => {
    const outgoing: string[] = [];
    const onHttp = (msg: unknown) => {
      const req = (msg as { request: ClientRequest }).request;
      outgoing.push(
        `${String(req.getHeader('cookie') ?? '')}|${String(req.getHeader('x-requested-with') ?? '')}`,
      );
    };
    const onUndici = (msg: unknown) => {
      const req = (msg as { request: { headers: unknown } }).request;
      outgoing.push(JSON.stringify(req.headers));
    };
    diagnostics.subscribe('http.client.request.start', onHttp);
    diagnostics.subscribe('undici:request:create', onUndici);
    try {
      // The test's own fetches to the BFF also pass through undici: mark them apart.
      const secret = 'BROWSER-COOKIE-SECRET';
      const headers = { Cookie: `${c.jar.header(bff.base)}; tracking=${secret}` };
      const direct = async (path: string, init: RequestInit = {}) => {
        const res = await fetch(`${bff.base}${path}`, {
          ...init,
          headers: {
            ...headers,
            'X-Requested-With': 'cq',
            Origin: bff.base,
            ...(init.headers as Record<string, string>),
          },
        });
        await res.arrayBuffer();
        return res.status;
      };
      const before = outgoing.length;
      expect(await direct('/api/forms')).toBe(200);
      expect(await direct('/api/userDetails')).toBe(200);
      expect(await direct('/api/searchQuery/?kind=lookup&name=A')).toBe(200);
      expect(await direct('/api/accessTokenStatus', { method: 'POST' })).toBe(200);
      const toOrg = outgoing.slice(before).filter((line) => !line.includes(bff.base.replace('http://', '')));
      const leaked = toOrg.filter((line) => line.includes(secret) || line.includes(SESSION_COOKIE));
      expect(leaked).toEqual([]);
    } finally {
      diagnostics.unsubscribe('http.client.request.start', onHttp);
      diagnostics.unsubscribe('undici:request:create', onUndici);
    }
  });

  it('request logs carry no tokens, cookies or query strings', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const logged = createBff(loadConfig(bffEnv(emulatorUrl, { LOG_LEVEL: 'info' })), {
      logger: pino({ level: 'info' }, sink),
    });
    const server = logged.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const lc = await signedIn(base);
      await lc.get('/api/forms');
      await lc.get('/api/search?search=secretsearch');
      const s = await logged.deps.store.get(lc.jar.get(base, SESSION_COOKIE) ?? '');
      const text = lines.join('');
      expect(text).toContain('"path":"/api/forms"');
      expect(text).not.toContain(s?.main?.accessToken ?? 'x');
      expect(text).not.toContain(s?.main?.refreshToken ?? 'x');
      expect(text).not.toContain(lc.jar.get(base, SESSION_COOKIE) ?? 'x');
      expect(text).not.toContain('secretsearch');
      expect(text).not.toMatch(/code=|state=/);
    } finally {
      server.closeAllConnections();
      server.close();
      await logged.close();
    }
  });
});

describe('SOQL injection in every searchable parameter returns only what it should', () => {
  const payloads = [
    "' OR Name != '",
    "\\' OR Name != null OR Name = '",
    '%',
    '_',
    "x' OR Id != null --",
    'a\\',
    "'); DELETE",
    "' OR '1'='1",
  ];

  it('form search', async () => {
    for (const p of payloads) {
      const r = await c.get(`/api/search?search=${encodeURIComponent(p.padEnd(2, ' '))}`);
      expect(r.status, p).toBeLessThan(500);
      if (r.status === 200) expect(c.data<unknown[]>(r), p).toEqual([]);
    }
  });

  it('lookup by name prefix, criteria type, related record, starting-data filter', async () => {
    for (const p of payloads) {
      const lookup = await c.get(`/api/searchQuery/?kind=lookup&name=${encodeURIComponent(p)}`);
      expect(lookup.status, p).toBe(200);
      const names = c.data<{ records: { Name: string }[] }>(lookup).records.map((r) => r.Name);
      expect(
        names.every((n) => n.startsWith(p)),
        p,
      ).toBe(true);
      const docs = await c.get(
        `/api/searchQuery/?kind=controlledDocuments&criteriaType=${encodeURIComponent(p)}`,
      );
      expect(docs.status, p).toBe(200);
      expect(c.data<{ records: unknown[] }>(docs).records, p).toEqual([]);
      const byId = await c.get(
        `/api/searchQuery/?kind=recordById&object=Account&id=${encodeURIComponent(p)}`,
      );
      expect(byId.status, p).toBe(400);
      const start = await c.post('/api/startingData?recordId=001000000000001AAA', {
        query: [
          {
            key: 'k',
            objectType: 'Account',
            fields: ['Name'],
            filter: { field: 'Name', operator: 'eq', value: p },
          },
        ],
      });
      expect(start.status, p).toBe(200);
      expect(c.data<{ startingData: { k: unknown[] } }>(start).startingData.k, p).toEqual([]);
      const content = await c.get(`/api/content/${encodeURIComponent(p)}`);
      expect([400, 404], p).toContain(content.status);
    }
  });

  it('object and field names are allowlisted, never interpolated', async () => {
    for (const [obj, fields] of [
      ['Account WHERE Id != null', 'Name'],
      ['Account', 'Name FROM User --'],
      ['Organization', 'Name'],
      ['cqext__SQX_Form_Definition__c', 'Name,(SELECT Id FROM Tasks)'],
    ]) {
      const r = await c.get(
        `/api/searchQuery/?kind=lookup&object=${encodeURIComponent(obj ?? '')}&fields=${encodeURIComponent(fields ?? '')}`,
      );
      expect(r.status, `${obj} ${fields}`).toBe(400);
    }
  });
});

describe('hardening', () => {
  it("the API's answers carry a policy that runs nothing, framed only by the org's domains", async () => {
    const res = await fetch(`${bff.base}/api/version`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^default-src 'none'; frame-ancestors /);
    expect(csp).toContain('https://*.force.com');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('__proto__ bodies, oversize bodies and non-JSON bodies are 4xx', async () => {
    const proto = await c.post('/api/authUser', '{"__proto__":{"admin":true}}');
    expect(proto.status).toBe(400);
    const big = await c.post('/api/authUser', JSON.stringify({ accessToken: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    const xml = await c.call('POST', '/api/authUser', '<x/>', { 'Content-Type': 'application/xml' });
    expect(xml.status).toBe(415);
    const extra = await c.post('/api/authUser', { accessToken: 'a', admin: true });
    expect(extra.status).toBe(400);
  });

  it('rate limit per session answers 429', async () => {
    const limited = await startBff(emulatorUrl, { RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const lc = new Client(limited.base);
      // A session (the login start makes one; it was counted per address only).
      expect((await go(lc.jar, `${limited.base}/api/auth/login?loginUrl=production`)).status).toBe(302);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await lc.get('/api/version')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await lc.get('/api/version')).res.headers.get('retry-after')).toMatch(/^\d+$/);
      // Without a cookie (or with made-up ones) the per-address limit (10×) still applies.
      const anon: number[] = [];
      for (let i = 0; i < 50; i++)
        anon.push(
          (
            await fetch(`${limited.base}/api/version`, {
              headers: { Cookie: `cq_sid=${'x'.repeat(43)}${i}` },
            })
          ).status,
        );
      expect(anon.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
