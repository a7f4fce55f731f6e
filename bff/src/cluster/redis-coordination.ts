// Coordination of several BFF instances through Redis (REDIS_URL). The org's lease is one key holding
// "<instance>|<fence>", taken with SET NX PX and a fencing token from INCR; every write the holder
// makes (the replay id, the hint) runs in one Lua script that first checks the lease still names this
// holder and token, so a holder that was paused past its lease (GC, a stalled event loop, a partition)
// and wakes up after another took over is refused, not merely late. Hints go on a Redis stream, not
// pub/sub: an instance whose link to Redis was cut reads on from the last entry it had, so it misses
// none; when that entry is gone (Redis restarted without persistence) it tells its homes to re-read.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  newInstanceId,
  EVERY_ORG,
  type Coordination,
  type OrgHint,
  type PublishResult,
  MemoryCoordination,
} from './coordination';

/** The hints stream (entries: h = the hint's JSON), trimmed to about this many entries. */
const HINTS = 'cq:hints';
const HINTS_KEPT = 100_000;
/** How long a read waits for new hints before it looks again (and notices a closed coordination). */
const READ_BLOCK_MS = 1_000;
const INVALIDATE = 'cq:invalidate';
/** How long a command may wait for Redis (a lease is seconds long; Redis answers in well under 1 ms). */
const COMMAND_TIMEOUT_MS = 1_000;
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

// KEYS: lease, replay id, hints stream. ARGV: "holder|fence", replay id ('' for a resync), message,
// ttl s, entries kept. 1 published, 0 duplicate (replay id not newer), -1 fenced.
const PUBLISH = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
if ARGV[2] ~= '' then
  local last = tonumber(redis.call('GET', KEYS[2]) or '-1')
  if tonumber(ARGV[2]) <= last then return 0 end
  redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[4])
