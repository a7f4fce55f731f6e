// The page's preload hints over HTTP: a real BFF serving a shell build, and real remote origins
// (node:http, ETag + no-cache like scripts/serve-static.mjs) whose manifests change, break or go away.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBff, type Bff } from '../app';
import { loadConfig } from '../config';
import { manifest } from './test-manifest';

interface Origin {
  url: string;
  /** The manifest body served now; null: 404. */
  body: string | null;
  requests: { ifNoneMatch: string | undefined }[];
  close(): Promise<void>;
}

async function remoteOrigin(initial: unknown): Promise<Origin> {
  const origin: Origin = {
    url: '',
    body: JSON.stringify(initial),
    requests: [],
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    origin.requests.push({ ifNoneMatch: req.headers['if-none-match'] });
    if (origin.body === null) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    const etag = `"${Buffer.from(origin.body).length}-${origin.body.length % 97}-${hash(origin.body)}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'no-cache');
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(origin.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mf-manifest.json`;
  origin.close = () => new Promise((resolve) => server.close(() => resolve()));
  return origin;
}

const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7).toString(16);

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-preload-'));
const boot = ['src_bootstrap_tsx.24a76c81dc6d.js', 'react-dom.9bad3a10dd31.js'];
const fullHeader = ['chakra.7126b0270fac.js', 'react-dom.9bad3a10dd31.js'];
let auth: Origin;
let home: Origin;
let bff: Bff;
let base: string;
let server: http.Server;

/** The preload links of the page at `route`: [url, as, crossorigin?] per link. */
async function links(route: string): Promise<string[][]> {
  const res = await fetch(`${base}${route}`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<title>shell</title>');
  const link = res.headers.get('link');
  if (!link) return [];
  return link.split(', ').map((l) => {
    const [url = '', ...params] = l.split('; ');
    expect(params).toContain('rel=preload');
    return [
      url.slice(1, -1),
      params.find((p) => p.startsWith('as='))!.slice(3),
      ...params.filter((p) => p.startsWith('crossorigin')),
    ];
  });
}

/** The answers every page reads first. */
const answers = [
  ['/remotes.json', 'fetch', 'crossorigin=anonymous'],
  ['/api/auth/session', 'fetch', 'crossorigin=anonymous'],
];
const remoteFile = (origin: Origin, file: string) => [
  new URL(file, origin.url).href,
  'script',
  'crossorigin=anonymous',
];

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(dist, 'preload.json'), JSON.stringify({ boot, fullHeader }));
  auth = await remoteOrigin(
    manifest('remoteEntry.aaaaaaaaaaaa.js', ['__federation_expose_app.bbbbbbbbbbbb.js']),
  );
  home = await remoteOrigin(
    manifest('remoteEntry.cccccccccccc.js', ['__federation_expose_app.dddddddddddd.js']),
  );
  bff = createBff(
    loadConfig({
      SHELL_DIST: dist,
      MFE_AUTH_URL: auth.url,
      MFE_HOME_URL: home.url,
      // an origin nothing listens on: the form remote is down
      MFE_FORM_URL: 'http://127.0.0.1:9/mf-manifest.json',
      PRELOAD_MANIFEST_MAX_AGE_MS: '0', // every page checks the manifests again (conditionally)
    }),
  );
  await bff.manifests.warm();
  server = bff.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.all([auth.close(), home.close(), bff.close()]);
});

