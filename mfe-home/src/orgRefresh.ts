/* eslint-disable no-restricted-globals -- moves to the host with issue 41 part 3 */
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * How often the org's lists (assigned tasks, forms, pending submissions) are re-read while home is
 * visible and online but the live stream (/api/events) is not connected: a BFF without it, a proxy
 * that drops event streams, or the moments while EventSource reconnects. Each read is an org query.
 */
export const ORG_REFRESH_MS = 60_000;

/**
 * While the live stream is connected the BFF tells home what changed in the org, so the lists are
 * re-read only on its hints; this slow safety re-read covers anything a hint could miss. Two an hour
 * at 4 org calls each: an idle home costs 8 org calls per user-hour (issue 33: at most 12).
 */
export const ORG_FALLBACK_MS = 30 * 60_000;

/** Hints arriving together (a batch saved in the org) become one re-read. */
export const LIVE_DEBOUNCE_MS = 1_000;

/** The live home stream the BFF serves (server-sent events, bff/README.md "Live home"). */
export const EVENTS_PATH = '/api/events';

/** What a hint names: which of home's lists changed in the org. */
export type RefreshTopic = 'tasks' | 'forms' | 'submissions';

/** Should a visible tab re-read now? Pure, for the schedule's unit tests. */
export function isStale(lastAt: number, now: number, visible: boolean, every = ORG_REFRESH_MS): boolean {
  return visible && now - lastAt >= every;
}

const visible = (): boolean => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Ticks of the org refresh, heard by subscription: a tick re-renders nobody by itself. */
export interface RefreshSignal {
  count(): number;
  /** `topic`: hear only ticks that concern that list (a hint names the lists that changed). */
  subscribe(listener: () => void, topic?: RefreshTopic): () => void;
  /**
   * The live stream's heartbeat said the org's changes reach this home and no hint is waiting to be
   * applied: home's org lists are current now ('Synced on', issue 40.7).
   */
  subscribeCurrent(listener: () => void): () => void;
}

export interface RefreshOptions {
  /** The re-read period while the live stream is up (default ORG_FALLBACK_MS). */
  fallbackEvery?: number;
  /** The live stream's URL; null: none (polling only). Default EVENTS_PATH where EventSource exists. */
  eventsUrl?: string | null;
  debounceMs?: number;
}

const ALL: RefreshTopic[] = ['tasks', 'forms', 'submissions'];

/**
 * The org refresh schedule. Home listens to the BFF's live stream: a "changed" hint re-reads the
 * lists it names (debounced); the stream reconnecting re-reads everything (hints may have been missed
 * meanwhile). While the stream is up, a safety re-read every `fallbackEvery`; while it is down, one every
 * `every` (the old minute's poll). A hidden tab re-reads nothing: hints are kept and applied when it is
 * visible again, and it re-reads on becoming visible or focused only if stale. One timer, none while
 * hidden or offline (`active` false), so an idle hidden tab costs no org call.
 */
export function useOrgRefreshSignal(
  active: boolean,
  every = ORG_REFRESH_MS,
  options: RefreshOptions = {},
): RefreshSignal {
  const fallbackEvery = options.fallbackEvery ?? ORG_FALLBACK_MS;
  const debounceMs = options.debounceMs ?? LIVE_DEBOUNCE_MS;
  const eventsUrl =
    options.eventsUrl !== undefined
      ? options.eventsUrl
      : typeof EventSource === 'undefined'
        ? null
        : EVENTS_PATH;
  const [signal] = useState(() => {
    let ticks = 0;
    const listeners = new Set<{ fn: () => void; topic: RefreshTopic | undefined }>();
    const currentListeners = new Set<() => void>();
    return {
      count: () => ticks,
      subscribe(fn: () => void, topic?: RefreshTopic) {
        const entry = { fn, topic };
        listeners.add(entry);
        return () => void listeners.delete(entry);
      },
      subscribeCurrent(fn: () => void) {
        currentListeners.add(fn);
        return () => void currentListeners.delete(fn);
      },
      current() {
        for (const fn of [...currentListeners]) fn();
      },
      fire(topics: readonly RefreshTopic[] = ALL) {
        ticks += 1;
        for (const l of [...listeners]) if (!l.topic || topics.includes(l.topic)) l.fn();
      },
    };
  });
  useEffect(() => {
    if (!active) return;
    let lastAt = Date.now();
    let live = false;
    let readies = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    /** Lists named by hints not yet re-read (debouncing, or the tab is hidden). */
    const owed = new Set<RefreshTopic>();
    const period = (): number => (live ? fallbackEvery : every);
    const fire = (topics: readonly RefreshTopic[] = ALL): void => {
      for (const t of topics) owed.delete(t);
      if (topics.length === ALL.length) lastAt = Date.now();
      signal.fire(topics);
    };
    const payOwed = (): void => {
      if (owed.size > 0 && visible()) fire([...owed]);
    };
    const arm = (): void => {
      if (timer !== undefined) clearInterval(timer);
      timer = visible() ? setInterval(() => fire(), period()) : undefined;
    };
    const onVisibility = (): void => {
      if (isStale(lastAt, Date.now(), visible(), period())) fire();
      else payOwed();
      arm();
    };
    const onFocus = (): void => {
      if (isStale(lastAt, Date.now(), visible(), period())) fire();
    };
    arm();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);

    let source: EventSource | undefined;
    if (eventsUrl) {
      source = new EventSource(eventsUrl, { withCredentials: true });
      source.addEventListener('ready', () => {
        readies += 1;
        live = true;
        // A reconnect: whatever changed while the stream was down came with no hint.
        if (readies > 1 && visible()) fire();
        else if (readies > 1) for (const t of ALL) owed.add(t);
        arm();
      });
      source.addEventListener('changed', (e: MessageEvent<string>) => {
        try {
          const topics = (JSON.parse(e.data) as { topics?: unknown }).topics;
          for (const t of Array.isArray(topics) ? topics : ALL)
            if (ALL.includes(t as RefreshTopic)) owed.add(t as RefreshTopic);
        } catch {
          for (const t of ALL) owed.add(t);
        }
        if (debounce !== undefined) clearTimeout(debounce);
        debounce = setTimeout(() => {
          debounce = undefined;
          payOwed();
        }, debounceMs);
      });
      // The heartbeat: whether the org's changes reach this stream now. While they do, the lists are
      // current once the hints received are applied; while they do not, home re-reads on its own.
      source.addEventListener('current', (e: MessageEvent<string>) => {
        let current = false;
        try {
          current = (JSON.parse(e.data) as { current?: unknown }).current === true;
        } catch {
          // not current
        }
        if (current !== live) {
          live = current;
          arm();
        }
        if (current && owed.size === 0 && debounce === undefined) signal.current();
      });
      source.addEventListener('error', () => {
        // EventSource reconnects by itself (the stream's retry:); until then, poll as before.
        if (live) {
          live = false;
          arm();
        }
      });
    }
    return () => {
      if (timer !== undefined) clearInterval(timer);
      if (debounce !== undefined) clearTimeout(debounce);
      source?.close();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
    };
  }, [active, every, fallbackEvery, debounceMs, eventsUrl, signal]);
  return signal;
}

/** The refresh ticks as a number (re-renders on each tick): the schedule's tests read it. */
export function useOrgRefresh(active: boolean, every = ORG_REFRESH_MS, options?: RefreshOptions): number {
  const signal = useOrgRefreshSignal(active, every, options);
  return useSyncExternalStore(signal.subscribe, signal.count);
}
