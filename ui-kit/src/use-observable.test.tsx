// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Observable } from 'shared-contracts';
import { useObservable } from './use-observable';

function counting(initial: number) {
  let value = initial;
  let subscriptions = 0;
  const listeners = new Set<(v: number) => void>();
  const o: Observable<number> = {
    get: () => value,
    subscribe(l) {
      subscriptions++;
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
  return {
    o,
    set(v: number) {
      value = v;
      listeners.forEach((l) => l(v));
    },
    subscriptions: () => subscriptions,
  };
}

function Show({ o }: { o: Observable<number> }) {
  return <span data-testid="v">{useObservable(o)}</span>;
}

describe('useObservable', () => {
  it('subscribes once however often the value changes (a live query is never restarted)', () => {
    const c = counting(1);
    render(<Show o={c.o} />);
    for (let i = 2; i <= 20; i++) act(() => c.set(i));
    expect(screen.getByTestId('v').textContent).toBe('20');
    expect(c.subscriptions()).toBe(1);
  });
});
