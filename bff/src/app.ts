import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import pino, { type Logger } from 'pino';
import { API_ROUTES, type ApiRoute } from 'shared-contracts';
import type { BffConfig } from './config';
import { staticShell } from './static-shell';
import { linkHeader } from './preload/hints';
import { pageHints } from './preload/page-hints';
import { RemoteManifests } from './preload/remote-manifests';
import { PrerenderedScreens, prerenderedFor } from './page/prerendered-screens';
import { shellFiles } from './preload/shell-files';
import { readJson, DEFAULT_JSON_LIMIT } from './http/body';
import { ApiError, isApiLimitError } from './http/errors';
import { checkCsrf, errorEnvelope, rateLimit, requestLog, securityHeaders } from './http/middleware';
import { check, compile } from './http/validate';
import { callClient, connectionFor, TokenRefresher, type OrgSlot } from './org/client';
import { TtlCache } from './cache/ttl-cache';
import { attachSharedCaches } from './cache/shared-cache';
import { forgetDefinitions } from './routes/submission-check';
import { ApiUsageMonitor, isDeferrable, recordReadings } from './org/api-usage';
import { orgFetch } from './org/org-fetch';
import { origin, type SfRecord } from './org/util';
import { sessionMiddleware } from './session/session';
import { createStore, type OrgAuth, type SessionStore } from './session/store';
import { authHandlers } from './routes/auth';
import { formHandlers } from './routes/forms';
import { fileHandlers } from './routes/files';
import { searchQuery } from './routes/named-queries';
import { schemaHandlers } from './routes/schema';
import { submissionRecordHandlers } from './routes/submission-records';
import { userHandlers } from './routes/users';
import { submissionHandlers } from './routes/submissions';
import { builderHandlers } from './routes/builder';
import { formBuilderAccess, requireFormBuilder } from './org/form-access';
import { canvasHandlers } from './routes/canvas';
import { reportHandlers } from './routes/report';
import { vaultHandlers } from './routes/vault';
import { correctiveActionHandlers } from './routes/corrective-actions';
import { eventsRoute } from './routes/events';
import { ChangeStreams } from './org/change-stream';
import { createCoordination, type Coordination } from './cluster/redis-coordination';
import { HANDLED, type Call, type Deps, type Handler } from './routes/types';

export interface BffOptions {
  store?: SessionStore;
  logger?: Logger;
  coordination?: Coordination;
}

export interface Bff {
  app: Koa;
  deps: Deps;
  router: Router;
  /** The remotes' manifests behind the page's preload hints (warm() reads them all now). */
  manifests: RemoteManifests;
  /** The remotes' prerendered screens the pages carry (warm() reads them all now). */
  screens: PrerenderedScreens;
  /** The org change subscriptions behind /api/events (one per org across instances). */
  changeStreams: ChangeStreams;
  /** What the instances agree on through Redis (in memory for one instance). */
  coordination: Coordination;
  close(): Promise<void>;
}

const handlers: Record<string, Handler> = {
  ...authHandlers,
  ...formHandlers,
  searchQuery,
  ...userHandlers,
  ...submissionRecordHandlers,
  ...schemaHandlers,
  ...fileHandlers,
  ...submissionHandlers,
  ...builderHandlers,
  ...canvasHandlers,
  ...reportHandlers,
  ...vaultHandlers,
  ...correctiveActionHandlers,
  formBuilderAccess: (call) => formBuilderAccess(call),
  // Admins only (BUILDER_ROUTES): what this BFF last heard from the org, no org call of its own.
  orgApiUsage: (call) => Promise.resolve(call.deps.apiUsage.forAdmin(call.auth().organizationId)),
};

/** The builder's and publisher's calls: only for users the org lets edit form definitions. */
const BUILDER_ROUTES = new Set(
  API_ROUTES.filter(
    (r) =>
      r.source === 'builder 7' ||
      [
        'saveFormBuilderJSON',
        'autosaveFormBuilderJSON',
        'objects',
        'objectInfo',
        'checkFieldAvailability',
        'orgApiUsage',
      ].includes(r.id),
  ).map((r) => r.id),
);

/** Which org slot an instanceUrl names: the main org, or the other org (publishing). */
function slotFor(session: Call['session'], instanceUrl: string | undefined): OrgSlot {
  if (!session?.main) throw new ApiError('NOT_AUTHENTICATED');
  if (!instanceUrl) return 'main';
  const wanted = origin(instanceUrl);
  if (wanted && wanted === origin(session.main.instanceUrl)) return 'main';
  if (wanted && session.otherOrg && wanted === origin(session.otherOrg.instanceUrl)) return 'otherOrg';
  if (wanted && session.main.siteUrl && wanted === origin(session.main.siteUrl)) return 'main';
  throw new ApiError('FORBIDDEN', 'instanceUrl is not an org this session is signed in to.');
}

