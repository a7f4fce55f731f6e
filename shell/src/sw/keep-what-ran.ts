// The code a first visit ran before the service worker controlled the page (it claims the page once
// installed: ARCHITECTURE.md, "Service workers"), kept for offline use at once (issue 40): the remotes'
// script files from the HTTP cache into the code cache, and the config and manifests the page ran with
// beside them (SEEN_MANIFESTS_CACHE, answered offline only where no offline copy is committed). Nothing is
// downloaded again; the complete offline copy comes later, in idle time, as before. Plain module: the
// page builds the list (whatRan), the worker keeps it (keepWhatRan), the unit tests run both on fakes.
import { CODE_CACHE, SEEN_MANIFESTS_CACHE } from './cache-names';

export interface WhatRan {
  /** The run-time remotes config's text, when the page has it. */
  config: string | null;
  /** The remotes' manifests the page fetched. */
  manifests: string[];
  /** The remotes' content-hashed script files the page loaded (another origin than the shell's). */
  scripts: string[];
}

/** What the page fetched, from its resource timing entries (the shell's own files are precached). */
export function whatRan(entries: readonly { name: string }[], origin: string, config: unknown): WhatRan {
  const manifests = new Set<string>();
  const scripts = new Set<string>();
  for (const { name } of entries) {
    if (!URL.canParse(name)) continue;
    const url = new URL(name);
    if (url.pathname.endsWith('/mf-manifest.json')) manifests.add(url.href);
    else if (url.origin !== origin && /\.[0-9a-f]{12}\.js$/.test(url.pathname)) scripts.add(url.href);
  }
  return {
    config: config ? JSON.stringify(config) : null,
    manifests: [...manifests].sort(),
    scripts: [...scripts].sort(),
  };
}

export interface KeepDeps {
  fetch: typeof fetch;
  caches: CacheStorage;
  /** The shell's origin (its /remotes.json). */
  origin: string;
}

/**
 * Keeps what the page ran: each script into the code cache (from the HTTP cache: `force-cache`, the
 * same CORS request as the page's `<script crossorigin>`), then the manifests and the config. A file
 * that cannot be had is skipped: offline, a part whose file is missing says it is not on the device.
 */
export async function keepWhatRan(deps: KeepDeps, what: WhatRan): Promise<void> {
  const [code, seen] = await Promise.all([
    deps.caches.open(CODE_CACHE),
    deps.caches.open(SEEN_MANIFESTS_CACHE),
  ]);
  const keep = async (url: string, init: RequestInit, into: Cache) => {
    try {
      const res = await deps.fetch(url, { ...init, cache: 'force-cache' });
      if (res.ok) await into.put(url, res);
    } catch {
      // not in the HTTP cache and no network: not kept
    }
  };
  await Promise.all(
    what.scripts.map(async (url) => {
      if (!(await code.match(url))) await keep(url, { mode: 'cors', credentials: 'same-origin' }, code);
    }),
  );
  await Promise.all(what.manifests.map((url) => keep(url, { mode: 'cors', credentials: 'omit' }, seen)));
  if (what.config !== null) {
    await seen.put(
      new URL('/remotes.json', deps.origin).href,
      new Response(what.config, { headers: { 'Content-Type': 'application/json' } }),
    );
  }
}
