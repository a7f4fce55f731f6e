// The offline copy gives way to what the user asked for (issue 46). On a field network the copy's
// downloads and the page's share one thin line: a tap on a form during the warm-up would wait behind
// whatever file the copy was taking. Here the copy's requests wait until the page's own loads (its
// code, manifests and pages, as the worker answers them from the network) are over and the page has
// been quiet a moment, and a copy request under way when the page starts a load is stopped and asked
// again later. The page's API calls do not count: a poll or a live stream would starve the copy.
// Plain module: the service worker wires it (sw.ts), the unit tests run it with a fake clock.

export interface GiveWayClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: GiveWayClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Statuses whose answer carries no body (a Response made with one throws). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** A page load whose end never came (a body nobody read to its end) stops holding the copy back after this. */
const STALE_LOAD_MS = 60_000;

export class GiveWay {
  /** The page's loads under way, by when each started. */
  private readonly loads = new Set<{ at: number }>();
  private lastActivity = Number.NEGATIVE_INFINITY;
  private readonly running = new Set<AbortController>();

  constructor(
    /** How long the page must have been quiet before the copy takes its next file. */
    private readonly quietMs: number,
    private readonly clock: GiveWayClock = realClock,
  ) {}

  /**
   * A page's load went to the network: the copy's request under way stops at once. Call the answer
   * when the load's body is in, or it failed (once is enough; later calls do nothing).
   */
  pageLoad(): () => void {
    const load = { at: this.clock.now() };
    this.loads.add(load);
    this.lastActivity = load.at;
    for (const controller of this.running) controller.abort();
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

  /**
   * `fetchImpl` for the copy: each request waits for quiet, and is asked again from the start when a
   * page load stops it. The answer is read whole here (a stop can come mid-body), and handed on as a
   * Response of those bytes.
   */
  fetch(fetchImpl: typeof fetch): typeof fetch {
    return async (input, init) => {
      for (;;) {
        await this.quiet();
        const controller = new AbortController();
        this.running.add(controller);
        try {
          const res = await fetchImpl(input, { ...init, signal: controller.signal });
          const body = NULL_BODY.has(res.status) ? null : await res.arrayBuffer();
          return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
        } catch (error) {
          if (!controller.signal.aborted) throw error;
          // gave way to the page: asked again once it is quiet
        } finally {
          this.running.delete(controller);
        }
      }
    };
  }
}

/**
 * `response` with its body passed through as it is read, calling `end` once the last byte is read,
 * the read fails or the reader gives up: the load is over for the network then, not at its headers.
 */
export function endsWithBody(response: Response, end: () => void): Response {
  // (a redirect, an opaque answer: handed on untouched, a Response made anew would change what it is)
  if (!response.body || response.redirected || response.status < 200 || response.status > 599) {
    end();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          end();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
