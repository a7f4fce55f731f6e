// `npm run bench:queue` (issue 5): queuing 1,000 submissions locally through the signed-in page's
// offline services (one transaction, `queueMany`) against a `put`-per-record loop (one strict
// transaction per record, as a naive outbox would write them), in Chromium with a persistent
// profile, offline (so the uploader stays out of the timing). Goal: ≥ 8× faster. Options: --count N,
// --rounds N (median of rounds, default 1). Prints the ratio and GOAL MET / GOAL NOT MET (exit 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { signInAtOrg } from '../support/auth';
import { chromiumLaunchOptions } from '../support/browser';
import { freeSystemPorts, startSystem } from '../support/system';
import { benchGoal } from '../../scripts/bench-goal.mjs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const COUNT = arg('count', 1000);
const ROUNDS = arg('rounds', 1); // the put loop alone takes ~2 min here (one fsync per record)
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;

const system = await startSystem({ ports: await freeSystemPorts(), quiet: true });
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cq-bench-queue-'));
const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, headless: true });
try {
  await context.addInitScript(() => localStorage.setItem('cq-diagnostics', '1'));
  const page = context.pages()[0] ?? (await context.newPage());
  await signInAtOrg(page, system.url);
  await page.goto(`${system.url}/`);
  await page.waitForFunction(() => (window as { __cqOffline?: unknown }).__cqOffline !== undefined);
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  // The page reports as it goes (queueMany's time, the loop every 100 records), so a run stopped at
  // its budget (the proof's) still shows what it measured.
  page.on('console', (m) => {
    if (m.text().startsWith('bench-queue ')) console.log(`  ${m.text().slice(12)}`);
  });
  const bulk: number[] = [];
  const loop: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = await page.evaluate(
      async ({ n, round }) => {
        type Sub = Record<string, unknown> & { id: string };
        const off = (
          window as unknown as {
            __cqOffline: {
              create(i: { formId: string; formName: string }): Promise<{ ok: boolean; value: Sub }>;
              discard(id: string): Promise<unknown>;
              queueMany(items: Sub[]): Promise<{ ok: boolean }>;
              owner(): unknown;
              store: { putSubmission(owner: unknown, s: Sub): Promise<unknown> };
              dbs: { submissions: { submissions: { bulkDelete(ids: string[]): Promise<void> } } };
            };
          }
        ).__cqOffline;
        const c = await off.create({ formId: 'a0F000000000001AAA', formName: 'Bench' });
        await off.discard(c.value.id);
        // (no named inner functions: tsx would wrap them in a helper the page lacks)
        const [a, b] = ['a', 'b'].map((tag) =>
          Array.from({ length: n }, (_, i) => ({
            ...c.value,
            id: `bq${round}${tag}-0000-4000-a000-${i.toString(16).padStart(12, '0')}`,
            status: 'submitted',
            syncStatus: 'out of sync',
            data: { General: { i, note: `queued ${i}`, site: `Site ${i % 50}` } },
          })),
        ) as unknown as [Sub[], Sub[]];
        let t0 = performance.now();
        const q = await off.queueMany(a);
        const bulkMs = performance.now() - t0;
        if (!q.ok) throw new Error('queueMany failed');
        console.log(`bench-queue round ${round + 1}: queueMany ${n} in ${bulkMs.toFixed(1)} ms`);
        t0 = performance.now();
        for (let i = 0; i < b.length; i++) {
          await off.store.putSubmission(off.owner(), b[i] as Sub);
          if ((i + 1) % 100 === 0 && i + 1 < b.length)
            console.log(
              `bench-queue round ${round + 1}: put per record ${i + 1}/${n} in ${(performance.now() - t0).toFixed(0)} ms`,
            );
        }
        const loopMs = performance.now() - t0;
        await off.dbs.submissions.submissions.bulkDelete([...a, ...b].map((s) => s.id));
        return { bulkMs, loopMs };
      },
      { n: COUNT, round: r },
    );
    bulk.push(t.bulkMs);
    loop.push(t.loopMs);
  }
  const b = median(bulk);
  const l = median(loop);
  console.log(
    `queue ${COUNT} submissions locally (Chromium, persistent profile, strict durability), median of ${ROUNDS}`,
  );
  console.log(
    `  queueMany (one transaction):     ${b.toFixed(1).padStart(8)} ms   rounds ${bulk.map((x) => x.toFixed(0)).join(', ')}`,
  );
  console.log(
    `  put per record (1 tx each):      ${l.toFixed(1).padStart(8)} ms   rounds ${loop.map((x) => x.toFixed(0)).join(', ')}`,
  );
  const ratio = l / b;
  console.log(
    `ratio put per record / queueMany: ${ratio.toFixed(1)}x (goal >= 8x, same ${COUNT} submissions each)`,
  );
  console.log(ratio >= 8 ? 'GOAL MET' : `GOAL NOT MET: ${ratio.toFixed(1)}x < 8x`);
  benchGoal('bench:queue', 'put per record / queueMany >= 8x', `${ratio.toFixed(1)}x`, ratio >= 8);
  process.exitCode = ratio >= 8 ? 0 : 1;
} finally {
  await context.close().catch(() => undefined);
  await system.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}
