/// <reference lib="webworker" />
// The shell's service worker: after one online visit the app (shell and every remote's code)
// starts without a network. It caches code only: the outbox lives in IndexedDB and is sent by the
// sync engine, never replayed from here (Workbox's replay would count a 500 as delivered). Background
// Sync runs that same engine once when no tab leads (background-sync.ts).
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import type { PrecacheEntry } from 'workbox-precaching';
import { listenForBackgroundSync } from './background-sync';
import { REMOTE_MANIFESTS_CACHE } from './cache-names';

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
    { denylist: [/^\/api\//, /^\/canvas/] },
  ),
);

// The run-time remotes config and each remote's manifest: fresh when online, last known offline.
registerRoute(
  ({ url, sameOrigin }) =>
    (sameOrigin && url.pathname === '/remotes.json') || url.pathname.endsWith('/mf-manifest.json'),
  new NetworkFirst({ cacheName: REMOTE_MANIFESTS_CACHE, networkTimeoutSeconds: 5, plugins: [ok] }),
);

// Content-hashed code from any origin (the shell's lazy chunks, every remote's files) never changes.
registerRoute(
  ({ url, request }) => request.destination === 'script' && /\.[0-9a-f]{12}\.js$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'code',
    plugins: [ok, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

listenForBackgroundSync();

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
