import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_VERSION } from 'shared-contracts';
import { createApp } from './app';
import { loadConfig } from './config';

let server: Server;
let base: string;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));

beforeAll(async () => {
  // As the build writes them: each beside its brotli copy (compression-webpack-plugin).
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dist, name), text);
    fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(text));
  };
  write('index.html', '<!doctype html><title>shell</title>');
  write('main.0123456789abcdef.js', 'console.log(1)');
  write('sw.js', 'self.skipWaiting()');
  // The web app manifest and its icons, as the shell's build copies them from shell/public.
  fs.cpSync(path.join(import.meta.dirname, '../../shell/public'), dist, { recursive: true });
  const config = loadConfig({ SHELL_DIST: dist, MFE_HOME_URL: 'http://example.test/mf-manifest.json' });
  server = createApp(config).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('bff foundation routes', () => {
  it('GET /api/version answers in the envelope', async () => {
    const res = await fetch(`${base}/api/version`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { version: '1.0.0', contractVersion: CONTRACT_VERSION },
    });
  });

  it('GET /remotes.json is built from the environment', async () => {
    const res = await fetch(`${base}/remotes.json`);
    const body = (await res.json()) as { remotes: { name: string; manifestUrl: string }[] };
    expect(body.remotes.map((r) => r.name)).toEqual(['mfe-auth', 'mfe-home', 'mfe-form', 'mfe-builder']);
    expect(body.remotes.find((r) => r.name === 'mfe-home')?.manifestUrl).toBe(
      'http://example.test/mf-manifest.json',
    );
    expect(body.remotes.find((r) => r.name === 'mfe-form')?.manifestUrl).toBe(
      'http://127.0.0.1:4003/mf-manifest.json',
    );
  });

  it('serves hashed assets as immutable and client routes as index.html', async () => {
    const asset = await fetch(`${base}/main.0123456789abcdef.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const route = await fetch(`${base}/form/0f8fad5b-d9cb-469f-a165-70867728950e`);
    expect(route.status).toBe(200);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toContain('<title>shell</title>');
  });

  it('serves the web app manifest as application/manifest+json, and each icon it names as a PNG', async () => {
    const res = await fetch(`${base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
    for (const icon of manifest.icons) {
      const png = await fetch(`${base}${icon.src}`);
      expect(png.headers.get('content-type'), icon.src).toBe('image/png');
      const bytes = new Uint8Array(await png.arrayBuffer());
      const view = new DataView(bytes.buffer);
      // The PNG's own size (IHDR width × height) is the one the manifest says.
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  it("the page's policy where a page or the service worker runs; scripts carry none of its bytes", async () => {
    const page = await fetch(`${base}/login`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' http://127.0.0.1:4001");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain('frame-ancestors');
    expect(page.headers.get('permissions-policy')).toContain('camera=(self)');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const worker = await fetch(`${base}/sw.js`, { headers: { 'Service-Worker': 'script' } });
    expect(worker.headers.get('content-security-policy')).toBe(csp);
    const script = await fetch(`${base}/main.0123456789abcdef.js`);
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(script.headers.get('permissions-policy')).toBeNull();
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the page and hashed scripts precompressed, still immutable and varying by encoding', async () => {
    const page = await fetch(`${base}/form/0f8fad5b-d9cb-469f-a165-70867728950e`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('vary')).toContain('Accept-Encoding');
    expect(await page.text()).toContain('<title>shell</title>'); // fetch decodes it
    const plain = await fetch(`${base}/login`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('<title>shell</title>');
    const script = await fetch(`${base}/main.0123456789abcdef.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('unknown API paths are 404, not the shell', async () => {
    const res = await fetch(`${base}/api/nope`);
    expect(res.status).toBe(404);
  });
});
