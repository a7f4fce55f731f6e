// Fault injection for resilience tests: latency, 500/503 answers, dropped connections, and
// "committed but the response is lost" (the handler runs, then the socket is destroyed unanswered).
import type { Middleware } from 'koa';

export interface FaultConfig {
  latencyMs?: number;
  errorRate?: number;
  errorStatus?: 500 | 503;
  dropRate?: number;
  lostResponseRate?: number;
  /** Only requests whose path matches this regular expression are affected. */
  pathPattern?: string;
  /** Only these methods are affected (e.g. ["POST","PATCH"]). */
  methods?: string[];
  /** Stop injecting after this many affected requests. */
  times?: number;
}

export class Faults {
  config: FaultConfig = {};
  private pattern: RegExp | undefined;
  private affected = 0;

  set(config: FaultConfig): void {
    this.config = { ...config };
    this.pattern = config.pathPattern ? new RegExp(config.pathPattern) : undefined;
    this.affected = 0;
  }

  clear(): void {
    this.set({});
  }

  applies(method: string, path: string): boolean {
    if (path.startsWith('/__emulator')) return false;
    if (this.pattern && !this.pattern.test(path)) return false;
    if (this.config.methods && !this.config.methods.map((m) => m.toUpperCase()).includes(method))
      return false;
    if (this.config.times !== undefined && this.affected >= this.config.times) return false;
    return true;
  }

  roll(rate: number | undefined): boolean {
    if (!rate || rate <= 0) return false;
    const hit = Math.random() < rate;
    if (hit) this.affected++;
    return hit;
  }
}

export function faultMiddleware(faults: Faults): Middleware {
  return async (ctx, next) => {
    if (!faults.applies(ctx.method, ctx.path)) return next();
    const c = faults.config;
    if (c.latencyMs && c.latencyMs > 0)
      await new Promise((r) => setTimeout(r, Math.min(c.latencyMs ?? 0, 60_000)));
    if (faults.roll(c.dropRate)) {
      ctx.respond = false;
      ctx.req.socket.destroy();
      return;
    }
    if (faults.roll(c.errorRate)) {
      const status = c.errorStatus ?? 503;
      ctx.status = status;
      ctx.body = [
        {
          message:
            status === 503
              ? 'Server temporarily unavailable (injected)'
              : 'An unexpected error occurred (injected)',
          errorCode: status === 503 ? 'SERVER_UNAVAILABLE' : 'UNKNOWN_EXCEPTION',
        },
      ];
      return;
    }
    const lose = faults.roll(c.lostResponseRate);
    await next();
    if (lose) {
      ctx.respond = false;
      ctx.req.socket.destroy();
    }
  };
}
