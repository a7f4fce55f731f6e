// REST discovery, limits and query endpoints under /services/data.
import Router from '@koa/router';
import type { Context } from 'koa';
import { type Emu, userOf } from './context.js';
import { concurrentClientsFor, deliveryAllocationFor } from './streaming/deliveries.js';
import { SfError } from './errors.js';
import { limitsAccess } from './security/errors.js';
import { API_VERSIONS, apiVersion } from './http/apiVersion.js';
import { identityUrl } from './oauth/identity.js';
import { queryColumns } from './soql/columns.js';
import { executeSoql } from './soql/evaluate.js';
import { batchSizeFrom, Locators } from './soql/locators.js';
import type { Registry } from './metadata/registry.js';

export function versionsBody(): Record<string, string>[] {
  return API_VERSIONS.map((v) => ({ label: `Version ${v}`, url: `/services/data/v${v}`, version: v }));
}

export function restRoutes(emu: Emu): Router {
  const router = new Router();
  const locators = new Locators();

  router.get('/services/data/:version', (ctx) => {
    const v = apiVersion(ctx);
    const b = `/services/data/${v}`;
    ctx.body = {
      tooling: `${b}/tooling`,
      metadata: `${b}/metadata`,
      'ui-api': `${b}/ui-api`,
      composite: `${b}/composite`,
      query: `${b}/query`,
      queryAll: `${b}/queryAll`,
      sobjects: `${b}/sobjects`,
      connect: `${b}/connect`,
      limits: `${b}/limits`,
      search: `${b}/search`,
      recent: `${b}/recent`,
      identity: identityUrl(emu.org, userOf(ctx)),
    };
  });

  router.get('/services/data/:version/limits', (ctx) => {
    apiVersion(ctx);
    if (!emu.org.security.canViewSetup(userOf(ctx))) throw limitsAccess();
    // the org's rolling 24-hour pool, this call included (as Salesforce reports it)
    const used = emu.allowance.used();
    const limit = (max: number, usedNow = 0): { Max: number; Remaining: number } => ({
      Max: max,
      Remaining: max - usedNow,
    });
    ctx.body = {
      DailyApiRequests: limit(emu.allowance.max, used),
      // Events delivered to every CometD client over 24 hours, and the clients connected now.
      DailyDeliveredPlatformEvents: limit(
        deliveryAllocationFor(emu.allowance.edition),
        emu.streaming?.deliveries.inWindow() ?? 0,
      ),
      DurableStreamingApiConcurrentClients: limit(
        concurrentClientsFor(emu.allowance.edition),
        emu.streaming?.clientCount ?? 0,
      ),
      ConcurrentAsyncGetReportInstances: limit(200),
      DailyAsyncApexExecutions: limit(250000),
      DailyBulkApiBatches: limit(15000),
      DailyBulkV2QueryJobs: limit(10000),
      DataStorageMB: limit(1024, 1),
      FileStorageMB: limit(10240, 1),
      HourlyODataCallout: limit(10000),
      SingleEmailMessages: limit(5000),
    };
  });

  const runQuery = (ctx: Context, registry: Registry, includeDeleted: boolean, path: string): void => {
    const v = apiVersion(ctx);
    const q = ctx.query.q;
    if (typeof q !== 'string')
      throw new SfError(400, 'MALFORMED_QUERY', 'Query string parameter q is required');
    const access = emu.org.security.forUser(userOf(ctx), registry === emu.org.tooling ? 'tooling' : 'data');
    const env = { org: emu.org, registry: access.registry, apiVersion: v, includeDeleted, access };
    if (ctx.query.columns === 'true') {
      ctx.body = queryColumns(env, q);
      return;
    }
    const out = executeSoql(env, q);
    const batch = batchSizeFrom(ctx.get('sforce-query-options'));
    ctx.body = locators.page(out.records, out.totalSize, batch, `/services/data/${v}/${path}`);
  };

  const next = (ctx: Context, path: string): void => {
    const v = apiVersion(ctx);
    ctx.body = locators.next(String(ctx.params.locator), `/services/data/${v}/${path}`);
  };

  router.get('/services/data/:version/query', (ctx) => runQuery(ctx, emu.org.registry, false, 'query'));
  router.get('/services/data/:version/queryAll', (ctx) => runQuery(ctx, emu.org.registry, true, 'queryAll'));
  router.get('/services/data/:version/query/:locator', (ctx) => next(ctx, 'query'));
  router.get('/services/data/:version/queryAll/:locator', (ctx) => next(ctx, 'queryAll'));
  router.get('/services/data/:version/tooling/query', (ctx) =>
    runQuery(ctx, emu.org.tooling, false, 'tooling/query'),
  );
  router.get('/services/data/:version/tooling/query/:locator', (ctx) => next(ctx, 'tooling/query'));

  return router;
}
