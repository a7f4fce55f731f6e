import { useSyncExternalStore } from 'react';

/**
 * The page's query string (`?outbox` deep link), kept current across in-app navigation. Home is one
 * route that single-spa mounts at `/`, so this replaces a whole router (react-router-dom, ~7 KB
 * compressed) on the cold load. The shell navigates with history.pushState/replaceState followed by a
 * popstate event (single-spa's navigateToUrl, host.navigate), so popstate is the one signal needed.
 */
export function subscribeToLocation(onChange: () => void, win: Window = window): () => void {
  win.addEventListener('popstate', onChange);
  return () => win.removeEventListener('popstate', onChange);
}

const readSearch = () => window.location.search;

export function useLocationSearch(): string {
  return useSyncExternalStore(subscribeToLocation, readSearch, () => '');
}
