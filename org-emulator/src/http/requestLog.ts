// Not Salesforce: the last requests' headers, for tests that prove what a client sends the org (for
// example that a backend never forwards a browser's cookies). Read at GET /__emulator/requests.
import type { Middleware } from 'koa';

export interface LoggedRequest {
  at: string;
  method: string;
  /** Path without the query string. */
  path: string;
  /** Request headers, lower-case names; an Authorization value is reduced to its scheme. */
  headers: Record<string, string>;
}

export class RequestLog {
  private entries: LoggedRequest[] = [];
  constructor(private readonly max = 2000) {}

  record(entry: LoggedRequest): void {
    this.entries.push(entry);
    // a ring: long test runs keep the latest requests, memory stays bounded
    if (this.entries.length > this.max) this.entries.splice(0, this.entries.length - this.max);
  }

  list(): LoggedRequest[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}

export function requestLogMiddleware(log: RequestLog): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/__emulator')) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(ctx.headers)) {
        const v = Array.isArray(value) ? value.join(', ') : String(value ?? '');
        // the token itself is the emulator's own secret: the scheme is what tests need
        headers[name] = name === 'authorization' ? (v.split(' ')[0] ?? '') : v;
      }
      log.record({ at: new Date().toISOString(), method: ctx.method, path: ctx.path, headers });
    }
    await next();
  };
}
