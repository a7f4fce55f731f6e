/** Each area gets its own element inside the outlet, so one area's failure can't wipe another's DOM. */
export function areaElement(name: string): HTMLElement {
  const id = `area-${name}`;
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    el.dataset.area = name;
    document.getElementById('remote-outlet')?.appendChild(el);
  }
  return el;
}

/** What an area shows now, on its element (data-state): for diagnostics and the browser tests. */
export type AreaState = 'mounted' | 'fallback' | 'unmounted';

let firstShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => (firstShown = resolve));

export function setAreaState(el: HTMLElement, state: AreaState): void {
  el.dataset.state = state;
  if (state !== 'unmounted') firstShown();
}

/**
 * Resolves once the page's first screen is up (its remote mounted, or the fallback shown instead):
 * what the first screen does not need (the full header and its Chakra) is fetched after it, so it
 * never shares a slow line with the screen the user opened (issue 46).
 */
export const firstScreenShown = (): Promise<void> => shown;
