import { describe, expect, it } from 'vitest';
import { linkHeader, uniqueHints } from './hints';
import { remoteAppHints } from './remote-manifest';
import { manifest } from './test-manifest';

const url = 'http://127.0.0.1:4001/mf-manifest.json';

describe('remoteAppHints', () => {
  it("names the remote's entry and its ./app files beside the manifest, as CORS scripts, not its shared copies", () => {
    expect(
      remoteAppHints(
        url,
        manifest('remoteEntry.54ad35823013.js', ['__federation_expose_app.85d1a17817e1.js']),
      ),
    ).toEqual([
      { url: 'http://127.0.0.1:4001/remoteEntry.54ad35823013.js', as: 'script', crossorigin: true },
      {
        url: 'http://127.0.0.1:4001/__federation_expose_app.85d1a17817e1.js',
        as: 'script',
        crossorigin: true,
      },
    ]);
  });

  it('resolves against a sub-folder manifest, an entry path and an explicit publicPath', () => {
    const m = manifest('remoteEntry.js', ['app.js']);
    m.metaData.remoteEntry.path = 'entry/';
    expect(remoteAppHints('https://cdn.test/auth/v2/mf-manifest.json', m).map((h) => h.url)).toEqual([
      'https://cdn.test/auth/v2/entry/remoteEntry.js',
      'https://cdn.test/auth/v2/app.js',
    ]);
    const fixed = manifest('remoteEntry.js', ['app.js'], 'https://static.test/auth/');
    expect(remoteAppHints('https://cdn.test/mf-manifest.json', fixed).map((h) => h.url)).toEqual([
      'https://static.test/auth/remoteEntry.js',
      'https://static.test/auth/app.js',
    ]);
  });

  it('gives nothing rather than a guess for a manifest it does not understand', () => {
    expect(remoteAppHints(url, null)).toEqual([]);
    expect(remoteAppHints(url, { metaData: {} })).toEqual([]);
    expect(remoteAppHints(url, manifest('', ['a.js']))).toEqual([]);
    // getPublicPath is code run in the browser: no publicPath string to resolve against
    const computed = manifest('remoteEntry.js', ['a.js']) as { metaData: Record<string, unknown> };
    delete computed.metaData.publicPath;
    expect(remoteAppHints(url, computed)).toEqual([]);
    // a file on another origin, or a non-http publicPath
    expect(remoteAppHints(url, manifest('remoteEntry.js', ['https://elsewhere.test/x.js']))).toEqual([]);
    expect(remoteAppHints(url, manifest('remoteEntry.js', ['a.js'], 'javascript:alert(1)//'))).toEqual([]);
    expect(
      remoteAppHints(
        url,
        manifest(
          'remoteEntry.js',
          Array.from({ length: 40 }, (_, i) => `${i}.js`),
        ),
      ),
    ).toEqual([]);
  });

  it('without an exposed ./app still names the entry', () => {
    const m = manifest('remoteEntry.js', []);
    m.exposes = [];
    expect(remoteAppHints(url, m).map((h) => h.url)).toEqual(['http://127.0.0.1:4001/remoteEntry.js']);
  });
});

describe('linkHeader', () => {
  it('writes RFC 8288 preload links, crossorigin where the page loads with CORS, first hint first', () => {
    const hints = uniqueHints([
      { url: '/boot.js', as: 'script', crossorigin: false },
      { url: 'http://r.test/mf-manifest.json', as: 'fetch', crossorigin: true },
      { url: '/boot.js', as: 'script', crossorigin: false },
    ]);
    expect(linkHeader(hints)).toBe(
      '</boot.js>; rel=preload; as=script, <http://r.test/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    // a URL is serialized before it gets here: '<' and '>' cannot break out of the brackets
    expect(new URL('http://r.test/a>b<c.js').href).toBe('http://r.test/a%3Eb%3Cc.js');
  });
});
