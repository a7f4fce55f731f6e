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
  return subscribeRootAttribute('dir', listener);
}

/** Calls `listener` whenever `<html lang>` changes (the host set the user's language); returns the remover. */
export function subscribeLanguage(listener: () => void): () => void {
  return subscribeRootAttribute('lang', listener);
}

function subscribeRootAttribute(name: string, listener: () => void): () => void {
  if (typeof MutationObserver === 'undefined' || typeof document === 'undefined') return () => undefined;
  let last = document.documentElement.getAttribute(name);
  const observer = new MutationObserver(() => {
    const now = document.documentElement.getAttribute(name);
    if (now === last) return;
    last = now;
    listener();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [name] });
  return () => observer.disconnect();
}
