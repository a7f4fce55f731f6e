// Starts the whole product on this machine: org-emulator, BFF (serving the shell) and each remote
// from its own origin. Used by `npm start`, the Playwright suites and the benchmarks.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

export const DEFAULT_PORTS = {
  bff: 4000,
  'mfe-auth': 4001,
  'mfe-home': 4002,
  'mfe-form': 4003,
  'mfe-builder': 4004,
  emulator: 4400,
};

const REMOTES = ['mfe-auth', 'mfe-home', 'mfe-form', 'mfe-builder'];
const tsx = path.join(root, 'node_modules/.bin/tsx');

/**
 * Where a front end's build lives: `<name>/dist`, or `$DIST_ROOT/<name>` when DIST_ROOT is
 * set, so parallel work on one checkout can build and test without replacing each other's files.
 */
export function distDir(name) {
  return process.env.DIST_ROOT ? path.resolve(process.env.DIST_ROOT, name) : path.join(root, name, 'dist');
}

/** Where scripts/build.mjs puts a remote's development-only pages (playgrounds), beside its dist. */
export function devPagesDir(name) {
  return `${distDir(name)}-dev-pages`;
}

/** Spawns a process and resolves once a line of its output matches `ready`. */
export function startProcess(name, cmd, args, { ready, env = {}, quiet = false, timeoutMs = 60_000 }) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  const proc = {
    name,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await stopped;
      clearTimeout(timer);
    },
  };
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // never leave a half-started part behind
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${buffer}`));
    }, timeoutMs);
    const onData = (chunk) => {
      const text = chunk.toString();
      if (!quiet) process.stdout.write(text.replace(/^(?=.)/gm, `[${name}] `));
      buffer += text;
      if (ready.test(buffer)) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready:\n${buffer}`));
    });
  });
}

export function startRemote(name, port, { dir, quiet } = {}) {
  const folder = dir ?? distDir(name);
  return startProcess(
    name,
    process.execPath,
    [path.join(root, 'scripts/serve-static.mjs'), folder, String(port), devPagesDir(name)],
    {
      ready: /static .* on http/,
      quiet,
    },
  );
}

export function startEmulator(port, { quiet, db = ':memory:', extraArgs = [] } = {}) {
  return startProcess(
    'org-emulator',
    tsx,
    [
      path.join(root, 'org-emulator/src/cli.ts'),
      '--port',
      String(port),
      '--db',
      db,
      '--seed',
      'demo',
      ...extraArgs,
    ],
    { ready: /org-emulator listening on http/, quiet },
  );
}

export function startBff(port, { env = {}, quiet } = {}) {
  return startProcess('bff', tsx, [path.join(root, 'bff/src/main.ts')], {
    ready: /bff listening on http/,
    env: { PORT: String(port), SHELL_DIST: distDir('shell'), ...env },
    quiet,
  });
}

/** Environment that points a BFF at remotes and an org on the given ports. */
export function systemEnv(ports) {
  const org = `http://127.0.0.1:${ports.emulator}`;
  // The demo org's connected app (see org-emulator/README.md).
  const env = {
    SF_LOGIN_URL: org,
    SF_SANDBOX_LOGIN_URL: org,
    SF_CLIENT_ID: 'demo-client-id',
    SF_CLIENT_SECRET: 'demo-client-secret',
    PUBLIC_URL: `http://127.0.0.1:${ports.bff}`,
  };
  for (const name of REMOTES) {
    env[`${name.replace('-', '_').toUpperCase()}_URL`] = `http://127.0.0.1:${ports[name]}/mf-manifest.json`;
  }
  return env;
}

/**
 * Starts every part. Options: ports (partial override), emulator (false to skip it), quiet,
 * emulatorArgs, bffEnv, remoteDirs (serve a remote from another folder, e.g. a separate deploy).
 * Returns the processes, the shell URL and stop().
 */
export async function startSystem({
  ports: overrides = {},
  emulator = true,
  quiet = false,
  emulatorArgs = [],
  bffEnv = {},
  remoteDirs = {},
} = {}) {
  const ports = { ...DEFAULT_PORTS, ...overrides };
  const procs = {};
  const stop = async () => Promise.all(Object.values(procs).map((p) => p.stop()));
  const starting = REMOTES.map((name) =>
    startRemote(name, ports[name], { quiet, dir: remoteDirs[name] }).then((p) => (procs[name] = p)),
  );
  if (emulator) {
    starting.push(
      startEmulator(ports.emulator, { quiet, extraArgs: emulatorArgs }).then((p) => (procs.emulator = p)),
    );
  }
  // Wait for every part to settle, so a failure never leaves a sibling running unowned.
  const failure = (await Promise.allSettled(starting)).find((r) => r.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  try {
    procs.bff = await startBff(ports.bff, { env: { ...systemEnv(ports), ...bffEnv }, quiet });
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports, procs, url: `http://127.0.0.1:${ports.bff}`, stop };
}
