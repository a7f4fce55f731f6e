// The wire constants the browser needs (CSRF header, cookies, sign-in and canvas paths), apart from
// the route table: front ends import these without pulling API_ROUTES and its schemas into their bundles.

/**
 * The browser's CSRF defence: every state-changing call (see `ApiRoute.stateChanging` in ./routes) must carry this
 * header with this value, and come from the BFF's own origin (Origin header, or for GETs
 * `Sec-Fetch-Site: same-origin` when the browser sends no Origin). A cross-site page cannot set a
 * custom header without a CORS preflight, which the BFF never approves.
 */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'cq';
/** The browser sends cookies with `credentials: 'same-origin'`; the BFF and the shell share one origin. */
export const API_CREDENTIALS = 'same-origin';

/** Top-level session cookie (httpOnly, SameSite=Lax, Secure over https). */
export const SESSION_COOKIE = 'cq_sid';
/** Canvas (embedded) session cookie: SameSite=None; Secure; Partitioned (CHIPS), works in the org's iframe. */
export const EMBEDDED_SESSION_COOKIE = 'cq_esid';

/** Sign-in: the browser navigates (not fetch) to this URL; it answers 302 to the org's authorize page. */
export const LOGIN_START_PATH = '/api/auth/login';
export const LOGIN_TARGETS = ['main', 'otherOrg'] as const;
export type LoginTarget = (typeof LOGIN_TARGETS)[number];
/** The OAuth redirect URIs registered in the connected app; the BFF exchanges the code there. */
export const AUTH_CALLBACK_PATHS: Record<LoginTarget, string> = {
  main: '/authSuccessCallback',
  otherOrg: '/authOtherOrgSuccessCallback',
};
/** After the exchange the BFF redirects the browser to the same path with `?status=ok` or `?status=error&error=...`. */
export const AUTH_RESULT_PARAM = 'status';

/** The canvas signed request is POSTed here (form field `signed_request`); success redirects to this launcher. */
export const CANVAS_PATH = '/canvas';
export const CANVAS_LAUNCH_PATH = '/launchFromSF';
