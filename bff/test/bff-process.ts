// The BFF as `npm start` runs it (src/main.ts), each in a Node process of its own: its memory is its
// own, and a test can SIGKILL it (load and cluster suites).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from 'test-kit/system';
import { bffEnv } from './helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BffProcess {
  base: string;
  child: ChildProcess;
  pid: number;
}

/** The BFF as `npm start` runs it (src/main.ts), one Node process so its memory is its own. */
export async function spawnBff(emulatorUrl: string, extra: Record<string, string> = {}): Promise<BffProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bff/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...bffEnv(emulatorUrl, extra), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`bff did not start: ${out}`)), 60_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      if (/bff listening on http/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bff exited ${code}: ${out}`));
    });
  });
  return { base: `http://127.0.0.1:${port}`, child, pid: child.pid ?? 0 };
}
