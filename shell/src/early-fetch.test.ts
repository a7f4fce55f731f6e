import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemotesConfig } from 'shared-contracts';

const config: RemotesConfig = {
  remotes: [
    { name: 'mfe-auth', manifestUrl: 'http://a.test/mf-manifest.json' },
    { name: 'mfe-home', manifestUrl: 'http://h.test/mf-manifest.json' },
  ],
};

/** A fresh module (its state is per page load) over a fetch that answers from a table. */
async function load() {
  vi.resetModules();
  const fetchMock = vi.fn(async (url: string) =>
    url === '/remotes.json' ? Response.json(config) : new Response(`{"for":"${url}"}`),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { mod: await import('./early-fetch'), fetchMock };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.unstubAllGlobals());

describe('early fetches from the shell entry', () => {
  it("asks for the remotes config, then the route's manifest, handed over once", async () => {
    const { mod, fetchMock } = await load();
    mod.startEarlyFetches('/login');
    await settle();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/remotes.json',
      'http://a.test/mf-manifest.json',
    ]);
    const early = mod.takeEarlyManifest('http://a.test/mf-manifest.json');
    expect(await (await early)?.json()).toEqual({ for: 'http://a.test/mf-manifest.json' });
    expect(mod.takeEarlyManifest('http://a.test/mf-manifest.json')).toBeUndefined();
    expect(mod.takeEarlyManifest('http://h.test/mf-manifest.json')).toBeUndefined();
    expect(await mod.remotesConfigAnswer()).toEqual(config);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('the config is answered only after the manifest fetch has started, so the runtime always finds it', async () => {
    const { mod, fetchMock } = await load();
    mod.startEarlyFetches('/');
    // asked for at once, before anything settled: the manifest fetch must still come first
    const answer = mod.remotesConfigAnswer().then(() => {
      expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
        '/remotes.json',
        'http://h.test/mf-manifest.json',
      ]);
      return mod.takeEarlyManifest('http://h.test/mf-manifest.json');
    });
    expect(await answer).toBeDefined();
  });

  it("on a repeat visit the last visit's config (service worker cache) asks for the manifest before /remotes.json answers", async () => {
    vi.resetModules();
    let answerConfig: (r: Response) => void = () => undefined;
    const moved: RemotesConfig = {
      remotes: [{ name: 'mfe-home', manifestUrl: 'http://h2.test/mf-manifest.json' }],
    };
    const fetchMock = vi.fn((url: string) =>
      url === '/remotes.json'
        ? new Promise<Response>((resolve) => (answerConfig = resolve))
        : Promise.resolve(new Response(`{"for":"${url}"}`)),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    const match = vi.fn(async () => Response.json(config));
    vi.stubGlobal('caches', { match });
    const mod = await import('./early-fetch');
    mod.startEarlyFetches('/');
    await settle();
    expect(match).toHaveBeenCalledWith('/remotes.json', { cacheName: 'remote-manifests' });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/remotes.json',
      'http://h.test/mf-manifest.json',
    ]);
    // the remote moved since the last visit: the fresh config's URL is asked for too, and handed over
    answerConfig(Response.json(moved));
    expect(await mod.remotesConfigAnswer()).toEqual(moved);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/remotes.json',
      'http://h.test/mf-manifest.json',
      'http://h2.test/mf-manifest.json',
    ]);
    expect(await (await mod.takeEarlyManifest('http://h2.test/mf-manifest.json'))?.json()).toEqual({
      for: 'http://h2.test/mf-manifest.json',
    });
  });

  it('without a controlling service worker the cache is not read', async () => {
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/remotes.json' ? Response.json(config) : new Response('{}'))),
    );
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    const match = vi.fn(async () => Response.json(config));
    vi.stubGlobal('caches', { match });
    const mod = await import('./early-fetch');
    mod.startEarlyFetches('/');
    await mod.remotesConfigAnswer();
    expect(match).not.toHaveBeenCalled();
  });

  it('an unknown route asks for no manifest; without an early start the config is fetched then', async () => {
    const first = await load();
    first.mod.startEarlyFetches('/nowhere');
    await settle();
    expect(first.fetchMock).toHaveBeenCalledTimes(1);

    const second = await load();
    expect(await second.mod.remotesConfigAnswer()).toEqual(config);
    expect(second.fetchMock.mock.calls.map((c) => c[0])).toEqual(['/remotes.json']);
  });

  it('a refused config is an error for the shell to show', async () => {
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('no', { status: 503 })),
    );
    const mod = await import('./early-fetch');
    mod.startEarlyFetches('/');
    await expect(mod.remotesConfigAnswer()).rejects.toThrow('remotes config: HTTP 503');
  });
});
