import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostServices, Observable } from 'shared-contracts';
import { firstValue, loadTarget } from './load';
import type { FormTarget } from './route';

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

// Issue 44: the host's read says why a definition cannot be had in the wire's English with the BFF's
// code and params; the screen gets both, to word it in the user's language (LoadStates).
describe('formDefinitionOf', () => {
  it("hands the screen the failure's code and params beside its English", async () => {
    const wording = { code: 'UNKNOWN_OBJECT', params: { object: 'Nope__c' } };
    const host = {
      offline: {
        formDefinition: () =>
          Promise.resolve({
            kind: 'unreachable',
            network: false,
            message: 'Unknown object: Nope__c',
            wording,
          }),
        submission: () => held({ id: 's', formId: 'f', formDef: undefined }),
      },
    } as unknown as HostServices;
    const target: FormTarget = { kind: 'submission', id: 's' };
    expect(await loadTarget(host, target, 50)).toEqual({
      kind: 'unavailable',
      message: 'Unknown object: Nope__c',
      wording,
    });
  });
});
