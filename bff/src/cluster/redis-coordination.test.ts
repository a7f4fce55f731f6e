// The org's lease and the hint bus against a real redis-server: two contenders, fencing of a holder
// whose lease lapsed while it was paused, replay ids never applied twice, and shared cache entries
// and invalidations between two instances.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, stop } from '../../test/global-setup';
import pino from 'pino';
import { SharedTtlCache } from '../cache/shared-cache';
import { ApiUsageMonitor } from '../org/api-usage';
import { Redis } from 'ioredis';
import { EVERY_ORG, type OrgHint } from './coordination';
import { MemoryCoordination } from './coordination';
import { RedisCoordination } from './redis-coordination';

let redis: { url: string; child: ChildProcess };
const open: RedisCoordination[] = [];

async function instance(): Promise<RedisCoordination> {
  const c = new RedisCoordination(redis.url);
  open.push(c);
  await c.ready();
  return c;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(test: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('condition not met');
    await sleep(10);
  }
}

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  if (redis) await stop(redis.child);
});

describe('the org lease (Redis)', () => {
  it('is held by one contender at a time; the next holder gets a higher fencing token', async () => {
    const [a, b] = [await instance(), await instance()];
    const fa = await a.acquire('org-1', 5_000);
    expect(fa).toBeGreaterThan(0);
    expect(await b.acquire('org-1', 5_000)).toBeNull();
    // The holder asking again keeps its token (a renewal, not a new term).
    expect(await a.acquire('org-1', 5_000)).toBe(fa);
    expect(await a.renew('org-1', fa ?? 0, 5_000)).toBe(true);
    await a.release('org-1', fa ?? 0);
    const fb = await b.acquire('org-1', 5_000);
    expect(fb).toBe((fa ?? 0) + 1);
    expect(await a.acquire('org-1', 5_000)).toBeNull();
  });

  it('refuses a paused holder whose lease lapsed: it can neither renew nor publish once another holds it', async () => {
    const [a, b] = [await instance(), await instance()];
    const heard: OrgHint[] = [];
    a.onHint((h) => heard.push(h));
    const fa = (await a.acquire('org-2', 150)) ?? 0;
    expect(await a.publish('org-2', fa, { replayId: 1, target: { topic: 'tasks', userIds: ['005A'] } })).toBe(
      'published',
    );
    await sleep(300); // a GC pause, a stalled event loop: the lease runs out meanwhile
    const fb = (await b.acquire('org-2', 5_000)) ?? 0;
    expect(fb).toBeGreaterThan(fa);
    // The old holder wakes up with an event in hand: refused, and it learns it is no longer the holder.
    expect(await a.publish('org-2', fa, { replayId: 2, target: { topic: 'forms', userIds: 'all' } })).toBe(
      'fenced',
    );
    expect(await a.renew('org-2', fa, 5_000)).toBe(false);
    // The new holder resumes from the recorded replay id and publishes the same event once.
    expect(await b.replayId('org-2')).toBe(1);
    expect(await b.publish('org-2', fb, { replayId: 2, target: { topic: 'forms', userIds: 'all' } })).toBe(
      'published',
    );
    await until(() => heard.length === 2);
    expect(heard.map((h) => h.target?.topic)).toEqual(['tasks', 'forms']);
  });

  it('never applies a replay id twice (a replay after a takeover repeats events already published)', async () => {
    const a = await instance();
    const f = (await a.acquire('org-3', 5_000)) ?? 0;
    const hint = (replayId: number) => ({ replayId, target: null });
    expect(await a.publish('org-3', f, hint(5))).toBe('published');
    expect(await a.publish('org-3', f, hint(5))).toBe('duplicate');
    expect(await a.publish('org-3', f, hint(4))).toBe('duplicate');
    expect(await a.publish('org-3', f, hint(6))).toBe('published');
    expect(await a.replayId('org-3')).toBe(6);
  });
});

describe('the org lease in memory (one instance)', () => {
  it('is always this instance’s, with the same fencing and replay rules', async () => {
    let now = 0;
    const m = new MemoryCoordination(() => now);
    const f = (await m.acquire('org', 100)) ?? 0;
    expect(await m.publish('org', f, { replayId: 3, target: null })).toBe('published');
    expect(await m.publish('org', f, { replayId: 3, target: null })).toBe('duplicate');
    now = 200;
    expect(await m.publish('org', f, { replayId: 4, target: null })).toBe('fenced');
    expect(await m.acquire('org', 100)).toBe(f + 1);
    expect(await m.replayId('org')).toBe(3);
  });
});

