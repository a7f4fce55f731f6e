/**
 * Preload hints for the shell's page: what a route makes the browser fetch, named up front in `Link`
 * headers so a slow network fetches it beside the shell's own entry instead of one round trip after
 * another (index.html → main.js → /remotes.json → the remote's manifest → its entry → its module).
 * A hint is only advice: a wrong or stale one costs bytes, never the page (the shell and the Module
 * Federation runtime still ask for what they need themselves).
 */
export interface PreloadHint {
  url: string;
  /** `script` for code, `fetch` for JSON the page reads with fetch(). */
  as: 'script' | 'fetch';
  /**
   * CORS mode the page's own request uses; the preload must match it or the browser fetches twice.
   * Remote code is loaded `crossorigin="anonymous"` (webpack's crossOriginLoading, the shell's MF
   * runtime plugin), and fetch() of another origin is a CORS request; the shell's own chunks are plain
   * same-origin script loads.
   */
  crossorigin: boolean;
}

/** The `Link` header value for these hints (RFC 8288; the URLs are already serialized, so no `>` in them). */
export function linkHeader(hints: readonly PreloadHint[]): string {
  return hints
    .map((h) => `<${h.url}>; rel=preload; as=${h.as}${h.crossorigin ? '; crossorigin=anonymous' : ''}`)
    .join(', ');
}

/** Drops repeated URLs, keeping the first (its position is its priority). */
export function uniqueHints(hints: readonly PreloadHint[]): PreloadHint[] {
  const seen = new Set<string>();
  return hints.filter((h) => !seen.has(h.url) && seen.add(h.url));
}
