import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import serve from 'koa-static';
import { composePage } from './page/compose-page';

/** A content-hashed script or style, as served: plain or precompressed beside it (`.br`, `.gz`). */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css)(\.br|\.gz)?$/;

export interface ShellPageOptions {
  /** The `Link` preload header for the route, if any. */
  linkFor?(pathname: string): string;
  /** A remote's prerendered screen to put in this request's page, and its language; null for the plain page. */
  prerendered?(ctx: Context): { screen: string; language: string } | null;
}

interface Encoded {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Composed pages kept (languages × the screens' versions): a few, as a deploy changes them. */
const MAX_COMPOSED = 32;

/**
 * Serves the shell build. Hashed assets are immutable; index.html is never cached so a new shell
 * deploy is picked up on the next load. Unknown non-API GETs get index.html (client-side routes),
 * precompressed where the build wrote it and the browser takes it, with the `Link` preload header
 * `linkFor` gives for the route, if any. Where `prerendered` gives a screen, the page carries it in
 * its outlet (issue 46), compressed once per screen and language.
 */
export function staticShell(dist: string, options: ShellPageOptions = {}): Middleware {
  const assets = serve(dist, {
    index: false,
    gzip: true,
    brotli: true,
    setHeaders(res, filePath) {
      res.setHeader(
        'Cache-Control',
        HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const composed = new Map<string, Encoded | null>();
  let index: { mtimeMs: number; text: string } | null = null;
  const page = (screen: string, language: string): Encoded | null => {
    const file = path.join(dist, 'index.html');
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return null;
    if (index?.mtimeMs !== mtimeMs) {
      index = { mtimeMs, text: fs.readFileSync(file, 'utf8') };
      composed.clear();
    }
    const key = `${language}\n${screen}`;
    if (!composed.has(key)) {
      const html = composePage(index.text, screen, language);
      const raw = html === null ? null : Buffer.from(html);
      if (composed.size >= MAX_COMPOSED) composed.delete(composed.keys().next().value as string);
      composed.set(
        key,
        raw && {
          raw,
          br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: gzipSync(raw, { level: 9 }),
        },
      );
    }
    return composed.get(key) ?? null;
  };

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/')) return next();
    await assets(ctx, async () => undefined);
    if (ctx.body != null || ctx.status !== 404) return;
    const link = options.linkFor?.(ctx.path);
    const pre = options.prerendered?.(ctx);
    const withScreen = pre ? page(pre.screen, pre.language) : null;
    if (withScreen) {
      const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
      ctx.status = 200;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache');
      ctx.set('Vary', 'Accept-Encoding, Cookie');
      if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
      ctx.body = encoding === 'br' ? withScreen.br : encoding === 'gzip' ? withScreen.gzip : withScreen.raw;
      if (link) ctx.set('Link', link);
      return;
    }
    // A client route: the page itself, through the same sender (its brotli or gzip copy where the
    // browser takes it, 1 KB instead of 4.5 on every first visit, issue 46; no-cache as it is not hashed).
    const route = ctx.path;
    ctx.path = '/index.html';
    await assets(ctx, async () => undefined);
    ctx.path = route;
    if (ctx.body == null) return next();
    if (link) ctx.set('Link', link);
  };
}
