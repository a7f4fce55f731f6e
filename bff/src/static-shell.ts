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
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/')) return next();
    await assets(ctx, async () => undefined);
    if (ctx.body != null || ctx.status !== 404) return;
    // A client route: the page itself, through the same sender (its brotli or gzip copy where the
    // browser takes it, 1 KB instead of 4.5 on every first visit, issue 46; no-cache as it is not hashed).
    const route = ctx.path;
    ctx.path = '/index.html';
    await assets(ctx, async () => undefined);
    ctx.path = route;
    if (ctx.body == null) return next();
    const link = linkFor?.(route);
    if (link) ctx.set('Link', link);
  };
}
