// Experience Cloud sites answer the same API under their path prefix (partner users upload and fetch
// previews there, and the Streaming API at /partners/cometd), so /partners/services/... is served as /services/....
import type { Middleware } from 'koa';

export const sitePrefix: Middleware = async (ctx, next) => {
  const m = /^\/(partners)(\/(?:(?:services|sfc)\/.*|cometd(?:\/.*)?))$/.exec(ctx.path);
  if (m?.[2]) ctx.path = m[2];
  await next();
};
