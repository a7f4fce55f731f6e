import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'org-emulator-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(
  args: string[],
): Promise<{ url: string; line: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'org-emulator/src/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.once('exit', (code) => reject(new Error(`exited early with ${String(code)}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    line,
    url: line.replace('org-emulator listening on ', ''),
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=password&client_id=demo-client-id&client_secret=demo-client-secret&username=admin%40demo.org&password=demo1234',
  });
  return String(((await res.json()) as Record<string, unknown>).access_token);
}

describe('CLI', () => {
  it('prints the ready line, keeps a file database across restarts and exits cleanly on SIGTERM', async () => {
    const db = join(dir, 'org.db');
    const first = await run(['--port', '0', '--db', db, '--seed', 'demo']);
    expect(first.line).toMatch(/^org-emulator listening on http:\/\/127\.0\.0\.1:\d+$/);
    const t1 = await token(first.url);
    const created = await fetch(`${first.url}/services/data/v60.0/sobjects/Account`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t1}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Name: 'Survives Restart Ltd' }),
    });
    expect(created.status).toBe(201);
    expect(await first.stop()).toBe(0);

    const second = await run(['--port', '0', '--db', db, '--seed', 'demo', '--token-ttl', '60']);
    const t2 = await token(second.url);
    const q = await fetch(
      `${second.url}/services/data/v60.0/query?q=${encodeURIComponent("SELECT COUNT() FROM Account WHERE Name = 'Survives Restart Ltd'")}`,
      {
        headers: { Authorization: `Bearer ${t2}` },
      },
    );
    expect(((await q.json()) as { totalSize: number }).totalSize).toBe(1);
    // The old access token survives too (tokens live in the database).
    const old = await fetch(`${second.url}/services/data/v60.0/limits`, {
      headers: { Authorization: `Bearer ${t1}` },
    });
    expect(old.status).toBe(200);
    expect(await second.stop()).toBe(0);
  }, 60_000);
});
