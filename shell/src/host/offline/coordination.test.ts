// Dexie's live queries need a global IndexedDB before dexie is first imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uniquenessKey } from 'shared-contracts';
import { type OrgGateway } from './org-gateway';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DEFAULT_BACKOFF, nextRetryDelay } from './backoff';
import { drainOutboxOnce } from './index';
import { LeaderElection, UPLOADER_LOCK, withLockIfAvailable } from './leader';
import { DraftPresence } from './presence';
import { FakeLockManager } from '../../../test/offline/fake-locks';
import { FakeOrg } from '../../../test/offline/fake-org';
import { keysOf, makeHarness, type Harness } from '../../../test/offline/harness';

const tick = (ms = 0): Promise<void> => new Promise((r) => setTimeout(r, ms));
const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.svc.dispose();
});

describe('backoff with jitter', () => {
  it('doubles from the base, is capped, and jitters within [nominal/2, nominal]', () => {
    const p = DEFAULT_BACKOFF;
    expect(nextRetryDelay(1, p, () => 0)).toBe(1000);
    expect(nextRetryDelay(1, p, () => 1)).toBe(2000);
    expect(nextRetryDelay(3, p, () => 1)).toBe(8000);
    expect(nextRetryDelay(50, p, () => 1)).toBe(p.capMs);
    expect(nextRetryDelay(50, p, () => 0)).toBe(p.capMs / 2);
    for (let i = 1; i < 30; i++) {
      const d = nextRetryDelay(i, p, Math.random);
      expect(d).toBeGreaterThanOrEqual(Math.min(p.capMs, p.baseMs * 2 ** (i - 1)) / 2);
      expect(d).toBeLessThanOrEqual(p.capMs);
    }
  });

  it('resets on success: attempts go back to 0 after a delivered retry', async () => {
    const h = makeHarness();
    harnesses.push(h);
    let fails = 3;
    h.org.fault = (op) => (op === 'submitBatch' && fails-- > 0 ? 'network' : null);
    const r = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      await h.drainOnce();
      const s = await h.svc.store.getSubmission(h.owner, r.value.id);
      seen.push(s?.delivery?.attempts ?? -1);
      h.clock.now = (s?.delivery?.nextAttemptAt ?? h.clock.now) + 1;
    }
    expect(seen).toEqual([1, 2, 3, 0]);
    expect((await h.svc.store.getSubmission(h.owner, r.value.id))?.syncStatus).toBe('in sync');
  });
});

describe('leader election with Web Locks', () => {
  it('one leader among tabs; when the leader tab closes the next takes over', async () => {
    const locks = new FakeLockManager();
    const state: Record<string, boolean> = {};
    const tabs = ['A', 'B', 'C'].map((t) => new LeaderElection(locks.forTab(t), (v) => (state[t] = v)));
    tabs.forEach((t) => t.start());
    await tick();
    expect(state).toEqual({ A: true });
    expect(locks.holder(UPLOADER_LOCK)).toBe('A');
    locks.crash('A'); // the browser releases a closed tab's lock
    await tick();
    expect(locks.holder(UPLOADER_LOCK)).toBe('B');
    expect(state.B).toBe(true);
    tabs[1]?.stop();
    await tick();
    expect(state).toMatchObject({ B: false, C: true });
    tabs[2]?.stop();
    tabs[0]?.stop();
  });

  it('a tab that stops while waiting never becomes leader', async () => {
    const locks = new FakeLockManager();
    const onB = vi.fn();
    const a = new LeaderElection(locks.forTab('A'), () => undefined);
    const b = new LeaderElection(locks.forTab('B'), onB);
    a.start();
    b.start();
    await tick();
    b.stop();
    a.stop();
    await tick();
    expect(onB).not.toHaveBeenCalledWith(true);
    expect(locks.holder(UPLOADER_LOCK)).toBeUndefined();
  });

  it('without Web Locks the tab leads alone', () => {
    const on = vi.fn();
    const e = new LeaderElection(null, on);
    e.start();
    expect(e.isLeader).toBe(true);
    e.stop();
    expect(on.mock.calls).toEqual([[true], [false]]);
  });

  it('the service-worker drain runs only when no tab leads', async () => {
    const locks = new FakeLockManager();
    const tab = new LeaderElection(locks.forTab('A'), () => undefined);
    tab.start();
    await tick();
    const fn = vi.fn(async () => undefined);
    expect(await withLockIfAvailable(locks.forTab('sw'), fn)).toBe(false);
    tab.stop();
    await tick();
    expect(await withLockIfAvailable(locks.forTab('sw'), fn)).toBe(true);
    expect(fn).toHaveBeenCalledOnce();
  });
});

