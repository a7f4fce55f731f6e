import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_NAMESPACE,
  REMOTE_DEFAULT_PORTS,
  REMOTE_NAMES,
  remoteUrlEnvVar,
  type RemotesConfig,
} from 'shared-contracts';
import { publicOrigins, type PublicOrigins } from './http/public-origins';
import { origin } from './org/util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BffConfig {
  port: number;
  host: string;
  /** Folder holding the shell's production build (index.html + assets). */
  shellDist: string;
  remotes: RemotesConfig;
  version: string;
  /** The BFF's canonical public origin (CSRF origin check, Secure cookies, where sign-in is sent from an unknown host). */
  publicUrl: string | null;
  /** Origins the app may be opened at: sign-in's redirect URI is the browser's own origin when it is one of these. */
  publicOrigins: PublicOrigins;
  /** Trust X-Forwarded-* (behind a load balancer). */
  trustProxy: boolean;
  salesforce: {
    clientId: string | null;
    clientSecret: string | null;
    /** Production and sandbox login hosts (spec: 'values not shown'; Salesforce's defaults). */
    productionLoginUrl: string;
    sandboxLoginUrl: string;
    /** REST API version jsforce uses ('62.0'). */
    apiVersion: string;
    namespace: string;
    /** Secret the canvas signed request is signed with (the connected app's consumer secret). */
    canvasSecret: string | null;
    /** Canvas signed requests older than this are stale. */
    canvasMaxAgeSeconds: number;
  };
  session: {
    redisUrl: string | null;
    ttlSeconds: number;
    /** Secure cookies: true when publicUrl is https, or SESSION_SECURE=true. */
    secure: boolean;
  };
  rateLimitPerMinute: number;
  /** Identical form-list queries of one user in flight together share one org call; answers are reused this long. */
  listCacheMs: number;
  /** Live home (/api/events): server-sent events fed by one org change subscription per org. */
  liveEvents: {
    enabled: boolean;
    /** A comment line this often keeps proxies from closing an idle stream (costs no org call). */
    heartbeatMs: number;
    /** The `retry:` the browser's EventSource waits before reconnecting. */
    retryMs: number;
  };
  /** Several instances (REDIS_URL): the lease on an org's change subscription (cluster/coordination.ts). */
  cluster: { leaseMs: number; campaignMs: number };
  /** The org's daily API allowance (issue 33): past `threshold` of it, refreshes reuse their last answer for `slowRefreshMs`. */
  apiUsage: { threshold: number; slowRefreshMs: number };
  /**
   * The inspection report (issue 42): a submission whose report the org still has as Pending or Failed
   * this long after its last change is retried by the next submit of its inspector (any instance,
   * after a restart too).
   */
  report: { retryAfterMs: number };
  /**
   * Issue 45: the secret each user's escrow key is derived from (VAULT_ESCROW_SECRET, else the
   * connected app's consumer secret). Stable across instances and restarts, or the keys change and
   * the devices' escrow wraps no longer open. Null: no escrow (the route answers 503).
   */
  vault: { escrowSecret: string | null };
  /** frame-ancestors of the CSP: the org domains allowed to frame the app (canvas). */
  frameAncestors: string[];
  /** Module Federation's runtime may evaluate code: allow 'unsafe-eval' in script-src. */
  cspAllowEval: boolean;
  logLevel: string;
  /** Preload hints on the shell's page (bff/src/preload). */
  preload: {
    enabled: boolean;
    /** A remote's manifest is checked again (for its entry's new name) when its hints are older. */
    manifestMaxAgeMs: number;
    /**
     * The remotes' prerendered screens in their routes' pages (issue 46); PRERENDERED_SCREENS=false
     * serves the plain shell page instead.
     */
    screens: boolean;
  };
}

