// Shared test plumbing: start an emulator on a random port and talk to it only through jsforce or HTTP.
import { Connection, OAuth2 } from 'jsforce';
import { afterAll, beforeAll } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../src/index.js';

export const CLIENT = { clientId: 'demo-client-id', clientSecret: 'demo-client-secret' };
export const PASSWORD = 'demo1234';
export const FIELD_USER = 'field.user@demo.org';
export const PARTNER_USER = 'partner.user@demo.org';
export const ADMIN = 'admin@demo.org';

export async function start(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, db: ':memory:', seed: 'demo', testControl: true, ...options });
}

/** One emulator per test file with a user logged in through jsforce; read only inside tests and hooks. */
export interface OrgSession {
  readonly emu: RunningEmulator;
  readonly conn: Connection;
  /** The logged-in user's access token, for raw HTTP calls. */
  readonly token: string;
}

/**
 * Registers the file's beforeAll (start + password login) and afterAll (close). The fields are getters
 * because the emulator only exists once beforeAll has run.
 */
export function orgForFile(options: EmulatorOptions = {}, username = FIELD_USER): OrgSession {
  let emu: RunningEmulator | undefined;
  let conn: Connection | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    emu = await start(options);
    conn = await login(emu, username);
    // Captured once: a test may log the connection out and still use the token it had.
    token = conn.accessToken ?? '';
  });
  afterAll(async () => {
    await emu?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('orgForFile: the emulator is read before beforeAll started it');
    return value;
  };
  return {
    get emu() {
      return ready(emu);
    },
    get conn() {
      return ready(conn);
    },
    get token() {
      return ready(token);
    },
  };
}

export function oauth2(
  emu: RunningEmulator,
  redirectUri = 'http://localhost:4000/callback',
  useVerifier = false,
): OAuth2 {
  return new OAuth2({ ...CLIENT, loginUrl: emu.url, redirectUri, useVerifier });
}

/** Password-grant login through jsforce (OAuth2 username-password flow). */
export async function login(
  emu: RunningEmulator,
  username = FIELD_USER,
  version = '60.0',
): Promise<Connection> {
  const conn = new Connection({ oauth2: oauth2(emu), loginUrl: emu.url, version });
  await conn.login(username, PASSWORD);
  return conn;
}

export async function http(
  emu: RunningEmulator,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers; text: string }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const res = await fetch(`${emu.url}${path}`, { ...init, headers, redirect: 'manual' });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (HTML pages, empty bodies)
  }
  return { status: res.status, body, headers: res.headers, text };
}

export const errorCodeOf = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && 'errorCode' in e ? String(e.errorCode) : undefined;

export async function expectSfError(p: PromiseLike<unknown>, code: string): Promise<Error> {
  try {
    await p;
  } catch (e) {
    if (errorCodeOf(e) !== code) throw new Error(`expected ${code}, got ${errorCodeOf(e)}: ${String(e)}`);
    return e as Error;
  }
  throw new Error(`expected ${code}, but the call succeeded`);
}
