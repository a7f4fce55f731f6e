import type { RemoteEntry } from 'shared-contracts';
import type { PreloadHint } from './hints';
import { remoteAppHints } from './remote-manifest';
import { RemoteDocuments } from './remote-documents';

export interface RemoteManifestsOptions {
  /** A remote's hints are checked again (a conditional request) when older than this. */
  maxAgeMs: number;
  /** A manifest slower than this gives no hints this time. */
  timeoutMs: number;
  now?: () => number;
}

/** A manifest larger than this is not one of ours. */
const MAX_MANIFEST_BYTES = 256 * 1024;

/**
 * Each remote's preload hints, from its mf-manifest.json (RemoteDocuments: never waited for, stale at
 * most `maxAgeMs`). A stale hint after a redeploy wastes the bytes of one page load; the MF runtime
 * fetches the manifest itself and loads what it names. A remote that cannot be read, or whose manifest
 * makes no sense, gets no hints until it can.
 */
export class RemoteManifests {
  private readonly documents: RemoteDocuments<PreloadHint[]>;

  constructor(
    private readonly remotes: readonly RemoteEntry[],
    options: RemoteManifestsOptions,
  ) {
    this.documents = new RemoteDocuments((url, text) => remoteAppHints(url, JSON.parse(text)), {
      ...options,
      maxBytes: MAX_MANIFEST_BYTES,
    });
  }

  private url(name: string): string | null {
    return this.remotes.find((r) => r.name === name)?.manifestUrl ?? null;
  }

  /** The hints known now for this remote ([] when none yet); starts a check when they are old or missing. */
  hintsFor(name: string): PreloadHint[] {
    const url = this.url(name);
    return (url && this.documents.get(url)) || [];
  }

  /** Reads every remote's manifest (at start, so the first pages have hints). */
  async warm(): Promise<void> {
    await Promise.all(this.remotes.map((r) => this.refresh(r.name)));
  }

  /** Reads the remote's manifest now; never throws. */
  refresh(name: string): Promise<void> {
    const url = this.url(name);
    return url ? this.documents.refresh(url) : Promise.resolve();
  }
}
