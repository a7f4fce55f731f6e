import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions {
  /** Entries kept at most; the least recently used go first. */
  max: number;
  /** How long an entry lives; 0: a loaded value is kept only while its load is in flight. */
  ttlMs: number;
  /** The clock (tests move it by hand). */
  now?: () => number;
}

/**
 * The BFF's one in-memory cache: bounded in size and in age. Per-instance only: what instances must
 * agree on is never trusted to it for longer than its TTL.
 */
export class TtlCache<V extends NonNullable<unknown>> {
  private readonly lru: LRUCache<string, V>;
  private readonly loads: LRUCache<string, Promise<V>>;
  private readonly ttlMs: number;

  constructor({ max, ttlMs, now }: TtlCacheOptions) {
    this.ttlMs = ttlMs;
    const options = {
      max,
      ttl: ttlMs > 0 ? ttlMs : undefined,
      // A given clock is read on every check: lru-cache would otherwise reuse one reading for 1 ms.
      ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    };
    this.lru = new LRUCache<string, V>(options);
    this.loads = new LRUCache<string, Promise<V>>(options);
  }

  get(key: string): V | undefined {
    return this.lru.get(key);
  }

  set(key: string, value: V): void {
    this.lru.set(key, value);
  }

  delete(key: string): void {
    this.lru.delete(key);
    this.loads.delete(key);
  }

  clear(): void {
    this.lru.clear();
    this.loads.clear();
  }

  get size(): number {
    return this.lru.size + this.loads.size;
  }

  /**
   * The value for `key`, loaded once: callers at the same time share one load, and its answer is
   * reused for the TTL, counted from when it settled. A failed load is never kept, so one caller's
   * failure is not served to the next.
   */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const pending = this.loads.get(key);
    if (pending) return pending;
    const loaded = load().then(
      (value) => {
        if (this.loads.get(key) === loaded) {
          // Re-set so the TTL starts now, not when the load began.
          if (this.ttlMs > 0) this.loads.set(key, loaded);
          else this.loads.delete(key);
        }
        return value;
      },
      (err: unknown) => {
        if (this.loads.get(key) === loaded) this.loads.delete(key);
        throw err;
      },
    );
    // While in flight the load never expires: the entry is set without TTL until it settles.
    this.loads.set(key, loaded, { ttl: 0 });
    return loaded;
  }
}
