import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  EVENTS_PATH,
  isStale,
  LIVE_DEBOUNCE_MS,
  ORG_FALLBACK_MS,
  ORG_REFRESH_MS,
  useOrgRefresh,
  useOrgRefreshSignal,
} from './orgRefresh';

/** The browser's EventSource as the BFF's stream drives it: named events, errors, reconnects. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  closed = false;
  private readonly handlers = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  emit(type: string, data = '{}'): void {
    for (const fn of this.handlers.get(type) ?? []) fn(new MessageEvent(type, { data }));
  }
  close(): void {
    this.closed = true;
  }
}
const stream = (): FakeEventSource => {
  if (!FakeEventSource.last) throw new Error('no EventSource opened');
  return FakeEventSource.last;
};

let hidden = false;
const setVisibility = (isHidden: boolean): void => {
  hidden = isHidden;
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  hidden = false;
  vi.useFakeTimers();
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('org list refresh schedule', () => {
  it('is stale only when visible and the interval has passed', () => {
    expect(isStale(0, ORG_REFRESH_MS, true)).toBe(true);
    expect(isStale(0, ORG_REFRESH_MS - 1, true)).toBe(false);
    expect(isStale(0, ORG_REFRESH_MS * 5, false)).toBe(false);
  });

  it('ticks once per interval while visible and active', () => {
    const { result } = renderHook(() => useOrgRefresh(true));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS - 1));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS * 2));
    expect(result.current).toBe(3);
  });

  it('keeps no timer while hidden, and re-reads on becoming visible once stale', () => {
    const { result } = renderHook(() => useOrgRefresh(true));
    act(() => setVisibility(true));
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS * 3));
    expect(result.current).toBe(0);
    act(() => setVisibility(false));
    expect(result.current).toBe(1);
    // And the interval runs again from there.
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS));
    expect(result.current).toBe(2);
  });

  it('a quick hide and show does not re-read', () => {
    const { result } = renderHook(() => useOrgRefresh(true));
    act(() => setVisibility(true));
    act(() => vi.advanceTimersByTime(1000));
    act(() => setVisibility(false));
    expect(result.current).toBe(0);
  });

  it('the signal tells its listeners of each tick without re-rendering its owner', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useOrgRefreshSignal(true);
    });
    const heard = vi.fn();
    const unsubscribe = result.current.subscribe(heard);
    const rendersBefore = renders;
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS * 2));
    expect(heard).toHaveBeenCalledTimes(2);
    expect(result.current.count()).toBe(2);
    expect(renders).toBe(rendersBefore);
    unsubscribe();
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS));
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('does nothing while inactive (offline or signed out)', () => {
    const { result, rerender } = renderHook(({ on }) => useOrgRefresh(on), { initialProps: { on: false } });
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS * 3));
    expect(result.current).toBe(0);
    rerender({ on: true });
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS));
    expect(result.current).toBe(1);
  });
});

describe("live refresh: the BFF stream's hints instead of the minute's poll", () => {
  beforeEach(() => {
    FakeEventSource.last = undefined;
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  const listen = () => {
    const { result, unmount } = renderHook(() => useOrgRefreshSignal(true));
    const heard = { tasks: vi.fn(), forms: vi.fn(), submissions: vi.fn(), all: vi.fn() };
    result.current.subscribe(heard.tasks, 'tasks');
    result.current.subscribe(heard.forms, 'forms');
    result.current.subscribe(heard.submissions, 'submissions');
    result.current.subscribe(heard.all);
    return { heard, unmount };
  };

  it('opens the BFF stream with the session cookie and, once it is up, polls only every half hour', () => {
    const { heard } = listen();
    expect(stream().url).toBe(EVENTS_PATH);
    expect(stream().init).toEqual({ withCredentials: true });
    act(() => stream().emit('ready'));
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS * 29));
    expect(heard.all).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(ORG_FALLBACK_MS - ORG_REFRESH_MS * 29));
    expect(heard.all).toHaveBeenCalledTimes(1);
    expect(heard.tasks).toHaveBeenCalledTimes(1);
  });

  it('re-reads only the lists a hint names, once for a burst of hints', () => {
    const { heard } = listen();
    act(() => stream().emit('ready'));
    act(() => {
      stream().emit('changed', '{"topics":["tasks"]}');
      stream().emit('changed', '{"topics":["tasks"]}');
    });
    expect(heard.tasks).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(LIVE_DEBOUNCE_MS));
    expect(heard.tasks).toHaveBeenCalledTimes(1);
    expect(heard.forms).not.toHaveBeenCalled();
    expect(heard.submissions).not.toHaveBeenCalled();
    // Listeners of every tick hear it too.
    expect(heard.all).toHaveBeenCalledTimes(1);
  });

  it('re-reads everything when the stream reconnects, and polls each minute while it is down', () => {
    const { heard } = listen();
    act(() => stream().emit('ready'));
    act(() => stream().emit('error'));
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS));
    expect(heard.tasks).toHaveBeenCalledTimes(1);
    act(() => stream().emit('ready'));
    expect(heard.tasks).toHaveBeenCalledTimes(2);
    expect(heard.forms).toHaveBeenCalledTimes(2);
    expect(heard.submissions).toHaveBeenCalledTimes(2);
  });

  it('a hidden tab keeps the hints and re-reads those lists when shown', () => {
    const { heard } = listen();
    act(() => stream().emit('ready'));
    act(() => setVisibility(true));
    act(() => stream().emit('changed', '{"topics":["submissions"]}'));
    act(() => vi.advanceTimersByTime(LIVE_DEBOUNCE_MS * 5));
    expect(heard.submissions).not.toHaveBeenCalled();
    act(() => setVisibility(false));
    expect(heard.submissions).toHaveBeenCalledTimes(1);
    expect(heard.tasks).not.toHaveBeenCalled();
  });

  it('window focus re-reads only when stale', () => {
    const { heard } = listen();
    act(() => stream().emit('error'));
    act(() => window.dispatchEvent(new Event('focus')));
    expect(heard.all).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS - 1));
    act(() => window.dispatchEvent(new Event('focus')));
    expect(heard.all).not.toHaveBeenCalled();
  });

  it('the heartbeat tells home its lists are current, unless a hint is still to be applied (40.7)', () => {
    const { result } = renderHook(() => useOrgRefreshSignal(true));
    const current = vi.fn();
    const tasks = vi.fn();
    result.current.subscribeCurrent(current);
    result.current.subscribe(tasks, 'tasks');
    act(() => stream().emit('ready'));
    act(() => stream().emit('current', '{"current":true,"at":"2026-11-29T03:00:00.000Z"}'));
    expect(current).toHaveBeenCalledTimes(1);
    // a hint waiting for its re-read: the lists are not current yet
    act(() => stream().emit('changed', '{"topics":["tasks"]}'));
    act(() => stream().emit('current', '{"current":true}'));
    expect(current).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(LIVE_DEBOUNCE_MS));
    expect(tasks).toHaveBeenCalledTimes(1);
    act(() => stream().emit('current', '{"current":true}'));
    expect(current).toHaveBeenCalledTimes(2);
    // a hidden tab keeps its hints: not current until they are applied
    act(() => setVisibility(true));
    act(() => stream().emit('changed', '{"topics":["forms"]}'));
    act(() => vi.advanceTimersByTime(LIVE_DEBOUNCE_MS));
    act(() => stream().emit('current', '{"current":true}'));
    expect(current).toHaveBeenCalledTimes(2);
  });

  it("a heartbeat saying the org's changes do not reach the BFF now: the minute's poll, nothing claimed current", () => {
    const { result } = renderHook(() => useOrgRefreshSignal(true));
    const current = vi.fn();
    const all = vi.fn();
    result.current.subscribeCurrent(current);
    result.current.subscribe(all);
    act(() => stream().emit('ready'));
    act(() => stream().emit('current', '{"current":false}'));
    expect(current).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS));
    expect(all).toHaveBeenCalledTimes(1);
    // connected again: back to hints, the half-hour safety re-read
    act(() => stream().emit('current', '{"current":true}'));
    expect(current).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(ORG_REFRESH_MS * 5));
    expect(all).toHaveBeenCalledTimes(1);
  });

  it('closes the stream when home goes away', () => {
    const { unmount } = listen();
    unmount();
    expect(stream().closed).toBe(true);
  });
});
