// The offline copy of the remotes: for each remote the manifest /remotes.json names, every script file
// its build emitted (the manifest's `metaData.offlineAssets`, scripts/offline-assets.mjs), taken into
// the code cache, and only then the manifest itself into the manifests cache (which the service worker
// answers from offline). A manifest is never kept before all its files are, so offline the device runs
// the last complete copy of each remote, never one version's entry with another's chunks. Plain module:
// the service worker runs it (sw.ts), the unit tests run it against fakes.
import { isTraditionalChinese } from 'shared-contracts';
import { CODE_CACHE, OFFLINE_COPY_STATE_URL, REMOTE_MANIFESTS_CACHE } from './cache-names';

/** A report's script face as the build names it (scripts/webpack-config.mjs): kept as fetched (sw.ts). */
export const REPORT_FACE_RE = /\/fonts\/[\w-]+\.[0-9a-f]{12}\.woff$/;

/** What the offline copy holds, kept beside it (OFFLINE_COPY_STATE_URL) and sent to the pages. */
export interface OfflineCopyState {
  /** Every remote /remotes.json named had its complete copy taken. */
  complete: boolean;
  /** When the copy was last checked complete (ms since the epoch). */
  at: number;
  /** Remote name → the entry file of the copy kept (its version). */
  remotes: Record<string, string>;
  /** Files fetched by this run (the others were in the copy already) and their bytes. */
  fetched: number;
  fetchedBytes: number;
}

interface ManifestLike {
  metaData?: {
    remoteEntry?: { name?: string; path?: string };
    publicPath?: string;
    offlineAssets?: string[];
    /** Files taken after the copy is complete (the report's right-to-left faces: offline-assets.mjs). */
    offlineLaterAssets?: string[];
    /**
     * The CJK faces by language (ja, zh, ko), taken after the copy for a user of that language: their
     * list's own file (hashed name, beside the manifest) and the languages it holds.
     */
    offlineLanguageAssetsFile?: { file?: string; languages?: string[] };
    /** The same list inline, as remotes built before the list had its own file carry it. */
    offlineLanguageAssets?: Record<string, string[]>;
  };
  exposes?: { assets?: { js?: { sync?: string[]; async?: string[] } } }[];
  shared?: { assets?: { js?: { sync?: string[]; async?: string[] } } }[];
}

export interface OfflineCopyDeps {
  fetch: typeof fetch;
  caches: CacheStorage;
  /** The shell's origin (/remotes.json is read from it). */
  origin: string;
  /**
   * Told the files to take after the copy is complete (`takeLaterFiles`), so "Ready to work offline"
   * never waits on them.
   */
  later?: (urls: string[]) => void;
  /** The signed-in user's Salesforce language (e.g. ja, zh_CN): its script's faces come later too. */
  language?: string;
}

/** The base of a Salesforce language key (zh_CN → zh, pt_BR → pt), lower case. */
const baseLanguage = (language: string | undefined): string =>
  (language ?? '').split(/[_-]/)[0]?.toLowerCase() ?? '';

/** The script files of a remote version, as absolute URLs (publicPath `auto`: beside the manifest). */
export function manifestFiles(manifestUrl: string, manifest: ManifestLike): string[] {
  const meta = manifest.metaData ?? {};
  const base =
    meta.publicPath && meta.publicPath !== 'auto'
      ? new URL(meta.publicPath, manifestUrl)
      : new URL(manifestUrl);
  const names = new Set<string>(meta.offlineAssets ?? []);
  // A remote built before offlineAssets existed: what its manifest lists (entry, exposes, shared).
  const entry = meta.remoteEntry?.name;
  if (entry) names.add(`${meta.remoteEntry?.path ?? ''}${entry}`);
  for (const item of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const name of [...(item.assets?.js?.sync ?? []), ...(item.assets?.js?.async ?? [])]) names.add(name);
  }
  return [...names].map((name) => new URL(name, base).href).sort();
}

/**
 * The files a remote version's copy takes once it is complete, as absolute URLs: the right-to-left
 * faces for everyone, and the faces of the user's own language's script (a Japanese user's report
 * renders offline though the device never made one). The language's list is fetched only for a user
 * of a language it holds.
 */
export async function laterFiles(
  deps: Pick<OfflineCopyDeps, 'fetch'>,
  manifestUrl: string,
  manifest: ManifestLike,
  language?: string,
): Promise<string[]> {
  const meta = manifest.metaData ?? {};
  const base =
    meta.publicPath && meta.publicPath !== 'auto'
      ? new URL(meta.publicPath, manifestUrl)
      : new URL(manifestUrl);
  // Traditional Chinese (zh_TW, zh_HK) has faces of its own; other languages go by their base
  const key = isTraditionalChinese(language) ? 'zh-Hant' : baseLanguage(language);
  let own = meta.offlineLanguageAssets?.[key] ?? [];
  const listed = meta.offlineLanguageAssetsFile;
  if (key && listed?.file && listed.languages?.includes(key)) {
    const res = await fetchOk(deps, new URL(listed.file, base).href, { mode: 'cors', credentials: 'omit' });
    own = ((await res.json()) as Record<string, string[]>)[key] ?? [];
  }
  return [...(meta.offlineLaterAssets ?? []), ...own].map((name) => new URL(name, base).href).sort();
}

