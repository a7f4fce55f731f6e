import { useSyncExternalStore } from 'react';

/**
 * The page's path and query string in a React component, kept current across in-app navigation
 * (subpath `ui-kit/use-location`: React only). A remote that single-spa mounts on a few
 * fixed paths (mfe-auth's sign-in screens, home at `/`) reads these instead of carrying a whole
 * router (react-router-dom, ~7 KB compressed) on its cold load. The shell navigates with
 * history.pushState/replaceState followed by a popstate event (single-spa's navigateToUrl,
 * host.navigate), so popstate is the one signal needed.
 */
export function subscribeToLocation(onChange: () => void, win: Window = window): () => void {
  win.addEventListener('popstate', onChange);
  return () => win.removeEventListener('popstate', onChange);
}

const readPathname = () => window.location.pathname;
const readSearch = () => window.location.search;

export function useLocationPathname(): string {
  return useSyncExternalStore(subscribeToLocation, readPathname, () => '/');
}

export function useLocationSearch(): string {
  return useSyncExternalStore(subscribeToLocation, readSearch, () => '');
}
