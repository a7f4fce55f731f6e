// Fault injection for resilience tests: latency, 500/503 answers, dropped connections,
// "committed but the response is lost" (the handler runs, then the socket is destroyed unanswered),
// and duplicate delivery (the network hands the org the same request twice).
import http, { type IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { isSubrequest } from './subrequest.js';

/** Marks the second delivery of a duplicated request (never duplicated again). */
const DUPLICATE_HEADER = 'x-emulator-duplicate';
/** Bodies larger than this (file uploads) are delivered once: duplicating them would mean buffering. */
const DUPLICATE_MAX_BODY = 4 * 1024 * 1024;

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
  /**
   * Duplicate delivery: the request is handled twice, a first copy and then the request itself
   * (whose answer is the one sent). Multipart bodies and bodies over 4 MB are delivered once.
   */
  duplicateRate?: number;
  /** Only requests whose path matches this regular expression are affected. */
  pathPattern?: string;
  /** Only these methods are affected (e.g. ["POST","PATCH"]). */
  methods?: string[];
  /** Stop injecting after this many affected requests. */
  times?: number;
  /**
   * Also a Composite call's subrequests that match: the org refusing that one operation inside the
   * call (e.g. a ContentVersion insert over the storage limit), not the network failing the call.
   */
  subrequests?: boolean;
}

export class Faults {
  config: FaultConfig = {};
  private pattern: RegExp | undefined;
  private affected = 0;
  /** Requests delivered twice since the emulator started (GET /__emulator/faults shows it). */
  duplicatesDelivered = 0;
  /** Requests that could have been duplicated (the population duplicateRate is a rate of). */
  duplicateCandidates = 0;

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
    // The injected faults are the network's, between a client and the org. A composite's subrequests
    // run inside the org (here: through its own routes): the composite call alone pays them.
    if (isSubrequest(ctx) && !faults.config.subrequests) return next();
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
    const candidate =
      !!c.duplicateRate &&
      !ctx.get(DUPLICATE_HEADER) &&
      !/multipart/i.test(ctx.get('Content-Type')) &&
      Number(ctx.get('Content-Length') || 0) <= DUPLICATE_MAX_BODY;
    if (candidate) faults.duplicateCandidates++;
    if (candidate && faults.roll(c.duplicateRate)) {
      const body = await readAll(ctx.req);
      faults.duplicatesDelivered++;
      await deliverAgain(ctx.req, ctx.originalUrl, body).catch(() => undefined);
      // the handlers read the body from ctx.req: the request itself, its bytes served again
      const again = Object.create(ctx.req) as IncomingMessage;
      Object.defineProperty(again, Symbol.asyncIterator, {
        value: async function* () {
          if (body.length > 0) yield body;
        },
      });
      ctx.req = again;
    }
    const lose = faults.roll(c.lostResponseRate);
    await next();
    if (lose) {
      ctx.respond = false;
      ctx.req.socket.destroy();
    }
  };
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The first copy of a duplicated request, sent to this same server and answered to no one. */
function deliverAgain(req: IncomingMessage, url: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const copy = http.request(
      {
        host: '127.0.0.1',
        port: req.socket.localPort,
        method: req.method,
        path: url,
        headers: { ...req.headers, [DUPLICATE_HEADER]: '1', 'content-length': String(body.length) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve());
        res.on('error', reject);
      },
    );
    copy.on('error', reject);
    copy.end(body);
  });
}
