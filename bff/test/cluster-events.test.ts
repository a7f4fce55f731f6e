// Three BFF processes on one redis-server in front of one org (issue 47): one of them holds the org's
// lease and is the org's only streaming client; every home, whichever instance its stream is on, gets
// each hint it may know once; the org counts one delivery per event. SIGKILL the holder: another takes
// over within 10 s and the changes made in the gap arrive, once, by replay from the id kept in Redis.
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { Connection } from 'jsforce';
import { SESSION_COOKIE } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBff, type BffProcess } from './bff-process';
import { startEmulator, startRedis, stop } from './global-setup';
import { DEMO, passwordToken, signedIn, type Client, until } from './helpers';
import { readEvents } from './sse';

const FIELD_ID = '0055g0000000002AAA';
const LEASE_MS = 3_000;

let emulator: { url: string; child: ChildProcess };
let redisServer: { url: string; child: ChildProcess };
let redis: Redis;
let admin: Connection;
const bffs: BffProcess[] = [];

type Stream = Awaited<ReturnType<typeof readEvents>>;

interface StreamingUsage {
  clients: number;
  peakClients: number;
  delivered: number;
}

const usage = async (): Promise<StreamingUsage> =>
  (await (await fetch(`${emulator.url}/__emulator/streaming`)).json()) as StreamingUsage;

/** The org's lease in Redis: the holder's process id (instance ids start with it) and fencing token. */
async function leaseHolder(): Promise<{ pid: number; fence: number } | null> {
  const keys = await redis.keys('cq:lease:*');
  const value = keys[0] ? await redis.get(keys[0]) : null;
  const m = /^(\d+)-[0-9a-f]+\|(\d+)$/.exec(value ?? '');
  return m ? { pid: Number(m[1]), fence: Number(m[2]) } : null;
}

async function fieldTasks(): Promise<string[]> {
  const r = await admin.query<{ Id: string }>(
    `SELECT Id FROM Task WHERE OwnerId = '${FIELD_ID}' AND Status = 'Not Started' LIMIT 3`,
  );
  return r.records.map((t) => t.Id);
}

const tasksHints = (s: Stream): number =>
  s.changed().filter((h) => JSON.stringify(h) === '{"topics":["tasks"]}').length;
const formsHints = (s: Stream): number =>
  s.changed().filter((h) => JSON.stringify(h) === '{"topics":["forms"]}').length;
/** Whether the stream's heartbeats (`event: current`) after the first `from` events say it is current. */
const currentSince = (s: Stream, from = 0): boolean =>
  s.events
    .slice(from)
    .filter((e) => e.event === 'current')
    .some((e) => (JSON.parse(e.data) as { current: boolean }).current);

beforeAll(async () => {
  emulator = await startEmulator();
  redisServer = await startRedis();
  redis = new Redis(redisServer.url);
  const env = {
    REDIS_URL: redisServer.url,
    CLUSTER_LEASE_MS: String(LEASE_MS),
    CLUSTER_CAMPAIGN_MS: '500',
    EVENTS_HEARTBEAT_MS: '1000',
  };
  bffs.push(
    ...(await Promise.all([
      spawnBff(emulator.url, env),
      spawnBff(emulator.url, env),
      spawnBff(emulator.url, env),
    ])),
  );
  admin = new Connection({
    instanceUrl: emulator.url,
    accessToken: await passwordToken(emulator.url, DEMO.admin),
    version: '62.0',
  });
}, 120_000);

afterAll(async () => {
  redis?.disconnect();
  await Promise.all(bffs.map((b) => stop(b.child)));
  if (redisServer) await stop(redisServer.child);
  if (emulator) await stop(emulator.child);
});

