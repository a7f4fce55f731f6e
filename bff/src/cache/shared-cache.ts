// What the BFF instances must agree on, kept through the one TtlCache class: each instance holds its
// entries in a TtlCache (bounded in size and age); with several instances (REDIS_URL) a loaded entry is
// also written to Redis for the same TTL, so the next instance reads it there instead of asking the org
// again (org calls per sign-in do not grow with instances), and an invalidation reaches every
// instance's TtlCache through Redis pub/sub. Without Redis it is exactly a TtlCache.
import type { Coordination } from '../cluster/coordination';
import { TtlCache, type TtlCacheOptions } from './ttl-cache';

export class SharedTtlCache<V extends NonNullable<unknown>> {
  private readonly local: TtlCache<V>;
  private coord: Coordination | null = null;
  private unlisten: (() => void) | null = null;

  constructor(
    readonly name: string,
    private readonly options: TtlCacheOptions,
  ) {
    this.local = new TtlCache<V>(options);
  }

  /** Joins the instances' coordination: invalidations from any instance drop entries here. */
  attach(coord: Coordination): void {
    this.unlisten?.();
    this.coord = coord;
    this.unlisten = coord.onInvalidate((cache, key) => {
      // ('*', '*'): this instance may have missed invalidations (its Redis link was cut).
      if (cache !== this.name && cache !== '*') return;
      if (key === '*') this.local.clear();
      else this.local.delete(key);
    });
  }

  detach(coord: Coordination): void {
    if (this.coord !== coord) return;
    this.unlisten?.();
    this.unlisten = null;
    this.coord = null;
  }

  /** TtlCache.getOrLoad, with Redis between this instance and the org when instances share it. */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const coord = this.coord;
    if (!coord?.shared) return this.local.getOrLoad(key, load);
    const sharedKey = `${this.name}:${key}`;
    return this.local.getOrLoad(key, async () => {
      const held = await coord.getValue(sharedKey).catch(() => null);
      if (held !== null) return JSON.parse(held) as V;
      const value = await load();
      if (this.options.ttlMs > 0)
        await coord.setValue(sharedKey, JSON.stringify(value), this.options.ttlMs).catch(() => undefined);
      return value;
    });
  }

  get(key: string): V | undefined {
    return this.local.get(key);
  }

  /** Drops `key` ('*': everything) here and, through Redis, on every instance. */
  async invalidate(key: string): Promise<void> {
    if (key === '*') this.local.clear();
    else this.local.delete(key);
    const coord = this.coord;
    if (!coord?.shared) return;
    if (key !== '*') await coord.deleteValue(`${this.name}:${key}`).catch(() => undefined);
    await coord.invalidate(this.name, key).catch(() => undefined);
  }
}

/** Every shared cache of the process, joined to the instance's coordination when the BFF starts. */
const caches = new Set<SharedTtlCache<NonNullable<unknown>>>();

export function sharedCache<V extends NonNullable<unknown>>(
  name: string,
  options: TtlCacheOptions,
): SharedTtlCache<V> {
  const cache = new SharedTtlCache<V>(name, options);
  caches.add(cache as unknown as SharedTtlCache<NonNullable<unknown>>);
  return cache;
}

export function attachSharedCaches(coord: Coordination): () => void {
  for (const c of caches) c.attach(coord);
  return () => {
    for (const c of caches) c.detach(coord);
  };
}
