export interface RemoteDocumentsOptions {
  /** A document is checked again (a conditional request) when older than this. */
  maxAgeMs: number;
  /** A document slower than this gives nothing this time. */
  timeoutMs: number;
  /** A document larger than this is not one of ours. */
  maxBytes: number;
  now?: () => number;
}

interface Known<T> {
  value: T | null;
  etag: string | null;
  checkedAt: number;
}

/**
 * Small documents a remote publishes beside its code (its manifest, its prerendered screens), read by
 * URL and kept in memory, parsed. Remotes deploy on their own, so a page is never held for one: it
 * gets what is known now (stale at most `maxAgeMs`, then revalidated in the background with
 * If-None-Match), and one that cannot be read, or does not parse, is `null` until it can.
 */
export class RemoteDocuments<T> {
  private readonly known = new Map<string, Known<T>>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly now: () => number;

  constructor(
    /** The document's value from its text; throws when it makes no sense. */
    private readonly parse: (url: string, text: string) => T,
    private readonly options: RemoteDocumentsOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The value known now (null when none yet); starts a check when it is old or missing. */
  get(url: string): T | null {
    const known = this.known.get(url);
    if (!known || this.now() - known.checkedAt >= this.options.maxAgeMs) void this.refresh(url);
    return known?.value ?? null;
  }

  /** Reads the document now (one read at a time per URL); never throws. */
  refresh(url: string): Promise<void> {
    const running = this.inFlight.get(url);
    if (running) return running;
    const done = this.read(url).finally(() => this.inFlight.delete(url));
    this.inFlight.set(url, done);
    return done;
  }

  private async read(url: string): Promise<void> {
    const before = this.known.get(url);
    const checkedAt = this.now();
    try {
      const res = await fetch(url, {
        headers: before?.etag ? { 'If-None-Match': before.etag } : {},
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (res.status === 304 && before) {
        this.known.set(url, { ...before, checkedAt });
        return;
      }
      const text = res.ok ? await res.text() : '';
      if (!res.ok || text.length > this.options.maxBytes) throw new Error(`${url}: HTTP ${res.status}`);
      this.known.set(url, { value: this.parse(url, text), etag: res.headers.get('etag'), checkedAt });
    } catch {
      // Down, slow or broken: nothing from it (the page does without).
      this.known.set(url, { value: null, etag: null, checkedAt });
    }
  }
}
