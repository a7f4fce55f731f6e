// Redis restarted while the org's changes go on (issue 47: "resumes from the replay id: no hint lost,
// none applied twice, the org's delivery count for each event is one"). While Redis is away no holder
// can publish; one that took the org's events then could not tell them, and the next subscription's
// replay would hand them over again: the org would count them twice. The holder lets go of the org the
// moment its link to Redis drops, so the org keeps those events and delivers each once, by replay.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Connection } from 'jsforce';
import { SESSION_COOKIE } from 'shared-contracts';
import { freePort } from 'test-kit/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBff, type BffProcess } from './bff-process';
import { startEmulator, startRedis, stop } from './global-setup';
import { DEMO, passwordToken, signedIn, until } from './helpers';
import { readEvents } from './sse';

const FIELD_ID = '0055g0000000002AAA';

let emulator: { url: string; child: ChildProcess };
let redisPort: number;
/** Where Redis keeps its data across the restart (as a deployment's Redis does: sessions live there). */
const redisDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cq-redis-restart-'));
let redisChild: ChildProcess | undefined;
const bffs: BffProcess[] = [];

const usage = async () =>
  (await (await fetch(`${emulator.url}/__emulator/streaming`)).json()) as {
    clients: number;
    delivered: number;
    redelivered: number;
  };

beforeAll(async () => {
  emulator = await startEmulator();
  redisPort = await freePort();
  redisChild = (await startRedis({ port: redisPort, dir: redisDir })).child;
  const env = {
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    CLUSTER_LEASE_MS: '3000',
    CLUSTER_CAMPAIGN_MS: '500',
    EVENTS_HEARTBEAT_MS: '1000',
  };
  bffs.push(...(await Promise.all([spawnBff(emulator.url, env), spawnBff(emulator.url, env)])));
}, 120_000);

afterAll(async () => {
  await Promise.all(bffs.map((b) => stop(b.child)));
  if (redisChild) await stop(redisChild);
  fs.rmSync(redisDir, { recursive: true, force: true });
  if (emulator) await stop(emulator.child);
});

describe('Redis restarted while the org changes', () => {
  it('the org delivers each event once (none twice by the replay), and every home hears each change once', async () => {
    const [one, two] = bffs as [BffProcess, BffProcess];
    const field = await signedIn(one.base, DEMO.field);
    field.jar.set(two.base, SESSION_COOKIE, field.jar.get(one.base, SESSION_COOKIE) ?? '');
    const homes = [
      await readEvents(field.jar, `${one.base}/api/events`),
      await readEvents(field.jar, `${two.base}/api/events`),
    ];
    for (const home of homes) await home.until(() => home.events.some((e) => e.event === 'ready'));
    await until(async () => (await usage()).clients === 1, 15_000, 'one instance subscribed to the org');
    const admin = new Connection({
      instanceUrl: emulator.url,
      accessToken: await passwordToken(emulator.url, DEMO.admin),
      version: '62.0',
    });
    const tasks = await admin.query<{ Id: string }>(
      `SELECT Id FROM Task WHERE OwnerId = '${FIELD_ID}' AND Status = 'Not Started' LIMIT 1`,
    );
    const taskId = tasks.records[0]?.Id ?? '';
    let n = 0;
    const change = () => admin.sobject('Task').update({ Id: taskId, Subject: `Redis restart ${n++}` });
    await fetch(`${emulator.url}/__emulator/streaming`, { method: 'DELETE' });
    const heardBefore = homes.map((h) => h.changed().length);

    await change();
    await homes[0]?.until(() => (homes[0]?.changed().length ?? 0) > (heardBefore[0] ?? 0), 10_000);
    // Redis goes away (its data kept on disk); the org's changes go on meanwhile, then it is back.
    await stop(redisChild as ChildProcess);
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 3; i++) await change();
    await new Promise((r) => setTimeout(r, 1_000));
    redisChild = (await startRedis({ port: redisPort, dir: redisDir })).child;
    await change();

    // Every home hears all five changes: the three made while Redis was away arrive by replay.
    for (const [i, home] of homes.entries())
      await home.until(() => home.changed().length >= (heardBefore[i] ?? 0) + 5, 15_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(homes.map((h, i) => h.changed().slice(heardBefore[i]))).toEqual(
      homes.map(() => Array.from({ length: 5 }, () => ({ topics: ['tasks'] }))),
    );
    expect(await usage()).toMatchObject({ clients: 1, delivered: 5, redelivered: 0 });
    for (const home of homes) home.close();
  }, 90_000);
});
