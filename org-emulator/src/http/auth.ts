// Bearer-token check for the REST surface: expired or revoked tokens get Salesforce's 401 INVALID_SESSION_ID.
import type { Middleware } from 'koa';
import type { Emu } from '../context.js';
import { SfError } from '../errors.js';
import { bearerToken } from './bearer.js';

export function requireAuth(emu: Emu): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    const row = token ? emu.tokens.validAccess(token) : undefined;
    if (!row) {
      ctx.set('WWW-Authenticate', 'Token');
      throw new SfError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
    }
    ctx.state.userId = row.user_id;
    await next();
  };
}

/** The version list is public; everything else under /services/data and /sfc needs a valid bearer token. */
export function authGate(emu: Emu, versions: () => unknown): Middleware {
  const auth = requireAuth(emu);
  return async (ctx, next) => {
    if (ctx.path === '/services/data' || ctx.path === '/services/data/') {
      ctx.body = versions();
      return;
    }
    if (ctx.path.startsWith('/services/data/') || ctx.path.startsWith('/sfc/')) return auth(ctx, next);
    await next();
  };
}
