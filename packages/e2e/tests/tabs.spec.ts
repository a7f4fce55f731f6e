import { expect, test } from '@playwright/test';
import { proofFull, recordProof } from 'shared-contracts/testing';
import { runTabs } from '../proof/tabs';

// Issue 5: three tabs open during a drain, the leader tab killed (renderer crash) every few seconds
// and replaced: each submission reaches the org once, and no submission is accepted twice.
// Issue 11's long form (5 tabs, the leader killed every 10 s) runs under PROOF_SCALE=full.
test('tabs: with the leader tab killed again and again, each submission reaches the org once', async () => {
  const full = proofFull();
  test.setTimeout(full ? 15 * 60_000 : 4 * 60_000);
  const figures = await runTabs({
    seed: 11,
    tabs: full ? 5 : 3,
    killEveryMs: full ? 10_000 : 4_000,
    durationMs: full ? 90_000 : 20_000,
    queueEveryMs: full ? 250 : 200,
    // the checks below need this much; a loaded runner reopening tabs slowly gets more time
    minSubmissions: 10,
    minKills: 3,
    timeoutMs: full ? 5 * 60_000 : 90_000,
    log: (line) => console.log(`[tabs] ${line}`),
  });
  recordProof('tabs', { ...figures });
  expect(figures.submissions).toBeGreaterThanOrEqual(10);
  expect(figures.leaderKills).toBeGreaterThanOrEqual(3);
  expect(figures.missing).toBe(0);
  expect(figures.duplicated).toBe(0);
  expect(figures.effectsTwice).toBe(0);
  expect(figures.leftLocal).toBe(0);
});
