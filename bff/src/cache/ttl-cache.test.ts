import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

const clock = () => {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

describe('TtlCache', () => {
  it('forgets an entry once it is older than its TTL', () => {
    const c = clock();
    const cache = new TtlCache<string>({ max: 10, ttlMs: 100, now: c.now });
    cache.set('a', 'A');
    c.advance(100);
    expect(cache.get('a')).toBe('A');
    c.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most max entries, dropping the least recently used', () => {
    const cache = new TtlCache<number>({ max: 2, ttlMs: 1000 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('shares one load between callers at the same time and reuses its answer for the TTL', async () => {
    const c = clock();
    const cache = new TtlCache<string>({ max: 10, ttlMs: 100, now: c.now });
    let loads = 0;
    const load = async () => `v${++loads}`;
    const [x, y] = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect([x, y, loads]).toEqual(['v1', 'v1', 1]);
    c.advance(50);
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    c.advance(51);
    expect(await cache.getOrLoad('k', load)).toBe('v2');
  });

  it('counts the TTL from when a slow load settled, and never expires a load in flight', async () => {
    const c = clock();
    const cache = new TtlCache<string>({ max: 10, ttlMs: 100, now: c.now });
    let release!: (v: string) => void;
    let loads = 0;
    const slow = () => {
      loads++;
      return new Promise<string>((r) => (release = r));
    };
    const first = cache.getOrLoad('k', slow);
    c.advance(500);
    const second = cache.getOrLoad('k', slow);
    release('A');
    expect(await first).toBe('A');
    expect(await second).toBe('A');
    c.advance(90);
    expect(await cache.getOrLoad('k', slow)).toBe('A');
    expect(loads).toBe(1);
  });

  it('never keeps a failed load', async () => {
    const cache = new TtlCache<string>({ max: 10, ttlMs: 1000 });
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('org down')))).rejects.toThrow(
      'org down',
    );
    expect(await cache.getOrLoad('k', async () => 'ok')).toBe('ok');
  });

  it('with a TTL of 0 shares loads in flight only', async () => {
    const cache = new TtlCache<string>({ max: 10, ttlMs: 0 });
    let loads = 0;
    const load = async () => `v${++loads}`;
    await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect(await cache.getOrLoad('k', load)).toBe('v2');
    expect(cache.size).toBe(0);
  });
});
