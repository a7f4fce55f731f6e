// Assembles the Koa app: cross-cutting middleware first, then one router per concern.
import Koa from 'koa';
import { SfError } from './errors.js';
import type { Emu } from './context.js';
import { errorBodies } from './http/errors.js';
import { cors } from './http/cors.js';
import { requireAuth } from './http/auth.js';
import { counterMiddleware, limitInfo, RouteCounters } from './http/counters.js';
import { faultMiddleware } from './http/faults.js';
import { oauthRoutes } from './oauth/routes.js';
import { restRoutes, versionsBody } from './rest.js';
import { sobjectRoutes } from './sobjects/routes.js';
import { collectionRoutes } from './sobjects/collections.js';
import { testControlRoutes } from './testControl.js';
import { fileRoutes, shepherdRoutes } from './files/routes.js';
import { photoRoutes } from './files/photo.js';
import { uiApiRoutes } from './uiapi.js';
import { canvasRoutes } from './canvas.js';

// Salesforce answers unsupported methods with 405 METHOD_NOT_ALLOWED; never 501 (a 5xx) for client mistakes.
const notAllowed = (): SfError =>
  new SfError(405, 'METHOD_NOT_ALLOWED', 'HTTP Method not allowed for this resource');

export function buildApp(emu: Emu, opts: { testControl: boolean; defaultSeed: 'demo' | 'none' }): Koa {
  const app = new Koa();
  const counters = new RouteCounters();
  const auth = requireAuth(emu);

  app.use(errorBodies);
  app.use(cors);
  // Experience Cloud sites answer the same API under their path prefix (partner users upload there).
  app.use(async (ctx, next) => {
    const m = /^\/(partners)(\/(?:services|sfc)\/.*)$/.exec(ctx.path);
    if (m?.[2]) ctx.path = m[2];
    await next();
  });
  app.use(limitInfo(counters));
  app.use(faultMiddleware(emu.faults));
  app.use(counterMiddleware(counters));
  app.use(async (ctx, next) => {
    if (ctx.path === '/services/data' || ctx.path === '/services/data/') {
      ctx.body = versionsBody();
      return;
    }
    if (ctx.path.startsWith('/services/data/') || ctx.path.startsWith('/sfc/')) return auth(ctx, next);
    await next();
  });

  const routers = [
    oauthRoutes(emu),
    restRoutes(emu, counters),
    sobjectRoutes(emu, '/services/data/:version', () => emu.org.registry),
    sobjectRoutes(emu, '/services/data/:version/tooling', () => emu.org.tooling),
    collectionRoutes(emu, '/services/data/:version', () => emu.org.registry),
    collectionRoutes(emu, '/services/data/:version/tooling', () => emu.org.tooling),
    fileRoutes(emu),
    shepherdRoutes(emu),
    photoRoutes(emu),
    uiApiRoutes(emu),
    canvasRoutes(emu),
  ];
  if (opts.testControl) routers.push(testControlRoutes(emu, counters, opts.defaultSeed));
  for (const r of routers) {
    app.use(r.routes());
    app.use(r.allowedMethods({ throw: true, methodNotAllowed: notAllowed, notImplemented: notAllowed }));
  }
  app.use(async (ctx) => {
    if (ctx.body === undefined && ctx.status === 404) {
      ctx.status = 404;
      ctx.body = [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }];
    }
  });
  return app;
}
