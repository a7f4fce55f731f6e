// Fault injection for resilience tests: latency, 500/503 answers, dropped connections, and
// "committed but the response is lost" (the handler runs, then the socket is destroyed unanswered).
import type { Middleware } from 'koa';

export interface FaultConfig {
  latencyMs?: number;
  /** With latencyMs: each request waits a uniformly random time between latencyMs and this. */
  latencyMaxMs?: number;
  errorRate?: number;
  /** Status of injected errors: 500/503 by default; a 4xx makes the failure deterministic for jsforce. */
  errorStatus?: 400 | 401 | 403 | 404 | 500 | 503;
  /** Overrides the injected error's errorCode and message (e.g. a Tooling or deploy error the client must classify). */
  errorCode?: string;
  errorMessage?: string;
  /** Metadata deploys started while set finish Failed with this problem (counts toward `times`). */
  deployProblem?: string;
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

  /** The problem the next metadata deploy fails with, if one is injected. */
  takeDeployProblem(): string | undefined {
    const problem = this.config.deployProblem;
    if (!problem) return undefined;
    if (this.config.times !== undefined && this.affected >= this.config.times) return undefined;
    this.affected++;
    return problem;
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
    const min = c.latencyMs ?? 0;
    const delay = c.latencyMaxMs && c.latencyMaxMs > min ? min + Math.random() * (c.latencyMaxMs - min) : min;
    if (delay > 0) await new Promise((r) => setTimeout(r, Math.min(delay, 60_000)));
    if (faults.roll(c.dropRate)) {
      ctx.respond = false;
      ctx.req.socket.destroy();
      return;
    }
    if (faults.roll(c.errorRate)) {
      const status = c.errorStatus ?? 503;
      ctx.status = status;
      const defaults: Record<number, [string, string]> = {
        503: ['Server temporarily unavailable (injected)', 'SERVER_UNAVAILABLE'],
        500: ['An unexpected error occurred (injected)', 'UNKNOWN_EXCEPTION'],
        401: ['Session expired or invalid', 'INVALID_SESSION_ID'],
        403: ['insufficient access rights on object id (injected)', 'INSUFFICIENT_ACCESS'],
        404: ['The requested resource does not exist', 'NOT_FOUND'],
        400: ['Bad request (injected)', 'INVALID_INPUT'],
      };
      const [message, errorCode] = defaults[status] ?? ['Error (injected)', 'UNKNOWN_EXCEPTION'];
      ctx.body = [{ message: c.errorMessage ?? message, errorCode: c.errorCode ?? errorCode }];
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
