// Which of mfe-auth's screens a path shows; the path itself comes from ui-kit/use-location.

export type AuthScreenName = 'login' | 'main' | 'otherOrg';

/** Which screen a path shows (trailing slashes ignored, as the shell's route table does). */
export function screenForPath(pathname: string): AuthScreenName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/login') return 'login';
  if (path === '/authSuccessCallback') return 'main';
  if (path === '/authOtherOrgSuccessCallback') return 'otherOrg';
  return null;
}
