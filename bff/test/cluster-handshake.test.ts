// A lease holder that lets go of the org while its CometD handshake is in flight, and takes the lease
// again at once (issue 47: the cluster proof found one holder and two streaming clients at the org).
// faye's disconnect does nothing before a handshake is answered: the stopped client completed its
// handshake afterwards and polled on beside the new one, and the org handed every event to both. The
// stopped client must be gone from the org before the holder's next one starts.
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBff, type BffProcess } from './bff-process';
import { startEmulator, startRedis, stop } from './global-setup';
import { DEMO, passwordToken, signedIn, until } from './helpers';
import { readEvents } from './sse';

const FIELD_ID = '0055g0000000002AAA';
/** How long the org takes to answer each CometD request meanwhile: the handshake's window. */
const SLOW_MS = 2_500;

let emulator: { url: string; child: ChildProcess };
let redisServer: { url: string; child: ChildProcess };
let redis: Redis;
let bff: BffProcess;

const emu = (path: string, init?: RequestInit) => fetch(`${emulator.url}/__emulator${path}`, init);
const usage = async () =>
  (await (await emu('/streaming')).json()) as {
    clients: number;
    peakClients: number;
    delivered: number;
    redelivered: number;
  };
const cometdRequests = async (): Promise<number> =>
  ((await (await emu('/requests')).json()) as { requests: { path: string }[] }).requests.filter((r) =>
    r.path.startsWith('/cometd/'),
  ).length;

beforeAll(async () => {
  emulator = await startEmulator();
  redisServer = await startRedis();
  redis = new Redis(redisServer.url);
  bff = await spawnBff(emulator.url, {
    REDIS_URL: redisServer.url,
    CLUSTER_LEASE_MS: '3000',
    CLUSTER_CAMPAIGN_MS: '500',
    EVENTS_HEARTBEAT_MS: '1000',
  });
}, 120_000);

afterAll(async () => {
  await emu('/faults', { method: 'DELETE' }).catch(() => undefined);
  redis?.disconnect();
  if (bff) await stop(bff.child);
  if (redisServer) await stop(redisServer.child);
  if (emulator) await stop(emulator.child);
});

describe('the lease lost and taken again while the org client handshakes', () => {
  it('leaves the org one streaming client, which delivers each change once', async () => {
    const field = await signedIn(bff.base, DEMO.field);
    // The org slow to answer CometD: the holder's first handshake waits at the org.
    await emu('/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: SLOW_MS, pathPattern: '^/cometd/' }),
    });
    await emu('/requests', { method: 'DELETE' });
    const home = await readEvents(field.jar, `${bff.base}/api/events`);
    await home.until(() => home.events.some((e) => e.event === 'ready'));
    await until(async () => (await cometdRequests()) > 0, 10_000, 'the holder handshakes');
    await emu('/streaming', { method: 'DELETE' });
    expect((await usage()).clients).toBe(0);

    // Its link to Redis cut mid-handshake: it lets go of the org at once, and takes the lease again
    // (still its own) as soon as the link is back.
    const list = String(await redis.client('LIST'));
    const id = /id=(\d+) .*name=cq-cmd-/.exec(list)?.[1];
    expect(id).toBeDefined();
    await redis.client('KILL', 'ID', id ?? '');
    await until(async () => (await cometdRequests()) > 1, 10_000, 'the holder handshakes again');
    await emu('/faults', { method: 'DELETE' });

    const admin = new Connection({
      instanceUrl: emulator.url,
      accessToken: await passwordToken(emulator.url, DEMO.admin),
      version: '62.0',
    });
    const task = await admin.query<{ Id: string }>(
      `SELECT Id FROM Task WHERE OwnerId = '${FIELD_ID}' AND Status = 'Not Started' LIMIT 1`,
    );
    await until(async () => (await usage()).clients > 0, 20_000, 'a streaming client');
    // Past both handshakes' answers (the first one's included).
    await new Promise((r) => setTimeout(r, SLOW_MS * 2));
    const heard = home.changed().length;
    await admin.sobject('Task').update({ Id: task.records[0]?.Id ?? '', Subject: 'After the handshake' });
    await home.until(() => home.changed().length > heard, 10_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect({ hints: home.changed().slice(heard), usage: await usage() }).toMatchObject({
      hints: [{ topics: ['tasks'] }],
      usage: { clients: 1, peakClients: 1, delivered: 1, redelivered: 0 },
    });
    home.close();
  }, 90_000);
});
