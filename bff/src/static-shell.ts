import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/**
 * Serves the shell build. Hashed assets are immutable; index.html is never cached so a new shell
 * deploy is picked up on the next load. Unknown non-API GETs get index.html (client-side routes),
 * with the `Link` preload header `linkFor` gives for the route, if any.
 */
export function staticShell(dist: string, linkFor?: (pathname: string) => string): Middleware {
  const assets = serve(dist, {
    index: false,
    gzip: true,
    brotli: true,
    setHeaders(res, filePath) {
      const immutable = /\.[0-9a-f]{8,}\.(js|css)$/.test(filePath);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const indexFile = path.join(dist, 'index.html');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/')) return next();
    await assets(ctx, async () => undefined);
    if (ctx.body != null || ctx.status !== 404) return;
    if (!fs.existsSync(indexFile)) return next();
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    const link = linkFor?.(ctx.path);
    if (link) ctx.set('Link', link);
    ctx.body = fs.createReadStream(indexFile);
  };
}
