import { describe, expect, it } from 'vitest';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import {
  addColumn,
  addRow,
  cellError,
  createTable,
  invalidCells,
  nextTableId,
  removeColumn,
  removeRow,
  resizeColumn,
  setCell,
  tableFromSchema,
  tableItemsSchema,
  tableUiOptions,
  updateColumn,
  updateHeader,
  validateColumnTitle,
  validateHeaderTitle,
} from './table';
import { validationFor } from './validation-presets';

const numeric = validationFor('Numeric');

describe('table model', () => {
  it('defaults: 3 rows x 3 columns C1..C3 / Column 1..3, width 250', () => {
    const t = createTable('G_Table_1');
    expect(t.rows).toHaveLength(3);
    expect(t.columns.map((c) => [c.id, c.name, c.title, c.width])).toEqual([
      [1, 'C1', 'Column 1', 250],
      [2, 'C2', 'Column 2', 250],
      [3, 'C3', 'Column 3', 250],
    ]);
  });
  it('table ids are G_Table_N, one above the highest', () => {
    expect(nextTableId([])).toBe('G_Table_1');
    expect(nextTableId(['G_Table_1', 'G_Table_7', 'other'])).toBe('G_Table_8');
  });
  it('rows: add, remove the given or last, keep at least 2', () => {
    let t = createTable('G_Table_1');
    t = setCell(t, 0, 'C1', 'first');
    t = addRow(t);
    expect(t.rows).toHaveLength(4);
    t = removeRow(t, 0);
    expect(t.rows).toHaveLength(3);
    expect(t.rows[0]).toEqual({});
    t = removeRow(t);
    expect(t.rows).toHaveLength(2);
    expect(removeRow(t)).toBe(t);
  });
  it('columns: add C4, remove the selected one and renumber default names, keep at least 3', () => {
    let t = createTable('G_Table_1');
    expect(removeColumn(t)).toBe(t);
    t = addColumn(t);
    expect(t.columns.map((c) => c.name)).toEqual(['C1', 'C2', 'C3', 'C4']);
    expect(t.columns[3]!.title).toBe('Column 4');
    t = updateColumn(t, 'C3', { title: 'Quantity' });
    t = setCell(t, 0, 'C3', 'q');
    t = setCell(t, 0, 'C4', 'four');
    t = removeColumn(t, 'C2');
    expect(t.columns.map((c) => [c.id, c.name, c.title])).toEqual([
      [1, 'C1', 'Column 1'],
      [2, 'C2', 'Quantity'],
      [3, 'C3', 'Column 3'],
    ]);
    expect(t.rows[0]).toEqual({ C2: 'q', C3: 'four' });
  });
  it('removes the last column when none is selected', () => {
    const t = removeColumn(addColumn(createTable('G_Table_1')));
    expect(t.columns.map((c) => c.name)).toEqual(['C1', 'C2', 'C3']);
  });
  it('header and column titles; a column title must not be empty', () => {
    const t = createTable('G_Table_1');
    expect(updateHeader(t, 'Parts').title).toBe('Parts');
    expect(validateColumnTitle('  ')).toBe(M.columnValueEmpty);
    expect(validateColumnTitle('Qty')).toBeUndefined();
    expect(validateHeaderTitle(' ')).toBe(M.labelRequired);
    expect(validateHeaderTitle('Parts')).toBeUndefined();
    expect(updateColumn(t, 'C1', { title: '' })).toBe(t);
    expect(updateColumn(t, 'nope', { title: 'x' })).toBe(t);
  });
  it('resize: at least 50, whole pixels', () => {
    const t = createTable('G_Table_1');
    expect(resizeColumn(t, 'C1', 10).columns[0]!.width).toBe(50);
    expect(resizeColumn(t, 'C1', 321.6).columns[0]!.width).toBe(322);
    expect(resizeColumn(t, 'C1', 250)).toBe(t);
  });
  it('cells: pattern per column; Numeric Only stores numbers for plain numbers', () => {
    let t = updateColumn(createTable('G_Table_1'), 'C2', numeric);
    t = setCell(t, 1, 'C2', '12.5');
    t = setCell(t, 1, 'C1', '12.5');
    t = setCell(t, 2, 'C2', 'abc');
    expect(t.rows[1]).toEqual({ C1: '12.5', C2: 12.5 });
    expect(cellError(t.columns[1]!, 'abc')).toBe('Field Validation : Numeric Only');
    expect(invalidCells(t)).toEqual([{ row: 2, column: 'C2', message: 'Field Validation : Numeric Only' }]);
    t = setCell(t, 2, 'C2', '');
    expect(t.rows[2]).toEqual({});
    expect(invalidCells(t)).toEqual([]);
  });
  it('round-trips through its items schema and ui options', () => {
    let t = updateColumn(addColumn(createTable('G_Table_2', 'Parts')), 'C1', numeric);
    t = resizeColumn(setCell(t, 0, 'C1', '3'), 'C4', 80);
    const items = tableItemsSchema(t);
    expect(items.properties?.C1).toMatchObject({ id: 1, title: 'Column 1', regexRuleName: 'Numeric Only' });
    expect(tableUiOptions(t)).toEqual({ rowsCount: 3, columnWidth: { C1: 250, C2: 250, C3: 250, C4: 80 } });
    expect(tableFromSchema('G_Table_2', 'Parts', items, tableUiOptions(t), t.rows)).toEqual(t);
  });
});
