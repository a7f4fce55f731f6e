// When the host re-reads the org (the pull half of sync): on the BFF's live hints (/api/events), a
// fallback poll, the tab becoming visible again, and on demand. Framework-free and owned by the
// offline core, so imports run whichever screen is open; screens (home's lists) only subscribe.
import type { OrgRefresh, OrgTopic } from 'shared-contracts';

/**
 * How often the org is re-read while the tab is visible and online but the live stream (/api/events)
 * is not connected: a BFF without it, a proxy that drops event streams, or the moments while
 * EventSource reconnects. Each read is an org query.
 */
export const ORG_REFRESH_MS = 60_000;

/**
 * While the live stream is connected the BFF tells the host what changed in the org, so the lists are
 * re-read only on its hints; this slow safety re-read covers anything a hint could miss. Two an hour
 * at 4 org calls each: an idle home costs 8 org calls per user-hour (issue 33: at most 12).
 */
export const ORG_FALLBACK_MS = 30 * 60_000;

/** Hints arriving together (a batch saved in the org) become one re-read. */
export const LIVE_DEBOUNCE_MS = 1_000;

/** The live stream the BFF serves (server-sent events, bff/README.md "Live home"). */
export const EVENTS_PATH = '/api/events';

export const ORG_TOPICS: readonly OrgTopic[] = ['tasks', 'forms', 'submissions'];

/** Should a visible tab re-read now? Pure, for the schedule's unit tests. */
export function isStale(lastAt: number, now: number, visible: boolean, every = ORG_REFRESH_MS): boolean {
  return visible && now - lastAt >= every;
}

/** What the schedule needs of the browser's EventSource. */
export interface EventStreamLike {
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void): void;
  close(): void;
}

export interface OrgRefreshOptions {
  /** The poll while the live stream is down (default ORG_REFRESH_MS). */
  every?: number;
  /** The safety re-read while the live stream is up (default ORG_FALLBACK_MS). */
  fallbackEvery?: number;
  debounceMs?: number;
  /** Opens the live stream (the host's: clientEvents); null or none: polling only. */
  openEvents?: (() => EventStreamLike) | null;
  nowMs?: () => number;
}

export interface OrgRefreshSchedule extends OrgRefresh {
  /** Online and signed in: the timer, the stream and the listeners run; otherwise none of them. */
  setActive(active: boolean): void;
  /** Re-read these lists now (all by default), if active. */
  fire(topics?: readonly OrgTopic[]): void;
  dispose(): void;
}

/** The page's document and window where there is one (the offline core also runs in the service worker's build). */
interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}
const page = globalThis as unknown as {
  document?: EventTargetLike & { visibilityState: string };
  window?: EventTargetLike;
};
const visible = (): boolean => page.document?.visibilityState !== 'hidden';

/**
 * The live stream through the host's one BFF client (bff-client.ts `events`: opened once the sign-out
 * gate lets requests go), as the schedule listens to it.
 */
export function clientEvents(
  client: { events(path: string, listeners: Record<string, (e: MessageEvent<string>) => void>): () => void },
  path = EVENTS_PATH,
): EventStreamLike {
  const listeners = new Map<string, Set<(e: MessageEvent<string>) => void>>();
  const tell =
    (type: string) =>
    (e: MessageEvent<string>): void =>
      listeners.get(type)?.forEach((l) => l(e));
  const close = client.events(path, {
    ready: tell('ready'),
    changed: tell('changed'),
    current: tell('current'),
    error: tell('error'),
  });
  return {
    addEventListener(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener);
    },
    close,
  };
}

/**
 * The org refresh schedule. The host listens to the BFF's live stream: a "changed" hint re-reads the
 * lists it names (debounced); the stream reconnecting re-reads everything (hints may have been missed
 * meanwhile). While the stream is up, a safety re-read every `fallbackEvery`; while it is down, one every
 * `every`. A hidden tab re-reads nothing: hints are kept and applied when it is visible again, and it
 * re-reads on becoming visible or focused only if stale. One timer, none while hidden or inactive, so an
 * idle hidden tab costs no org call.
 */
