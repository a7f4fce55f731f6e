// How long a cache invalidation takes to reach the other instances through Redis (issue 47: within
// 500 ms p99). Three coordinations on one redis-server (a connection pair each, as three BFF instances
// have), a shared cache on each; instance A invalidates a key the others hold, and the time until both
// others have dropped it is measured. Prints percentiles; asserts nothing.
// Run: pnpm --filter bff run bench:invalidation   (INVALIDATIONS=2000 by default)
import { performance } from 'node:perf_hooks';
import { SharedTtlCache } from '../src/cache/shared-cache';
import { RedisCoordination } from '../src/cluster/redis-coordination';
import { startRedis, stop } from '../test/global-setup';

const N = Number(process.env.INVALIDATIONS ?? 2000);

const redis = await startRedis();
const instances = [0, 1, 2].map(() => new RedisCoordination(redis.url));
await Promise.all(instances.map((c) => c.ready()));
const caches = instances.map((c) => {
  const cache = new SharedTtlCache<{ v: number }>('bench', { max: 10_000, ttlMs: 60_000 });
  cache.attach(c);
  return cache;
});
const [a, ...others] = caches as [SharedTtlCache<{ v: number }>, ...SharedTtlCache<{ v: number }>[]];

const samples: number[] = [];
for (let i = 0; i < N; i++) {
  const key = `k${i % 100}`;
  for (const c of caches) await c.getOrLoad(key, async () => ({ v: i }));
  const started = performance.now();
  let pending = others.length;
  const done = new Promise<void>((resolve) => {
    const offs = instances.slice(1).map((coord) =>
      coord.onInvalidate((cache, k) => {
        if (cache !== 'bench' || k !== key) return;
        pending -= 1;
        if (pending === 0) {
          for (const off of offs) off();
          resolve();
        }
      }),
    );
  });
  await a.invalidate(key);
  await done;
  samples.push(performance.now() - started);
}

samples.sort((x, y) => x - y);
const pct = (p: number): string =>
  (samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0).toFixed(2);
console.log(
  `cache invalidation across 3 instances via Redis pub/sub, ${N} invalidations: p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${pct(1)} ms (goal: p99 <= 500 ms)`,
);
await Promise.all(instances.map((c) => c.close()));
await stop(redis.child);
