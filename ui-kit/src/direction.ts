export type Direction = 'ltr' | 'rtl';

/**
 * The page's writing direction: the `dir` of `<html>`, which the host sets from the user's language
 * (Arabic and Hebrew right to left). Every Chakra provider follows it (`useDirectedTheme`), CSS
 * follows it through logical properties, and the few pieces that read pointer or arrow-key x
 * (column resizing, keyboard dragging) ask it here (subpath `ui-kit/direction`, no React).
 */
export function documentDirection(): Direction {
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}

/** Calls `listener` whenever `<html dir>` changes; returns the remover. */
export function subscribeDirection(listener: () => void): () => void {
  if (typeof MutationObserver === 'undefined' || typeof document === 'undefined') return () => undefined;
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['dir'] });
  return () => observer.disconnect();
}
