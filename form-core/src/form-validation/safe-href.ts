/**
 * The href of a formula hyperlink, or undefined when it must not be a link. Formulas are authored in
 * the form definition and filled with what users type, so they can yield `javascript:` (or `data:`,
 * `vbscript:`) URLs, which run script on click: React 18 still renders them. Only web, mail and
 * phone links, and relative ones, are links.
 */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  // Browsers drop ASCII control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- exactly those characters are the point
  const compact = trimmed.replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return trimmed === '' ? undefined : trimmed;
  return SAFE_SCHEMES.has(scheme) ? trimmed : undefined;
}
