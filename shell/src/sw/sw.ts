/// <reference lib="webworker" />
// The shell's service worker: after one online visit the app (shell and every remote's code)
// starts without a network. It caches code only: the outbox lives in IndexedDB and is sent by the
// sync engine, never replayed from here (Workbox's replay would count a 500 as delivered). Background
// Sync runs that same engine once when no tab leads (background-sync.ts).
//
// The shell is Workbox's precache (taken at install). The remotes are the offline copy (offline-copy.ts):
// the page asks for it once idle after its first paint (TAKE_OFFLINE_COPY), on every online visit, so a
// remote deployed on its own is taken again whole before the device runs it offline.
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { PrecacheEntry } from 'workbox-precaching';
import { listenForBackgroundSync } from './background-sync';
import { CODE_CACHE, OFFLINE_COPY_DONE, REMOTE_MANIFESTS_CACHE, TAKE_OFFLINE_COPY } from './cache-names';
import { takeOfflineCopy, type OfflineCopyState } from './offline-copy';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheAndRoute(self.__WB_MANIFEST);

const ok = new CacheableResponsePlugin({ statuses: [200] });

// Pages: the network first (the BFF finishes sign-in callbacks and serves the newest shell),
// the precached shell page when offline, whatever the route.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'pages',
      networkTimeoutSeconds: 5,
      plugins: [
        ok,
        { handlerDidError: async () => (await matchPrecache('/index.html')) ?? Response.error() },
      ],
    }),
    { denylist: [/^\/api\//, /^\/canvas/, /^\/manifest\.webmanifest$/] },
  ),
);

// The run-time remotes config and each remote's manifest: fresh when online; offline (or the remote
// down), the offline copy's committed one. Never written from here: a manifest is kept only once all
// its files are (offline-copy.ts), or the device could run a new entry with no chunks behind it.
registerRoute(
  ({ url, sameOrigin }) =>
    (sameOrigin && url.pathname === '/remotes.json') || url.pathname.endsWith('/mf-manifest.json'),
  new NetworkFirst({
    cacheName: REMOTE_MANIFESTS_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [{ cacheWillUpdate: async () => null }],
  }),
);

// Content-hashed code from any origin (the shell's lazy chunks, every remote's files) never changes.
// The offline copy prunes what no current manifest names.
registerRoute(
  ({ url, request }) => request.destination === 'script' && /\.[0-9a-f]{12}\.js$/.test(url.pathname),
  new CacheFirst({ cacheName: CODE_CACHE, plugins: [ok] }),
);
// Content-hashed WebAssembly a chunk fetches itself (the barcode scanner's ZXing): the offline copy
// holds it too, so a scan field works offline where the browser has no BarcodeDetector.
registerRoute(
  ({ url }) => /\.[0-9a-f]{12}\.wasm$/.test(url.pathname),
  new CacheFirst({ cacheName: CODE_CACHE, plugins: [ok] }),
);

/** One copy at a time, whatever the number of tabs asking. */
let taking: Promise<OfflineCopyState | null> | null = null;

async function takeCopyAndTell(): Promise<void> {
  taking ??= takeOfflineCopy({
    fetch: (input, init) => fetch(input, init),
    caches,
    origin: self.location.origin,
  })
    .catch((error: unknown) => {
      console.warn('[sw] offline copy not complete', error);
      return null;
    })
    .finally(() => {
      taking = null;
    });
  const state = await taking;
  const clients = await self.clients.matchAll({ type: 'window' });
  for (const client of clients) client.postMessage({ type: OFFLINE_COPY_DONE, state });
}

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === TAKE_OFFLINE_COPY)
    event.waitUntil(takeCopyAndTell());
});

listenForBackgroundSync();

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
