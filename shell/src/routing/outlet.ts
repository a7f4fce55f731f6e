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

export function setAreaState(el: HTMLElement, state: AreaState): void {
  el.dataset.state = state;
}
