// The offline copy gives way to what the user asked for (issue 46). On a field network the copy's
// downloads and the page's share one thin line: a tap on a form during the warm-up would share it with
// the copy. Here each of the copy's requests waits until the page's own loads (its code and manifests,
// as the worker takes them from the network) are over and the page has been quiet a moment. A copy
// request already under way finishes (stopping it would waste what came and fetch it twice). The
// page's API calls do not count: a poll or a live stream would starve the copy.
// Plain module: the service worker wires it (sw.ts), the unit tests run it with a fake clock.

export interface GiveWayClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: GiveWayClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A page load whose end never came stops holding the copy back after this (a lost event costs 8 s). */
export const STALE_LOAD_MS = 8_000;

export class GiveWay {
  /** The page's loads under way, by when each started. */
  private readonly loads = new Set<{ at: number }>();
  private lastActivity = Number.NEGATIVE_INFINITY;

  constructor(
    /** How long the page must have been quiet before the copy takes its next file. */
    private readonly quietMs: number,
    private readonly clock: GiveWayClock = realClock,
  ) {}

  /** A page's load went to the network. Call the answer when it is over (later calls do nothing). */
  pageLoad(): () => void {
    const load = { at: this.clock.now() };
    this.loads.add(load);
    this.lastActivity = load.at;
    return () => {
      if (!this.loads.delete(load)) return;
      this.lastActivity = this.clock.now();
    };
  }

  /** Resolves once no page load is under way and none ended or started for `quietMs`. */
  async quiet(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      for (const load of this.loads) if (now - load.at >= STALE_LOAD_MS) this.loads.delete(load);
      const wait = this.loads.size > 0 ? this.quietMs : this.lastActivity + this.quietMs - now;
      if (wait <= 0) return;
      await this.clock.sleep(wait);
    }
  }

  /** `fetchImpl` for the copy: each request starts once the page is quiet. */
  fetch(fetchImpl: typeof fetch): typeof fetch {
    return async (input, init) => {
      await this.quiet();
      return fetchImpl(input, init);
    };
  }
}

/**
 * Calls `end` once `response`'s body has come whole over the network (or failed), read from a clone:
 * the load is over then, not at its headers. The response itself goes on untouched.
 */
export function whenBodyEnds(response: Response, end: () => void): void {
  if (!response.body || response.type === 'opaque' || response.type === 'opaqueredirect') {
    end();
    return;
  }
  response.clone().arrayBuffer().then(end, end);
}
