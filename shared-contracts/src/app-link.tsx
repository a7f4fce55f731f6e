import { Link, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A link to one of the app's own routes (subpath `shared-contracts/app-link`): a real href, so it
 * opens in a new tab and reads as a link, but a plain click goes through the shell's router
 * (`host.navigate`) instead of reloading the page.
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
    <Link
      href={to}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
      {...rest}
    >
      {children}
    </Link>
  );
}
