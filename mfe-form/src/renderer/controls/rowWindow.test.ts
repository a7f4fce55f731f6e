import { describe, expect, it } from 'vitest';
import { OVERSCAN_ROWS, WINDOW_FROM_ROWS, addRows, rowOfPath, rowSlots, rowsToRender } from './rowWindow';

const base = { total: 300, viewportHeight: 820, rowPx: 41 };

describe('table row window', () => {
  it('a short table renders every row', () => {
    const rows = rowsToRender({ ...base, total: WINDOW_FROM_ROWS, bodyTop: -5000 });
    expect(rows).toHaveLength(WINDOW_FROM_ROWS);
  });

  it('at the top: the screenful and the margin below it, and the last row', () => {
    const rows = rowsToRender({ ...base, bodyTop: 0 });
    expect(rows[0]).toBe(0);
    expect(rows).toContain(20 + OVERSCAN_ROWS - 1);
    expect(rows).not.toContain(20 + OVERSCAN_ROWS + 1);
    expect(rows.at(-1)).toBe(299);
    expect(rows.length).toBeLessThan(40);
  });

  it('scrolled to the middle: the rows on screen with margins both sides, plus the first and last', () => {
    // Row 150 at the top of the screen.
    const rows = rowsToRender({ ...base, bodyTop: -150 * 41 });
    expect(rows).toContain(150);
    expect(rows).toContain(150 + 20);
    expect(rows).toContain(150 - OVERSCAN_ROWS);
    expect(rows).not.toContain(150 - OVERSCAN_ROWS - 1);
    expect(rows).toContain(0);
    expect(rows).toContain(299);
  });

  it('a table below the screen still renders its first row (Tab from above lands in it)', () => {
    const rows = rowsToRender({ ...base, bodyTop: 5000 });
    expect(rows).toEqual([0, 299]);
  });

  it('pinned rows (focus, a revealed error) are rendered wherever the screen is', () => {
    const rows = rowsToRender({ ...base, bodyTop: 0, pinned: [200, null, 400, -1] });
    expect(rows).toContain(200);
    expect(rows).not.toContain(400);
  });

  it('slots: rendered rows in order with one gap per unrendered run', () => {
    expect(rowSlots([0, 1, 5, 9], 12)).toEqual([
      { row: 0 },
      { row: 1 },
      { gap: 2, count: 3 },
      { row: 5 },
      { gap: 6, count: 3 },
      { row: 9 },
      { gap: 10, count: 2 },
    ]);
  });

  it('the row of a path inside the table', () => {
    expect(rowOfPath('T', 'T.12.A')).toBe(12);
    expect(rowOfPath('T', 'T.3')).toBe(3);
    expect(rowOfPath('T', 'TT.3.A')).toBeNull();
    expect(rowOfPath('T', 'T.x.A')).toBeNull();
  });
});

describe('pinned rows join the window', () => {
  it('adds rows in range, in order, and keeps the same array when none is new', () => {
    const rows = [0, 1, 2, 99];
    expect(addRows(rows, [50, null, 2, 100], 100)).toEqual([0, 1, 2, 50, 99]);
    expect(addRows(rows, [1, undefined], 100)).toBe(rows);
  });
});
