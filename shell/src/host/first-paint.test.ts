import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './first-paint';

/** A page whose paint entries and visibility the test sets. */
function page({
  painted,
  hidden = false,
  faked = false,
}: {
  painted: boolean;
  hidden?: boolean;
  /** performance faked as a test's clock fakes it: it lists no entries. */
  faked?: boolean;
}) {
  const entries: { name: string }[] = painted ? [{ name: 'first-contentful-paint' }] : [];
  const observers: ((name: string) => void)[] = [];
  vi.stubGlobal('performance', {
    getEntriesByName: (name: string) => (faked ? [] : entries.filter((e) => e.name === name)),
  });
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(
        private readonly callback: (list: { getEntriesByName(name: string): { name: string }[] }) => void,
      ) {}
      observe() {
        observers.push((name) => this.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));
      }
      disconnect() {}
    },
  );
  vi.stubGlobal('document', {
    visibilityState: hidden ? 'hidden' : 'visible',
    hidden,
    addEventListener: () => undefined,
  });
  return {
    paint(name: string) {
      entries.push({ name });
      for (const notify of observers) notify(name);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not the first paint', () => {
    vi.useFakeTimers();
    const p = page({ painted: false });
    const run = vi.fn();
    afterFirstPaint(run);
    p.paint('first-paint');
    vi.advanceTimersByTime(10);
    expect(run).not.toHaveBeenCalled();
    p.paint('first-contentful-paint');
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000); // the last-resort timer does not run it again
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("hears the paint from the observer's own list where performance is faked (a test's clock)", () => {
    vi.useFakeTimers();
    const p = page({ painted: false, faked: true });
    const run = vi.fn();
    afterFirstPaint(run);
    p.paint('first-contentful-paint');
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once on a page that has painted, or a hidden one; at the latest after 3 s', () => {
    vi.useFakeTimers();
    page({ painted: true });
    const painted = vi.fn();
    afterFirstPaint(painted);
    vi.advanceTimersByTime(0);
    expect(painted).toHaveBeenCalledTimes(1);

    page({ painted: false, hidden: true });
    const hidden = vi.fn();
    afterFirstPaint(hidden);
    vi.advanceTimersByTime(0);
    expect(hidden).toHaveBeenCalledTimes(1);

    page({ painted: false });
    const never = vi.fn();
    afterFirstPaint(never);
    vi.advanceTimersByTime(2999);
    expect(never).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(never).toHaveBeenCalledTimes(1);
  });
});
