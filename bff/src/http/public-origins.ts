/**
 * Which origins the app may be opened at and sign-in may come back to. The OAuth callback has to
 * land on the host that holds the session cookie (cookies are per host: `localhost` and `127.0.0.1`
 * are two sites), so sign-in uses the origin the browser is on, but only one from this allow-list:
 * a redirect URI is never built from an arbitrary Host header.
 *
 * - Configured origins: `PUBLIC_URL` (the canonical one) and `PUBLIC_ORIGINS` (more names for the
 *   same app, e.g. a LAN name behind a proxy).
 * - Loopback aliases: `localhost`, `127.0.0.1` and `[::1]` name the same machine, so each configured
 *   loopback origin allows the other two names with the same scheme and port.
 * - Nothing configured (development): any loopback origin; a loopback redirect URI can only lead back
 *   to the user's own machine.
 */
export interface PublicOrigins {
  /** Where a browser on a host outside the list is sent to sign in; null when nothing is configured. */
  canonical: string | null;
  /** The configured origins, normalised. */
  configured: readonly string[];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function parseOrigin(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Builds the allow-list from PUBLIC_URL and PUBLIC_ORIGINS (comma or space separated). */
export function publicOrigins(publicUrl: string | null, extra: string | undefined): PublicOrigins {
  const configured: string[] = [];
  for (const value of [publicUrl ?? '', ...(extra ?? '').split(/[\s,]+/)]) {
    if (!value) continue;
    const url = parseOrigin(value);
    if (!url) throw new Error(`not an http(s) origin in PUBLIC_URL/PUBLIC_ORIGINS: ${value}`);
    if (!configured.includes(url.origin)) configured.push(url.origin);
  }
  return { canonical: configured[0] ?? null, configured };
}

/**
 * The normalised origin when `origin` (scheme://host[:port] as the browser sees the app) is one
 * sign-in may use, else null.
 */
export function allowedPublicOrigin(origin: string, origins: PublicOrigins): string | null {
  const url = parseOrigin(origin);
  if (!url || url.username || url.password) return null;
  if (origins.configured.includes(url.origin)) return url.origin;
  if (!LOOPBACK.has(url.hostname)) return null;
  if (origins.configured.length === 0) return url.origin;
  const alias = origins.configured.some((value) => {
    const known = new URL(value);
    return LOOPBACK.has(known.hostname) && known.protocol === url.protocol && known.port === url.port;
  });
  return alias ? url.origin : null;
}

export type SignInOrigin =
  { kind: 'here'; origin: string } | { kind: 'canonical'; origin: string } | { kind: 'refused' };

/**
 * Where sign-in runs for a browser on `requestOrigin`: right here when the origin is allowed (the
 * callback then lands on the host holding the cookie), else on the canonical origin (the browser is
 * sent there before the org is contacted), else nowhere.
 */
export function signInOrigin(requestOrigin: string, origins: PublicOrigins): SignInOrigin {
  const here = allowedPublicOrigin(requestOrigin, origins);
  if (here) return { kind: 'here', origin: here };
  if (origins.canonical) return { kind: 'canonical', origin: origins.canonical };
  return { kind: 'refused' };
}
