// Experience Cloud sites answer the same API under their path prefix (partner users upload and fetch
// previews there), so /partners/services/... and /partners/sfc/... are served as /services/... and /sfc/....
import type { Middleware } from 'koa';

export const sitePrefix: Middleware = async (ctx, next) => {
  const m = /^\/(partners)(\/(?:services|sfc)\/.*)$/.exec(ctx.path);
  if (m?.[2]) ctx.path = m[2];
  await next();
};
