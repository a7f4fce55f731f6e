import { PRERENDERED_ATTR } from 'shared-contracts';

/** Each area gets its own element inside the outlet, so one area's failure can't wipe another's DOM. */
export function areaElement(name: string): HTMLElement {
  const id = `area-${name}`;
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    el.dataset.area = name;
    document.getElementById('remote-outlet')?.appendChild(el);
    replacesPrerendered(el, name);
  }
  return el;
}

const prerendered = (): HTMLElement[] => [
  ...document.querySelectorAll<HTMLElement>(`#remote-outlet > [${PRERENDERED_ATTR}]`),
];

/**
 * The remote's prerendered screen the BFF put in the page (issue 46) goes as the remote's own screen
 * draws into its area: in the same task, so no frame shows both or neither.
 */
function replacesPrerendered(el: HTMLElement, name: string): void {
  const mine = prerendered().filter((p) => p.getAttribute(PRERENDERED_ATTR) === name);
  if (!mine.length) return;
  const observer = new MutationObserver(() => {
    if (!el.childElementCount) return;
    observer.disconnect();
    for (const p of mine) p.remove();
  });
  observer.observe(el, { childList: true });
}

/** What an area shows now, on its element (data-state): for diagnostics and the browser tests. */
export type AreaState = 'mounted' | 'fallback' | 'unmounted';

let firstShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => (firstShown = resolve));

export function setAreaState(el: HTMLElement, state: AreaState): void {
  el.dataset.state = state;
  if (state === 'unmounted') return;
  // Another screen is up (the route moved on before its remote drew): no prerendered one stays above it.
  for (const p of prerendered()) if (p.getAttribute(PRERENDERED_ATTR) !== el.dataset.area) p.remove();
  firstShown();
}

/**
 * Resolves once the page's first screen is up (its remote mounted, or the fallback shown instead):
 * what the first screen does not need (the full header and its Chakra) is fetched after it, so it
 * never shares a slow line with the screen the user opened (issue 46).
 */
export const firstScreenShown = (): Promise<void> => shown;