async function fetchOk(
  deps: Pick<OfflineCopyDeps, 'fetch'>,
  url: string,
  init?: RequestInit,
): Promise<Response> {
  const res = await deps.fetch(url, init);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res;
}

const jsonResponse = (text: string) =>
  new Response(text, { headers: { 'Content-Type': 'application/json' } });

/**
 * Takes (or completes) the offline copy of every remote, then records it complete. Throws when a file
 * cannot be fetched: what was committed before stays (each remote's manifest is committed on its own
 * once its files are in), and the next online visit completes it.
 */
export async function takeOfflineCopy(deps: OfflineCopyDeps): Promise<OfflineCopyState> {
  const [code, manifests] = await Promise.all([
    deps.caches.open(CODE_CACHE),
    deps.caches.open(REMOTE_MANIFESTS_CACHE),
  ]);
  const configUrl = new URL('/remotes.json', deps.origin).href;
  const configText = await (await fetchOk(deps, configUrl, { cache: 'no-store' })).text();
  const config = JSON.parse(configText) as { remotes: { name: string; manifestUrl: string }[] };
  const state: OfflineCopyState = {
    complete: false,
    at: Date.now(),
    remotes: {},
    fetched: 0,
    fetchedBytes: 0,
  };
  const keep = new Set<string>();
  const later: string[] = [];

  for (const remote of config.remotes) {
    const manifestText = await (
      await fetchOk(deps, remote.manifestUrl, { cache: 'no-store', mode: 'cors', credentials: 'omit' })
    ).text();
    const manifest = JSON.parse(manifestText) as ManifestLike;
    const files = manifestFiles(remote.manifestUrl, manifest);
    for (const file of await laterFiles(deps, remote.manifestUrl, manifest, deps.language)) {
      keep.add(file);
      later.push(file);
    }
    for (const file of files) {
      keep.add(file);
      if (await code.match(file)) continue;
      // The same request the page's <script crossorigin="anonymous"> makes, so the cached answer fits it.
      const res = await fetchOk(deps, file, { mode: 'cors', credentials: 'same-origin' });
      const body = await res.clone().arrayBuffer();
      await code.put(file, res);
      state.fetched += 1;
      state.fetchedBytes += body.byteLength;
    }
    // All its files are in: this version of the remote is now the one served offline.
    await manifests.put(remote.manifestUrl, jsonResponse(manifestText));
    state.remotes[remote.name] = manifest.metaData?.remoteEntry?.name ?? '';
  }
  await manifests.put(configUrl, jsonResponse(configText));

  // Files of the remotes' older versions (or of a remote no longer deployed): no committed manifest
  // names them any more. (The shell's own files are in Workbox's precache, not here.)
  // The report faces a page fetched and the worker kept (sw.ts) stay while their remote is deployed
  // where they were fetched from (content-hashed: a face that changed has another name).
  const bases = new Set(config.remotes.map((r) => new URL('fonts/', r.manifestUrl).href));
  const keptFace = (url: string): boolean => REPORT_FACE_RE.test(url) && bases.has(new URL('./', url).href);
  for (const request of await code.keys()) {
    if (!keep.has(request.url) && !keptFace(request.url)) await code.delete(request);
  }
  state.complete = true;
  await manifests.put(new URL(OFFLINE_COPY_STATE_URL, deps.origin).href, jsonResponse(JSON.stringify(state)));
  deps.later?.(later);
  return state;
}

/**
 * Takes the files of the complete copy that come after it (`later`), those not yet kept, one after
 * another (idle time, after "Ready to work offline"). A file that cannot be had is left for the next
 * copy. Answers how many it took.
 */
export async function takeLaterFiles(
  deps: Pick<OfflineCopyDeps, 'fetch' | 'caches'>,
  urls: string[],
): Promise<number> {
  const code = await deps.caches.open(CODE_CACHE);
  let taken = 0;
  for (const url of urls) {
    if (await code.match(url)) continue;
    try {
      // the request the report's fetch makes (font-files-browser.ts), so the kept answer fits it
      const res = await deps.fetch(url, { mode: 'cors', credentials: 'same-origin' });
      if (!res.ok) continue;
      await code.put(url, res);
      taken += 1;
    } catch {
      // offline again: the next copy takes it
    }
  }
  return taken;
}

/** The state recorded by the last complete copy, if any. */
export async function readOfflineCopyState(
  caches: CacheStorage,
  origin: string,
): Promise<OfflineCopyState | null> {
  const res = await caches.match(new URL(OFFLINE_COPY_STATE_URL, origin).href, {
    cacheName: REMOTE_MANIFESTS_CACHE,
  });
  return res ? ((await res.json()) as OfflineCopyState) : null;
}
