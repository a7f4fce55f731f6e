import { useMemo, useSyncExternalStore } from 'react';
import { documentDirection, subscribeDirection, type Direction } from './direction';

/** The page's direction (`<html dir>`) in a React component, re-rendering when it changes. */
export function useDocumentDirection(): Direction {
  return useSyncExternalStore(subscribeDirection, documentDirection, () => 'ltr');
}

/**
 * `theme` with the page's direction (subpath `ui-kit/use-direction`): the one way every Chakra
 * provider of the product gets it, so menus, popovers and drawers placed at the start or end flip
 * right to left. A new theme object only when the direction changes.
 */
export function useDirectedTheme<T extends object>(theme: T): T & { direction: Direction } {
  const direction = useDocumentDirection();
  return useMemo(() => ({ ...theme, direction }), [theme, direction]);
}