export function createOrgRefresh(options: OrgRefreshOptions = {}): OrgRefreshSchedule {
  const every = options.every ?? ORG_REFRESH_MS;
  const fallbackEvery = options.fallbackEvery ?? ORG_FALLBACK_MS;
  const debounceMs = options.debounceMs ?? LIVE_DEBOUNCE_MS;
  const openEvents = options.openEvents ?? null;
  const now = options.nowMs ?? (() => Date.now());

  const listeners = new Set<{ fn: () => void; topic: OrgTopic | undefined }>();
  const currentListeners = new Set<() => void>();
  const tell = (topics: readonly OrgTopic[]): void => {
    for (const l of [...listeners]) if (!l.topic || topics.includes(l.topic)) l.fn();
  };

  let stop: (() => void) | null = null;
  let fireNow: (topics?: readonly OrgTopic[]) => void = () => undefined;

  const start = (): (() => void) => {
    let lastAt = now();
    let live = false;
    let readies = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    /** Lists named by hints not yet re-read (debouncing, or the tab is hidden). */
    const owed = new Set<OrgTopic>();
    const period = (): number => (live ? fallbackEvery : every);
    const fire = (topics: readonly OrgTopic[] = ORG_TOPICS): void => {
      for (const t of topics) owed.delete(t);
      if (topics.length === ORG_TOPICS.length) lastAt = now();
      tell(topics);
    };
    fireNow = fire;
    const payOwed = (): void => {
      if (owed.size > 0 && visible()) fire([...owed]);
    };
    const arm = (): void => {
      if (timer !== undefined) clearInterval(timer);
      timer = visible() ? setInterval(() => fire(), period()) : undefined;
    };
    const onVisibility = (): void => {
      if (isStale(lastAt, now(), visible(), period())) fire();
      else payOwed();
      arm();
    };
    const onFocus = (): void => {
      if (isStale(lastAt, now(), visible(), period())) fire();
    };
    arm();
    const doc = page.document;
    const win = page.window;
    doc?.addEventListener('visibilitychange', onVisibility);
    win?.addEventListener('focus', onFocus);

    const source = openEvents?.();
    if (source) {
      source.addEventListener('ready', () => {
        readies += 1;
        live = true;
        // A reconnect: whatever changed while the stream was down came with no hint.
        if (readies > 1 && visible()) fire();
        else if (readies > 1) for (const t of ORG_TOPICS) owed.add(t);
        arm();
      });
      source.addEventListener('changed', (e) => {
        try {
          const topics = (JSON.parse(e.data) as { topics?: unknown }).topics;
          for (const t of Array.isArray(topics) ? topics : ORG_TOPICS)
            if (ORG_TOPICS.includes(t as OrgTopic)) owed.add(t as OrgTopic);
        } catch {
          for (const t of ORG_TOPICS) owed.add(t);
        }
        if (debounce !== undefined) clearTimeout(debounce);
        debounce = setTimeout(() => {
          debounce = undefined;
          payOwed();
        }, debounceMs);
      });
      // The heartbeat: whether the org's changes reach this stream now. While they do, the lists are
      // current once the hints received are applied; while they do not, the host re-reads on its own.
      source.addEventListener('current', (e) => {
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
        if (current && owed.size === 0 && debounce === undefined)
          for (const fn of [...currentListeners]) fn();
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
      fireNow = () => undefined;
      if (timer !== undefined) clearInterval(timer);
      if (debounce !== undefined) clearTimeout(debounce);
      source?.close();
      doc?.removeEventListener('visibilitychange', onVisibility);
      win?.removeEventListener('focus', onFocus);
    };
  };

  return {
    subscribe(fn, topic) {
      const entry = { fn, topic };
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    subscribeCurrent(fn) {
      currentListeners.add(fn);
      return () => void currentListeners.delete(fn);
    },
    setActive(active) {
      if (active && !stop) stop = start();
      else if (!active && stop) {
        stop();
        stop = null;
      }
    },
    fire: (topics) => fireNow(topics),
    dispose() {
      stop?.();
      stop = null;
      listeners.clear();
      currentListeners.clear();
    },
  };
}
