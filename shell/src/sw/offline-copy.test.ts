import { describe, expect, it } from 'vitest';
import { CODE_CACHE, REMOTE_MANIFESTS_CACHE } from './cache-names';
import { manifestFiles, readOfflineCopyState, takeLaterFiles, takeOfflineCopy } from './offline-copy';

/** CacheStorage over Maps: enough of the API for the copy (match, put, keys, delete). */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const key = (r: RequestInfo | URL) => (typeof r === 'string' ? r : r instanceof URL ? r.href : r.url);
    const cache = {
      match: async (r: RequestInfo | URL) => store.get(key(r))?.clone(),
      put: async (r: RequestInfo | URL, res: Response) => void store.set(key(r), res),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (r: RequestInfo | URL) => store.delete(key(r)),
    };
    return cache as unknown as Cache;
  };
  const caches = {
    open: async (name: string) => open(name),
    match: async (r: RequestInfo | URL, options?: { cacheName?: string }) =>
      options?.cacheName ? open(options.cacheName).match(r) : undefined,
  } as unknown as CacheStorage;
  return { caches, stores, urls: (name: string) => [...(stores.get(name)?.keys() ?? [])].sort() };
}

const SHELL = 'http://shell.test';
const HOME = 'http://home.test/mf-manifest.json';

function manifest(version: string, extra: string[] = []) {
  return {
    metaData: {
      remoteEntry: { name: `remoteEntry.${version}.js`, path: '' },
      publicPath: 'auto',
      offlineAssets: [`remoteEntry.${version}.js`, `app.${version}.js`, ...extra],
    },
    exposes: [{ assets: { js: { sync: [`app.${version}.js`], async: [] } } }],
    shared: [],
  };
}

/** A network of fixed answers; `down` URLs fail as an offline fetch does. Counts the requests. */
function network(files: Record<string, unknown>, down = new Set<string>()) {
  const asked: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (down.has(url)) throw new TypeError('Failed to fetch');
    if (!(url in files)) return new Response('not found', { status: 404 });
    const body = files[url];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200 });
  }) as typeof fetch;
  return { fetchFn, asked };
}

const remotesJson = { remotes: [{ name: 'mfe-home', manifestUrl: HOME }] };

describe('manifestFiles', () => {
  it('resolves every listed file beside the manifest, the lazy ones included', () => {
    expect(manifestFiles(HOME, manifest('v1', ['lazy.v1.js']))).toEqual([
      'http://home.test/app.v1.js',
      'http://home.test/lazy.v1.js',
      'http://home.test/remoteEntry.v1.js',
    ]);
  });
});

