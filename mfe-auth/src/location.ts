import { useSyncExternalStore } from 'react';

/**
 * The page's path and query string, kept current across in-app navigation. mfe-auth's three screens
 * are chosen by path alone (single-spa mounts it only on them), so this replaces a whole router
 * (react-router-dom, ~7 KB compressed) on the sign-in page. The shell navigates with
 * history.pushState/replaceState followed by a popstate event (single-spa's navigateToUrl,
 * host.navigate), so popstate is the one signal needed.
 */
export function subscribeToLocation(onChange: () => void, win: Window = window): () => void {
  win.addEventListener('popstate', onChange);
  return () => win.removeEventListener('popstate', onChange);
}

const readPathname = () => window.location.pathname;
const readSearch = () => window.location.search;

export function usePathname(): string {
  return useSyncExternalStore(subscribeToLocation, readPathname, () => '/');
}

export function useSearch(): string {
  return useSyncExternalStore(subscribeToLocation, readSearch, () => '');
}

export type AuthScreenName = 'login' | 'main' | 'otherOrg';

/** Which screen a path shows (trailing slashes ignored, as the shell's route table does). */
export function screenForPath(pathname: string): AuthScreenName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/login') return 'login';
  if (path === '/authSuccessCallback') return 'main';
  if (path === '/authOtherOrgSuccessCallback') return 'otherOrg';
  return null;
}
