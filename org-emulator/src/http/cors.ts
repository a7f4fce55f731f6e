// CORS as configured on the demo org's allowlist: the product calls files, thumbnails and UI API directly
// from the browser with a bearer token, so localhost and 127.0.0.1 origins (any port) are allowed.
import type { Middleware } from 'koa';

const ALLOWED = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;
const CORS_PATHS = /^\/(services|sfc|id|partners)\//;

export const cors: Middleware = async (ctx, next) => {
  const origin = ctx.get('origin');
  if (!origin || !ALLOWED.test(origin) || !CORS_PATHS.test(ctx.path)) return next();
  ctx.set('Access-Control-Allow-Origin', origin);
  ctx.set('Vary', 'Origin');
  ctx.set('Access-Control-Allow-Credentials', 'true');
  ctx.set('Access-Control-Expose-Headers', 'Sforce-Limit-Info, Content-Disposition, Location');
  if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
    ctx.set('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, HEAD, OPTIONS');
    ctx.set(
      'Access-Control-Allow-Headers',
      ctx.get('access-control-request-headers') ||
        'Authorization, Content-Type, Sforce-Query-Options, X-Requested-With',
    );
    ctx.set('Access-Control-Max-Age', '86400');
    ctx.status = 204;
    return;
  }
  await next();
};
