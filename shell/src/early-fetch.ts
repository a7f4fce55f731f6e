/**
 * Requests the shell starts from its entry, before the async boundary: on a slow network the shared
 * modules (React, Chakra) take seconds to arrive, and these small answers would otherwise only be asked
 * for after them, one round trip each. Plain fetch, no shared module; bootstrap.tsx takes the answers.
 */
// The remotes module alone: the entry chunk must not carry the whole contracts barrel (4.5 KB br).
import { remoteForPath, type RemotesConfig } from 'shared-contracts/remotes';
import { REMOTE_MANIFESTS_CACHE } from './sw/cache-names';

let remotesConfig: Promise<Response> | null = null;
/** The current route's remote manifest, asked for as soon as the remotes config names it. */
const manifests = new Map<string, Promise<Response>>();
/** Settles once the manifest fetch above has been started (or found needless); never rejects. */
let manifestAsked: Promise<void> = Promise.resolve();

/** Starts the fetch of the manifest of the remote that `config` names for the route, once per URL. */
function askManifest(config: RemotesConfig | null, pathname: string): void {
  const name = remoteForPath(pathname);
  const entry = config?.remotes.find((r) => r.name === name);
  if (!entry || manifests.has(entry.manifestUrl)) return;
  const manifest = fetch(entry.manifestUrl);
  manifest.catch(() => undefined);
  manifests.set(entry.manifestUrl, manifest);
}

/**
 * The remotes config the service worker kept from the last visit (its network-first cache), when one
 * controls the page: the route's manifest is then asked for beside /remotes.json, not after its answer.
 * Only a hint: a remote that moved since is asked for again at the URL the fresh config names.
 */
async function lastKnownConfig(): Promise<RemotesConfig | null> {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return null;
  const res = await caches.match('/remotes.json', { cacheName: REMOTE_MANIFESTS_CACHE });
  return res ? ((await res.json()) as RemotesConfig) : null;
}

/**
 * Starts the `/remotes.json` fetch (once) and, when it answers (or at once from the last visit's
 * config, see lastKnownConfig), the fetch of the manifest of the remote that owns the current route
 * (the Module Federation runtime takes it through `takeEarlyManifest`, runtime-plugin.ts), so the
 * remote's files are found one round trip sooner.
 */
export function startEarlyFetches(pathname = location.pathname): void {
  if (remotesConfig) return;
  remotesConfig = fetch('/remotes.json', { cache: 'no-store' });
  const fromLastVisit = lastKnownConfig()
    .then((config) => askManifest(config, pathname))
    .catch(() => undefined);
  // a rejection is read (and reported) by remotesConfigAnswer; never an unhandled one meanwhile
  const fromAnswer = remotesConfig
    .then((res) => (res.ok ? (res.clone().json() as Promise<RemotesConfig>) : null))
    .then((config) => askManifest(config, pathname))
    .catch(() => undefined);
  manifestAsked = Promise.all([fromLastVisit, fromAnswer]).then(() => undefined);
}

/** The early answer for this manifest URL, once (a retry fetches again); undefined when none was asked for. */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const early = manifests.get(url);
  manifests.delete(url);
  return early;
}

/**
 * The run-time remotes config: the early fetch's answer, or a fetch now if none was started. Answers
 * only once the early manifest fetch has been started, so the runtime, asking right after, always finds
 * it (when the config arrives after the shared modules, the two would otherwise race).
 */
export async function remotesConfigAnswer(): Promise<RemotesConfig> {
  const pending = remotesConfig ?? fetch('/remotes.json', { cache: 'no-store' });
  const asked = manifestAsked;
  remotesConfig = null; // taken: a later call (a test, a retry) fetches again
  manifestAsked = Promise.resolve();
  const res = await pending;
  await asked;
  if (!res.ok) throw new Error(`remotes config: HTTP ${res.status}`);
  return (await res.json()) as RemotesConfig;
}
