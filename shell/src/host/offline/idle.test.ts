// The engine sleeps when nothing is queued (issue 6's idle budget) and wakes for any write.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeLockManager } from '../../../test/offline/fake-locks';
import { makeHarness, type Harness } from '../../../test/offline/harness';
import type { Owner } from './owner';

const tick = (ms = 0): Promise<void> => new Promise((r) => setTimeout(r, ms));
const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.svc.dispose();
});
const fast = { submissionIntervalMs: 10, fileIntervalMs: 10 };

/** Counts the uploaders' reads of the queue (what a polling loop would cost). */
function countReads(h: Harness): { n: number } {
  const reads = { n: 0 };
  const store = h.svc.store;
  for (const name of ['queuedSubmissions', 'unsyncedFiles', 'hasPendingWork'] as const) {
    const orig = store[name].bind(store) as (owner: Owner) => Promise<unknown>;
    (store as unknown as Record<string, unknown>)[name] = (owner: Owner) => {
      reads.n++;
      return orig(owner);
    };
  }
  return reads;
}

describe('the engine sleeps while nothing is queued', () => {
  it('after one pass over an empty queue the timers stop and nothing is read; a write wakes it', async () => {
    const h = makeHarness(fast);
    harnesses.push(h);
    const reads = countReads(h);
    h.svc.start();
    await vi.waitFor(() => expect(h.svc.engine.pendingWork).toBe(false));
    expect(h.svc.engine.running).toBe(false);
    const before = reads.n;
    await tick(150); // 15 intervals
    expect(reads.n).toBe(before);

    const r = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    expect(h.svc.engine.running).toBe(true);
    await h.svc.submit(r.value.id, { done: true });
    await vi.waitFor(async () => expect(await h.local()).toEqual([]));
    expect(h.org.records.size).toBe(1);
    await vi.waitFor(() => expect(h.svc.engine.running).toBe(false));
  });

  it('while an item waits on its backoff the spec interval stays the retry cadence', async () => {
    const h = makeHarness(fast);
    harnesses.push(h);
    h.clock.now = Date.now();
    h.org.fault = (op) => (op === 'submitBatch' ? 'unavailable' : null);
    const r = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    h.svc.start();
    await vi.waitFor(() => expect(h.org.calls.length).toBeGreaterThan(0));
    await tick(100);
    expect(h.svc.engine.running).toBe(true);
    expect(h.svc.engine.pendingWork).toBe(true);
    h.org.fault = () => null;
    h.clock.now += 10 * 60 * 1000; // past the backoff: the next tick sends it
    await vi.waitFor(async () => expect((await h.local())[0]?.syncStatus).toBe('in sync'));
    await vi.waitFor(() => expect(h.svc.engine.running).toBe(false));
  });

  it('a sleeping leader wakes for a write in another tab (BroadcastChannel) and sends it once', async () => {
    const locks = new FakeLockManager();
    const channel = (name: string) => new BroadcastChannel(name);
    const leader = makeHarness({ ...fast, locks: locks.forTab('a'), channel });
    const follower = makeHarness(
      { ...fast, locks: locks.forTab('b'), channel },
      { factory: leader.factory, org: leader.org },
    );
    harnesses.push(leader, follower);
    leader.svc.start();
    await vi.waitFor(() => expect(leader.svc.isLeader.get()).toBe(true));
    follower.svc.start();
    await vi.waitFor(() => expect(leader.svc.engine.running).toBe(false));
    expect(follower.svc.engine.running).toBe(false);

    const r = await follower.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    await follower.svc.submit(r.value.id, { done: true });
    await vi.waitFor(async () => expect(await leader.local()).toEqual([]));
    expect(leader.org.records.size).toBe(1);
    expect(follower.svc.isLeader.get()).toBe(false);
  });

  it('going offline with work queued asks for Background Sync; with nothing queued it does not', async () => {
    const bg = vi.fn();
    const h = makeHarness({ ...fast, backgroundSync: bg });
    harnesses.push(h);
    h.svc.start();
    await vi.waitFor(() => expect(h.svc.engine.pendingWork).toBe(false));
    h.online.set(false);
    expect(bg).not.toHaveBeenCalled();
    h.online.set(true);
    h.org.fault = () => 'network';
    const r = await h.svc.create({ formId: 'f', formName: 'F' });
    if (!r.ok) throw new Error(r.message);
    bg.mockClear();
    h.online.set(false);
    expect(bg).toHaveBeenCalledTimes(1);
  });
});
