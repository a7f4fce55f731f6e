// /login's page with mfe-auth's prerendered screen (issue 46), over HTTP: the BFF reads the screen
// from the remote as it is deployed (a static server here) and puts it in the shell's page.
import fs from 'node:fs';
import http, { type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBff } from '../app';
import { loadConfig } from '../config';
import { composePage } from './compose-page';
import { parseScreen } from './prerendered-screens';

const INDEX =
  '<!doctype html><html lang="en"><head><title>shell</title></head><body><div id="shell-header"></div><main id="remote-outlet"></main></body></html>';
const screenIn = (language: string, extra = '') =>
  `<div data-prerendered="mfe-auth"><form method="get" action="/api/auth/login"><button>${language}</button>${extra}</form></div>`;

let remote: Server;
let bffServer: Server;
let base: string;
/** What the remote serves at a path (its prerendered files), changed by a test. */
const served = new Map<string, string>();

const listen = async (server: Server) => {
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  remote = http.createServer((req, res) => {
    const body = served.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html' }).end(body ?? '');
  });
  const remoteBase = await listen(remote);
  for (const language of ['en', 'ar', 'es'])
    served.set(`/prerendered/login.${language}.html`, screenIn(language));
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  const bff = createBff(
    loadConfig({
      SHELL_DIST: dist,
      SF_CLIENT_ID: 'client',
      MFE_AUTH_URL: `${remoteBase}/mf-manifest.json`,
      PRELOAD_MANIFEST_MAX_AGE_MS: '0',
    }),
  );
  await bff.screens.warm();
  bffServer = bff.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => bffServer.once('listening', resolve));
  base = `http://127.0.0.1:${(bffServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => bffServer.close(() => resolve()));
  await new Promise<void>((resolve) => remote.close(() => resolve()));
});

describe('the sign-in page with its prerendered screen', () => {
  it('carries the screen in its outlet, compressed, never cached, varying with the language cookie', async () => {
    const res = await fetch(`${base}/login`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toContain('Cookie');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('link')).toContain('rel=preload');
    const text = await res.text(); // fetch takes the brotli off
    expect(text).toContain(`<main id="remote-outlet">${screenIn('en')}</main>`);
    expect(text).toContain('<html lang="en">');
  });

  it('is in the language of the cookie the shell sets, right to left for Arabic', async () => {
    const text = await fetch(`${base}/login`, { headers: { cookie: 'cq_lang=ar' } }).then((r) => r.text());
    expect(text).toContain('<html lang="ar" dir="rtl">');
    expect(text).toContain(screenIn('ar'));
    // a cookie that is no language of the app: English
    const odd = await fetch(`${base}/login`, { headers: { cookie: 'cq_lang=%3Cb%3E' } }).then((r) =>
      r.text(),
    );
    expect(odd).toContain(screenIn('en'));
  });

  it('is the plain page with a query, on other routes, and where the remote has no screen in that language', async () => {
    for (const url of ['/login?expired=1', '/', '/authSuccessCallback']) {
      const text = await fetch(`${base}${url}`).then((r) => r.text());
      expect(text, url).toBe(INDEX);
    }
    const german = await fetch(`${base}/login`, { headers: { cookie: 'cq_lang=de' } }).then((r) => r.text());
    expect(german).toBe(INDEX);
  });

  it('a screen that would run code is not put in the page', async () => {
    served.set('/prerendered/login.es.html', screenIn('es', '<img src=x onerror="alert(1)">'));
    const page = () => fetch(`${base}/login`, { headers: { cookie: 'cq_lang=es' } }).then((r) => r.text());
    await page(); // the BFF looks again (max age 0) and refuses it from then on
    await expect.poll(page).toBe(INDEX);
  });
});

describe('the switch', () => {
  it('is on unless PRERENDERED_SCREENS=false', () => {
    expect(loadConfig({}).preload.screens).toBe(true);
    expect(loadConfig({ PRERENDERED_SCREENS: 'false' }).preload.screens).toBe(false);
  });
});

describe('composePage and parseScreen', () => {
  it('needs the shell page as built', () => {
    expect(composePage('<html><body></body></html>', screenIn('en'), 'en')).toBeNull();
    expect(composePage(INDEX, screenIn('he'), 'he')).toContain('<html lang="he" dir="rtl">');
    // `$&` in a screen is text, not a replacement pattern
    expect(composePage(INDEX, '<div data-prerendered="mfe-auth">$&</div>', 'en')).toContain('>$&</div>');
  });

  it('takes only a marked screen with no code', () => {
    expect(parseScreen('mfe-auth', ` ${screenIn('en')}\n`)).toBe(screenIn('en'));
    expect(() => parseScreen('mfe-auth', '<div>plain</div>')).toThrow();
    expect(() => parseScreen('mfe-auth', screenIn('en', '<script>1</script>'))).toThrow();
    expect(() => parseScreen('mfe-auth', screenIn('en', '<svg onload="x()"></svg>'))).toThrow();
    expect(() => parseScreen('mfe-home', screenIn('en'))).toThrow();
  });
});
