import { useState } from 'react';

/**
 * True from the first render in which `isOpen` is true, and from then on: a dialog or drawer whose code
 * is fetched on its first opening (not with the first screen) mounts then and stays mounted, so its
 * closing animation plays and a second opening waits for nothing.
 */
export function useOpenedOnce(isOpen: boolean): boolean {
  const [opened, setOpened] = useState(isOpen);
  // Set during render (React's pattern for state derived from props): no extra commit before the mount.
  if (isOpen && !opened) setOpened(true);
  return opened || isOpen;
}
