// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { manifestEntry, preloadScript } from './manifest-entry';

const snapshot = {
  publicPath: 'http://127.0.0.1:4001/',
  remoteEntry: 'remoteEntry.0123456789ab.js',
  remoteEntryType: 'global',
  globalName: 'mfe_auth',
  version: 'http://127.0.0.1:4001/mf-manifest.json',
  buildVersion: '1.0.0',
  modules: [
    {
      moduleName: 'app',
      assets: { js: { sync: ['__federation_expose_app.0123456789ab.js'], async: ['lingui.1.js'] } },
    },
  ],
};

describe('manifestEntry', () => {
  it("gives the remote's entry and the exposed module's own scripts, at the manifest's public path", () => {
    expect(manifestEntry(snapshot, './app')).toEqual({
      url: 'http://127.0.0.1:4001/remoteEntry.0123456789ab.js',
      type: 'global',
      globalName: 'mfe_auth',
      version: 'http://127.0.0.1:4001/mf-manifest.json',
      buildVersion: '1.0.0',
      preload: ['http://127.0.0.1:4001/__federation_expose_app.0123456789ab.js'],
    });
  });

  it('preloads nothing for a module the manifest does not list', () => {
    expect(manifestEntry(snapshot, './Other')?.preload).toEqual([]);
  });

  it('is null for a snapshot without a public path or an entry', () => {
    expect(manifestEntry({ ...snapshot, publicPath: undefined }, './app')).toBeNull();
    expect(manifestEntry({ ...snapshot, remoteEntry: '' }, './app')).toBeNull();
    expect(manifestEntry(undefined, './app')).toBeNull();
  });
});

describe('preloadScript', () => {
  it('loads each URL once, as a CORS script', () => {
    preloadScript('http://127.0.0.1:4001/a.js');
    preloadScript('http://127.0.0.1:4001/a.js');
    const scripts = [...document.querySelectorAll('script[src]')] as HTMLScriptElement[];
    expect(scripts.map((s) => [s.src, s.crossOrigin])).toEqual([['http://127.0.0.1:4001/a.js', 'anonymous']]);
  });

  it('removes the script once it failed, so a later load of the chunk asks again', () => {
    preloadScript('http://127.0.0.1:4001/b.js');
    const script = document.querySelector('script[src="http://127.0.0.1:4001/b.js"]');
    script?.dispatchEvent(new Event('error'));
    expect(document.querySelector('script[src="http://127.0.0.1:4001/b.js"]')).toBeNull();
  });
});
