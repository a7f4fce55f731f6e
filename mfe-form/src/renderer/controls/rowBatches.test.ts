import { describe, expect, it } from 'vitest';
import { CELLS_PER_BATCH, FIRST_ROWS, firstRowLimit, nextRowLimit } from './rowBatches';

describe('table row batches', () => {
  it('mounts a short table, or any table when printing, at once', () => {
    expect(firstRowLimit(FIRST_ROWS, false)).toBe(Infinity);
    expect(firstRowLimit(300, true)).toBe(Infinity);
    expect(firstRowLimit(300, false)).toBe(FIRST_ROWS);
  });

  it('adds about CELLS_PER_BATCH cells per batch and ends at Infinity', () => {
    expect(nextRowLimit(FIRST_ROWS, 300, 8)).toBe(FIRST_ROWS + CELLS_PER_BATCH / 8);
    expect(nextRowLimit(FIRST_ROWS, 300, 1000)).toBe(FIRST_ROWS + 1);
    expect(nextRowLimit(90, 100, 5)).toBe(Infinity);
    expect(nextRowLimit(100, 100, 5)).toBe(Infinity);
  });

  it('reaches every row of a 300 x 8 table in a bounded number of batches', () => {
    let limit = firstRowLimit(300, false);
    let batches = 0;
    while (limit !== Infinity) {
      limit = nextRowLimit(limit, 300, 8);
      batches++;
    }
    expect(batches).toBe(Math.ceil((300 - FIRST_ROWS) / (CELLS_PER_BATCH / 8)));
  });
});