function buildCall(ctx: Context, deps: Deps, route: ApiRoute, body: Record<string, unknown>): Call {
  const session = ctx.session.data;
  const sessionId = ctx.session.id ?? '';
  const authFor = (instanceUrl?: string): { slot: OrgSlot; auth: OrgAuth } => {
    const slot = slotFor(session, instanceUrl);
    const auth = session?.[slot];
    if (!auth) throw new ApiError('NOT_AUTHENTICATED');
    return { slot, auth };
  };
  const onRefreshed = (slot: OrgSlot) => (fresh: OrgAuth) => {
    if (session) session[slot] = fresh;
  };
  const onExpired = () => {
    ctx.state.sessionExpired = true;
  };
  return {
    ctx,
    deps,
    query: { ...(ctx.query as Record<string, string>) },
    params: { ...(ctx.params as Record<string, string>) },
    body,
    session,
    auth: (instanceUrl) => authFor(instanceUrl).auth,
    conn: (instanceUrl) => {
      const { slot, auth } = authFor(instanceUrl);
      const conn = connectionFor(
        deps.config,
        deps.refresher,
        sessionId,
        slot,
        auth,
        onRefreshed(slot),
        onExpired,
        { client: callClient(route.id) },
      );
      // read after the handler: where the org stands against its API allowance (Sforce-Limit-Info)
      ((ctx.state.orgConns ??= []) as unknown[]).push(conn);
      return conn;
    },
    orgFetch: async (path, init = {}) => {
      const { slot, auth } = authFor(init.instanceUrl);
      const url = path.startsWith('/') ? `${auth.instanceUrl}${path}` : path;
      const doFetch = (token: string) =>
        orgFetch(
          url,
          token,
          { ...init, redirect: 'manual' },
          {
            routeId: route.id,
            organizationId: auth.organizationId,
            apiUsage: deps.apiUsage,
          },
        );
      let res = await doFetch(auth.accessToken);
      if (res.status === 401 && !(init.body instanceof ReadableStream)) {
        await res.body?.cancel();
        const fresh = await deps.refresher.refresh(sessionId, slot, auth.accessToken);
        if (session) session[slot] = fresh;
        res = await doFetch(fresh.accessToken);
      }
      return res;
    },
  };
}

/** Registers every route of the contract table with its guards: CSRF, Ajv validation, auth, body limit. */
function registerApiRoutes(router: Router, deps: Deps, allowedOrigins: string[]): void {
  for (const route of API_ROUTES) {
    const handler = handlers[route.id];
    if (!handler) throw new Error(`no handler for API route ${route.id}`);
    const validateQuery = compile(route.query);
    const validateParams = compile(route.params);
    const validateBody = typeof route.body === 'object' ? compile(route.body) : null;
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put';
    const paths =
      route.path.length > 5 && route.path.endsWith('/')
        ? [route.path, route.path.slice(0, -1)]
        : [route.path];
    router[method](paths, async (ctx, next) => {
      if (route.stateChanging) checkCsrf(ctx, allowedOrigins);
      check(validateParams, { ...ctx.params }, 'path');
      check(validateQuery, { ...ctx.query }, 'query');
      if (route.auth === 'session') {
        const data = await ctx.session.load();
        if (!data?.main) throw new ApiError('NOT_AUTHENTICATED');
      } else {
        await ctx.session.load();
      }
      // Before the body is read: a user the org does not let edit forms learns that, whatever they sent.
      if (BUILDER_ROUTES.has(route.id)) await requireFormBuilder(buildCall(ctx, deps, route, {}));
      let body: Record<string, unknown> = {};
      if (typeof route.body === 'object') {
        const parsed = await readJson(ctx, route.bodyLimit ?? DEFAULT_JSON_LIMIT);
        check(validateBody, parsed, 'body');
        body = parsed as Record<string, unknown>;
      }
      // Past the org's API threshold, what can wait (list refreshes, the outbox's import) reuses this
      // session's last answer for a while instead of calling the org; submissions always go through.
      const orgId = ctx.session.data?.main?.organizationId ?? '';
      const deferKey = isDeferrable(route.id, ctx.query) ? `${ctx.session.id ?? ''}|${ctx.url}` : null;
      const slowed = deferKey !== null && deps.apiUsage.slowDown(orgId);
      if (slowed) {
        const kept = deps.apiUsage.keptAnswer(deferKey, deps.config.apiUsage.slowRefreshMs);
        if (kept !== undefined) {
          ctx.set('X-Org-Api-Usage', 'slowed');
          ctx.status = 200;
          ctx.body = { success: true, data: kept };
          return;
        }
      }
      let result: unknown;
      try {
        result = await handler(buildCall(ctx, deps, route, body));
      } catch (err) {
        if (isApiLimitError(err)) deps.apiUsage.recordSpent(orgId);
        throw err;
      } finally {
        recordReadings(deps.apiUsage, ctx.state.orgConns as unknown[] | undefined);
      }
      if (result === HANDLED) return;
      if (deferKey !== null && deps.apiUsage.slowDown(orgId))
        deps.apiUsage.keepAnswer(deferKey, result ?? null);
      if (result === undefined && route.response === 'redirect') return next();
      ctx.status = 200;
      ctx.body = { success: true, data: result ?? null };
    });
  }
}

