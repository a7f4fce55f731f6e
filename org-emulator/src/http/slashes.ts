// A real org answers `//services/data/...` like `/services/data/...`: Salesforce's CLI keeps the instance
// URL with its trailing slash and joins paths onto it, so every repeated slash in the path becomes one.
import type { Middleware } from 'koa';

export const collapseSlashes: Middleware = async (ctx, next) => {
  if (ctx.path.includes('//')) ctx.path = ctx.path.replace(/\/{2,}/g, '/');
  await next();
};
