/**
 * A long table renders the rows on screen and a margin around them, not all of them (issue 31: a
 * 300 x 8 table is 2,400 inputs; rendering them all took longer than JSON Forms, and every keystroke
 * paid the browser's per-frame work over all of them). Rows scrolled to are rendered in the next
 * frame; the rows in between are held as space of their estimated height.
 *
 * Always rendered besides the window: the first and the last row (Tab and Shift+Tab from outside the
 * table land in them, then the window follows the focus), the row holding the focus (scrolling away
 * does not unmount what is being typed into) and a row a refused Save reveals (its error is focused).
 * The print view renders every row (PrintModeContext, or the browser's own print).
 */

/** Tables up to this many rows render every row (the window is not worth its bookkeeping). */
export const WINDOW_FROM_ROWS = 40;
/** Rows rendered beyond each edge of the screen: Tab and arrow keys never reach an unrendered row. */
export const OVERSCAN_ROWS = 6;
/** Estimated height (rem) of a row until one is measured: an input and the cell's padding. */
export const ROW_REM = 2.5625;

export interface RowWindowInput {
  total: number;
  /** Top of the table body relative to the top of the viewport (px, negative when scrolled past). */
  bodyTop: number;
  viewportHeight: number;
  rowPx: number;
  /** Rows rendered whatever the scroll position (focus, revealed error); out-of-range ones ignored. */
  pinned?: Iterable<number | null | undefined>;
  overscan?: number;
}

/** The indices of the rows to render, ascending: the visible window, its margins, the edges, the pinned. */
export const rowsToRender = ({
  total,
  bodyTop,
  viewportHeight,
  rowPx,
  pinned = [],
  overscan = OVERSCAN_ROWS,
}: RowWindowInput): number[] => {
  if (total <= 0) return [];
  if (total <= WINDOW_FROM_ROWS) return Array.from({ length: total }, (_, i) => i);
  const px = rowPx > 0 ? rowPx : ROW_REM * 16;
  const first = Math.max(0, Math.floor(-bodyTop / px) - overscan);
  const last = Math.min(total - 1, Math.ceil((viewportHeight - bodyTop) / px) + overscan);
  const out = new Set<number>([0, total - 1]);
  for (let i = first; i <= last; i++) out.add(i);
  for (const p of pinned) if (typeof p === 'number' && p >= 0 && p < total) out.add(p);
  return [...out].sort((a, b) => a - b);
};

/** `rows` (ascending) with the in-range `extra` rows added, ascending; `rows` itself when none is new. */
export const addRows = (
  rows: readonly number[],
  extra: Iterable<number | null | undefined>,
  total: number,
): readonly number[] => {
  const add = [...extra].filter(
    (p): p is number => typeof p === 'number' && p >= 0 && p < total && !rows.includes(p),
  );
  if (add.length === 0) return rows;
  return [...new Set([...rows, ...add])].sort((a, b) => a - b);
};

/** A row to render or the space held for `count` unrendered rows before the next rendered one. */
export type RowSlot = { row: number } | { gap: number; count: number };

/** The body's slots in order: rendered rows with a gap slot for each run of unrendered rows. */
export const rowSlots = (rows: readonly number[], total: number): RowSlot[] => {
  const out: RowSlot[] = [];
  let next = 0;
  for (const row of rows) {
    if (row > next) out.push({ gap: next, count: row - next });
    out.push({ row });
    next = row + 1;
  }
  if (next < total) out.push({ gap: next, count: total - next });
  return out;
};

/** The row index of a data path inside the table at `arrayPath` (`T.12.A` in `T`: 12), else null. */
export const rowOfPath = (arrayPath: string, path: string): number | null => {
  if (!path.startsWith(`${arrayPath}.`)) return null;
  const index = Number(path.slice(arrayPath.length + 1).split('.')[0]);
  return Number.isInteger(index) && index >= 0 ? index : null;
};
