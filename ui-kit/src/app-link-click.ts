// How a link to one of the app's own routes handles a click, for any React link (a Chakra Link, a
// plain <a>): UI-library free, so the sign-in page and the light header use it too.

/** The parts of a mouse event a link's click handler reads (React's and the DOM's both have them). */
export interface LinkClickEvent {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
}

/**
 * A click the app's router should take: the main button, no modifier, not already handled. A
 * ctrl/cmd click (new tab), shift click (new window) or alt click (download) stays the browser's.
 */
export function isPlainClick(e: Omit<LinkClickEvent, 'preventDefault'>): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;
}

/**
 * The onClick of a link whose href is `to`, one of the app's routes: a plain click goes through
 * `navigate` (the shell's router, no page load); any other click is left to the browser.
 */
export function appLinkClick(to: string, navigate: (to: string) => void): (e: LinkClickEvent) => void {
  return (e) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    navigate(to);
  };
}
