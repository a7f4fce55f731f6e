// Requests per matched route ("POST /services/data/:version/sobjects/:type"), so tests can prove exactly-once effects.
import type { Middleware } from 'koa';

export class RouteCounters {
  readonly counts = new Map<string, number>();
  apiCalls = 0;

  toJSON(): Record<string, number> {
    return Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  clear(): void {
    this.counts.clear();
  }
}

export function counterMiddleware(counters: RouteCounters): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (!ctx.path.startsWith('/__emulator')) {
        const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
        const route = typeof matched === 'string' ? matched : '(unmatched)';
        const key = `${ctx.method} ${route}`;
        counters.counts.set(key, (counters.counts.get(key) ?? 0) + 1);
      }
    }
  };
}
