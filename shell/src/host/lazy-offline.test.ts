import { describe, expect, it, vi } from 'vitest';
import type { OfflineServices, OutboxItem } from 'shared-contracts';
import { fakeHost } from 'test-kit';
import { createLazyOffline } from './lazy-offline';

/** A core to load (the fake host's offline services) and a gate that decides when its import resolves. */
const setup = () => {
  const core = fakeHost().offline;
  let resolve: (c: OfflineServices) => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  const importCore = vi.fn(
    () =>
      new Promise<OfflineServices>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  const lazy = createLazyOffline(importCore);
  return { core, lazy, importCore, arrive: () => resolve(core), fail: (e: unknown) => reject(e) };
};
const flush = () => new Promise((r) => setTimeout(r, 0));
const item = { id: 'a' } as OutboxItem;

describe('the offline services before the offline core has loaded', () => {
  it('live queries read their empty start values, then the core, and early subscribers get its value', async () => {
    const { core, lazy, arrive } = setup();
    (core.outbox as unknown as { set(v: OutboxItem[]): void }).set([item]);
    const seen: OutboxItem[][] = [];
    const stop = lazy.outbox.subscribe((v) => seen.push(v));
    expect(lazy.outbox.get()).toEqual([]);
    expect(lazy.isLeader.get()).toBe(false);
    expect(lazy.submission('x').get()).toBeUndefined();
    expect(lazy.submission('x')).toBe(lazy.submission('x'));
    void lazy.load();
    arrive();
    await flush();
    expect(lazy.outbox.get()).toEqual([item]);
    expect(seen).toEqual([[item]]);
    (core.outbox as unknown as { set(v: OutboxItem[]): void }).set([]);
    expect(seen).toEqual([[item], []]);
    stop();
    (core.outbox as unknown as { set(v: OutboxItem[]): void }).set([item]);
    expect(seen).toHaveLength(2);
    expect(lazy.isLeader.get()).toBe(true);
  });

  it('a listener that left before the core arrived is never called', async () => {
    const { core, lazy, arrive } = setup();
    const listener = vi.fn();
    lazy.outbox.subscribe(listener)();
    void lazy.load();
    arrive();
    await flush();
    (core.outbox as unknown as { set(v: OutboxItem[]): void }).set([item]);
    expect(listener).not.toHaveBeenCalled();
  });

  it("a subscription to the org's re-reads loads the core at once and moves onto the core's schedule", async () => {
    const { core, lazy, importCore, arrive } = setup();
    const heard = vi.fn();
    lazy.orgRefresh.subscribe(heard, 'submissions');
    // home listening needs the running core (its pull and its uploaders), not the after-paint load
    expect(importCore).toHaveBeenCalledTimes(1);
    arrive();
    await flush();
    const spy = vi.spyOn(core.orgRefresh, 'subscribe');
    lazy.orgRefresh.subscribe(heard, 'tasks');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(importCore).toHaveBeenCalledTimes(1);
  });

  it('a call waits for the core, loads it once, then runs on it', async () => {
    const { core, lazy, importCore, arrive } = setup();
    const spy = vi.spyOn(core, 'retryNow');
    const first = lazy.retryNow('a');
    const second = lazy.discardOutboxItem('b');
    expect(spy).not.toHaveBeenCalled();
    arrive();
    await Promise.all([first, second]);
    expect(spy).toHaveBeenCalledWith('a');
    expect(importCore).toHaveBeenCalledTimes(1);
    await lazy.importPending();
    expect(importCore).toHaveBeenCalledTimes(1);
    expect(lazy.loaded()).toBe(core);
  });

  it('start() before the core arrives starts it on arrival; stop() before then cancels that', async () => {
    const started = setup();
    const start = vi.spyOn(started.core, 'start');
    started.lazy.start();
    void started.lazy.load();
    expect(start).not.toHaveBeenCalled();
    started.arrive();
    await flush();
    expect(start).toHaveBeenCalledTimes(1);

    const stopped = setup();
    const start2 = vi.spyOn(stopped.core, 'start');
    stopped.lazy.start();
    await stopped.lazy.stop();
    void stopped.lazy.load();
    stopped.arrive();
    await flush();
    expect(start2).not.toHaveBeenCalled();
  });

  it('openDraft before the core arrives announces the draft on arrival, unless closed before', async () => {
    const { core, lazy, arrive } = setup();
    const close = vi.fn();
    const open = vi.spyOn(core, 'openDraft').mockReturnValue(close);
    const stillOpen = lazy.openDraft('d1');
    const closedEarly = lazy.openDraft('d2');
    closedEarly();
    arrive();
    await flush();
    expect(open.mock.calls).toEqual([['d1']]);
    stillOpen();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('a failed import is tried again on the next use', async () => {
    const { lazy, importCore, fail, arrive } = setup();
    const first = lazy.importPending();
    fail(new Error('chunk failed'));
    await expect(first).rejects.toThrow('chunk failed');
    const second = lazy.importPending();
    arrive();
    await second;
    expect(importCore).toHaveBeenCalledTimes(2);
  });
});
