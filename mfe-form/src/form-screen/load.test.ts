import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Observable } from 'shared-contracts';
import { firstValue } from './load';

/** An observable like the host's per-id live query: a held value, new values delivered to subscribers. */
function held<T>(value: T | undefined) {
  const listeners = new Set<(v: T | undefined) => void>();
  const o: Observable<T | undefined> & { deliver(v: T | undefined): void; listeners: number } = {
    get: () => value,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    deliver(v) {
      value = v;
      listeners.forEach((l) => l(v));
    },
    get listeners() {
      return listeners.size;
    },
  };
  return o;
}

afterEach(() => vi.useRealTimers());

describe('firstValue', () => {
  it('a held (stale) value loses to the value delivered on subscribing', async () => {
    const o = held({ data: 'empty draft' });
    const p = firstValue(o, 5000);
    o.deliver({ data: 'refused submit with errors' });
    expect(await p).toEqual({ data: 'refused submit with errors' });
    expect(o.listeners).toBe(0);
  });

  it('a source that delivers nothing: the held value after the grace, the placeholder after the timeout', async () => {
    vi.useFakeTimers();
    const withValue = firstValue(held('held'), 5000, 250);
    await vi.advanceTimersByTimeAsync(250);
    expect(await withValue).toBe('held');
    const placeholder = held<string>(undefined);
    const none = firstValue(placeholder, 1000, 250);
    await vi.advanceTimersByTimeAsync(999);
    placeholder.deliver('late but in time');
    expect(await none).toBe('late but in time');
  });

  it('a source that delivers while subscribing is answered once and unsubscribed', async () => {
    const listeners: unknown[] = [];
    const eager: Observable<string | undefined> = {
      get: () => 'old',
      subscribe(l) {
        listeners.push(l);
        l('now');
        return () => listeners.pop();
      },
    };
    expect(await firstValue(eager, 5000)).toBe('now');
    expect(listeners).toEqual([]);
  });
});