describe('one uploader per browser: three tabs draining one queue', () => {
  it('only the leader sends; when it closes another takes over within one interval; each submission reaches the org once', async () => {
    const locks = new FakeLockManager();
    const first = makeHarness({ locks: locks.forTab('t0'), submissionIntervalMs: 20, fileIntervalMs: 40 });
    const org = first.org;
    org.latencyMs = 2;
    const tabs = [
      first,
      makeHarness(
        { locks: locks.forTab('t1'), submissionIntervalMs: 20, fileIntervalMs: 40 },
        { factory: first.factory, org },
      ),
      makeHarness(
        { locks: locks.forTab('t2'), submissionIntervalMs: 20, fileIntervalMs: 40 },
        { factory: first.factory, org },
      ),
    ];
    harnesses.push(...tabs);
    for (const t of tabs) t.clock.now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const t = tabs[i % 3];
      if (!t) continue;
      const r = await t.svc.create({ formId: 'f', formName: `F${i}`, data: { i } });
      if (!r.ok) throw new Error(r.message);
      const s = await t.svc.submit(r.value.id, { i, done: true });
      if (!s.ok) throw new Error(s.message);
      ids.push(r.value.id);
    }
    tabs.forEach((t) => t.svc.start());
    await vi.waitFor(() => expect(tabs.map((t) => t.svc.isLeader.get())).toEqual([true, false, false]));
    await vi.waitFor(() => expect(org.records.size).toBeGreaterThan(3), { timeout: 2000 });
    // close the leader tab mid-drain: its script stops (requests already sent still land), then the
    // browser releases its lock
    await tabs[0]?.svc.engine.stop();
    locks.crash('t0');
    await vi.waitFor(
      () =>
        expect([locks.holder(UPLOADER_LOCK), ...tabs.map((t) => t.svc.isLeader.get())]).toEqual([
          't1',
          false,
          true,
          false,
        ]),
      { timeout: 100 },
    );
    await vi.waitFor(async () => expect(await tabs[1]?.local()).toEqual([]), { timeout: 5000 });
    expect(org.records.size).toBe(30);
    expect(new Set(org.records.keys())).toEqual(new Set(ids.map((id) => uniquenessKey('f', id))));
    // each record written once (one upsert through the one delivery path); never by two tabs at once
    const odd = [...org.records.values()].filter((r) => r.status !== 'submitted' || r.writes !== 1);
    expect(odd.map((r) => [r.writes, org.calls.filter((c) => c.key === r.key)])).toEqual([]);
  });
});

describe('going online and offline', () => {
  // What the uploaders sent: the pull half (org-refresh.ts) reads the org's pending records on start too.
  const sends = (h: Harness): string[] =>
    h.org.calls.map((c) => c.op).filter((op) => op !== 'pendingSubmissions');

  it('offline stops the uploaders, online restarts them; never started in canvas mode', async () => {
    const h = makeHarness({ submissionIntervalMs: 10, fileIntervalMs: 10 });
    harnesses.push(h);
    h.svc.start();
    await vi.waitFor(() => expect(h.svc.engine.running).toBe(true));
    h.online.set(false);
    expect(h.svc.engine.running).toBe(false);
    const r = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    await tick(40);
    expect(sends(h)).toEqual([]);
    h.online.set(true);
    expect(h.svc.engine.running).toBe(true);
    await vi.waitFor(() => expect(sends(h)).toEqual(['submitBatch']));

    const canvas = makeHarness({ canvasMode: true, submissionIntervalMs: 10 });
    harnesses.push(canvas);
    canvas.svc.start();
    await canvas.svc.create({ formId: 'f', formName: 'F' });
    await tick(40);
    expect(canvas.svc.engine.running).toBe(false);
    expect(sends(canvas)).toEqual([]);
  });

  it('back online, what failed only for lack of network is sent at once (not after its backoff)', async () => {
    const h = makeHarness({ submissionIntervalMs: 60_000, fileIntervalMs: 60_000 });
    harnesses.push(h);
    h.org.fault = (op) => (op === 'submitBatch' ? 'network' : null);
    const r = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    await h.svc.engine.submissions.runOnce();
    const waiting = await h.svc.store.getSubmission(h.owner, r.value.id);
    expect(waiting?.delivery?.nextAttemptAt).toBeGreaterThan(h.clock.now);
    h.online.set(false);
    h.svc.start();
    h.org.fault = () => null;
    h.online.set(true);
    await vi.waitFor(async () =>
      expect((await h.svc.store.getSubmission(h.owner, r.value.id))?.syncStatus).toBe('in sync'),
    );
    expect((await h.svc.store.getSubmission(h.owner, r.value.id))?.delivery?.attempts).toBe(0);
  });

  it('a submit while online is sent at once, not only on the next tick', async () => {
    const h = makeHarness({ submissionIntervalMs: 60_000, fileIntervalMs: 60_000 });
    harnesses.push(h);
    h.svc.start();
    await vi.waitFor(() => expect(h.svc.engine.running).toBe(true));
    await h.svc.engine.settled();
    const r = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    await h.svc.submit(r.value.id, { x: 1 });
    await vi.waitFor(async () => expect(await h.local()).toEqual([]), { timeout: 1000 });
  });

  it('offline, the queue asks for Background Sync instead', async () => {
    const bg = vi.fn();
    const h = makeHarness({ backgroundSync: bg });
    harnesses.push(h);
    h.online.set(false);
    h.svc.start();
    const r = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    expect(bg).toHaveBeenCalled();
  });
});

