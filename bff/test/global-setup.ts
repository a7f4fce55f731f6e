import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from 'test-kit/system';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the org-emulator CLI on a free port (real OAuth, seeded demo org) and waits for its listening line. */
export async function startEmulator(extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      path.join(repoRoot, 'org-emulator/src/cli.ts'),
      '--port',
      String(port),
      '--db',
      ':memory:',
      '--seed',
      'demo',
      '--test-control',
      ...extra,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'test' } },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`org-emulator did not start: ${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /org-emulator listening on (http:\/\/[^\s]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`org-emulator exited (${code}): ${out}`));
    });
  });
  return { url, child };
}

/** A throwaway redis-server on a free port (sessions shared by several BFF instances). */
/**
 * A redis-server on a free port (or `port`), keeping nothing; with `dir`, keeping its data there in an
 * append-only file, so a restart on the same port finds it (as a deployment's Redis does).
 */
export async function startRedis(
  options: { port?: number; dir?: string } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = options.port ?? (await freePort());
  const keep = options.dir ? ['--dir', options.dir, '--appendonly', 'yes'] : ['--appendonly', 'no'];
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...keep],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis did not start: ${out}`)), 10_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (/Ready to accept connections/i.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis exited ${code}: ${out}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, child };
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    // A child killed by a signal (the failover test SIGKILLs one) has exitCode null but a signalCode:
    // its 'exit' already fired, so waiting for it would hang.
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startEmulator();
  project.provide('emulatorUrl', emulator.url);
  return () => stop(emulator.child);
}

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorUrl: string;
  }
}
