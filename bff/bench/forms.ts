/**
 * `npm run bench:bff` (root) → `pnpm --filter bff run bench`.
 * Starts a seeded org-emulator and the BFF (each its own process), signs in through the real OAuth flow,
 * then runs autocannon at 50 connections against GET /api/forms through the BFF and, in the same run,
 * against the equivalent direct SOQL query on the emulator. Prints req/s, p99 and the ratio.
 * Goal: BFF ≥ 0.7× direct throughput, p99 ≤ 50 ms. Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (50).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from 'shared-contracts';
import { freePort } from 'test-kit/system';
import { startEmulator, stop } from '../test/global-setup';
import { DEMO, Jar, login, passwordToken } from '../test/helpers';
import { benchGoal } from '../../scripts/bench-goal.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function startBffProcess(emulatorUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), path.join(here, '../src/main.ts')],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SF_CLIENT_ID: DEMO.clientId,
        SF_CLIENT_SECRET: DEMO.secret,
        SF_LOGIN_URL: emulatorUrl,
        SF_SANDBOX_LOGIN_URL: emulatorUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`bff did not start: ${out}`)), 30_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      if (out.includes('bff listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

function run(title: string, url: string, headers: Record<string, string>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ title, url, connections, duration: seconds, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const emulator = await startEmulator();
const bff = await startBffProcess(emulator.url);
try {
  const jar = new Jar();
  const loc = await login(bff.url, jar, DEMO.field);
  if (!loc.includes('status=ok')) throw new Error(`sign-in failed: ${loc}`);
  const cookie = `${SESSION_COOKIE}=${jar.get(bff.url, SESSION_COOKIE) ?? ''}`;
  const token = await passwordToken(emulator.url, DEMO.field);
  // The same statement the BFF's GET /api/forms sends.
  const soql =
    "SELECT Id, Name, cqext__Title__c, LastModifiedDate, cqext__Supports_Offline__c FROM cqext__SQX_Form_Definition__c WHERE cqext__Status__c = 'Active' ORDER BY LastModifiedDate DESC LIMIT 2000";
  const check = await fetch(`${bff.url}/api/forms`, {
    headers: { Cookie: cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  if (check.status !== 200) throw new Error(`GET /api/forms answered ${check.status}`);
  const direct = await run(
    'direct',
    `${emulator.url}/services/data/v62.0/query?q=${encodeURIComponent(soql)}`,
    { Authorization: `Bearer ${token}` },
  );
  const through = await run('bff', `${bff.url}/api/forms`, { Cookie: cookie });
  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(8)} ${r.requests.average.toFixed(1).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   errors ${r.errors} non2xx ${r.non2xx}`;
  const ratio = through.requests.average / Math.max(direct.requests.average, 0.0001);
  console.log(`\nGET /api/forms, ${connections} connections, ${seconds} s each`);
  console.log(row('direct', direct));
  console.log(row('bff', through));
  console.log(
    `ratio    ${ratio.toFixed(2)}× direct (goal ≥ 0.70)   bff p99 ${through.latency.p99} ms (goal ≤ 50)`,
  );
  console.log(ratio >= 0.7 && through.latency.p99 <= 50 ? 'GOAL MET' : 'GOAL NOT MET');
  benchGoal('bench:bff', 'BFF req/s >= 0.70x direct', `${ratio.toFixed(2)}x`, ratio >= 0.7);
  benchGoal('bench:bff', 'BFF p99 <= 50 ms', `${through.latency.p99} ms`, through.latency.p99 <= 50);
} finally {
  await stop(bff.child);
  await stop(emulator.child);
}
