import crypto from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from 'shared-contracts';
import { ApiError, toApiError } from './errors';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    /** Parsed and validated JSON body. */
    body?: unknown;
  }
}

/** Request id (echoed as X-Request-Id) and one pino line per request: method, path, status, time. Never headers, query strings or bodies. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const id = /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    const start = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - start) * 10) / 10;
      const entry = { reqId: id, method: ctx.method, path: ctx.path.slice(0, 200), status: ctx.status, ms };
      if (ctx.status >= 500) logger.error(entry, 'request');
      else logger.info(entry, 'request');
    }
  };
}

/** Turns every thrown error into the spec's envelope. Bad input is always a 4xx. */
export function errorEnvelope(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.code === 'INTERNAL') {
        logger.error(
          {
            reqId: ctx.state.requestId,
            err:
              err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
          },
          'unhandled error',
        );
      }
      ctx.status = apiError.status;
      ctx.type = 'json';
      ctx.body = apiError.toEnvelope();
      if (apiError.code === 'SESSION_EXPIRED' && ctx.session) {
        await ctx.session.destroy().catch(() => undefined);
      }
    }
  };
}

export interface CspOptions {
  remoteOrigins: string[];
  frameAncestors: string[];
  allowEval: boolean;
  /** Org hosts pictures may come from (user photos). */
  orgImageOrigins: string[];
}

/**
 * Security headers. The CSP allows the remotes' origins for scripts, styles and fetches (Module
 * Federation loads their manifests and chunks), 'unsafe-eval' when configured (the MF runtime may need
 * it), inline styles (Chakra/emotion inject them) and frame-ancestors for the org's domains (canvas).
 *
 * The page policy goes where a document or a worker runs (HTML, SVG, the service worker's script):
 * a script, style or JSON answer does not apply it, and its ~1.4 KB on each of the ~12 files of a first
 * visit cost a field network a quarter of a second (issue 46). The API's answers get a short policy of
 * their own, so one opened as a page runs nothing.
 */
export function securityHeaders(opts: CspOptions): Middleware {
  const remotes = [...new Set(opts.remoteOrigins)].join(' ');
  const frameAncestors = `frame-ancestors ${opts.frameAncestors.join(' ')}`;
  const csp = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' compiles WebAssembly only (the barcode scanner's ZXing), never JavaScript.
    `script-src 'self' ${remotes} 'wasm-unsafe-eval'${opts.allowEval ? " 'unsafe-eval'" : ''}`.replace(
      '  ',
      ' ',
    ),
    `style-src 'self' 'unsafe-inline' ${remotes}`.trim(),
    `img-src 'self' data: blob: ${remotes} ${opts.orgImageOrigins.join(' ')}`.trim(),
    `font-src 'self' data: ${remotes}`.trim(),
    `connect-src 'self' ${remotes}`.trim(),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https: http://localhost:* http://127.0.0.1:*",
    frameAncestors,
  ].join('; ');
  const apiCsp = `default-src 'none'; ${frameAncestors}`;
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api/')) {
        ctx.set('Content-Security-Policy', apiCsp);
        ctx.set('Cache-Control', ctx.response.get('Cache-Control') || 'no-store');
      } else if (runsAsPage(ctx)) {
        ctx.set('Content-Security-Policy', csp);
        ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
        ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
        // The camera scans codes and the device's position fills location fields (issue 32), this page only.
        ctx.set('Permissions-Policy', 'camera=(self), geolocation=(self), microphone=()');
      }
    }
  };
}

/** What the browser runs as a document or a worker: the page policy applies to it. */
function runsAsPage(ctx: Context): boolean {
  if (ctx.get('Service-Worker') === 'script') return true; // the browser's fetch of a worker's script
  const type = ctx.response.type;
  // (no type: a body-less answer, a redirect among them)
  return type === '' || type === 'text/html' || type === 'image/svg+xml' || type === 'text/xml';
}

/**
 * CSRF defence for state-changing calls: the custom header must be present with its value, and the
 * request must come from the BFF's own origin: the Origin header must be one of `allowedOrigins` (or the
 * request's own origin); a GET without Origin must say `Sec-Fetch-Site: same-origin`.
 */
export function checkCsrf(ctx: Context, allowedOrigins: readonly string[]): void {
  if (ctx.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) throw new ApiError('CSRF_REJECTED');
  const origin = ctx.get('Origin');
  if (origin) {
    if (origin !== selfOrigin(ctx) && !allowedOrigins.includes(origin)) throw new ApiError('CSRF_REJECTED');
    return;
  }
  if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.get('Sec-Fetch-Site') === 'same-origin') return;
  throw new ApiError('CSRF_REJECTED');
}

/** The BFF's own origin as the browser sees it (Koa 3's ctx.origin is the Origin request header). */
export function selfOrigin(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}

/** Fixed-window rate limit per session, and per client address (10× the session limit). */
export function rateLimit(perMinute: number): Middleware {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = Date.now();
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/') && ctx.path !== '/canvas') return next();
    const now = Date.now();
    if (now - lastSweep > 60_000) {
      for (const [k, w] of windows) if (now - w.start >= 60_000) windows.delete(k);
      lastSweep = now;
    }
    // Per session; and per client address at 10× (rotating made-up session ids gains nothing).
    const keys: [string, number][] = [[`ip:${ctx.ip}`, perMinute * 10]];
    if (ctx.session?.id) keys.push([`s:${ctx.session.id}`, perMinute]);
    for (const [key, limit] of keys) {
      let w = windows.get(key);
      if (!w || now - w.start >= 60_000) {
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count > limit) {
        ctx.set('Retry-After', String(Math.ceil((w.start + 60_000 - now) / 1000)));
        throw new ApiError('RATE_LIMITED');
      }
    }
    await next();
  };
}
