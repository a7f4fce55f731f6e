// Not Salesforce: /__emulator/* endpoints for tests (reset, token expiry, faults, counters). Off unless enabled.
import Router from '@koa/router';
import type { Emu } from './context.js';
import { SfError } from './errors.js';
import { isPlainObject, readJson } from './http/body.js';
import { setConnectedAppCreation } from './oauth/connected-apps.js';
import type { RouteCounters } from './http/counters.js';
import { ORG_EDITIONS, type OrgEdition } from './http/apiAllowance.js';
import type { FaultConfig } from './http/faults.js';
import type { RequestLog } from './http/requestLog.js';

const rate = (v: unknown, name: string): number | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || v < 0 || v > 1)
    throw new SfError(400, 'INVALID_FIELD', `${name} must be a number between 0 and 1`);
  return v;
};

export function testControlRoutes(
  emu: Emu,
  counters: RouteCounters,
  defaultSeed: 'demo' | 'none',
  requests?: RequestLog,
): Router {
  const router = new Router({ prefix: '/__emulator' });

  router.get('/health', (ctx) => {
    ctx.body = { ok: true };
  });

  router.post('/reset', async (ctx) => {
    const body = await readJson(ctx);
    const seed =
      isPlainObject(body) && (body.seed === 'demo' || body.seed === 'none') ? body.seed : defaultSeed;
    emu.reseed(seed);
    emu.faults.clear();
    counters.clear();
    counters.apiCalls = 0;
    emu.allowance.reset();
    emu.streaming?.resetUsage();
    requests?.clear();
    ctx.body = { ok: true, seed };
  });

  // The org forgets its CometD clients (a server-side expiry): their next connect gets 403::Unknown client.
  router.post('/streaming/drop-clients', (ctx) => {
    ctx.body = { ok: true, dropped: emu.streaming?.dropClients() ?? 0 };
  });

  // What the org counts of its streaming clients: connected now, the most at once, events delivered.
  const streamingUsage = () =>
    emu.streaming?.usage() ?? { clients: 0, peakClients: 0, delivered: 0, deliveredToday: 0, redelivered: 0 };
  router.get('/streaming', (ctx) => {
    ctx.body = streamingUsage();
  });
  // An org that has already delivered this many events in the last 24 hours (near its allocation).
  router.post('/streaming', async (ctx) => {
    const body = await readJson(ctx);
    const n = isPlainObject(body) ? body.deliveredToday : undefined;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
      throw new SfError(400, 'INVALID_FIELD', 'deliveredToday must be a whole number of events');
    emu.streaming?.deliveries.setInWindow(n);
    ctx.body = streamingUsage();
  });
  router.delete('/streaming', (ctx) => {
    emu.streaming?.resetUsage();
    ctx.body = { ok: true };
  });

  router.post('/expire-tokens', (ctx) => {
    emu.tokens.expireAll();
    ctx.body = { ok: true };
  });

  // What Salesforce Support does on request: lets this org create connected apps again (or stops it).
  router.post('/connected-app-creation', async (ctx) => {
    const body = await readJson(ctx);
    if (!isPlainObject(body) || typeof body.allowed !== 'boolean')
      throw new SfError(400, 'INVALID_FIELD', 'allowed must be true or false');
    setConnectedAppCreation(emu.org, body.allowed);
    ctx.body = { ok: true, allowed: body.allowed };
  });

  router.get('/faults', (ctx) => {
    ctx.body = {
      ...emu.faults.config,
      duplicatesDelivered: emu.faults.duplicatesDelivered,
      duplicateCandidates: emu.faults.duplicateCandidates,
    };
  });

  const setFaults = async (ctx: Parameters<Parameters<Router['post']>[1]>[0]): Promise<void> => {
    const body = await readJson(ctx);
    if (!isPlainObject(body)) throw new SfError(400, 'JSON_PARSER_ERROR', 'expected a JSON object');
    const config: FaultConfig = {
      latencyMs: typeof body.latencyMs === 'number' && body.latencyMs >= 0 ? body.latencyMs : undefined,
      latencyMaxMs:
        typeof body.latencyMaxMs === 'number' && body.latencyMaxMs >= 0 ? body.latencyMaxMs : undefined,
      errorRate: rate(body.errorRate, 'errorRate'),
      errorStatus: ([400, 401, 403, 404, 500, 503] as const).find((st) => st === body.errorStatus) ?? 503,
      errorCode:
        typeof body.errorCode === 'string' && /^[A-Z_0-9]{1,80}$/.test(body.errorCode)
          ? body.errorCode
          : undefined,
      errorMessage: typeof body.errorMessage === 'string' ? body.errorMessage.slice(0, 1000) : undefined,
      deployProblem:
        typeof body.deployProblem === 'string' && body.deployProblem
          ? body.deployProblem.slice(0, 1000)
          : undefined,
      dropRate: rate(body.dropRate, 'dropRate'),
      lostResponseRate: rate(body.lostResponseRate, 'lostResponseRate'),
      duplicateRate: rate(body.duplicateRate, 'duplicateRate'),
      pathPattern: typeof body.pathPattern === 'string' ? body.pathPattern : undefined,
      methods: Array.isArray(body.methods) ? body.methods.map(String) : undefined,
      times: typeof body.times === 'number' ? body.times : undefined,
      subrequests: body.subrequests === true ? true : undefined,
    };
    if (config.pathPattern) {
      try {
        new RegExp(config.pathPattern);
      } catch {
        throw new SfError(400, 'INVALID_FIELD', 'pathPattern is not a valid regular expression');
      }
    }
    emu.faults.set(config);
    ctx.body = emu.faults.config;
  };
  router.post('/faults', setFaults);
  router.put('/faults', setFaults);
  router.delete('/faults', (ctx) => {
    emu.faults.clear();
    ctx.body = { ok: true };
  });

  router.get('/requests', (ctx) => {
    ctx.body = { requests: requests?.list() ?? [] };
  });
  router.delete('/requests', (ctx) => {
    requests?.clear();
    ctx.body = { ok: true };
  });

  // The org's daily API allowance: read it, set edition/licences/max and the calls already counted
  // (`used`), and let time pass so counted calls leave the rolling 24-hour window.
  router.get('/api-usage', (ctx) => {
    ctx.body = emu.allowance.toJSON();
  });
  const setUsage = async (ctx: Parameters<Parameters<Router['post']>[1]>[0]): Promise<void> => {
    const body = await readJson(ctx);
    if (!isPlainObject(body)) throw new SfError(400, 'JSON_PARSER_ERROR', 'expected a JSON object');
    const count = (v: unknown, name: string): number | undefined => {
      if (v === undefined) return undefined;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1e9)
        throw new SfError(400, 'INVALID_FIELD', `${name} must be a whole number from 0`);
      return v;
    };
    const edition = body.edition;
    if (edition !== undefined && !ORG_EDITIONS.includes(edition as OrgEdition))
      throw new SfError(400, 'INVALID_FIELD', `edition must be one of ${ORG_EDITIONS.join(', ')}`);
    const max = count(body.max, 'max');
    const licenses = count(body.licenses, 'licenses');
    const used = count(body.used, 'used');
    emu.allowance.configure({
      ...(edition !== undefined ? { edition: edition as OrgEdition } : {}),
      ...(licenses !== undefined ? { licenses } : {}),
      ...(max !== undefined ? { max } : {}),
    });
    if (used !== undefined) emu.allowance.setUsed(used);
    ctx.body = emu.allowance.toJSON();
  };
  router.post('/api-usage', setUsage);
  router.put('/api-usage', setUsage);
  router.post('/api-usage/time-passes', async (ctx) => {
    const body = await readJson(ctx);
    const hours = isPlainObject(body) ? body.hours : undefined;
    if (typeof hours !== 'number' || !(hours > 0) || hours > 24 * 365)
      throw new SfError(400, 'INVALID_FIELD', 'hours must be a positive number');
    emu.allowance.advance(hours * 3_600_000);
    ctx.body = emu.allowance.toJSON();
  });

  router.get('/counters', (ctx) => {
    ctx.body = { routes: counters.toJSON(), apiCalls: counters.apiCalls };
  });
  router.delete('/counters', (ctx) => {
    counters.clear();
    counters.apiCalls = 0;
    ctx.body = { ok: true };
  });

  return router;
}
