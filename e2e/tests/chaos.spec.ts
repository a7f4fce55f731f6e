import { expect, test } from '@playwright/test';
import { proofFull, recordProof } from 'test-kit';
import { runDurability } from '../proof/durability';

// Issue 5's chaos suite, seeded and short in `npm test` (the full 200 runs under PROOF_SCALE=full or
// CHAOS_SCALE=full):
// queued offline in a persistent profile, drained while the emulator injects 10% 500/503, 5% dropped
// connections, 2% committed-but-lost answers, the network toggles every few seconds, and the page is
// closed and reopened at least 10 times mid-sync (2 of them while queuing).
test('chaos: every queued submission reaches the org once, every file once (sha256), the queue ends empty', async () => {
  // CHAOS_SCALE=full runs this suite alone at issue 5's size
  const full = proofFull() || process.env.CHAOS_SCALE === 'full';
  test.setTimeout(full ? 40 * 60_000 : 6 * 60_000);
  const figures = await runDurability({
    // CHAOS_SEED=<n> replays another schedule (hunting a rare interleaving); the default stays fixed
    seed: Number(process.env.CHAOS_SEED) || 20261122,
    submissions: full ? 200 : 40,
    withFiles: full ? 20 : 4,
    fileMB: full ? [1, 20] : [1, 3],
    // 100 ms org latency keeps the drain long enough for the interruptions to land mid-sync
    faults: { error500: 0.05, error503: 0.05, dropped: 0.05, lost: 0.02, duplicate: 0, latencyMs: 100 },
    interruptions: 10,
    midWrite: 2,
    interruption: 'close-page',
    toggleMs: [2000, 4000],
    offlineMs: [300, 1000],
    interruptEveryMs: full ? [1500, 4000] : [400, 1200],
    timeoutMs: full ? 30 * 60_000 : 3 * 60_000,
    log: (line) => console.log(`[chaos] ${line}`),
  });
  recordProof('chaos', { scale: full ? 'full' : 'short', ...figures });
  // a failure names every figure, so a CI log's few lines say what went wrong
  const all = JSON.stringify(figures);
  expect(figures.acknowledged, all).toBe(figures.submissions);
  expect(figures.lost, all).toBe(0);
  expect(figures.duplicated, all).toBe(0);
  expect(figures.duplicatedFiles, all).toBe(0);
  expect(figures.checksumsMatching, all).toBe(figures.files);
  expect(figures.leftLocal, all).toBe(0);
  expect(figures.inError, all).toBe(0);
  expect(figures.interruptions, all).toBeGreaterThanOrEqual(10);
});