describe('shared caches across instances', () => {
  it('one org call for both instances; an invalidation on one drops the entry on the other', async () => {
    const [a, b] = [await instance(), await instance()];
    const ca = new SharedTtlCache<{ n: number }>('describe-test', { max: 10, ttlMs: 60_000 });
    const cb = new SharedTtlCache<{ n: number }>('describe-test', { max: 10, ttlMs: 60_000 });
    ca.attach(a);
    cb.attach(b);
    let calls = 0;
    const load = async () => ({ n: ++calls });
    expect(await ca.getOrLoad('u1', load)).toEqual({ n: 1 });
    expect(await cb.getOrLoad('u1', load)).toEqual({ n: 1 });
    expect(calls).toBe(1);
    let arrived = false;
    b.onInvalidate((cache, key) => (arrived ||= cache === 'describe-test' && key === 'u1'));
    await ca.invalidate('u1');
    await until(() => arrived);
    expect(await cb.getOrLoad('u1', load)).toEqual({ n: 2 });
  });
});

describe('the org API allowance level across instances', () => {
  it('one instance crossing 80% slows every instance down, and back under lets them all go', async () => {
    const [a, b] = [await instance(), await instance()];
    const logger = pino({ level: 'silent' });
    const [ua, ub] = [new ApiUsageMonitor(logger), new ApiUsageMonitor(logger)];
    ua.share(a);
    ub.share(b);
    ua.record('00Dorg', 850, 1000);
    await until(() => ub.slowDown('00Dorg'));
    expect(ub.forAdmin('00Dorg')).toMatchObject({ level: 'high', percent: 85 });
    ua.record('00Dorg', 100, 1000);
    await until(() => !ub.slowDown('00Dorg'));
  });
});

describe('a cut link to Redis', () => {
  /** Cuts one of an instance's connections, as a network blip or a Redis failover does. */
  async function cut(c: RedisCoordination, role: 'hints' | 'sub'): Promise<void> {
    const admin = new Redis(redis.url);
    try {
      const list = String(await admin.client('LIST'));
      const line = list.split('\n').find((l) => l.includes(`name=cq-${role}-${c.instanceId}`));
      const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
      if (!id) throw new Error(`no ${role} connection for ${c.instanceId}`);
      await admin.client('KILL', 'ID', id);
    } finally {
      admin.disconnect();
    }
  }

  it('loses no hint: the instance reads on from the last entry it had', async () => {
    const [holder, other] = [await instance(), await instance()];
    const heard: OrgHint[] = [];
    other.onHint((h) => heard.push(h));
    const fence = (await holder.acquire('org-cut', 5_000)) ?? 0;
    await holder.publish('org-cut', fence, { replayId: 1, target: { topic: 'tasks', userIds: ['u'] } });
    await until(() => heard.length === 1);
    await cut(other, 'hints');
    // Published while the other instance's reader is away.
    for (let r = 2; r <= 30; r++)
      await holder.publish('org-cut', fence, { replayId: r, target: { topic: 'tasks', userIds: ['u'] } });
    await until(() => heard.length === 30, 5_000);
    expect(heard.map((h) => h.replayId)).toEqual(Array.from({ length: 30 }, (_x, i) => i + 1));
    expect(other.counts.gaps).toBe(0);
  });

  it('tells every home to re-read when what it missed is gone (Redis restarted empty)', async () => {
    const [holder, other] = [await instance(), await instance()];
    const heard: OrgHint[] = [];
    other.onHint((h) => heard.push(h));
    const fence = (await holder.acquire('org-gone', 5_000)) ?? 0;
    await holder.publish('org-gone', fence, { replayId: 7, target: { topic: 'forms', userIds: 'all' } });
    await until(() => heard.length === 1);
    const admin = new Redis(redis.url);
    await admin.flushall();
    admin.disconnect();
    await cut(other, 'hints');
    await until(() => heard.length === 2, 5_000);
    expect(heard[1]).toEqual({ org: EVERY_ORG, replayId: null, target: null });
    expect(other.counts.gaps).toBe(1);
    // And it goes on hearing what is published after.
    const again = (await holder.acquire('org-gone', 5_000)) ?? 0;
    await holder.publish('org-gone', again, { replayId: 8, target: { topic: 'forms', userIds: 'all' } });
    await until(() => heard.length === 3, 5_000);
    expect(heard[2]?.replayId).toBe(8);
  });

  it('drops every shared cache entry once its invalidations link is back (some may have been missed)', async () => {
    const c = await instance();
    const told: string[] = [];
    c.onInvalidate((cache, key) => told.push(`${cache}/${key}`));
    await cut(c, 'sub');
    await until(() => told.includes('*/*'), 5_000);
  });
});
