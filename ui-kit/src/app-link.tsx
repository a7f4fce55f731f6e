import { Link, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { appLinkClick } from './app-link-click';

/**
 * A link to one of the app's own routes (subpath `ui-kit/app-link`): a real href, so it
 * opens in a new tab and reads as a link, but a plain click goes through the shell's router
 * (`host.navigate`) instead of reloading the page (app-link-click.ts; a plain <a> uses that directly).
 */
export function AppLink({
  to,
  navigate,
  children,
  ...rest
}: { to: string; navigate: (path: string) => void; children: ReactNode } & Omit<
  LinkProps,
  'href' | 'onClick'
>) {
  return (
    <Link href={to} onClick={appLinkClick(to, navigate)} {...rest}>
      {children}
    </Link>
  );
}
