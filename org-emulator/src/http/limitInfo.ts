// Daily API usage, reported like Salesforce on every REST answer.
import type { Middleware } from 'koa';
import type { RouteCounters } from './counters.js';

/** Every REST answer carries the daily API usage like Salesforce does. */
export function limitInfo(counters: RouteCounters): Middleware {
  return async (ctx, next) => {
    const api = ctx.path.startsWith('/services/data');
    if (!api) return next();
    counters.apiCalls++;
    // Set before the handler runs so error answers (thrown past this middleware) carry it too.
    ctx.set('Sforce-Limit-Info', `api-usage=${counters.apiCalls}/15000`);
    await next();
  };
}