describe('several BFF instances on Redis: one org subscription', () => {
  it('the user details a sign-in asks for cost the org one call whichever instances answer', async () => {
    const c: Client = await signedIn((bffs[0] as BffProcess).base, DEMO.field);
    const cookie = c.jar.get(c.base, SESSION_COOKIE) ?? '';
    const apiCalls = async () =>
      ((await (await fetch(`${emulator.url}/__emulator/counters`)).json()) as { apiCalls: number }).apiCalls;
    const before = await apiCalls();
    for (const b of bffs) {
      const r = await fetch(`${b.base}/api/userDetails`, {
        headers: { Cookie: `${SESSION_COOKIE}=${cookie}` },
      });
      expect(r.status).toBe(200);
    }
    expect((await apiCalls()) - before).toBe(1);
  }, 60_000);

  it('one streaming client and one delivery per event; each home hears once; the holder killed, another resumes by replay', async () => {
    // The field user signs in on one instance; the session is in Redis, so a round-robin balancer may
    // put their homes (two tabs, two devices) on any instance. The partner's home is on a third.
    const field: Client = await signedIn((bffs[0] as BffProcess).base, DEMO.field);
    const partner: Client = await signedIn((bffs[1] as BffProcess).base, DEMO.partner);
    // Behind the balancer every instance is the same origin: the browser sends the one cookie to each.
    for (const c of [field, partner]) {
      const cookie = c.jar.get(c.base, SESSION_COOKIE) ?? '';
      for (const b of bffs) c.jar.set(b.base, SESSION_COOKIE, cookie);
    }
    const fieldHomes = await Promise.all(bffs.map((b) => readEvents(field.jar, `${b.base}/api/events`)));
    const partnerHome = await readEvents(partner.jar, `${(bffs[2] as BffProcess).base}/api/events`);
    for (const s of [...fieldHomes, partnerHome])
      await s.until(() => s.events.some((e) => e.event === 'ready'));
    await until(
      async () => (await leaseHolder()) !== null && (await usage()).clients === 1,
      10_000,
      'a lease',
    );
    // Every home hears that it is current, on the holder's instance and on the others alike (issue 40.7:
    // the holder shares through Redis whether its subscription is up), so none falls back to polling.
    for (const s of [...fieldHomes, partnerHome]) await s.until(() => currentSince(s), 10_000);
    // Let the holder's subscription settle before counting from zero.
    await new Promise((r) => setTimeout(r, 1_000));
    await fetch(`${emulator.url}/__emulator/streaming`, { method: 'DELETE' });

    const tasks = await fieldTasks();
    for (const [i, id] of tasks.entries())
      await admin.sobject('Task').update({ Id: id, Subject: `Changed by the office ${i}` });
    const form = await admin.query<{ Id: string }>(
      `SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0006'`,
    );
    await admin
      .sobject('cqext__SQX_Form_Definition__c')
      .update({ Id: form.records[0]?.Id ?? '', cqext__Title__c: 'Vehicle check' });
    for (const s of fieldHomes) await s.until(() => tasksHints(s) === tasks.length && formsHints(s) === 1);
    await partnerHome.until(() => formsHints(partnerHome) === 1);
    // Nothing more comes: no instance heard an event twice.
    await new Promise((r) => setTimeout(r, 1_500));
    for (const s of fieldHomes) expect(s.changed()).toHaveLength(tasks.length + 1);
    expect(partnerHome.changed()).toEqual([{ topics: ['forms'] }]);
    const before = await usage();
    expect(before).toMatchObject({ clients: 1, peakClients: 1, delivered: tasks.length + 1 });

    // The holder dies without a word; its homes' streams end with it.
    const holder = await leaseHolder();
    const dead = bffs.find((b) => b.pid === holder?.pid);
    if (!holder || !dead) throw new Error(`no holder among the instances: ${JSON.stringify(holder)}`);
    const killedAt = Date.now();
    const exited = new Promise((r) => dead.child.once('exit', r));
    dead.child.kill('SIGKILL');
    // Gone before the gap's first change (an event handed to a dying holder that never published it
    // is handed again to the next: the org would count it twice, and rightly so).
    await exited;
    const survivors = fieldHomes.filter((_s, i) => bffs[i] !== dead);
    // Changes in the gap: nobody is subscribed while the lease runs out.
    for (const [i, id] of tasks.entries())
      await admin.sobject('Task').update({ Id: id, Subject: `In the gap ${i}` });
    await until(
      async () => {
        const now = await leaseHolder();
        return now !== null && now.pid !== holder.pid;
      },
      10_000,
      'another instance takes the lease',
    );
    const takeoverMs = Date.now() - killedAt;
    const beatsAtTakeover = survivors.map((s) => s.events.length);
    expect((await leaseHolder())?.fence).toBeGreaterThan(holder.fence);
    for (const s of survivors) await s.until(() => tasksHints(s) === 2 * tasks.length, 10_000);
    // ...and, under the new holder, their heartbeats say current again.
    for (const [i, s] of survivors.entries())
      await s.until(() => currentSince(s, beatsAtTakeover[i]), 10_000);
    await new Promise((r) => setTimeout(r, 1_500));
    // Each gap change once, replayed (not a re-read of everything), and the org delivered each once.
    for (const s of survivors) {
      expect(s.changed()).toHaveLength(2 * tasks.length + 1);
      expect(s.changed().slice(-tasks.length)).toEqual(tasks.map(() => ({ topics: ['tasks'] })));
    }
    expect((await usage()).delivered).toBe(2 * tasks.length + 1);
    console.log(`cluster takeover: new holder ${takeoverMs} ms after SIGKILL (lease ${LEASE_MS} ms)`);
    for (const s of [...fieldHomes, partnerHome]) s.close();
  }, 120_000);
});
