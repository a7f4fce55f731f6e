import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { isStale, ORG_REFRESH_MS, useOrgRefresh, useOrgRefreshSignal } from './orgRefresh';

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