end
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[5], '*', 'h', ARGV[3])
return 1`;

export class RedisCoordination implements Coordination {
  readonly instanceId = newInstanceId();
  readonly shared = true;
  private readonly redis: Redis;
  /** Pub/sub needs a connection of its own (a subscribed connection runs no other command). */
  private readonly sub: Redis;
  /** The hints stream's blocking reads, on a connection of their own too. */
  private readonly reader: Redis;
  private readonly hintListeners = new Set<(hint: OrgHint) => void>();
  private readonly invalidateListeners = new Set<(cache: string, key: string) => void>();
  private readonly lostListeners = new Set<() => void>();
  /** The id of the last hints-stream entry read ('' until the first read placed it). */
  private lastEntry = '';
  /** The reader's link was cut since the last read: check that nothing was lost meanwhile. */
  private readerCut = false;
  private closed = false;
  private readonly reading: Promise<void>;
  private readonly placed: Promise<void>;
  /** Hints read from the stream, and local re-reads told after a gap (tests and logs). */
  readonly counts = { hints: 0, gaps: 0 };

  constructor(
    url: string,
    private readonly logger?: Logger,
  ) {
    // Commands fail fast while Redis is away (the lease must lapse, not queue renewals for later).
    const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
    // Named for CLIENT LIST (an operator, and the tests that cut one link).
    const named = (role: string) => ({ connectionName: `cq-${role}-${this.instanceId}` });
    // A partition answers nothing (no reset): without a timeout a renewal would wait on it forever and
    // the holder would stay subscribed after its lease lapsed (not on the blocking reader: XREAD BLOCK).
    this.redis = new Redis(url, { ...options, commandTimeout: COMMAND_TIMEOUT_MS, ...named('cmd') });
    const waiting = { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null };
    this.sub = new Redis(url, { ...waiting, ...named('sub') });
    this.reader = new Redis(url, { ...waiting, ...named('hints') });
    // Errors surface on commands; an unhandled 'error' event would crash the process.
    this.redis.on('error', () => undefined);
    // The command link dropped (Redis stopped or restarted, the connection reset): nothing the holder
    // receives from the org now can be published, so it must stop taking events at once (the org keeps
    // them for the next subscription's replay). A silent partition shows as commands timing out instead.
    this.redis.on('close', () => {
      if (!this.closed) for (const l of [...this.lostListeners]) l();
    });
    this.sub.on('error', () => undefined);
    this.reader.on('error', () => undefined);
    // ioredis subscribes again by itself after a reconnect; invalidations published while the link was
    // down are lost to this instance, so it drops every shared cache entry it holds.
    void this.sub.subscribe(INVALIDATE).catch((err: unknown) => logger?.warn({ err }, 'redis subscribe'));
    let subUp = 0;
    this.sub.on('ready', () => {
      if (subUp++ > 0) for (const l of [...this.invalidateListeners]) l('*', '*');
    });
    this.sub.on('message', (channel: string, message: string) => {
      if (channel !== INVALIDATE) return;
      let parsed: { cache: string; key: string };
      try {
        parsed = JSON.parse(message) as { cache: string; key: string };
      } catch {
        return;
      }
      for (const l of [...this.invalidateListeners]) l(parsed.cache, parsed.key);
    });
    let readerUp = 0;
    this.reader.on('ready', () => {
      if (readerUp++ > 0) this.readerCut = true;
    });
    this.reader.on('close', () => {
      if (readerUp > 0) this.readerCut = true;
    });
    let place: () => void = () => undefined;
    this.placed = new Promise((resolve) => (place = resolve));
    this.reading = this.readHints(place);
  }

  /** Reads the hints stream from where this instance started, for as long as it runs. */
  private async readHints(placed: () => void): Promise<void> {
    while (!this.closed) {
      try {
        if (this.lastEntry === '') {
          // Start after the newest entry: what was published before this instance ran is not its news.
          const newest = (await this.reader.xrevrange(HINTS, '+', '-', 'COUNT', 1)) as [string, string[]][];
          this.lastEntry = newest[0]?.[0] ?? '0-0';
          this.readerCut = false;
          placed();
        }
        const batch = (await this.reader.xread(
          'COUNT',
          1000,
          'BLOCK',
          READ_BLOCK_MS,
          'STREAMS',
          HINTS,
          this.lastEntry,
        )) as [string, [string, string[]][]][] | null;
        if (this.readerCut) await this.checkContinuity();
        for (const [id, fields] of batch?.[0]?.[1] ?? []) {
          this.lastEntry = id;
          const at = fields.indexOf('h');
          if (at < 0) continue;
          let hint: OrgHint;
          try {
            hint = JSON.parse(fields[at + 1] ?? '') as OrgHint;
          } catch {
            continue;
          }
          this.counts.hints += 1;
          for (const l of [...this.hintListeners]) l(hint);
        }
      } catch (err) {
        if (this.closed) return;
        this.logger?.debug({ err }, 'hints stream read');
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  /**
   * After a cut link: the stream still holds the last entry read, so reading on from it misses nothing;
   * gone (Redis restarted without persistence, or trimmed past it), hints may be lost, and this
   * instance's homes re-read everything once.
   */
  private async checkContinuity(): Promise<void> {
    this.readerCut = false;
    if (this.lastEntry === '0-0') return;
    const still = (await this.reader.xrange(HINTS, this.lastEntry, this.lastEntry)) as unknown[];
    if (still.length > 0) return;
    this.counts.gaps += 1;
    this.logger?.warn({ lastEntry: this.lastEntry }, 'hints may have been lost: every home re-reads');
    // New entries have later ids (time-based), so reading on from the old id loses none of them.
    const gap: OrgHint = { org: EVERY_ORG, replayId: null, target: null };
    for (const l of [...this.hintListeners]) l(gap);
  }

  /** Resolves once the connections are up and the hints reader is placed (tests, benchmarks). */
  async ready(): Promise<void> {
    const up = (r: Redis): Promise<void> =>
      r.status === 'ready' ? Promise.resolve() : new Promise((resolve) => r.once('ready', () => resolve()));
    await Promise.all([up(this.redis), up(this.sub), up(this.reader)]);
    // The subscription is confirmed once a PING through the subscriber answers.
    await this.sub.ping();
    await this.placed;
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
        3,
        leaseKey(org),
        replayKey(org),
        HINTS,
        this.holding(fence),
        hint.replayId === null ? '' : String(hint.replayId),
        JSON.stringify(message),
        String(REPLAY_TTL_SECONDS),
        String(HINTS_KEPT),
      ),
    );
    return r === 1 ? 'published' : r === 0 ? 'duplicate' : 'fenced';
  }

  onLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => void this.lostListeners.delete(listener);
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
    this.closed = true;
    this.lostListeners.clear();
    this.hintListeners.clear();
    this.invalidateListeners.clear();
    // A blocked XREAD would hold quit() back until it times out: the reader is cut at once.
    this.reader.disconnect();
    await Promise.all([this.redis.quit().catch(() => undefined), this.sub.quit().catch(() => undefined)]);
    await this.reading;
  }
}

export type { Coordination };

export function createCoordination(redisUrl: string | null, logger?: Logger): Coordination {
  return redisUrl ? new RedisCoordination(redisUrl, logger) : new MemoryCoordination();
}
