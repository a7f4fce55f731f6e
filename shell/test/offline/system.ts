/**
 * The real system for integration tests: the org-emulator CLI (seeded demo org, test control) and the
 * BFF's own entry point, each a child process on a free port, and a signed-in session obtained
 * through the real OAuth web-server flow. Nothing of theirs is imported: they are run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from 'shared-contracts';
import { DEMO_ORG, Jar, hiddenInputs } from 'test-kit';
import { freePort } from 'test-kit/system';

export { Jar };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');

export const DEMO = {
  user: DEMO_ORG.field,
  password: DEMO_ORG.password,
  clientId: DEMO_ORG.clientId,
  secret: DEMO_ORG.clientSecret,
};

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [tsx, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`did not start: ${out}`)), 30_000);
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      const m = ready.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}): ${out}`));
    });
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

export interface System {
  emulatorUrl: string;
  bffUrl: string;
  close(): Promise<void>;
}

export async function startSystem(): Promise<System> {
  const emuPort = await freePort();
  const emu = await run(
    [
      path.join(repoRoot, 'org-emulator/src/cli.ts'),
      '--port',
      String(emuPort),
      '--db',
      ':memory:',
      '--seed',
      'demo',
      '--test-control',
    ],
    { NODE_ENV: 'test' },
    /org-emulator listening on (http:\/\/[^\s]+)/,
  );
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-shell-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  const bffPort = await freePort();
  let bff: { child: ChildProcess; url: string };
  try {
    bff = await run(
      [path.join(repoRoot, 'bff/src/main.ts')],
      {
        PORT: String(bffPort),
        HOST: '127.0.0.1',
        SHELL_DIST: dist,
        SF_CLIENT_ID: DEMO.clientId,
        SF_CLIENT_SECRET: DEMO.secret,
        SF_LOGIN_URL: emu.url,
        SF_SANDBOX_LOGIN_URL: emu.url,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
      /bff listening on (http:\/\/[^\s]+)/,
    );
  } catch (e) {
    await stop(emu.child);
    throw e;
  }
  return {
    emulatorUrl: emu.url,
    bffUrl: bff.url,
    close: async () => {
      await stop(bff.child);
      await stop(emu.child);
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** fetch with the jar's cookies and the shell's Origin (what the browser does on its own). */
export function jarFetch(jar: Jar, origin: string): (url: string, init?: RequestInit) => Promise<Response> {
  return async (url, init = {}) => {
    const headers = new Headers(init.headers);
    const cookie = jar.header(url);
    if (cookie) headers.set('Cookie', cookie);
    if (!headers.has('Origin')) headers.set('Origin', origin);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    jar.store(url, res);
    return res;
  };
}

/** Signs in through the BFF's login start, the emulator's login and consent pages and the callback. */
export async function signIn(bffUrl: string, jar: Jar, username = DEMO.user): Promise<void> {
  const f = jarFetch(jar, bffUrl);
  const start = await f(`${bffUrl}/api/auth/login?${new URLSearchParams({ loginUrl: 'production' })}`);
  if (start.status !== 302) throw new Error(`login start ${start.status}`);
  const authorize = start.headers.get('location') ?? '';
  const page = await f(authorize);
  const emu = new URL(authorize).origin;
  const posted = await f(`${emu}/services/oauth2/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: emu },
    body: new URLSearchParams({
      ...hiddenInputs(await page.text()),
      username,
      password: DEMO.password,
    }).toString(),
  });
  let location = posted.headers.get('location');
  if (!location) {
    const allowed = await f(`${emu}/services/oauth2/authorize/consent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: emu },
      body: new URLSearchParams({ ...hiddenInputs(await posted.text()), decision: 'allow' }).toString(),
    });
    location = allowed.headers.get('location');
  }
  if (!location) throw new Error('no redirect back to the BFF');
  const cb = await f(location);
  const done = cb.headers.get('location') ?? '';
  if (!done.includes('status=ok')) throw new Error(`login failed: ${done}`);
}

/** A plain BFF GET with the session (for checks). */
export async function bffGet<T>(bffUrl: string, jar: Jar, pathAndQuery: string): Promise<T> {
  const res = await jarFetch(jar, bffUrl)(`${bffUrl}${pathAndQuery}`, {
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  const body = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${pathAndQuery}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

export async function emulatorControl(
  emulatorUrl: string,
  method: 'POST' | 'DELETE',
  p: string,
  body?: unknown,
): Promise<void> {
  const res = await fetch(`${emulatorUrl}/__emulator${p}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`emulator control ${p}: ${res.status}`);
  await res.body?.cancel();
}
