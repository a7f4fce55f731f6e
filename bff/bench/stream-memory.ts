// What an open home costs the BFF (issue 47: ≤ 20 KB per open event stream, 5,000 on one instance):
// one BFF process, one signed-in user, N event streams opened over plain HTTP; the process's resident
// memory (/proc/<pid>/status) before and after, divided by N; then one forms change in the org, which
// every stream must hear.
import fs from 'node:fs';
import http from 'node:http';
import { Connection } from 'jsforce';
import { SESSION_COOKIE } from 'shared-contracts';
import { spawnBff } from '../test/bff-process';
import { startEmulator, stop } from '../test/global-setup';
import { DEMO, passwordToken, signedIn } from '../test/helpers';

const rssOf = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) * 1024;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface StreamMemory {
  streams: number;
  rssBeforeMB: number;
  rssAfterMB: number;
  bytesPerStream: number;
  heard: number;
}

export async function measureStreams(n: number, log: (line: string) => void): Promise<StreamMemory> {
  const emulator = await startEmulator();
  const bff = await spawnBff(emulator.url, { EVENTS_HEARTBEAT_MS: '25000' });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  try {
    const c = await signedIn(bff.base, DEMO.field);
    const cookie = `${SESSION_COOKIE}=${c.jar.get(c.base, SESSION_COOKIE) ?? ''}`;
    const url = new URL(`${bff.base}/api/events`);
    const heardForms = new Set<number>();
    let ready = 0;
    const open = (i: number): Promise<void> =>
      new Promise((resolve, reject) => {
        const req = http.get(
          { host: url.hostname, port: url.port, path: url.pathname, agent, headers: { Cookie: cookie } },
          (res) => {
            if (res.statusCode !== 200) return reject(new Error(`events: HTTP ${res.statusCode}`));
            let buf = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              buf += chunk;
              if (buf.includes('event: ready') && !buf.includes('\u0000')) {
                buf = buf.replace('event: ready', '\u0000');
                ready += 1;
                resolve();
              }
              if (buf.includes('"forms"')) heardForms.add(i);
              if (buf.length > 4096) buf = buf.slice(-512);
            });
          },
        );
        req.on('error', reject);
        requests.push(req);
      });
    // Warm: the first streams pay for code paths and the org subscription, not per stream.
    for (let i = 0; i < 20; i++) await open(i);
    await sleep(2_000);
    const before = rssOf(bff.pid);
    for (let i = 20; i < n; i += 200)
      await Promise.all(Array.from({ length: Math.min(200, n - i) }, (_x, k) => open(i + k)));
    await sleep(3_000);
    const after = rssOf(bff.pid);
    log(
      `${ready} streams open; BFF RSS ${(before / 2 ** 20).toFixed(1)} → ${(after / 2 ** 20).toFixed(1)} MB`,
    );
    const admin = new Connection({
      instanceUrl: emulator.url,
      accessToken: await passwordToken(emulator.url, DEMO.admin),
      version: '62.0',
    });
    const form = await admin.query<{ Id: string }>(
      "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0006'",
    );
    await admin
      .sobject('cqext__SQX_Form_Definition__c')
      .update({ Id: form.records[0]?.Id ?? '', cqext__Title__c: 'Vehicle check (memory run)' });
    for (let i = 0; i < 100 && heardForms.size < n; i++) await sleep(100);
    return {
      streams: ready,
      rssBeforeMB: Number((before / 2 ** 20).toFixed(1)),
      rssAfterMB: Number((after / 2 ** 20).toFixed(1)),
      bytesPerStream: Math.round((after - before) / Math.max(1, n - 20)),
      heard: heardForms.size,
    };
  } finally {
    for (const r of requests) r.destroy();
    agent.destroy();
    await stop(bff.child);
    await stop(emulator.child);
  }
}