describe("the shell's page names what its route will fetch", () => {
  it("/login: the shell's first answers and boot chunks, then mfe-auth's manifest, entry and ./app; no Chakra", async () => {
    expect(await links('/login')).toEqual([
      ...answers,
      ['/api/getEnv/', 'fetch', 'crossorigin=anonymous'],
      ['/src_bootstrap_tsx.24a76c81dc6d.js', 'script'],
      ['/react-dom.9bad3a10dd31.js', 'script'],
      [auth.url, 'fetch', 'crossorigin=anonymous'],
      remoteFile(auth, 'remoteEntry.aaaaaaaaaaaa.js'),
      remoteFile(auth, '__federation_expose_app.bbbbbbbbbbbb.js'),
    ]);
  });

  it('/: mfe-home, each file once; no Chakra (the full header comes at idle after home paints)', async () => {
    expect(await links('/')).toEqual([
      ...answers,
      ['/src_bootstrap_tsx.24a76c81dc6d.js', 'script'],
      ['/react-dom.9bad3a10dd31.js', 'script'],
      [home.url, 'fetch', 'crossorigin=anonymous'],
      remoteFile(home, 'remoteEntry.cccccccccccc.js'),
      remoteFile(home, '__federation_expose_app.dddddddddddd.js'),
    ]);
  });

  it('a redeployed remote: the next pages name its new files; an unchanged one is checked with If-None-Match', async () => {
    auth.body = JSON.stringify(
      manifest('remoteEntry.eeeeeeeeeeee.js', ['__federation_expose_app.ffffffffffff.js']),
    );
    await links('/login'); // may still carry the old names: it starts the check
    await bff.manifests.refresh('mfe-auth');
    const after = await links('/login');
    expect(after).toContainEqual(remoteFile(auth, 'remoteEntry.eeeeeeeeeeee.js'));
    expect(after).not.toContainEqual(remoteFile(auth, 'remoteEntry.aaaaaaaaaaaa.js'));
    await bff.manifests.refresh('mfe-auth');
    expect(auth.requests.at(-1)?.ifNoneMatch).toMatch(/^".+"$/);
    expect(await links('/login')).toContainEqual(remoteFile(auth, 'remoteEntry.eeeeeeeeeeee.js'));
  });

  it('a remote that is down, gone or serves garbage: the page still loads, with no guess at its files', async () => {
    // down since the start: its manifest is still named (the shell fetches it anyway), no files
    expect(await links('/form/0f8fad5b-d9cb-469f-a165-70867728950e')).toEqual([
      ...answers,
      ['/src_bootstrap_tsx.24a76c81dc6d.js', 'script'],
      ['/react-dom.9bad3a10dd31.js', 'script'],
      ['http://127.0.0.1:9/mf-manifest.json', 'fetch', 'crossorigin=anonymous'],
      ['/chakra.7126b0270fac.js', 'script'],
    ]);
    home.body = '{"metaData": ';
    await bff.manifests.refresh('mfe-home');
    expect((await links('/')).filter(([url]) => url?.includes('remoteEntry'))).toEqual([]);
    home.body = null; // 404
    await bff.manifests.refresh('mfe-home');
    expect((await links('/')).filter(([url]) => url?.includes('remoteEntry'))).toEqual([]);
    home.body = JSON.stringify(manifest('remoteEntry.111111111111.js', []));
    await bff.manifests.refresh('mfe-home');
    expect(await links('/')).toContainEqual(remoteFile(home, 'remoteEntry.111111111111.js'));
  });

  it("a new shell build's preload.json is read when it changes; none or a broken one: no shell hints", async () => {
    fs.writeFileSync(
      path.join(dist, 'preload.json'),
      JSON.stringify({ boot: ['boot.222222222222.js', '../x.js'], fullHeader: [] }),
    );
    expect((await links('/login'))[3]).toEqual(['/boot.222222222222.js', 'script']);
    fs.writeFileSync(path.join(dist, 'preload.json'), '{"boot": [');
    expect((await links('/login'))[3]).toEqual([auth.url, 'fetch', 'crossorigin=anonymous']);
    fs.rmSync(path.join(dist, 'preload.json'));
    expect((await links('/login'))[3]).toEqual([auth.url, 'fetch', 'crossorigin=anonymous']);
  });

  it('no hints on assets, API answers or /remotes.json; none at all with PRELOAD_HINTS=false', async () => {
    for (const p of ['/remotes.json', '/api/version'])
      expect((await fetch(`${base}${p}`)).headers.get('link')).toBeNull();
    const off = createBff(loadConfig({ SHELL_DIST: dist, MFE_AUTH_URL: auth.url, PRELOAD_HINTS: 'false' }));
    const s = off.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => s.once('listening', resolve));
    const res = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toBeNull();
    await new Promise<void>((resolve) => s.close(() => resolve()));
    await off.close();
  });
});
