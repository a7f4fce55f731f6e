// Assembles the Koa app: cross-cutting middleware first (one concern per file), then one router per concern.
import Koa from 'koa';
import { canvasRoutes } from './canvas.js';
import type { Emu } from './context.js';
import { deployRoutes } from './deploy.js';
import { metadataSoapRoutes } from './metadata/soap.js';
import { SfError } from './errors.js';
import { photoRoutes } from './files/photo.js';
import { faviconRoutes } from './http/favicon.js';
import { fileRoutes, shepherdRoutes } from './files/routes.js';
import { authGate } from './http/auth.js';
import { cors } from './http/cors.js';
import { counterMiddleware, RouteCounters } from './http/counters.js';
import { apiAllowance } from './http/apiAllowance.js';
import { errorBodies } from './http/errors.js';
import { faultMiddleware } from './http/faults.js';
import { writeGateMiddleware } from './http/writeGate.js';
import { notFound } from './http/notFound.js';
import { RequestLog, requestLogMiddleware } from './http/requestLog.js';
import { sitePrefix } from './http/sitePrefix.js';
import { collapseSlashes } from './http/slashes.js';
import { oauthRoutes } from './oauth/routes.js';
import { soapLoginRoutes } from './oauth/soap-login.js';
import { restRoutes, versionsBody } from './rest.js';
import { collectionRoutes } from './sobjects/collections.js';
import { compositeRoutes } from './sobjects/composite.js';
import { sobjectRoutes } from './sobjects/routes.js';
import { treeRoutes } from './sobjects/tree.js';
import { testControlRoutes } from './testControl.js';
import { toolingRoutes } from './tooling.js';
import { uiApiRoutes } from './uiapi.js';
import { actorContext } from './streaming/actor.js';
import { StreamingServer, streamingRoutes, type StreamingOptions } from './streaming/bayeux.js';
import { EventBus } from './streaming/bus.js';
import { publishChanges } from './streaming/changes.js';

// Salesforce answers unsupported methods with 405 METHOD_NOT_ALLOWED; never 501 (a 5xx) for client mistakes.
const notAllowed = (): SfError =>
  new SfError(405, 'METHOD_NOT_ALLOWED', 'HTTP Method not allowed for this resource');

export function buildApp(
  emu: Emu,
  opts: { testControl: boolean; defaultSeed: 'demo' | 'none'; streaming?: StreamingOptions },
): Koa {
  const app = new Koa();
  const counters = new RouteCounters();
  const requests = new RequestLog();

  app.use(errorBodies);
  app.use(collapseSlashes);
  app.use(cors);
  app.use(sitePrefix);
  if (opts.testControl) app.use(requestLogMiddleware(requests));
  app.use(faultMiddleware(emu.faults));
  app.use(writeGateMiddleware(emu.writes));
  app.use(counterMiddleware(counters));
  app.use(authGate(emu, versionsBody));
  // Record writes publish change events naming the requesting user (commitUser).
  app.use(actorContext);
  const bus = new EventBus();
  publishChanges(emu.org, bus);
  emu.streaming = new StreamingServer(emu, bus, opts.streaming);
  app.use(apiAllowance(emu.allowance, counters));

  const data = '/services/data/:version';
  const routers = [
    oauthRoutes(emu),
    restRoutes(emu),
    sobjectRoutes(emu, data),
    collectionRoutes(emu, data),
    compositeRoutes(emu, data),
    treeRoutes(emu, data),
    ...toolingRoutes(emu),
    fileRoutes(emu),
    shepherdRoutes(emu),
    photoRoutes(emu),
    faviconRoutes(),
    uiApiRoutes(emu),
    canvasRoutes(emu),
    deployRoutes(emu, { deployMs: emu.org.options.deployMs ?? 400 }),
    metadataSoapRoutes(emu, { deployMs: emu.org.options.deployMs ?? 400 }),
    soapLoginRoutes(emu),
    streamingRoutes(emu.streaming),
  ];
  if (opts.testControl) routers.push(testControlRoutes(emu, counters, opts.defaultSeed, requests));
  for (const r of routers) {
    app.use(r.routes());
    app.use(r.allowedMethods({ throw: true, methodNotAllowed: notAllowed, notImplemented: notAllowed }));
  }
  app.use(notFound);
  return app;
}