export function createBff(config: BffConfig, options: BffOptions = {}): Bff {
  const app = new Koa({ proxy: config.trustProxy });
  const logger =
    options.logger ??
    pino({
      level: config.logLevel,
      redact: { paths: ['*.accessToken', '*.refreshToken', '*.authorization', '*.cookie'], remove: true },
    });
  const store = options.store ?? createStore(config.session.redisUrl);
  const refresher = new TokenRefresher(config, store);
  const deps: Deps = {
    config,
    store,
    logger,
    refresher,
    lists: new TtlCache<SfRecord[]>({ max: 5000, ttlMs: config.listCacheMs }),
    apiUsage: new ApiUsageMonitor(logger, { threshold: config.apiUsage.threshold }),
  };
  const router = new Router();
  const remoteOrigins = config.remotes.remotes
    .map((r) => origin(r.manifestUrl))
    .filter((o): o is string => o !== null);
  // PUBLIC_URL and PUBLIC_ORIGINS: the app's own names (a proxy may not pass its Host through).
  const allowedOrigins = [...config.publicOrigins.configured];

  // The shell reads this at run time: redeploying a remote never requires rebuilding the shell.
  router.get('/remotes.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = config.remotes;
  });
  registerApiRoutes(router, deps, allowedOrigins);
  const coordination = options.coordination ?? createCoordination(config.session.redisUrl, logger);
  // The org's forms changed: every instance hears the hint and drops its parsed definitions.
  const changeStreams = new ChangeStreams(config, refresher, logger, coordination, config.cluster, (hint) => {
    if (hint.target?.topic === 'forms' || (hint.target === null && hint.replayId === null))
      forgetDefinitions();
  });
  const detachCaches = attachSharedCaches(coordination);
  const unshareUsage = deps.apiUsage.share(coordination);
  if (config.liveEvents.enabled) eventsRoute(router, deps, changeStreams);

  app.use(requestLog(logger));
  const orgImageOrigins = [
    'https://*.salesforce.com',
    'https://*.force.com',
    'https://*.documentforce.com',
    'https://*.my.site.com',
    origin(config.salesforce.productionLoginUrl),
    origin(config.salesforce.sandboxLoginUrl),
  ].filter((o): o is string => o !== null);
  app.use(
    securityHeaders({
      remoteOrigins,
      frameAncestors: config.frameAncestors,
      allowEval: config.cspAllowEval,
      orgImageOrigins: [...new Set(orgImageOrigins)],
    }),
  );
  app.use(sessionMiddleware(store, { ttlSeconds: config.session.ttlSeconds, secure: config.session.secure }));
  app.use(errorEnvelope(logger));
  app.use(rateLimit(config.rateLimitPerMinute));
  app.use(router.routes());
  app.use(router.allowedMethods());
  const manifests = new RemoteManifests(config.remotes.remotes, {
    maxAgeMs: config.preload.manifestMaxAgeMs,
    timeoutMs: 2000,
  });
  const shell = shellFiles(config.shellDist);
  const screens = new PrerenderedScreens(config.remotes.remotes, {
    maxAgeMs: config.preload.manifestMaxAgeMs,
    timeoutMs: 2000,
  });
  app.use(
    staticShell(config.shellDist, {
      linkFor: config.preload.enabled
        ? (pathname) => linkHeader(pageHints(pathname, { remotes: config.remotes, manifests, shell }))
        : undefined,
      prerendered: config.preload.screens ? (ctx) => prerenderedFor(ctx, config, screens) : undefined,
    }),
  );
  app.use(async (ctx, next) => {
    await next();
    if (ctx.path.startsWith('/api/') && ctx.status === 404 && ctx.body == null) {
      ctx.status = 404;
      ctx.body = new ApiError('NOT_FOUND').toEnvelope();
    }
  });
  return {
    app,
    deps,
    router,
    manifests,
    screens,
    changeStreams,
    coordination,
    close: async () => {
      await changeStreams.close();
      detachCaches();
      unshareUsage();
      await Promise.all([store.close(), coordination.close()]);
    },
  };
}

export function createApp(config: BffConfig, options: BffOptions = {}): Koa {
  return createBff(config, options).app;
}
