/**
 * Where each org stands against its daily API allowance, as the org itself says on every answer
 * (`Sforce-Limit-Info: api-usage=used/max`; jsforce keeps it in `conn.limitInfo`). The allowance is the
 * org's, shared by every integration, so this is per org (its Organization id), not per user or session.
 * Past the threshold (80%) what can wait (list refreshes, imports) slows down before what cannot
 * (submissions, file uploads), a warning is logged once per crossing, and admins are told (userContext).
 */
import type { Logger } from 'pino';
import { TtlCache } from '../cache/ttl-cache';
import type { Coordination } from '../cluster/coordination';

export type UsageLevel = 'normal' | 'high' | 'spent';

export interface OrgApiUsage {
  used: number;
  max: number;
  /** When the org said so (ms since epoch). */
  at: number;
  level: UsageLevel;
  /** Whole percent of the allowance used. */
  percent: number;
}

/** `api-usage=12/15000` → {used, max}; anything else null. */
export function parseLimitInfo(header: string | null | undefined): { used: number; max: number } | null {
  const m = /api-usage=(\d+)\/(\d+)/.exec(header ?? '');
  if (!m) return null;
  const used = Number(m[1]);
  const max = Number(m[2]);
  return max > 0 ? { used, max } : null;
}

export interface ApiUsageOptions {
  /** Share of the allowance from which refreshes slow down (default 0.8). */
  threshold?: number;
  /** A reading older than this no longer decides anything (the window moved on): default 24 h. */
  staleMs?: number;
  now?: () => number;
}

/**
 * The routes whose answers can be a few minutes old without harm: home's lists (forms, tasks, scheduled
 * submissions) and the outbox's import of pending submissions. Never a write, a form being opened, a
 * lookup a user is typing, or a file.
 */
const DEFERRABLE_ROUTES = new Set(['forms', 'pendingSubmissions', 'scheduledSubmissions']);
export function isDeferrable(routeId: string, query: Record<string, unknown>): boolean {
  return DEFERRABLE_ROUTES.has(routeId) || (routeId === 'searchQuery' && query.kind === 'assignedTasks');
}

/** What the connections a request used say about the allowance (jsforce keeps the last answer's header). */
export function recordReadings(monitor: ApiUsageMonitor, conns: unknown[] | undefined): void {
  for (const c of conns ?? []) {
    const conn = c as {
      limitInfo?: { apiUsage?: { used: number; limit: number } };
      userInfo?: { organizationId?: string };
    };
    const u = conn.limitInfo?.apiUsage;
    const orgId = conn.userInfo?.organizationId;
    if (u && orgId) monitor.record(orgId, u.used, u.limit);
  }
}

/** Answers kept at most this many (the slowed routes' last answer per session and URL). */
const KEPT_MAX = 2000;

export class ApiUsageMonitor {
  private readonly orgs: TtlCache<OrgApiUsage>;
  /** Only filled while an org is past the threshold: no memory spent in normal times. */
  private readonly kept: TtlCache<{ at: number; data: unknown }>;
  private readonly threshold: number;
  private readonly staleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly logger: Logger,
    options: ApiUsageOptions = {},
  ) {
    this.threshold = options.threshold ?? 0.8;
    this.staleMs = options.staleMs ?? 24 * 3_600_000;
    this.now = options.now ?? Date.now;
    // A reading older than staleMs says nothing about today's allowance.
    this.orgs = new TtlCache({ max: 10_000, ttlMs: this.staleMs, now: this.now });
    this.kept = new TtlCache({ max: KEPT_MAX, ttlMs: this.staleMs, now: this.now });
  }

  private coord: Coordination | null = null;

  /**
   * Several instances (Redis): a change of level on one instance (it crossed 80%, or went back under)
   * is written to Redis and announced, and every instance takes that reading, so all of them slow
   * down, or stop slowing down, together.
   */
  share(coord: Coordination): () => void {
    this.coord = coord;
    const unlisten = coord.onInvalidate((cache, orgId) => {
      if (cache !== 'apiUsage') return;
      void coord.getValue(`apiUsage:${orgId}`).then(
        (json) => {
          if (!json) return;
          const theirs = JSON.parse(json) as OrgApiUsage;
          const mine = this.get(orgId);
          if (!mine || theirs.at >= mine.at) this.apply(orgId, theirs, false);
        },
        () => undefined,
      );
    });
    return () => {
      unlisten();
      if (this.coord === coord) this.coord = null;
    };
  }

  /** A reading from an org answer. */
  record(orgId: string, used: number, max: number): void {
    if (!orgId || !(max > 0)) return;
    const level: UsageLevel = used >= max ? 'spent' : used >= this.threshold * max ? 'high' : 'normal';
    const percent = Math.min(100, Math.floor((used / max) * 100));
    this.apply(orgId, { used, max, at: this.now(), level, percent }, true);
  }

  private apply(orgId: string, reading: OrgApiUsage, own: boolean): void {
    const { used, max, level, percent } = reading;
    const before = this.get(orgId)?.level ?? 'normal';
    this.orgs.set(orgId, reading);
    if (level !== before && own && this.coord?.shared) {
      const coord = this.coord;
      void coord
        .setValue(`apiUsage:${orgId}`, JSON.stringify(reading), this.staleMs)
        .then(() => coord.invalidate('apiUsage', orgId))
        .catch(() => undefined);
    }
    if (level !== before) {
      const fields = { orgId, used, max, percent };
      if (level === 'spent')
        this.logger.warn(fields, 'org API allowance spent: the org refuses calls (REQUEST_LIMIT_EXCEEDED)');
      else if (level === 'high')
        this.logger.warn(
          fields,
          `org API allowance past ${Math.round(this.threshold * 100)}%: refreshes slow down`,
        );
      else this.logger.info(fields, 'org API allowance back under the threshold');
      if (level === 'normal') this.dropKept();
    }
  }

  /** Back under the threshold: fresh answers again (kept answers are few and short-lived: drop them all). */
  private dropKept(): void {
    this.kept.clear();
  }

  /** The org refused a call for its allowance: it is spent whatever the last reading said. */
  recordSpent(orgId: string): void {
    const last = this.get(orgId);
    const max = last?.max ?? 1;
    this.record(orgId, Math.max(max, last?.used ?? 0), max);
  }

  /** The latest fresh reading, or undefined. */
  get(orgId: string): OrgApiUsage | undefined {
    return this.orgs.get(orgId);
  }

  level(orgId: string): UsageLevel {
    return this.get(orgId)?.level ?? 'normal';
  }

  /** The last answer of a slowed route (session + URL) if younger than `maxAgeMs`. */
  keptAnswer(key: string, maxAgeMs: number): unknown {
    const hit = this.kept.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at >= maxAgeMs) {
      this.kept.delete(key);
      return undefined;
    }
    return hit.data;
  }

  keepAnswer(key: string, data: unknown): void {
    this.kept.set(key, { at: this.now(), data });
  }

  /** For admins (GET /api/orgApiUsage): the org's latest reading, or null before any. */
  forAdmin(
    orgId: string,
  ): { level: UsageLevel; percent: number; used: number; max: number; at: string } | null {
    const u = this.get(orgId);
    if (!u) return null;
    return { level: u.level, percent: u.percent, used: u.used, max: u.max, at: new Date(u.at).toISOString() };
  }

  /** Work that can wait slows down: past the threshold, or with the allowance spent. */
  slowDown(orgId: string): boolean {
    return this.level(orgId) !== 'normal';
  }
}
