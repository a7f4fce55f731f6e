/**
 * Sync benchmark (issue 5): drains N queued submissions through the real BFF to the org-emulator with
 * 50 ms added latency, and, in the same run, a naive one-request-at-a-time loop and the emulator's own
 * time for the same upserts done directly with sObject Collections. Prints time, requests, duplicates,
 * the ratios against their goals and GOAL MET / GOAL NOT MET (exit 1).
 *
 * All three do the same work: N submissions each (default 1,000, issue 5's size; at 500 the engine's
 * fixed cost of a few batch round trips weighs twice as much against the direct figure: 1.51× there,
 * 0.74× at 1,000). The naive loop costs two org round trips per submission: its lookup by external
 * id read together with the form's LastModifiedDate (which says whether the definition its Submitted
 * data is checked against is still current, issue 33) in one Composite call, then the upsert (≈ 0.12 s
 * a submission, ~2 minutes in all on a quiet machine). The engine's batch reads every form's date with
 * the versions of up to 200 submissions, the same way.
 *
 *   node node_modules/tsx/dist/cli.mjs shell/src/host/offline/bench/sync-bench.ts [N] [concurrency]
 */
import { uniquenessKey, type LocalSubmission } from 'shared-contracts';
import { ORG_API_VERSION } from 'test-kit';
import { HttpOrgGateway } from '../src/host/offline/http-gateway';
import { startSignedIn, systemServices } from '../test/offline/integration';
import { emulatorControl, jarFetch } from '../test/offline/system';
import { benchGoal } from '../../scripts/bench-goal.mjs';

const N = Number(process.argv[2] ?? 1000);
const CONCURRENCY = Number(process.argv[3] ?? 16);
const LATENCY_MS = 50;
const NS = 'cqext';
const OBJECT = `${NS}__SQX_Form_Submission__c`;
const EXT = `${NS}__Uniqueness_Constraint__c`;

function uuid(prefix: string, i: number): string {
  return `${prefix}-${String(i).padStart(6, '0')}-${crypto.randomUUID().slice(0, 8)}`;
}

