// What the BFF instances of one deployment agree on, and how: which instance holds an org's change
// subscription (a lease with a fencing token), the org's last replay id, the hints the holder publishes
// to every instance, and cache invalidations. With REDIS_URL it goes through Redis
// (redis-coordination.ts); without it, one instance keeps it all in memory here, with the same rules.
import { randomBytes } from 'node:crypto';

/** Who is told of one org change: a home list, and its owners (or every user of the org). */
export interface HintTarget {
  topic: 'tasks' | 'submissions' | 'forms';
  userIds: 'all' | string[];
}

/** A hint as the subscription's holder publishes it to every instance. */
export interface OrgHint {
  /** The org (its change stream's key); EVERY_ORG when an instance may have missed hints of any org. */
  org: string;
  /** The org event's replay id; null for a resynchronisation (every list of every home). */
  replayId: number | null;
  target: HintTarget | null;
}

/**
 * The org of a hint an instance gives itself when it cannot tell what it missed (its link to the other
 * instances was cut and what was published meanwhile is gone): every home re-reads everything once.
 */
export const EVERY_ORG = '*';

export type PublishResult = 'published' | 'duplicate' | 'fenced';

export interface Coordination {
  /** This instance's name among the others (lease holder). */
  readonly instanceId: string;
  /** True when several instances share it (Redis). */
  readonly shared: boolean;
  /**
   * Takes the org's lease for `ttlMs`, or extends it when this instance holds it already. Resolves to
   * the fencing token (higher with every new holder), or null when another instance holds it.
   */
  acquire(org: string, ttlMs: number): Promise<number | null>;
  /** Extends the lease; false when it is no longer this instance's under this token. */
  renew(org: string, fence: number, ttlMs: number): Promise<boolean>;
  release(org: string, fence: number): Promise<void>;
  /** The last replay id a holder published for the org (-1: none yet). */
  replayId(org: string): Promise<number>;
  /**
   * Publishes a hint to every instance and records its replay id, in one step, only when `fence` is
   * still the org's current token ('fenced' otherwise: a holder whose lease lapsed must not publish)
   * and the replay id is newer than the recorded one ('duplicate' otherwise: never applied twice).
   */
  publish(org: string, fence: number, hint: Omit<OrgHint, 'org'>): Promise<PublishResult>;
  /**
   * Told the moment this instance's link to the shared state drops (Redis stopped, restarted, the
   * connection reset): a holder stops taking the org's events it could not publish (never in memory).
   */
  onLost(listener: () => void): () => void;
  /** Every published hint, on every instance (this one included). */
  onHint(listener: (hint: OrgHint) => void): () => void;
  /**
   * Drops `key` (or, with '*', everything) from the named cache on every instance. An instance that
   * may have missed invalidations is told ('*', '*'): every cache, everything.
   */
  invalidate(cache: string, key: string): Promise<void>;
  onInvalidate(listener: (cache: string, key: string) => void): () => void;
  /** Small shared values (cache entries every instance reads); null when absent or not shared. */
  getValue(key: string): Promise<string | null>;
  setValue(key: string, value: string, ttlMs: number): Promise<void>;
  deleteValue(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A name for this instance: host process and a random part (a restarted process is a new holder). */
export function newInstanceId(): string {
  return `${process.pid}-${randomBytes(6).toString('hex')}`;
}

/** One instance, in memory: the lease is always this instance's, hints go straight to its listeners. */
export class MemoryCoordination implements Coordination {
  readonly instanceId = newInstanceId();
  readonly shared = false;
  private readonly leases = new Map<string, { holder: string; fence: number; until: number }>();
  private readonly fences = new Map<string, number>();
  private readonly replays = new Map<string, number>();
  private readonly hintListeners = new Set<(hint: OrgHint) => void>();
  private readonly invalidateListeners = new Set<(cache: string, key: string) => void>();

  private readonly holder = this.instanceId;

  constructor(private readonly now: () => number = Date.now) {}

  async acquire(org: string, ttlMs: number): Promise<number | null> {
    const lease = this.leases.get(org);
    if (lease && lease.until > this.now() && lease.holder !== this.holder) return null;
    if (lease && lease.until > this.now()) {
      lease.until = this.now() + ttlMs;
      return lease.fence;
    }
    const fence = (this.fences.get(org) ?? 0) + 1;
    this.fences.set(org, fence);
    this.leases.set(org, { holder: this.holder, fence, until: this.now() + ttlMs });
    return fence;
  }

  private holds(org: string, fence: number): boolean {
    const lease = this.leases.get(org);
    return !!lease && lease.holder === this.holder && lease.fence === fence && lease.until > this.now();
  }

  async renew(org: string, fence: number, ttlMs: number): Promise<boolean> {
    if (!this.holds(org, fence)) return false;
    (this.leases.get(org) as { until: number }).until = this.now() + ttlMs;
    return true;
  }

  async release(org: string, fence: number): Promise<void> {
    if (this.holds(org, fence)) this.leases.delete(org);
  }

  async replayId(org: string): Promise<number> {
    return this.replays.get(org) ?? -1;
  }

  async publish(org: string, fence: number, hint: Omit<OrgHint, 'org'>): Promise<PublishResult> {
    if (!this.holds(org, fence)) return 'fenced';
    if (hint.replayId !== null) {
      if (hint.replayId <= (this.replays.get(org) ?? -1)) return 'duplicate';
      this.replays.set(org, hint.replayId);
    }
    for (const l of [...this.hintListeners]) l({ org, ...hint });
    return 'published';
  }

  onLost(): () => void {
    return () => undefined;
  }

  onHint(listener: (hint: OrgHint) => void): () => void {
    this.hintListeners.add(listener);
    return () => void this.hintListeners.delete(listener);
  }

  async invalidate(cache: string, key: string): Promise<void> {
    for (const l of [...this.invalidateListeners]) l(cache, key);
  }

  onInvalidate(listener: (cache: string, key: string) => void): () => void {
    this.invalidateListeners.add(listener);
    return () => void this.invalidateListeners.delete(listener);
  }

  async getValue(): Promise<string | null> {
    return null;
  }

  async setValue(): Promise<void> {}

  async deleteValue(): Promise<void> {}

  async close(): Promise<void> {
    this.hintListeners.clear();
    this.invalidateListeners.clear();
  }
}
