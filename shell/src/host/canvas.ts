/**
 * Canvas mode (spec 000 §2, §4): launched from inside the org. URL fragments launchFromSF and
 * CQEditFormSF switch it on; so does running inside a frame (only the org's pages may frame the app:
 * the BFF's CSP frame-ancestors), so a reload of /form/{id} inside the org's iframe stays in canvas
 * mode. No uploader runs in canvas mode.
 */
export function isCanvasPath(pathname: string): boolean {
  return /launchFromSF|CQEditFormSF/.test(pathname);
}

export function isFramed(win: { self: unknown; top: unknown }): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true; // reading a cross-origin top can throw: then we are framed
  }
}

export function isCanvasMode(win: { self: unknown; top: unknown; location: { pathname: string } }): boolean {
  return isCanvasPath(win.location.pathname) || isFramed(win);
}