describe('two tabs on one draft (BroadcastChannel)', () => {
  it('the second tab is told the draft is open elsewhere; the first is told too; closing clears it', async () => {
    const a = new DraftPresence('tab-a');
    const b = new DraftPresence('tab-b');
    const closeA = a.open('d1');
    await tick(10);
    expect(b.openElsewhere('d1').get()).toBe(true); // a announced
    const seenByA: boolean[] = [];
    a.openElsewhere('d1').subscribe((v) => seenByA.push(v));
    const closeB = b.open('d1');
    await tick(10);
    expect(a.openElsewhere('d1').get()).toBe(true);
    expect(seenByA).toEqual([true]);
    closeB();
    await tick(10);
    expect(a.openElsewhere('d1').get()).toBe(false);
    closeA();
    await tick(10);
    expect(b.openElsewhere('d1').get()).toBe(false);
    expect(a.openElsewhere('other').get()).toBe(false);
    a.dispose();
    b.dispose();
  });

  it('a tab opening after another learns it from the holder', async () => {
    const a = new DraftPresence('tab-a');
    a.open('d2');
    await tick(10);
    const b = new DraftPresence('tab-b');
    expect(b.openElsewhere('d2').get()).toBe(false);
    b.open('d2'); // a answers 'here'
    await tick(10);
    expect(b.openElsewhere('d2').get()).toBe(true);
    a.dispose(); // the page hides: 'closed' for every draft
    await tick(10);
    expect(b.openElsewhere('d2').get()).toBe(false);
    b.dispose();
  });

  it('saves from both tabs are kept (each merges onto the latest record)', async () => {
    const h = makeHarness();
    const org = new FakeOrg();
    harnesses.push(h);
    const other = makeHarness({}, { factory: h.factory, org });
    harnesses.push(other);
    const r = await h.svc.create({ formId: 'f', formName: 'F', data: { General: { a: '', b: '' } } });
    if (!r.ok) throw new Error(r.message);
    const loaded = r.value.data;
    const s1 = await h.svc.save(r.value.id, { General: { a: 'from tab 1', b: '' } }, loaded);
    const s2 = await other.svc.save(r.value.id, { General: { a: '', b: 'from tab 2' } }, loaded);
    expect(s1.ok && s2.ok).toBe(true);
    const stored = await h.svc.store.getSubmission(h.owner, r.value.id);
    expect(stored?.data).toEqual({ General: { a: 'from tab 1', b: 'from tab 2' } });
    expect(stored?.version).toBe(3);
  });
});

describe('the service-worker drain (Background Sync)', () => {
  it('drains a queue left by a closed tab, only when no tab holds the uploader lock', async () => {
    const factory = new IDBFactory();
    const tab = makeHarness({}, { factory });
    harnesses.push(tab);
    const r = await tab.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    await tab.svc.submit(r.value.id, { x: 1 });
    const locks = new FakeLockManager();
    const leader = new LeaderElection(locks.forTab('open-tab'), () => undefined);
    leader.start();
    await tick();
    const opts = {
      gateway: tab.org,
      owner: tab.owner,
      locks: locks.forTab('sw'),
      idb: { indexedDB: factory, IDBKeyRange },
      keys: keysOf(factory),
    };
    expect(await drainOutboxOnce(opts)).toBe(false);
    expect(tab.org.calls).toEqual([]);
    leader.stop(); // the last tab closed
    await tick();
    expect(await drainOutboxOnce(opts)).toBe(true);
    expect(tab.org.records.get(uniquenessKey('f', r.value.id))?.status).toBe('submitted');
    expect(await tab.local()).toEqual([]);
  });
});

