/**
 * Requests the shell starts from its entry, before the async boundary: on a slow network the shared
 * modules (React, Chakra) take seconds to arrive, and these small answers would otherwise only be asked
 * for after them, one round trip each. Plain fetch, no shared module; bootstrap.tsx takes the answers.
 */
// The remotes module alone: the entry chunk must not carry the whole contracts barrel (4.5 KB br).
import { remoteForPath, type RemotesConfig } from 'shared-contracts/remotes';

let remotesConfig: Promise<Response> | null = null;
/** The current route's remote manifest, asked for as soon as the remotes config names it. */
const manifests = new Map<string, Promise<Response>>();
/** Settles once the manifest fetch above has been started (or found needless); never rejects. */
let manifestAsked: Promise<void> = Promise.resolve();

/**
 * Starts the `/remotes.json` fetch (once) and, when it answers, the fetch of the manifest of the
 * remote that owns the current route (the Module Federation runtime takes it through
 * `takeEarlyManifest`, runtime-plugin.ts), so the remote's files are found one round trip sooner.
 */
export function startEarlyFetches(pathname = location.pathname): void {
  if (remotesConfig) return;
  remotesConfig = fetch('/remotes.json', { cache: 'no-store' });
  // a rejection is read (and reported) by remotesConfigAnswer; never an unhandled one meanwhile
  manifestAsked = remotesConfig
    .then((res) => (res.ok ? (res.clone().json() as Promise<RemotesConfig>) : null))
    .then((config) => {
      const name = remoteForPath(pathname);
      const entry = config?.remotes.find((r) => r.name === name);
      if (!entry || manifests.has(entry.manifestUrl)) return;
      const manifest = fetch(entry.manifestUrl);
      manifest.catch(() => undefined);
      manifests.set(entry.manifestUrl, manifest);
    })
    .catch(() => undefined);
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
