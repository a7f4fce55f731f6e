import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/** A content-hashed script or style, as served: plain or precompressed beside it (`.br`, `.gz`). */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css)(\.br|\.gz)?$/;

/**
 * Serves the shell build. Hashed assets are immutable; index.html is never cached so a new shell
 * deploy is picked up on the next load. Unknown non-API GETs get index.html (client-side routes),
 * precompressed where the build wrote it and the browser takes it, with the `Link` preload header
 * `linkFor` gives for the route, if any.
 */
export function staticShell(dist: string, linkFor?: (pathname: string) => string): Middleware {
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
  const indexFile = path.join(dist, 'index.html');
  // The page on every first visit: 4.5 KB as written, 1 KB in brotli (issue 46).
  const encodedIndex = (encoding: string): string | undefined => {
    const file = `${indexFile}.${encoding === 'br' ? 'br' : 'gz'}`;
    return fs.existsSync(file) ? file : undefined;
  };
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/')) return next();
    await assets(ctx, async () => undefined);
    if (ctx.body != null || ctx.status !== 404) return;
    if (!fs.existsSync(indexFile)) return next();
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Vary', 'Accept-Encoding');
    const link = linkFor?.(ctx.path);
    if (link) ctx.set('Link', link);
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    const encoded = encoding === 'br' || encoding === 'gzip' ? encodedIndex(encoding) : undefined;
    if (encoded) ctx.set('Content-Encoding', encoding as string);
    ctx.body = fs.createReadStream(encoded ?? indexFile);
  };
}
