/**
 * Node-side HTTP session helpers for integration tests that sign in over real HTTP (the BFF's and
 * the shell's suites): a cookie jar and the reading of a login form's hidden inputs.
 */

/** A tiny cookie jar per origin. */
export class Jar {
  private readonly cookies = new Map<string, Map<string, string>>();
  /** Raw Set-Cookie headers seen, for assertions. */
  readonly setCookies: string[] = [];
  store(url: string, res: Response): void {
    const host = new URL(url).host;
    const map = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') map.delete(name);
      else map.set(name, value);
    }
    this.cookies.set(host, map);
  }
  header(url: string): string {
    const map = this.cookies.get(new URL(url).host);
    return map ? [...map].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }
  get(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).host)?.get(name);
  }
  set(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    const map = this.cookies.get(host) ?? new Map<string, string>();
    map.set(name, value);
    this.cookies.set(host, map);
  }
}

/** The hidden inputs of an HTML form (the org's login and consent pages), entity-decoded. */
export function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(m[0])?.[1];
    const value = /value="([^"]*)"/.exec(m[0])?.[1] ?? '';
    if (name)
      out[name] = value
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>');
  }
  return out;
}