describe('takeOfflineCopy', () => {
  it('takes every file, then commits the manifest and /remotes.json, and records the copy complete', async () => {
    const { caches, urls } = fakeCaches();
    const { fetchFn } = network({
      [`${SHELL}/remotes.json`]: remotesJson,
      [HOME]: manifest('v1', ['lazy.v1.js']),
      'http://home.test/remoteEntry.v1.js': 'entry',
      'http://home.test/app.v1.js': 'app',
      'http://home.test/lazy.v1.js': 'lazy',
    });
    const state = await takeOfflineCopy({ fetch: fetchFn, caches, origin: SHELL });
    expect(state).toMatchObject({ complete: true, remotes: { 'mfe-home': 'remoteEntry.v1.js' }, fetched: 3 });
    expect(urls(CODE_CACHE)).toHaveLength(3);
    expect(urls(REMOTE_MANIFESTS_CACHE)).toEqual([
      HOME,
      `${SHELL}/__offline-copy.json`,
      `${SHELL}/remotes.json`,
    ]);
    expect(await readOfflineCopyState(caches, SHELL)).toMatchObject({ complete: true });
  });

  it('a file that cannot be fetched leaves the last complete manifest in place, never the new one', async () => {
    const { caches, stores } = fakeCaches();
    const v1 = network({
      [`${SHELL}/remotes.json`]: remotesJson,
      [HOME]: manifest('v1'),
      'http://home.test/remoteEntry.v1.js': 'entry 1',
      'http://home.test/app.v1.js': 'app 1',
    });
    await takeOfflineCopy({ fetch: v1.fetchFn, caches, origin: SHELL });
    // v2 deployed, and the connection drops half way through its files.
    const v2 = network(
      {
        [`${SHELL}/remotes.json`]: remotesJson,
        [HOME]: manifest('v2'),
        'http://home.test/remoteEntry.v2.js': 'entry 2',
      },
      new Set(['http://home.test/app.v2.js']),
    );
    await expect(takeOfflineCopy({ fetch: v2.fetchFn, caches, origin: SHELL })).rejects.toThrow();
    const kept = await stores.get(REMOTE_MANIFESTS_CACHE)?.get(HOME)?.clone().json();
    expect(kept.metaData.remoteEntry.name).toBe('remoteEntry.v1.js');
    expect(await (await caches.open(CODE_CACHE)).match('http://home.test/app.v1.js')).toBeDefined();
  });

  it('a later complete copy replaces the old version and prunes its files; nothing is fetched twice', async () => {
    const { caches, urls } = fakeCaches();
    const files = {
      [`${SHELL}/remotes.json`]: remotesJson,
      'http://home.test/remoteEntry.v1.js': 'entry 1',
      'http://home.test/app.v1.js': 'app 1',
      'http://home.test/remoteEntry.v2.js': 'entry 2',
      'http://home.test/app.v2.js': 'app 2',
    };
    await takeOfflineCopy({
      fetch: network({ ...files, [HOME]: manifest('v1') }).fetchFn,
      caches,
      origin: SHELL,
    });
    const again = network({ ...files, [HOME]: manifest('v1') });
    expect(await takeOfflineCopy({ fetch: again.fetchFn, caches, origin: SHELL })).toMatchObject({
      fetched: 0,
    });
    expect(again.asked).toEqual([`${SHELL}/remotes.json`, HOME]);

    await takeOfflineCopy({
      fetch: network({ ...files, [HOME]: manifest('v2') }).fetchFn,
      caches,
      origin: SHELL,
    });
    expect(urls(CODE_CACHE)).toEqual(['http://home.test/app.v2.js', 'http://home.test/remoteEntry.v2.js']);
  });

  it("takes the report's right-to-left faces after the copy is complete, keeps a face a page fetched, prunes neither", async () => {
    const { caches, urls } = fakeCaches();
    const ARABIC = 'http://home.test/fonts/noto-sans-arabic-arabic-400-normal.0123456789ab.woff';
    const CJK = 'http://home.test/fonts/noto-sans-jp-57-400-normal.ba9876543210.woff';
    const v1 = {
      ...manifest('v1'),
      metaData: {
        ...manifest('v1').metaData,
        offlineLaterAssets: ['fonts/noto-sans-arabic-arabic-400-normal.0123456789ab.woff'],
      },
    };
    const files = {
      [`${SHELL}/remotes.json`]: remotesJson,
      [HOME]: v1,
      'http://home.test/remoteEntry.v1.js': 'entry 1',
      'http://home.test/app.v1.js': 'app 1',
      [ARABIC]: 'woff',
    };
    let later: string[] = [];
    const first = network(files);
    const state = await takeOfflineCopy({
      fetch: first.fetchFn,
      caches,
      origin: SHELL,
      later: (u) => (later = u),
    });
    // complete without the face: it comes after
    expect(state).toMatchObject({ complete: true, fetched: 2 });
    expect(first.asked).not.toContain(ARABIC);
    expect(later).toEqual([ARABIC]);
    expect(await takeLaterFiles({ fetch: first.fetchFn, caches }, later)).toBe(1);
    // a CJK face a report fetched, kept by the worker's route
    await (await caches.open(CODE_CACHE)).put(CJK, new Response('woff'));
    const again = network(files);
    await takeOfflineCopy({ fetch: again.fetchFn, caches, origin: SHELL, later: (u) => (later = u) });
    expect(urls(CODE_CACHE)).toEqual(
      [ARABIC, 'http://home.test/app.v1.js', CJK, 'http://home.test/remoteEntry.v1.js'].sort(),
    );
    expect(await takeLaterFiles({ fetch: again.fetchFn, caches }, later)).toBe(0);
    expect(again.asked).not.toContain(ARABIC);
  });
  it.each([
    ['the list in its own file, fetched only for a language it holds', 'file'],
    ['the list inline, as remotes built before it had its own file', 'inline'],
  ] as const)(
    "takes the faces of the user's own language's script after the copy, and no other language's: %s",
    async (_, where) => {
      const JP = 'fonts/noto-sans-jp-57-400-normal.ba9876543210.woff';
      const KR = 'fonts/noto-sans-kr-3-400-normal.0123456789ab.woff';
      const SC = 'fonts/noto-sans-sc-7-400-normal.0a1b2c3d4e5f.woff';
      const TC = 'fonts/noto-sans-tc-119-400-normal.f5e4d3c2b1a0.woff';
      const ARABIC = 'fonts/noto-sans-arabic-arabic-400-normal.0123456789ab.woff';
      const byLanguage = { ja: [JP], ko: [KR], zh: [SC], 'zh-Hant': [TC] };
      const LIST = 'offline-language-assets.0123456789ab.json';
      const v1 = {
        ...manifest('v1'),
        metaData: {
          ...manifest('v1').metaData,
          offlineLaterAssets: [ARABIC],
          ...(where === 'file'
            ? { offlineLanguageAssetsFile: { file: LIST, languages: Object.keys(byLanguage) } }
            : { offlineLanguageAssets: byLanguage }),
        },
      };
      const at = (name: string) => `http://home.test/${name}`;
      const files = {
        [`${SHELL}/remotes.json`]: remotesJson,
        [HOME]: v1,
        'http://home.test/remoteEntry.v1.js': 'entry 1',
        'http://home.test/app.v1.js': 'app 1',
        [at(LIST)]: byLanguage,
      };
      const laterFor = async (language?: string) => {
        let later: string[] = [];
        const { caches } = fakeCaches();
        const net = network(files);
        const state = await takeOfflineCopy({
          fetch: net.fetchFn,
          caches,
          origin: SHELL,
          later: (u) => (later = u),
          language,
        });
        expect(state.complete).toBe(true);
        return { later, listFetched: net.asked.includes(at(LIST)) };
      };
      // Salesforce's key ja, and a regional key's base (ko_KR → ko)
      expect(await laterFor('ja')).toEqual({ later: [at(ARABIC), at(JP)], listFetched: where === 'file' });
      expect(await laterFor('ko_KR')).toEqual({ later: [at(ARABIC), at(KR)], listFetched: where === 'file' });
      expect(await laterFor('en_US')).toEqual({ later: [at(ARABIC)], listFetched: false });
      // Traditional Chinese its own faces, Simplified the others
      expect(await laterFor('zh_TW')).toEqual({ later: [at(ARABIC), at(TC)], listFetched: where === 'file' });
      expect(await laterFor('zh_CN')).toEqual({ later: [at(ARABIC), at(SC)], listFetched: where === 'file' });
      expect(await laterFor(undefined)).toEqual({ later: [at(ARABIC)], listFetched: false });
    },
  );
});