async function main(): Promise<void> {
  const { sys, jar, formId, org } = await startSignedIn();
  try {
    await emulatorControl(sys.emulatorUrl, 'POST', '/faults', { latencyMs: LATENCY_MS });

    let bffRequests = 0;
    const base = jarFetch(jar, sys.bffUrl);
    const counting = (url: string, init?: RequestInit): Promise<Response> => {
      bffRequests++;
      return base(url, init);
    };
    const gateway = new HttpOrgGateway({ baseUrl: sys.bffUrl, fetch: counting });
    const orgCalls = async (): Promise<number> => {
      const r = await fetch(`${sys.emulatorUrl}/__emulator/counters`);
      return ((await r.json()) as { apiCalls: number }).apiCalls;
    };

    // 1. the engine
    const svc = systemServices(sys, counting, { concurrency: CONCURRENCY });
    const created = await svc.create({ formId, formName: 'Bench' });
    if (!created.ok) throw new Error(created.message);
    await svc.discard(created.value.id);
    const items: LocalSubmission[] = Array.from({ length: N }, (_, i) => ({
      ...created.value,
      id: uuid('eng', i),
      status: 'submitted',
      version: 2,
      submittedOn: new Date().toISOString(),
      data: { General: { i, note: `bench ${i}` } },
    }));
    const queued = await svc.queueMany(items);
    if (!queued.ok) throw new Error(queued.message);
    bffRequests = 0;
    let calls0 = await orgCalls();
    let t0 = performance.now();
    for (let round = 0; round < 50; round++) {
      await svc.engine.submissions.runOnce();
      if ((await svc.dbs.submissions.submissions.count()) === 0) break;
    }
    const engineMs = performance.now() - t0;
    const engineBff = bffRequests;
    const engineOrg = (await orgCalls()) - calls0;
    const left = await svc.dbs.submissions.submissions.count();
    await svc.dispose();
    // progress as it goes, so a run stopped early (at the proof's budget) still shows its figures
    console.log(`engine: ${N} in ${(engineMs / 1000).toFixed(2)} s (${engineBff} BFF requests)`);

    // 2. the naive loop: one request at a time
    bffRequests = 0;
    calls0 = await orgCalls();
    t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const id = uuid('naive', i);
      await gateway.submitBatch([
        {
          id,
          formId,
          formName: 'Bench',
          status: 'submitted',
          version: 2,
          data: { General: { i } },
          uniquenessKey: uniquenessKey(formId, id),
        },
      ]);
      if ((i + 1) % 100 === 0 && i + 1 < N)
        console.log(`naive loop: ${i + 1}/${N} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const naiveMs = performance.now() - t0;
    const naiveBff = bffRequests;
    const naiveOrg = (await orgCalls()) - calls0;

    // 3. direct sObject Collections upserts at the emulator, 200 per request
    await org.accessToken(); // the grant is not part of the timed upserts
    calls0 = await orgCalls();
    t0 = performance.now();
    let directRequests = 0;
    for (let i = 0; i < N; i += 200) {
      const records = Array.from({ length: Math.min(200, N - i) }, (_, k) => {
        const id = uuid('direct', i + k);
        return {
          attributes: { type: OBJECT },
          [EXT]: `${formId}#${id}`,
          [`${NS}__Form_Definition__c`]: formId,
          [`${NS}__Status__c`]: 'Submitted',
          [`${NS}__Version__c`]: 2,
          [`${NS}__Submission_JSON__c`]: JSON.stringify({ id, formId, data: { General: { i: i + k } } }),
        };
      });
      const r = await org.fetch(`/services/data/${ORG_API_VERSION}/composite/sobjects/${OBJECT}/${EXT}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ allOrNone: false, records }),
      });
      directRequests++;
      if (!r.ok) throw new Error(`direct upsert ${r.status}: ${await r.text()}`);
      await r.body?.cancel();
    }
    const directMs = performance.now() - t0;
    const directOrg = (await orgCalls()) - calls0;
    await emulatorControl(sys.emulatorUrl, 'DELETE', '/faults');

    // duplicates: records per uniqueness key of the engine's submissions
    const keys = new Map<string, number>();
    const engineRecords = await org.query<Record<string, string>>(
      `SELECT ${EXT} FROM ${OBJECT} WHERE ${EXT} LIKE '${formId}#eng-%'`,
    );
    for (const rec of engineRecords) keys.set(rec[EXT] ?? '', (keys.get(rec[EXT] ?? '') ?? 0) + 1);
    const duplicates = [...keys.values()].reduce((a, n) => a + (n - 1), 0);
    const missing = N - keys.size;

    const row = (name: string, ms: number, bff: number | string, org: number): string =>
      `${name.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(8)} s ${String(bff).padStart(10)} ${String(org).padStart(10)}`;
    console.log(
      `sync bench: ${N} submissions, ${LATENCY_MS} ms added org latency, engine concurrency ${CONCURRENCY}`,
    );
    console.log(
      `${''.padEnd(34)} ${'time'.padStart(10)} ${'BFF reqs'.padStart(10)} ${'org calls'.padStart(10)}`,
    );
    console.log(row('engine (offline core via BFF)', engineMs, engineBff, engineOrg));
    console.log(row('naive loop (1 request at a time)', naiveMs, naiveBff, naiveOrg));
    console.log(row('direct sObject Collections', directMs, `${directRequests} (org)`, directOrg));
    const vsNaive = engineMs / naiveMs;
    const vsDirect = engineMs / directMs;
    console.log(
      `engine / naive: ${vsNaive.toFixed(2)} (goal <= 0.3; ${(naiveMs / engineMs).toFixed(1)}x faster, same ${N} submissions)`,
    );
    console.log(`engine / direct: ${vsDirect.toFixed(2)} (goal <= 1.5)`);
    console.log(`duplicates: ${duplicates}, missing: ${missing}, left in the local queue: ${left}`);
    const missed = [
      vsNaive > 0.3 ? `engine / naive ${vsNaive.toFixed(2)} > 0.3` : '',
      vsDirect > 1.5 ? `engine / direct ${vsDirect.toFixed(2)} > 1.5` : '',
      duplicates || missing || left ? 'duplicates, missing or left over' : '',
    ].filter(Boolean);
    console.log(missed.length ? `GOAL NOT MET: ${missed.join('; ')}` : 'GOAL MET');
    benchGoal('bench:sync', 'engine / naive loop <= 0.3', vsNaive.toFixed(2), vsNaive <= 0.3);
    benchGoal('bench:sync', 'engine / direct Collections <= 1.5', vsDirect.toFixed(2), vsDirect <= 1.5);
    benchGoal(
      'bench:sync',
      'no duplicate, missing or left-over submission',
      `${duplicates} duplicates, ${missing} missing, ${left} left`,
      !(duplicates || missing || left),
    );
    if (missed.length) process.exitCode = 1;
  } finally {
    await sys.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