describe('page closed and reopened mid-sync (in process)', () => {
  /** A tab's view of the network that dies with the tab: after kill() no call ever answers. */
  function killable(org: FakeOrg): { gateway: OrgGateway; kill(): void } {
    let dead = false;
    const never = new Promise<never>(() => undefined);
    const wrap =
      <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
      async (...a: A): Promise<R> => {
        if (dead) return never;
        const r = await fn(...a);
        if (dead) return never; // the answer arrives after the page is gone
        return r;
      };
    const gateway: OrgGateway = {
      saveSubmission: wrap((p) => org.saveSubmission(p)),
      submitBatch: wrap((items) => org.submitBatch(items)),
      uploadFile: wrap((r, on) => org.uploadFile(r, on)),
      getToken: wrap(() => org.getToken()),
      pendingSubmissions: wrap(() => org.pendingSubmissions()),
      syncPendingSubmission: wrap((id) => org.syncPendingSubmission(id)),
      checkFormStatus: wrap((ids) => org.checkFormStatus(ids)),
      getFormDefinition: wrap((id) => org.getFormDefinition(id)),
      fetchGuideImage: wrap((u) => org.fetchGuideImage(u)),
    };
    return { gateway, kill: () => (dead = true) };
  }

  it('12 closes mid-drain with faults: every submission and file reaches the org once, the queue ends empty', async () => {
    const locks = new FakeLockManager();
    const factory = new IDBFactory();
    const org = new FakeOrg();
    org.latencyMs = 2;
    let seed = 7;
    const rnd = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    org.fault = (op) => {
      if (op === 'getToken') return null;
      const r = rnd();
      return r < 0.1 ? 'network' : r < 0.2 ? 'unavailable' : r < 0.25 ? 'lost' : null;
    };
    const fast = {
      nowMs: () => Date.now(),
      submissionIntervalMs: 10,
      fileIntervalMs: 15,
      backoff: { baseMs: 5, factor: 2, capMs: 40 },
    };
    const first = makeHarness({ ...fast, locks: locks.forTab('t0') }, { factory, org });
    const ids: string[] = [];
    let files = 0;
    for (let i = 0; i < 40; i++) {
      const c = await first.svc.create({ formId: 'f', formName: `F${i}` });
      if (!c.ok) throw new Error(c.message);
      const nodes = [];
      if (i % 4 === 0) {
        const f = await first.svc.attachFile(c.value.id, new Blob([`bytes ${i}`]), `f${i}.png`);
        if (!f.ok) throw new Error(f.message);
        nodes.push(f.value);
        files++;
      }
      await first.svc.submit(c.value.id, { i, nodes });
      ids.push(c.value.id);
    }
    for (let cycle = 1; cycle <= 12; cycle++) {
      const net = killable(org);
      const tab = makeHarness(
        { ...fast, gateway: net.gateway, locks: locks.forTab(`t${cycle}`) },
        { factory, org },
      );
      tab.svc.start();
      // close once this tab has reached the org (a loaded runner may need longer than the random
      // delay for that), or once nothing is left to send
      const before = org.calls.length;
      await vi.waitFor(
        async () => {
          if (org.calls.length === before && (await tab.local()).length > 0) throw new Error('not yet');
        },
        { timeout: 5_000, interval: 5 },
      );
      await tick(Math.floor(rnd() * 40));
      // the page closes: its script stops, its pending answers are lost, the browser frees its lock
      net.kill();
      tab.online.set(false);
      locks.crash(`t${cycle}`);
    }
    // the closes really were mid-sync: some of the work reached the org before the last tab
    expect(org.calls.length).toBeGreaterThan(0);
    org.fault = () => null;
    const last = makeHarness({ ...fast, locks: locks.forTab('last') }, { factory, org });
    harnesses.push(last);
    last.svc.start();
    await vi.waitFor(async () => expect(await last.local()).toEqual([]), { timeout: 10_000, interval: 50 });
    expect(org.records.size).toBe(40);
    expect(new Set(org.records.keys())).toEqual(new Set(ids.map((id) => uniquenessKey('f', id))));
    expect([...org.records.values()].every((r) => r.status === 'submitted')).toBe(true);
    expect(org.contentDocuments).toHaveLength(files);
    // a delivered batch's files go right after its records (another database, another transaction)
    await vi.waitFor(async () => expect(await last.svc.dbs.images.images.count()).toBe(0), {
      timeout: 5_000,
    });
    await first.svc.engine.stop();
  }, 30_000);
});
