// The org's daily API allowance as Salesforce keeps it: one pool for the whole org, counted over a rolling
// 24 hours, refused with 403 REQUEST_LIMIT_EXCEEDED once spent, reported on each answer in Sforce-Limit-Info.
import type { Context, Middleware } from 'koa';
import { SfError } from '../errors.js';
import type { RouteCounters } from './counters.js';
import { writeSoapFault } from './soap.js';
import { isSubrequest } from './subrequest.js';

export type OrgEdition = 'Developer' | 'Professional' | 'Enterprise' | 'Unlimited' | 'Performance';
export const ORG_EDITIONS: readonly OrgEdition[] = [
  'Developer',
  'Professional',
  'Enterprise',
  'Unlimited',
  'Performance',
];

export interface AllowanceConfig {
  edition?: OrgEdition;
  /** Salesforce licences (full user licences): each adds to the allowance for the paid editions. */
  licenses?: number;
  /** An exact allowance (an org that bought API call add-ons, or a test): wins over edition and licences. */
  max?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Calls are kept per minute: enough for a rolling window, and a day of heavy use stays 1,440 buckets. */
const BUCKET_MS = 60 * 1000;

/**
 * Salesforce's published allocation ("API Request Limits and Allocations"): Developer Edition 15,000 a
 * day; Enterprise and Professional 100,000 + 1,000 per Salesforce licence; Unlimited and Performance
 * 100,000 + 5,000 per licence.
 */
export function allocationFor(edition: OrgEdition, licenses: number): number {
  switch (edition) {
    case 'Developer':
      return 15_000;
    case 'Professional':
    case 'Enterprise':
      return 100_000 + 1_000 * licenses;
    case 'Unlimited':
    case 'Performance':
      return 100_000 + 5_000 * licenses;
  }
}

export const DEFAULT_ALLOWANCE: Required<Omit<AllowanceConfig, 'max'>> = {
  edition: 'Enterprise',
  licenses: 10,
};

export class ApiAllowance {
  edition: OrgEdition;
  licenses: number;
  private explicitMax: number | undefined;
  /** Test control's "time passes": added to the wall clock for the window only. */
  private offsetMs = 0;
  private buckets: { at: number; n: number }[] = [];

  constructor(config: AllowanceConfig = {}) {
    this.edition = config.edition ?? DEFAULT_ALLOWANCE.edition;
    this.licenses = config.licenses ?? DEFAULT_ALLOWANCE.licenses;
    this.explicitMax = config.max;
  }

  get max(): number {
    return this.explicitMax ?? allocationFor(this.edition, this.licenses);
  }

  configure(config: AllowanceConfig): void {
    if (config.edition) this.edition = config.edition;
    if (config.licenses !== undefined) this.licenses = config.licenses;
    // a new edition or licence count without a max means "derive it again"
    if (config.max !== undefined) this.explicitMax = config.max;
    else if (config.edition || config.licenses !== undefined) this.explicitMax = undefined;
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Calls counted in the last 24 hours. */
  used(): number {
    this.expire();
    let n = 0;
    for (const b of this.buckets) n += b.n;
    return n;
  }

  /** Counts one call if the allowance has room; false when it is spent (the call is refused, not counted). */
  take(): boolean {
    if (this.used() >= this.max) return false;
    const at = Math.floor(this.now() / BUCKET_MS) * BUCKET_MS;
    const last = this.buckets[this.buckets.length - 1];
    if (last && last.at === at) last.n++;
    else this.buckets.push({ at, n: 1 });
    return true;
  }

  /** Test control: the window holds exactly `n` calls, made now. */
  setUsed(n: number): void {
    this.buckets = n > 0 ? [{ at: Math.floor(this.now() / BUCKET_MS) * BUCKET_MS, n }] : [];
  }

  /** Test control: time passes; calls older than 24 hours leave the window. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** When the oldest counted call leaves the window (the allowance grows again then), or null. */
  nextRelease(): number | null {
    this.expire();
    const first = this.buckets[0];
    return first ? first.at + BUCKET_MS + DAY_MS : null;
  }

  reset(): void {
    this.buckets = [];
    this.offsetMs = 0;
  }

  toJSON(): Record<string, unknown> {
    const release = this.nextRelease();
    return {
      edition: this.edition,
      licenses: this.licenses,
      max: this.max,
      used: this.used(),
      windowHours: 24,
      now: new Date(this.now()).toISOString(),
      nextReleaseAt: release === null ? null : new Date(release).toISOString(),
    };
  }

  private expire(): void {
    // a bucket leaves once its whole minute is older than 24 hours
    const cutoff = this.now() - DAY_MS;
    let drop = 0;
    while (drop < this.buckets.length && this.buckets[drop]!.at + BUCKET_MS <= cutoff) drop++;
    if (drop) this.buckets.splice(0, drop);
  }
}

/**
 * Which requests Salesforce counts against DailyApiRequests: REST (incl. Tooling, Composite, UI API and
 * Connect under /services/data/vXX.X; a composite or collections call is one) and the SOAP Metadata API.
 * Not counted: the public version list, OAuth (authorize, token, userinfo, revoke), the identity URL
 * (Salesforce rate-limits it per user and hour instead), the SOAP login() call, the Streaming API's
 * CometD channel (its own limits: concurrent clients and delivered events), file servlet downloads
 * (/sfc/servlet.shepherd) and the org's own pages (login, record pages).
 */
export function isCountedCall(ctx: Context): boolean {
  const p = ctx.path;
  if (/^\/services\/data\/v\d+\.\d+(\/|$)/.test(p)) return typeof ctx.state.userId === 'string';
  return p.startsWith('/services/Soap/m/');
}

/** Salesforce's text, word for word: `[{"message":"TotalRequests Limit exceeded.","errorCode":"REQUEST_LIMIT_EXCEEDED"}]`. */
export const LIMIT_MESSAGE = 'TotalRequests Limit exceeded.';

/** Runs after the bearer check: only an authenticated call is counted, refused or reported. */
export function apiAllowance(allowance: ApiAllowance, counters: RouteCounters): Middleware {
  return async (ctx, next) => {
    // a composite's subrequests are part of the one counted composite call
    if (!isCountedCall(ctx) || isSubrequest(ctx)) return next();
    const ok = allowance.take();
    // Set before the handler runs so error answers (thrown past this middleware) carry it too.
    ctx.set('Sforce-Limit-Info', `api-usage=${allowance.used()}/${allowance.max}`);
    if (!ok) {
      // SOAP clients get the fault the org sends (faultstring "REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded.")
      if (ctx.path.startsWith('/services/Soap/')) {
        writeSoapFault(
          ctx,
          'http://soap.sforce.com/2006/04/metadata',
          'REQUEST_LIMIT_EXCEEDED',
          LIMIT_MESSAGE,
        );
        return;
      }
      throw new SfError(403, 'REQUEST_LIMIT_EXCEEDED', LIMIT_MESSAGE);
    }
    counters.apiCalls++;
    await next();
  };
}