/** Everything the BFF needs comes from its environment, so one build serves every deployment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const remotesHost = env.REMOTES_HOST ?? '127.0.0.1';
  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null;
  const productionLoginUrl = (env.SF_LOGIN_URL ?? 'https://login.salesforce.com').replace(/\/+$/, '');
  const sandboxLoginUrl = (env.SF_SANDBOX_LOGIN_URL ?? 'https://test.salesforce.com').replace(/\/+$/, '');
  const clientSecret = env.SF_CLIENT_SECRET || null;
  const defaultAncestors = [
    "'self'",
    'https://*.salesforce.com',
    'https://*.force.com',
    'https://*.visualforce.com',
    'https://*.my.site.com',
    origin(productionLoginUrl),
    origin(sandboxLoginUrl),
  ].filter((v): v is string => Boolean(v));
  return {
    port: Number(env.PORT ?? 4000),
    host: env.HOST ?? '127.0.0.1',
    shellDist: env.SHELL_DIST ?? path.join(repoRoot, 'shell/dist'),
    version: env.APP_VERSION ?? '1.0.0',
    publicUrl,
    publicOrigins: publicOrigins(publicUrl, env.PUBLIC_ORIGINS),
    trustProxy: env.TRUST_PROXY === 'true',
    remotes: {
      remotes: REMOTE_NAMES.map((name) => ({
        name,
        manifestUrl:
          env[remoteUrlEnvVar(name)] ??
          `http://${remotesHost}:${REMOTE_DEFAULT_PORTS[name]}/mf-manifest.json`,
      })),
    },
    salesforce: {
      clientId: env.SF_CLIENT_ID || null,
      clientSecret,
      productionLoginUrl,
      sandboxLoginUrl,
      apiVersion: env.SF_API_VERSION ?? '62.0',
      namespace: env.SF_NAMESPACE ?? DEFAULT_NAMESPACE,
      canvasSecret: env.SF_CANVAS_SECRET || clientSecret,
      canvasMaxAgeSeconds: Number(env.CANVAS_MAX_AGE_SECONDS ?? 900),
    },
    session: {
      redisUrl: env.REDIS_URL || null,
      ttlSeconds: Number(env.SESSION_TTL_SECONDS ?? 8 * 3600),
      secure: env.SESSION_SECURE ? env.SESSION_SECURE === 'true' : Boolean(publicUrl?.startsWith('https:')),
    },
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 1200),
    listCacheMs: Number(env.LIST_CACHE_MS ?? 0),
    liveEvents: {
      enabled: env.LIVE_EVENTS !== 'false',
      heartbeatMs: Number(env.EVENTS_HEARTBEAT_MS ?? 25_000),
      retryMs: Number(env.EVENTS_RETRY_MS ?? 5_000),
    },
    cluster: {
      leaseMs: Number(env.CLUSTER_LEASE_MS ?? 5_000),
      campaignMs: Number(env.CLUSTER_CAMPAIGN_MS ?? 1_000),
    },
    apiUsage: {
      threshold: Number(env.API_USAGE_THRESHOLD ?? 0.8),
      slowRefreshMs: Number(env.API_USAGE_SLOW_REFRESH_MS ?? 5 * 60_000),
    },
    vault: { escrowSecret: env.VAULT_ESCROW_SECRET || clientSecret },
    report: { retryAfterMs: Number(env.REPORT_RETRY_AFTER_MS ?? 10 * 60_000) },
    frameAncestors: env.FRAME_ANCESTORS ? env.FRAME_ANCESTORS.split(/\s+/).filter(Boolean) : defaultAncestors,
    cspAllowEval: env.CSP_ALLOW_EVAL !== 'false',
    logLevel: env.LOG_LEVEL ?? process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
    preload: {
      enabled: env.PRELOAD_HINTS !== 'false',
      manifestMaxAgeMs: Number(env.PRELOAD_MANIFEST_MAX_AGE_MS ?? 10_000),
      screens: env.PRERENDERED_SCREENS !== 'false',
    },
  };
}
