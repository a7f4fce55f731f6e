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

/**
 * Issue 45: a file uploaded as it lies on the device, sealed (AES-256-GCM, its 16-byte tag at the
 * end). The header carries what opens it: the IV, the data key wrapped by the user's escrow key
 * (AES-KW) and the AAD the bytes are bound to. The BFF unwraps the key with the session user's escrow
 * key and opens the bytes on their way to the org, so the browser never holds them in the clear to
 * send them. Absent: the file is sent as it is (a record stored before encryption).
 */
export const UPLOAD_SEALED_HEADER = 'X-Upload-Sealed';

export interface SealedUpload {
  iv: Uint8Array<ArrayBuffer>;
  wrappedKey: Uint8Array<ArrayBuffer>;
  aad: string;
}

const toB64Url = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromB64Url = (s: string): Uint8Array<ArrayBuffer> | null => {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null;
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

/** `v1.<iv>.<wrapped key>.<aad>`, each part base64url (the AAD as UTF-8). */
export function sealedUploadHeader(s: SealedUpload): string {
  return ['v1', toB64Url(s.iv), toB64Url(s.wrappedKey), toB64Url(new TextEncoder().encode(s.aad))].join('.');
}

/** The header read back, or null when it is not one (a 12-byte IV, a 40-byte AES-KW wrap of a 256-bit key). */
export function parseSealedUploadHeader(value: string): SealedUpload | null {
  const parts = value.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return null;
  try {
    const iv = fromB64Url(parts[1] ?? '');
    const wrappedKey = fromB64Url(parts[2] ?? '');
    const aad = fromB64Url(parts[3] ?? '');
    if (!iv || !wrappedKey || !aad || iv.length !== 12 || wrappedKey.length !== 40 || aad.length > 1024)
      return null;
    return { iv, wrappedKey, aad: new TextDecoder('utf-8', { fatal: true }).decode(aad) };
  } catch {
    return null;
  }
}
