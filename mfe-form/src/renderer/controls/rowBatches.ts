/**
 * A long table mounts the rows that fill a screen in its first frame and the rest in batches after it (a 300 x 8 table is 2,400 inputs: mounting them all before the first paint kept the
 * whole form blank for that long). Every row is in the page a few frames later, so find-in-page, Tab
 * and screen readers see the whole table; the print view mounts every row at once.
 */

/** Rows mounted in the first frame: more than a tall phone or laptop screen shows (a row is ~41 px). */
export const FIRST_ROWS = 20;
/** Cells per later batch (rows x columns), so a wide table adds fewer rows per batch. */
export const CELLS_PER_BATCH = 400;
/** Height (rem) held for each row not mounted yet, so the page does not jump while they arrive. */
export const ROW_REM = 2.5625;

/** The rows to mount first: all of them when printing or when they fit. */
export const firstRowLimit = (total: number, printing: boolean): number =>
  printing ? Infinity : total <= FIRST_ROWS ? Infinity : FIRST_ROWS;

/** The limit after one more batch; Infinity once every row is mounted (rows added later mount at once). */
export const nextRowLimit = (limit: number, total: number, columns: number): number => {
  if (limit >= total) return Infinity;
  const next = limit + Math.max(1, Math.floor(CELLS_PER_BATCH / Math.max(1, columns)));
  return next >= total ? Infinity : next;
};
