import { expect, test } from '@playwright/test';
import { proofFull, recordProof } from 'test-kit';
import { runTabs } from '../proof/tabs';

// Issue 5: three tabs open during a drain, the leader tab killed (renderer crash) every few seconds
// and replaced: each submission reaches the org once, and no submission is accepted twice.
// Issue 11's long form (5 tabs, the leader killed every 10 s, 8 times) runs under PROOF_SCALE=full.
test('tabs: with the leader tab killed again and again, each submission reaches the org once', async () => {
  const full = proofFull();
  test.setTimeout(full ? 15 * 60_000 : 4 * 60_000);
  const figures = await runTabs({
    seed: 11,
    tabs: full ? 5 : 3,
    kills: full ? 8 : 4,
    killEveryMs: full ? 10_000 : 4_000,
    queueEveryMs: full ? 250 : 200,
    // the checks below need this much; a loaded runner queuing slowly keeps queuing after the last kill
    minSubmissions: 10,
    timeoutMs: full ? 5 * 60_000 : 90_000,
    log: (line) => console.log(`[tabs] ${line}`),
  });
  recordProof('tabs', { ...figures });
  expect(figures.submissions).toBeGreaterThanOrEqual(10);
  expect(figures.failures).toEqual([]);
  expect(figures.leaderKills).toBe(full ? 8 : 4);
  expect(figures.takeovers).toBe(figures.leaderKills);
  expect(figures.onceInOrg).toBe(figures.submissions);
  expect(figures.missing).toBe(0);
  expect(figures.duplicated).toBe(0);
  expect(figures.effectsTwice).toBe(0);
  expect(figures.leftLocal).toBe(0);
});
