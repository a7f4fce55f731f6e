import type { RemoteEntry } from 'shared-contracts';
import type { PreloadHint } from './hints';
import { remoteAppHints } from './remote-manifest';

export interface RemoteManifestsOptions {
  /** A remote's hints are checked again (a conditional request) when older than this. */
  maxAgeMs: number;
  /** A manifest slower than this gives no hints this time. */
  timeoutMs: number;
  now?: () => number;
}

interface Known {
  hints: PreloadHint[];
  etag: string | null;
  checkedAt: number;
}

/** A manifest larger than this is not one of ours. */
const MAX_MANIFEST_BYTES = 256 * 1024;

/**
 * Each remote's preload hints, from its mf-manifest.json, kept in memory. Remotes deploy on their own,
 * so a page is never held for a manifest: it gets what is known now (stale at most `maxAgeMs`, then
 * revalidated in the background with If-None-Match), and a remote that cannot be read, or whose
 * manifest makes no sense, gets no hints until it can. A stale hint after a redeploy wastes the bytes
 * of one page load; the MF runtime fetches the manifest itself and loads what it names.
 */
export class RemoteManifests {
  private readonly known = new Map<string, Known>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly now: () => number;

  constructor(
    private readonly remotes: readonly RemoteEntry[],
    private readonly options: RemoteManifestsOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The hints known now for this remote ([] when none yet); starts a check when they are old or missing. */
  hintsFor(name: string): PreloadHint[] {
    const known = this.known.get(name);
    if (!known || this.now() - known.checkedAt >= this.options.maxAgeMs) void this.refresh(name);
    return known?.hints ?? [];
  }

  /** Reads every remote's manifest (at start, so the first pages have hints). */
  async warm(): Promise<void> {
    await Promise.all(this.remotes.map((r) => this.refresh(r.name)));
  }

  /** Reads the remote's manifest now (one read at a time per remote); never throws. */
  refresh(name: string): Promise<void> {
    const running = this.inFlight.get(name);
    if (running) return running;
    const remote = this.remotes.find((r) => r.name === name);
    if (!remote) return Promise.resolve();
    const done = this.read(remote).finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, done);
    return done;
  }

  private async read(remote: RemoteEntry): Promise<void> {
    const before = this.known.get(remote.name);
    const checkedAt = this.now();
    try {
      const res = await fetch(remote.manifestUrl, {
        headers: before?.etag ? { 'If-None-Match': before.etag } : {},
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (res.status === 304 && before) {
        this.known.set(remote.name, { ...before, checkedAt });
        return;
      }
      const text = res.ok ? await res.text() : '';
      if (!res.ok || text.length > MAX_MANIFEST_BYTES) throw new Error(`manifest: HTTP ${res.status}`);
      this.known.set(remote.name, {
        hints: remoteAppHints(remote.manifestUrl, JSON.parse(text)),
        etag: res.headers.get('etag'),
        checkedAt,
      });
    } catch {
      // Down, slow or broken: no hints for it (its area will show its fallback anyway).
      this.known.set(remote.name, { hints: [], etag: null, checkedAt });
    }
  }
}
