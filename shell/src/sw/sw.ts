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
import {
  CODE_CACHE,
  KEEP_WHAT_RAN,
  OFFLINE_COPY_DONE,
  REMOTE_MANIFESTS_CACHE,
  SEEN_MANIFESTS_CACHE,
  TAKE_OFFLINE_COPY,
} from './cache-names';
import { REPORT_FACE_RE, takeLaterFiles, takeOfflineCopy, type OfflineCopyState } from './offline-copy';
import { keepWhatRan, type WhatRan } from './keep-what-ran';
import { GiveWay, whenBodyEnds } from './give-way';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const shellFiles = self.__WB_MANIFEST;

// Workbox precaches one file after another (its issue 2528): on a first visit, one round trip per file
// before the worker can answer the app offline (issue 40: the first seconds after the first sign-in).
// Asked for side by side here first, each of Workbox's own fetches of a content-hashed file (revision
// null: cache mode 'default') is answered by the HTTP cache, as are the files the page already loaded.
self.addEventListener('install', (event) => {
  const hashed = shellFiles.filter(
    (entry) => typeof entry !== 'string' && !entry.revision,
  ) as PrecacheEntry[];
  event.waitUntil(
    Promise.all(
      hashed.map((entry) =>
        fetch(entry.url, { credentials: 'same-origin' })
          .then((res) => res.arrayBuffer())
          .catch(() => undefined),
      ),
    ),
  );
});
precacheAndRoute(shellFiles);

const ok = new CacheableResponsePlugin({ statuses: [200] });

// The offline copy takes its next file only while the page loads none of its own (give-way.ts): a tap
// during the warm-up gets the line. The page's loads are the code and manifests this worker takes from
// the network for it, from the request to the body's last byte.
const giveWay = new GiveWay(500);
type PluginState = { state?: { end?: () => void } };
const pageLoads = {
  requestWillFetch: async ({ request, state }: { request: Request } & PluginState) => {
    if (state) state.end = giveWay.pageLoad();
    return request;
  },
  fetchDidSucceed: async ({ response, state }: { response: Response } & PluginState) => {
    if (state?.end) whenBodyEnds(response, state.end);
    return response;
  },
  fetchDidFail: async ({ state }: PluginState) => state?.end?.(),
};
const copyFetch = giveWay.fetch((input, init) => fetch(input, init));

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
// down), the offline copy's committed one. Never committed from here: a manifest is committed only once
// all its files are (offline-copy.ts), or the device could run a new entry with no chunks behind it.
// What the page ran with is kept aside as it passes (SEEN_MANIFESTS_CACHE), for the first seconds after
// the first sign-in, before any copy is committed: the code the page already has then runs offline.
const isRemotesMetadata = ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }) =>
  (sameOrigin && url.pathname === '/remotes.json') || url.pathname.endsWith('/mf-manifest.json');
registerRoute(
  isRemotesMetadata,
  new NetworkFirst({
    cacheName: REMOTE_MANIFESTS_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [
      pageLoads,
      { cacheWillUpdate: async () => null },
      {
        fetchDidSucceed: async ({ request, response, event }) => {
          if (response.ok) event.waitUntil(keepSeen(request.url, response.clone()));
          return response;
        },
        handlerDidError: async ({ request }) =>
          caches.match(request.url, { cacheName: SEEN_MANIFESTS_CACHE }),
      },
    ],
  }),
);

async function keepSeen(url: string, response: Response): Promise<void> {
  const seen = await caches.open(SEEN_MANIFESTS_CACHE);
  await seen.put(url, response);
}

// Content-hashed code from any origin (the shell's lazy chunks, every remote's files) never changes.
// The offline copy prunes what no current manifest names.
registerRoute(
  ({ url, request }) => request.destination === 'script' && /\.[0-9a-f]{12}\.js$/.test(url.pathname),
  new CacheFirst({ cacheName: CODE_CACHE, plugins: [pageLoads, ok] }),
);
// Content-hashed WebAssembly a chunk fetches itself (the barcode scanner's ZXing): the offline copy
// holds it too, so a scan field works offline where the browser has no BarcodeDetector.
registerRoute(
  ({ url }) => /\.[0-9a-f]{12}\.wasm$/.test(url.pathname),
  new CacheFirst({ cacheName: CODE_CACHE, plugins: [pageLoads, ok] }),
);

// The report's script faces (fetched by the page when a report's text needs one: fonts/*.woff,
// content-hashed): kept as fetched, so a CJK face a report used once renders offline too; the
// right-to-left ones are taken by the offline copy after it is complete (offline-assets.mjs).
registerRoute(
  ({ url }) => REPORT_FACE_RE.test(url.pathname),
  new CacheFirst({ cacheName: CODE_CACHE, plugins: [ok] }),
);

/** One copy at a time, whatever the number of tabs asking. */
let taking: Promise<OfflineCopyState | null> | null = null;
let later: string[] = [];

async function takeCopyAndTell(language: string | undefined): Promise<void> {
  taking ??= takeOfflineCopy({
    fetch: copyFetch,
    caches,
    origin: self.location.origin,
    later: (urls) => (later = urls),
    language,
  })
    .catch((error: unknown) => {
      console.warn('[sw] offline copy not complete', error);
      return null;
    })
    .finally(() => {
      taking = null;
    });
  const state = await taking;
  // Every page of the app, the ones this worker does not control yet among them: a first visit's page
  // that loaded while the worker was still installing asks for the copy too, and must hear it is done.
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage({ type: OFFLINE_COPY_DONE, state });
  // after "Ready to work offline": the files the copy takes later
  const urls = later;
  later = [];
  if (state?.complete && urls.length) await takeLaterFiles({ fetch: copyFetch, caches }, urls);
}

self.addEventListener('message', (event) => {
  const data = event.data as ({ type?: string; language?: unknown } & Partial<WhatRan>) | null;
  if (data?.type === TAKE_OFFLINE_COPY)
    event.waitUntil(takeCopyAndTell(typeof data.language === 'string' ? data.language : undefined));
  if (data?.type === KEEP_WHAT_RAN) {
    const what = {
      config: data.config ?? null,
      manifests: data.manifests ?? [],
      scripts: data.scripts ?? [],
    };
    event.waitUntil(
      keepWhatRan({ fetch: (input, init) => fetch(input, init), caches, origin: self.location.origin }, what),
    );
  }
});

listenForBackgroundSync();

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
