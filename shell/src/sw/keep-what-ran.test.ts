import { describe, expect, it } from 'vitest';
import { CODE_CACHE, SEEN_MANIFESTS_CACHE } from './cache-names';
import { keepWhatRan, whatRan } from './keep-what-ran';

const SHELL = 'http://shell.test';
const HOME = 'http://home.test';

/** CacheStorage over Maps: open, match and put. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const caches = {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        match: async (url: string) => store.get(url)?.clone(),
        put: async (url: string, res: Response) => void store.set(url, res),
      } as unknown as Cache;
    },
  } as unknown as CacheStorage;
  return { caches, urls: (name: string) => [...(stores.get(name)?.keys() ?? [])].sort(), stores };
}

describe('whatRan', () => {
  it("lists the remotes' manifests and hashed scripts the page fetched, not the shell's own files", () => {
    const entries = [
      { name: `${SHELL}/main.0123456789ab.js` },
      { name: `${SHELL}/remotes.json` },
      { name: `${HOME}/mf-manifest.json` },
      { name: `${HOME}/remoteEntry.0123456789ab.js` },
      { name: `${HOME}/__federation_expose_app.ba9876543210.js` },
      { name: `${SHELL}/api/forms` },
      { name: 'not a url' },
    ];
    expect(whatRan(entries, SHELL, { remotes: [] })).toEqual({
      config: '{"remotes":[]}',
      manifests: [`${HOME}/mf-manifest.json`],
      scripts: [`${HOME}/__federation_expose_app.ba9876543210.js`, `${HOME}/remoteEntry.0123456789ab.js`],
    });
    expect(whatRan([], SHELL, null).config).toBeNull();
  });
});

describe('keepWhatRan', () => {
  it('keeps the scripts (from the HTTP cache), then the manifests and the config beside the offline copy', async () => {
    const { caches, urls, stores } = fakeCaches();
    const asked: { url: string; cache?: RequestCache }[] = [];
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), cache: init?.cache });
      if (String(input).includes('missing')) throw new TypeError('Failed to fetch');
      return new Response('x', { status: 200 });
    }) as typeof fetch;
    const entry = `${HOME}/remoteEntry.0123456789ab.js`;
    const kept = `${HOME}/app.ba9876543210.js`;
    (await caches.open(CODE_CACHE)).put(kept, new Response('already'));
    await keepWhatRan(
      { fetch: fetchFn, caches, origin: SHELL },
      {
        config: '{"remotes":[]}',
        manifests: [`${HOME}/mf-manifest.json`],
        scripts: [entry, kept, `${HOME}/missing.0123456789ab.js`],
      },
    );
    expect(urls(CODE_CACHE)).toEqual([kept, entry]);
    expect(urls(SEEN_MANIFESTS_CACHE)).toEqual([`${HOME}/mf-manifest.json`, `${SHELL}/remotes.json`]);
    // Nothing asked again that the worker already had; every request may be answered by the HTTP cache.
    expect(asked.map((a) => a.url)).not.toContain(kept);
    expect(new Set(asked.map((a) => a.cache))).toEqual(new Set(['force-cache']));
    expect(await stores.get(SEEN_MANIFESTS_CACHE)?.get(`${SHELL}/remotes.json`)?.text()).toBe(
      '{"remotes":[]}',
    );
  });
});
