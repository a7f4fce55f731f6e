/**
 * Where a manifest-registered remote's entry is, and which scripts the exposed module needs first, read
 * from the snapshot the Module Federation runtime made of the remote's mf-manifest.json. The shell's
 * runtime plugin does this in place of the runtime's own snapshot and preload plugins (disabled in
 * scripts/webpack-config.mjs): they handle every kind of remote and asset, ~3 KB br on every page's
 * entry script, the sign-in page's included.
 */
export interface ManifestEntry {
  url: string;
  type: string;
  globalName: string;
  version?: string;
  buildVersion?: string;
  /** The exposed module's own (sync) scripts: fetched beside the entry, not after it has run. */
  preload: string[];
}

interface SnapshotShape {
  remoteEntry?: unknown;
  remoteEntryType?: unknown;
  globalName?: unknown;
  publicPath?: unknown;
  version?: unknown;
  buildVersion?: unknown;
  modules?: unknown;
}

interface SnapshotModule {
  moduleName?: unknown;
  assets?: { js?: { sync?: unknown } };
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The entry of a browser remote with a known public path, or null for any other snapshot. */
export function manifestEntry(snapshot: unknown, expose: string): ManifestEntry | null {
  const s = (snapshot ?? {}) as SnapshotShape;
  const base = text(s.publicPath);
  const entry = text(s.remoteEntry);
  if (base === undefined || !entry) return null;
  const name = expose.replace(/^\.\//, '');
  const modules = Array.isArray(s.modules) ? (s.modules as SnapshotModule[]) : [];
  const sync = modules.find((m) => m.moduleName === name)?.assets?.js?.sync;
  return {
    url: base + entry,
    type: text(s.remoteEntryType) ?? 'global',
    globalName: text(s.globalName) ?? '',
    version: text(s.version),
    buildVersion: text(s.buildVersion),
    preload: Array.isArray(sync)
      ? sync.filter((f): f is string => typeof f === 'string').map((f) => base + f)
      : [],
  };
}

/**
 * Loads the script at `url` now, once (as the runtime's own preload did): a chunk of the remote, which
 * registers itself and waits for the remote's entry; webpack then finds it loaded, or loading, instead
 * of asking for it after the entry has run. CORS, as webpack loads remote chunks.
 */
export function preloadScript(url: string, doc: Document = document): void {
  for (const script of doc.querySelectorAll('script[src]'))
    if ((script as HTMLScriptElement).src === url) return;
  const script = doc.createElement('script');
  script.src = url;
  script.crossOrigin = 'anonymous';
  script.async = true;
  // Gone once it has run or failed: webpack reuses a script element with the chunk's URL, and would wait
  // on a failed one forever (a retry after the network returns).
  script.onload = script.onerror = () => script.remove();
  doc.head.appendChild(script);
}
