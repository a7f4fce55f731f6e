// The lease holder cut off from Redis while the other instances still reach it (issue 47: "when the
// leader dies or loses Redis, another instance takes over within 10 s ... the org's delivery count for
// each event is one"). A network partition answers nothing (no reset): the holder's Redis commands
// must give up rather than wait, so it drops its org subscription before its lease lapses; another
// instance takes over, and the org again has one streaming client delivering each event once.
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { Connection } from 'jsforce';
import { SESSION_COOKIE } from 'shared-contracts';
import { freePort } from 'test-kit/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBff, type BffProcess } from './bff-process';
import { startEmulator, startRedis, stop } from './global-setup';
import { DEMO, passwordToken, signedIn, until } from './helpers';
import { readEvents } from './sse';

const FIELD_ID = '0055g0000000002AAA';

/** A TCP relay to Redis that can go silent, as a partition does: nothing forwarded, nothing closed. */
async function relay(target: number): Promise<{ url: string; partition: () => void; close: () => void }> {
  let cut = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    sockets.add(inbound);
    if (cut) return;
    const outbound = net.connect(target, '127.0.0.1');
    sockets.add(outbound);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!cut) to.write(chunk);
      });
    forward(inbound, outbound);
    forward(outbound, inbound);
    for (const s of [inbound, outbound]) s.on('error', () => undefined);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${port}`,
    partition: () => {
      cut = true;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

let emulator: { url: string; child: ChildProcess };
let redisServer: { url: string; child: ChildProcess };
let redis: Redis;
let link: Awaited<ReturnType<typeof relay>>;
const bffs: BffProcess[] = [];

const usage = async () =>
  (await (await fetch(`${emulator.url}/__emulator/streaming`)).json()) as {
    clients: number;
    delivered: number;
  };

async function leaseHolderPid(): Promise<number | null> {
  const keys = await redis.keys('cq:lease:*');
  const value = keys[0] ? await redis.get(keys[0]) : null;
  const m = /^(\d+)-/.exec(value ?? '');
  return m ? Number(m[1]) : null;
}

beforeAll(async () => {
  emulator = await startEmulator();
  redisServer = await startRedis();
  redis = new Redis(redisServer.url);
  link = await relay(Number(new URL(redisServer.url).port));
  const env = { CLUSTER_LEASE_MS: '3000', CLUSTER_CAMPAIGN_MS: '500', EVENTS_HEARTBEAT_MS: '1000' };
  bffs.push(
    ...(await Promise.all([
      spawnBff(emulator.url, { ...env, REDIS_URL: link.url }),
      spawnBff(emulator.url, { ...env, REDIS_URL: redisServer.url }),
    ])),
  );
}, 120_000);

afterAll(async () => {
  redis?.disconnect();
  await Promise.all(bffs.map((b) => stop(b.child)));
  link?.close();
  if (redisServer) await stop(redisServer.child);
  if (emulator) await stop(emulator.child);
});

describe('the lease holder cut off from Redis alone', () => {
  it('drops its org subscription; another instance takes over within 10 s; each event delivered once', async () => {
    const [cutOff, other] = bffs as [BffProcess, BffProcess];
    const field = await signedIn(other.base, DEMO.field);
    field.jar.set(cutOff.base, SESSION_COOKIE, field.jar.get(other.base, SESSION_COOKIE) ?? '');
    // Its home opens first on the instance that will be cut off: that instance takes the lease.
    const first = await readEvents(field.jar, `${cutOff.base}/api/events`);
    await until(
      async () => (await leaseHolderPid()) === cutOff.pid && (await usage()).clients === 1,
      15_000,
      'the first instance holds the lease',
    );
    const home = await readEvents(field.jar, `${other.base}/api/events`);
    await home.until(() => home.events.some((e) => e.event === 'ready'));

    const cutAt = Date.now();
    link.partition();
    await until(async () => (await leaseHolderPid()) === other.pid, 10_000, 'the other instance takes over');
    console.log(`partition: the other instance holds the lease ${Date.now() - cutAt} ms after the cut`);
    // The cut-off holder has let go of the org: one streaming client again.
    await until(async () => (await usage()).clients === 1, 10_000, 'one streaming client');

    await fetch(`${emulator.url}/__emulator/streaming`, { method: 'DELETE' });
    const admin = new Connection({
      instanceUrl: emulator.url,
      accessToken: await passwordToken(emulator.url, DEMO.admin),
      version: '62.0',
    });
    const task = await admin.query<{ Id: string }>(
      `SELECT Id FROM Task WHERE OwnerId = '${FIELD_ID}' AND Status = 'Not Started' LIMIT 1`,
    );
    const heard = home.changed().length;
    await admin.sobject('Task').update({ Id: task.records[0]?.Id ?? '', Subject: 'After the partition' });
    await home.until(() => home.changed().length > heard, 10_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(home.changed().slice(heard)).toEqual([{ topics: ['tasks'] }]);
    expect(await usage()).toMatchObject({ clients: 1, delivered: 1 });
    first.close();
    home.close();
  }, 90_000);
});
