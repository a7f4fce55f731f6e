// Dexie's live queries need a global IndexedDB before dexie is first imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { uniquenessKey, type LocalSubmission, type SyncStatus } from 'shared-contracts';
import { gatewayError, type BatchItemResult } from './org-gateway';
import { DEFAULT_BACKOFF } from './backoff';
import { FakeOrg, type Fault } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';
import * as D from './delivery-outcomes';
import * as Tr from './transitions';

const T = { ...Tr, ...D };
import { proofScale, recordProof } from 'test-kit';

// 100 runs per seed in `npm test`, 1,000 under `npm run proof` (issue 11); the engine's fault
// schedules are each a whole queue drained through a fake org, so they get fewer.
const RUNS = proofScale(100, 1000);
const ENGINE_RUNS = proofScale(30, 300);

// ---------------------------------------------------------------------------------------------
// The submission state machine (section 4) against a simple model.

type Action =
  | { t: 'save'; files: number[] }
  | { t: 'submit'; files: number[] }
  | { t: 'fileSynced'; file: number }
  | { t: 'attempt'; outcome: 'ok' | 'network' | 'unavailable' | 'unauthorized' | 'rejected' | 'noUrl' }
  | { t: 'retry' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    t: fc.constant('save' as const),
    files: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
  }),
  fc.record({
    t: fc.constant('submit' as const),
    files: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
  }),
  fc.record({ t: fc.constant('fileSynced' as const), file: fc.integer({ min: 0, max: 3 }) }),
  fc.record({
    t: fc.constant('attempt' as const),
    outcome: fc.constantFrom('ok', 'network', 'unavailable', 'unauthorized', 'rejected', 'noUrl' as const),
  }),
  fc.record({ t: fc.constant('retry' as const) }),
);

interface Model {
  deleted: boolean;
  status: 'in progress' | 'submitted';
  sync: SyncStatus;
  version: number;
  /** files in the data, and which of them are uploaded */
  files: Set<number>;
  uploaded: Set<number>;
  attempts: number;
}

const ctx: Tr.Ctx = { now: '2026-01-01T00:00:00.000Z', organizationId: 'org', instanceUrl: 'u' };

function dataWith(files: Iterable<number>, uploaded: Set<number>): Record<string, unknown> {
  return {
    General: {
      files: [...files].map((i) => ({
        LocalId: `L${i}`,
        Name: `f${i}`,
        ContentDocumentId: uploaded.has(i) ? `069${i}` : '',
      })),
    },
  };
}

function modelStep(m: Model, a: Action): Model {
  if (m.deleted) return m;
  const unresolved = (files: Set<number>, up: Set<number>): boolean => [...files].some((f) => !up.has(f));
  const ready = (files: Set<number>, up: Set<number>): SyncStatus =>
    unresolved(files, up) ? 'file usnyc' : 'out of sync';
  const queued =
    (m.status === 'submitted' && (m.sync === 'out of sync' || m.sync === 'file usnyc')) ||
    (m.status === 'in progress' && (m.sync === 'out of sync' || m.sync === 'file usnyc'));
  switch (a.t) {
    case 'save':
    case 'submit': {
      const files = new Set(a.files);
      return {
        ...m,
        files,
        status: a.t === 'submit' ? 'submitted' : m.status,
        version: m.version + 1,
        sync: ready(files, m.uploaded),
        attempts: 0,
      };
    }
    case 'fileSynced': {
      const uploaded = new Set(m.uploaded).add(a.file);
      if (!m.files.has(a.file)) return { ...m, uploaded };
      return { ...m, uploaded, sync: ready(m.files, uploaded) };
    }
    case 'retry':
      return { ...m, sync: m.sync === 'in error' ? ready(m.files, m.uploaded) : m.sync, attempts: 0 };
    case 'attempt': {
      if (!queued) return m;
      if (unresolved(m.files, m.uploaded)) return { ...m, sync: 'file usnyc' };
      if (a.outcome === 'ok' || (a.outcome === 'noUrl' && m.status !== 'submitted')) {
        return m.status === 'submitted' ? { ...m, deleted: true } : { ...m, sync: 'in sync', attempts: 0 };
      }
      // every refusal of a submit is one rule: back in progress (in sync where the org kept the data)
      if (a.outcome === 'noUrl') return { ...m, status: 'in progress', sync: 'in sync', attempts: 0 };
      if (a.outcome === 'rejected' && m.status === 'submitted')
        return { ...m, status: 'in progress', sync: 'in error', attempts: 0 };
      if (a.outcome === 'rejected') return { ...m, sync: 'in error', attempts: m.attempts + 1 };
      return { ...m, attempts: m.attempts + 1 };
    }
  }
}

