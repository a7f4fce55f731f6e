// Coordination of several BFF instances through Redis (REDIS_URL). The org's lease is one key holding
// "<instance>|<fence>", taken with SET NX PX and a fencing token from INCR; every write the holder
// makes (the replay id, the hint's PUBLISH) runs in one Lua script that first checks the lease still
// names this holder and token, so a holder that was paused past its lease (GC, a stalled event loop,
// a partition) and wakes up after another took over is refused, not merely late.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  newInstanceId,
  type Coordination,
  type OrgHint,
  type PublishResult,
  MemoryCoordination,
} from './coordination';

const HINTS = 'cq:hints';
const INVALIDATE = 'cq:invalidate';
/** Replay ids are kept as long as the org retains events (72 hours). */
const REPLAY_TTL_SECONDS = 72 * 3600;

const leaseKey = (org: string): string => `cq:lease:${org}`;
const fenceKey = (org: string): string => `cq:fence:${org}`;
const replayKey = (org: string): string => `cq:replay:${org}`;

// KEYS: lease, fence counter. ARGV: holder, ttl ms. Returns the token, or -1 when held by another.
const ACQUIRE = `
local cur = redis.call('GET', KEYS[1])
if cur then
  local sep = string.find(cur, '|', 1, true)
  if sep and string.sub(cur, 1, sep - 1) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return tonumber(string.sub(cur, sep + 1))
  end
  return -1
end
local fence = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. fence, 'PX', ARGV[2])
return fence`;

// KEYS: lease. ARGV: "holder|fence", ttl ms. 1 when extended.
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

// KEYS: lease. ARGV: "holder|fence".
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

// KEYS: lease, replay id. ARGV: "holder|fence", replay id ('' for a resync), message, channel, ttl s.
// 1 published, 0 duplicate (replay id not newer), -1 fenced.
const PUBLISH = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
if ARGV[2] ~= '' then
  local last = tonumber(redis.call('GET', KEYS[2]) or '-1')
  if tonumber(ARGV[2]) <= last then return 0 end
  redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[5])
end
redis.call('PUBLISH', ARGV[4], ARGV[3])
return 1`;

export class RedisCoordination implements Coordination {
  readonly instanceId = newInstanceId();
  readonly shared = true;
  private readonly redis: Redis;
  /** Pub/sub needs a connection of its own (a subscribed connection runs no other command). */
  private readonly sub: Redis;
  private readonly hintListeners = new Set<(hint: OrgHint) => void>();
  private readonly invalidateListeners = new Set<(cache: string, key: string) => void>();

  constructor(url: string, logger?: Logger) {
    // Commands fail fast while Redis is away (the lease must lapse, not queue renewals for later).
    const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
    this.redis = new Redis(url, options);
    this.sub = new Redis(url, { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null });
    // Errors surface on commands; an unhandled 'error' event would crash the process.
    this.redis.on('error', () => undefined);
    this.sub.on('error', () => undefined);
    // ioredis subscribes again by itself after a reconnect.
    void this.sub
      .subscribe(HINTS, INVALIDATE)
      .catch((err: unknown) => logger?.warn({ err }, 'redis subscribe'));
    this.sub.on('message', (channel: string, message: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(message);
      } catch {
        return;
      }
      if (channel === HINTS) for (const l of [...this.hintListeners]) l(parsed as OrgHint);
      else if (channel === INVALIDATE) {
        const { cache, key } = parsed as { cache: string; key: string };
        for (const l of [...this.invalidateListeners]) l(cache, key);
      }
    });
  }

  /** Resolves once both connections are up (tests, benchmarks). */
  async ready(): Promise<void> {
    const up = (r: Redis): Promise<void> =>
      r.status === 'ready' ? Promise.resolve() : new Promise((resolve) => r.once('ready', () => resolve()));
    await Promise.all([up(this.redis), up(this.sub)]);
    // The subscription is confirmed once a PING through the subscriber answers.
    await this.sub.ping();
  }

  private holding(fence: number): string {
    return `${this.instanceId}|${fence}`;
  }

  async acquire(org: string, ttlMs: number): Promise<number | null> {
    const fence = Number(
      await this.redis.eval(ACQUIRE, 2, leaseKey(org), fenceKey(org), this.instanceId, String(ttlMs)),
    );
    return fence > 0 ? fence : null;
  }

  async renew(org: string, fence: number, ttlMs: number): Promise<boolean> {
    return Number(await this.redis.eval(RENEW, 1, leaseKey(org), this.holding(fence), String(ttlMs))) === 1;
  }

  async release(org: string, fence: number): Promise<void> {
    await this.redis.eval(RELEASE, 1, leaseKey(org), this.holding(fence)).catch(() => undefined);
  }

  async replayId(org: string): Promise<number> {
    const v = await this.redis.get(replayKey(org));
    return v === null ? -1 : Number(v);
  }

  async publish(org: string, fence: number, hint: Omit<OrgHint, 'org'>): Promise<PublishResult> {
    const message: OrgHint = { org, ...hint };
    const r = Number(
      await this.redis.eval(
        PUBLISH,
        2,
        leaseKey(org),
        replayKey(org),
        this.holding(fence),
        hint.replayId === null ? '' : String(hint.replayId),
        JSON.stringify(message),
        HINTS,
        String(REPLAY_TTL_SECONDS),
      ),
    );
    return r === 1 ? 'published' : r === 0 ? 'duplicate' : 'fenced';
  }

  onHint(listener: (hint: OrgHint) => void): () => void {
    this.hintListeners.add(listener);
    return () => void this.hintListeners.delete(listener);
  }

  async invalidate(cache: string, key: string): Promise<void> {
    // This instance hears its own message too: one path for every instance.
    await this.redis.publish(INVALIDATE, JSON.stringify({ cache, key }));
  }

  onInvalidate(listener: (cache: string, key: string) => void): () => void {
    this.invalidateListeners.add(listener);
    return () => void this.invalidateListeners.delete(listener);
  }

  async getValue(key: string): Promise<string | null> {
    return this.redis.get(`cq:cache:${key}`);
  }

  async setValue(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(`cq:cache:${key}`, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async deleteValue(key: string): Promise<void> {
    await this.redis.del(`cq:cache:${key}`);
  }

  async close(): Promise<void> {
    this.hintListeners.clear();
    this.invalidateListeners.clear();
    await Promise.all([this.redis.quit().catch(() => undefined), this.sub.quit().catch(() => undefined)]);
  }
}

export type { Coordination };

export function createCoordination(redisUrl: string | null, logger?: Logger): Coordination {
  return redisUrl ? new RedisCoordination(redisUrl, logger) : new MemoryCoordination();
}
