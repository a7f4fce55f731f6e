import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from 'shared-contracts';
import { Jar, hiddenInputs, orgPasswordToken } from 'test-kit';

export { Jar };
import { createBff, type Bff } from '../src/app';
import { loadConfig } from '../src/config';
import type { SessionStore } from '../src/session/store';

export const DEMO = {
  field: 'field.user@demo.org',
  partner: 'partner.user@demo.org',
  admin: 'admin@demo.org',
  password: 'demo1234',
  clientId: 'demo-client-id',
  secret: 'demo-client-secret',
};

export interface RunningBff {
  base: string;
  bff: Bff;
  server: Server;
  close(): Promise<void>;
}

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-shell-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');

export function bffEnv(emulatorUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    SHELL_DIST: dist,
    SF_CLIENT_ID: DEMO.clientId,
    SF_CLIENT_SECRET: DEMO.secret,
    SF_LOGIN_URL: emulatorUrl,
    SF_SANDBOX_LOGIN_URL: emulatorUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...extra,
  };
}

/** The BFF in this process on a free port (or `port`), configured against the emulator. */
export async function startBff(
  emulatorUrl: string,
  extra: Record<string, string> = {},
  store?: SessionStore,
  port = 0,
): Promise<RunningBff> {
  const bff = createBff(loadConfig(bffEnv(emulatorUrl, extra)), store ? { store } : {});
  const server = bff.app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    bff,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }).then(() => bff.close()),
  };
}

export async function go(jar: Jar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('Cookie', cookie);
  const res = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, res);
  return res;
}

/**
 * Signs in through the real OAuth web-server flow: the BFF's login start, the emulator's login form
 * and consent page, then the BFF's callback with the cookie jar. Returns the final callback Location.
 */
export async function login(
  base: string,
  jar: Jar,
  username: string,
  opts: { target?: 'main' | 'otherOrg'; loginUrl?: string } = {},
): Promise<string> {
  const q = new URLSearchParams({
    loginUrl: opts.loginUrl ?? 'production',
    ...(opts.target ? { target: opts.target } : {}),
  });
  const start = await go(jar, `${base}/api/auth/login?${q}`);
  if (start.status !== 302) throw new Error(`login start ${start.status} ${await start.text()}`);
  return loginAt(jar, start.headers.get('location') ?? '', username);
}

/** The org's side of a sign-in started at `authorize` (its login form, consent), then the BFF's callback. */
export async function loginAt(jar: Jar, authorize: string, username: string): Promise<string> {
  const page = await go(jar, authorize);
  const form = hiddenInputs(await page.text());
  const emu = new URL(authorize).origin;
  const posted = await go(jar, `${emu}/services/oauth2/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, username, password: DEMO.password }).toString(),
  });
  let location = posted.headers.get('location');
  if (!location) {
    const consent = hiddenInputs(await posted.text());
    const allowed = await go(jar, `${emu}/services/oauth2/authorize/consent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...consent, decision: 'allow' }).toString(),
    });
    location = allowed.headers.get('location');
  }
  if (!location) throw new Error('no redirect back to the BFF');
  const cb = await go(jar, location);
  return cb.headers.get('location') ?? `status ${cb.status}`;
}

/** Calls the BFF as the shell's API client does: session cookie, CSRF header, same Origin. */
export class Client {
  constructor(
    readonly base: string,
    readonly jar = new Jar(),
  ) {}
  async call(
    method: string,
    pathAndQuery: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown; res: Response; text: string }> {
    const init: RequestInit = {
      method,
      headers: {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        Origin: this.base,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    };
    const res = await go(this.jar, `${this.base}${pathAndQuery}`, init);
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, json, res, text };
  }
  get(p: string, headers?: Record<string, string>) {
    return this.call('GET', p, undefined, headers);
  }
  post(p: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.call('POST', p, body, headers);
  }
  data<T = unknown>(r: { json: unknown }): T {
    return (r.json as { data: T }).data;
  }
}

export async function signedIn(base: string, username = DEMO.field): Promise<Client> {
  const c = new Client(base);
  const loc = await login(base, c.jar, username);
  if (!loc.includes('status=ok')) throw new Error(`login failed: ${loc}`);
  return c;
}

/** An org access token by the password flow, straight from the emulator (for signed canvas requests). */
export function passwordToken(emulatorUrl: string, username: string): Promise<string> {
  return orgPasswordToken(emulatorUrl, { username, password: DEMO.password });
}

/**
 * The required answers of the demo's FORM-0001 (General Site Inspection) on its main object: a Site
 * (an Account the field user can see) and an inspection date. The BFF refuses a submit without them
 * (422), as the app does before Submit. `prefix` is the org's namespace prefix ('' when unmanaged).
 */
export async function siteInspectionRequired(
  emulatorUrl: string,
  prefix = 'cqext__',
): Promise<Record<string, unknown>> {
  const token = await passwordToken(emulatorUrl, DEMO.field);
  const q = encodeURIComponent('SELECT Id FROM Account ORDER BY Name LIMIT 1');
  const res = await fetch(`${emulatorUrl}/services/data/v62.0/query?q=${q}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [account] = ((await res.json()) as { records: { Id: string }[] }).records;
  return { [`${prefix}Account__c`]: account?.Id, [`${prefix}Inspection_Date__c`]: '2026-05-01' };
}

/** Waits until `test` holds, polling every `every` ms; fails naming `what` after `ms`. */
export async function until(
  test: () => Promise<boolean> | boolean,
  ms: number,
  what: string,
  every = 100,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