/** The real transitions, driven the way the uploader drives them. */
function realStep(s: LocalSubmission | null, a: Action, uploaded: Set<number>): LocalSubmission | null {
  if (!s) return s;
  switch (a.t) {
    case 'save':
      return T.saveUpdate(s, dataWith(a.files, uploaded));
    case 'submit':
      return T.submitLocally(s, dataWith(a.files, uploaded), ctx.now);
    case 'fileSynced':
      return T.afterFileSynced(s, `L${a.file}`, `069${a.file}`);
    case 'retry':
      return T.retryNow(s);
    case 'attempt': {
      if (!T.isUploadable(s, 'org')) return s;
      if (!T.allFilesResolved(s.data)) return { ...s, syncStatus: T.readySyncStatus(s.data) };
      const result: BatchItemResult =
        a.outcome === 'ok' || a.outcome === 'noUrl'
          ? {
              uniquenessKey: 'k',
              ok: true,
              url: a.outcome === 'ok' ? 'u' : null,
              ...(a.outcome === 'noUrl' ? { errors: [{ message: 'x' }] } : {}),
            }
          : {
              uniquenessKey: 'k',
              ok: false,
              error: gatewayError(a.outcome, 'x', { data: [{ message: 'x' }] }),
            };
      const d = T.afterDelivery(s, s, result, {
        now: ctx.now,
        nowMs: 0,
        policy: DEFAULT_BACKOFF,
        random: () => 0.5,
      });
      return d.record === undefined ? s : d.record;
    }
  }
}

function runMachine(actions: Action[]): void {
  let real: LocalSubmission | null = T.newLocalSubmission({ id: 'id', formId: 'f', formName: 'F' }, ctx);
  let model: Model = {
    deleted: false,
    status: 'in progress',
    sync: 'out of sync',
    version: 1,
    files: new Set(),
    uploaded: new Set(),
    attempts: 0,
  };
  for (const a of actions) {
    const before = real;
    real = realStep(real, a, model.uploaded);
    model = modelStep(model, a);
    expect(real === null).toBe(model.deleted);
    if (!real) break;
    expect({
      status: real.status,
      sync: real.syncStatus,
      version: real.version,
      attempts: real.delivery?.attempts,
    }).toEqual({
      status: model.status,
      sync: model.sync,
      version: model.version,
      attempts: model.attempts,
    });
    // invariants
    expect(real.version).toBeGreaterThanOrEqual(before?.version ?? 1);
    if (real.syncStatus === 'in sync') expect(T.allFilesResolved(real.data)).toBe(true);
    if (real.syncStatus === 'out of sync' && real.status === 'submitted')
      expect(T.allFilesResolved(real.data)).toBe(true);
  }
}

describe('submission state machine vs model (fast-check)', () => {
  const FIXED_SEED = 20261122;
  const randomSeed = Date.now() ^ (Math.random() * 0x7fffffff);
  it(`fixed seed ${FIXED_SEED}, ${RUNS} runs`, () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (as) => runMachine(as)),
      { seed: FIXED_SEED, numRuns: RUNS },
    );
  });
  it(`random seed, ${RUNS} runs`, () => {
    // printed so a red run can be replayed (fast-check's failure report has it too)
    console.log(`machine property: random seed ${randomSeed}`);
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (as) => runMachine(as)),
      { seed: randomSeed, numRuns: RUNS },
    );
    recordProof('machine', { runsPerSeed: RUNS, seeds: [FIXED_SEED, randomSeed], runs: 2 * RUNS });
  });
});

// ---------------------------------------------------------------------------------------------
// The engine: any schedule of faults delivers every submission and file to the org exactly once.

let h: Harness | undefined;
afterEach(async () => {
  await h?.svc.dispose();
  h = undefined;
});

const fault: fc.Arbitrary<Fault> = fc.constantFrom<Fault>(
  null,
  null,
  null,
  'network',
  'unavailable',
  'lost',
  'unauthorized',
);

describe('exactly once under any fault schedule (fast-check)', () => {
  it(`random faults per call, through the one delivery path, ${ENGINE_RUNS} runs`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 5 }),
        fc.array(fault, { minLength: 1, maxLength: 60 }),
        async (filesPerSubmission, faults) => {
          await h?.svc.dispose();
          const hh = makeHarness({}, { org: new FakeOrg() });
          h = hh;
          let n = 0;
          hh.org.fault = (op) => (op === 'getToken' ? null : (faults[n++ % faults.length] ?? null));
          const ids: string[] = [];
          let totalFiles = 0;
          for (const k of filesPerSubmission) {
            const c = await hh.svc.create({ formId: 'f', formName: 'F' });
            if (!c.ok) throw new Error(c.message);
            const nodes = [];
            for (let i = 0; i < k; i++) {
              const f = await hh.svc.attachFile(c.value.id, new Blob([`${c.value.id}-${i}`]), `f${i}`);
              if (!f.ok) throw new Error(f.message);
              nodes.push(f.value);
            }
            totalFiles += k;
            await hh.svc.submit(c.value.id, { nodes });
            ids.push(c.value.id);
          }
          // bounded: after 30 faulty rounds the network heals
          for (let round = 0; round < 60 && (await hh.local()).length > 0; round++) {
            await hh.drainOnce();
            hh.clock.now += 10 * 60 * 1000;
            if (round === 30) hh.org.fault = () => null;
          }
          expect(await hh.local()).toEqual([]);
          expect(new Set(hh.org.records.keys())).toEqual(new Set(ids.map((id) => uniquenessKey('f', id))));
          expect([...hh.org.records.values()].every((r) => r.status === 'submitted')).toBe(true);
          expect(hh.org.contentDocuments).toHaveLength(totalFiles);
        },
      ),
      { numRuns: ENGINE_RUNS },
    );
    recordProof('machine-engine', { runs: ENGINE_RUNS });
  }, 1_200_000);
});
