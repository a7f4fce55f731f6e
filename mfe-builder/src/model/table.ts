/**
 * The builder's table model and its pure operations (builder spec sections 3, 4, 5). Every operation
 * returns a new table, or the same object when it is refused (fewer than 2 rows / 3 columns would
 * be left, unknown column...), so callers can tell "nothing changed" by identity.
 */
import { BUILDER, BUILDER_EDITOR_MESSAGES as M, MESSAGES_EN } from 'shared-contracts';
import type { FormJsonSchema, UISchemaOptions } from 'shared-contracts';
import { NO_VALIDATION, validateValue, type FieldValidation } from './validation-presets';

export const DEFAULT_ROWS = BUILDER.defaultTableRows;
export const DEFAULT_COLUMNS = BUILDER.defaultTableColumns;
export const DEFAULT_COLUMN_WIDTH = BUILDER.defaultColumnWidth;
export const MIN_COLUMN_WIDTH = BUILDER.minColumnWidth;
export const MIN_ROWS = BUILDER.minRows;
export const MIN_COLUMNS = BUILDER.minColumns;

export type CellValue = string | number;
export type TableRow = Readonly<Record<string, CellValue>>;

export interface TableColumnModel extends FieldValidation {
  /** Position, 1-based (stored as the column schema's `id`, which orders columns in the renderer). */
  id: number;
  /** Property name of the column in a row: `C1`, `C2`... for default columns. */
  name: string;
  title: string;
  width: number;
}

export interface TableModel {
  /** `G_Table_N` */
  tableId: string;
  /** Header title. */
  title: string;
  columns: readonly TableColumnModel[];
  /** Cell values; the row count is `rows.length`. Empty cells are absent. */
  rows: readonly TableRow[];
}

const TABLE_ID = /^G_Table_(\d+)$/;
const DEFAULT_NAME = /^C(\d+)$/;
const DEFAULT_TITLE = /^Column (\d+)$/;

/** `G_Table_N` with N one above the highest id in use (1 for the first table). */
export const nextTableId = (existing: Iterable<string>): string => {
  let max = 0;
  for (const id of existing) {
    const m = TABLE_ID.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `G_Table_${max + 1}`;
};

const defaultColumn = (n: number): TableColumnModel => ({
  id: n,
  name: `C${n}`,
  title: `Column ${n}`,
  width: DEFAULT_COLUMN_WIDTH,
  ...NO_VALIDATION,
});

/** A new table: 3 rows x 3 columns C1..C3 titled Column 1..3, width 250. */
export const createTable = (tableId: string, title = 'Table'): TableModel => ({
  tableId,
  title,
  columns: Array.from({ length: DEFAULT_COLUMNS }, (_, i) => defaultColumn(i + 1)),
  rows: Array.from({ length: DEFAULT_ROWS }, () => ({})),
});

export const canRemoveRow = (t: TableModel): boolean => t.rows.length > MIN_ROWS;
export const canRemoveColumn = (t: TableModel): boolean => t.columns.length > MIN_COLUMNS;

export const addRow = (t: TableModel): TableModel => ({ ...t, rows: [...t.rows, {}] });

/** Removes the given row, else the last one; refused below 2 rows. */
export const removeRow = (t: TableModel, index = t.rows.length - 1): TableModel => {
  if (!canRemoveRow(t) || index < 0 || index >= t.rows.length) return t;
  return { ...t, rows: t.rows.filter((_, i) => i !== index) };
};

/** Adds a default column `C<n>` / `Column <n>` (n: one past the highest default number in use). */
export const addColumn = (t: TableModel): TableModel => {
  let max = t.columns.length;
  for (const c of t.columns) {
    const m = DEFAULT_NAME.exec(c.name);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return { ...t, columns: [...t.columns, { ...defaultColumn(max + 1), id: t.columns.length + 1 }] };
};

/**
 * Removes the selected column, else the last one; refused below 3 columns. Then default columns are
 * renumbered by position (`C<k>`, and `Column <k>` for titles still at their default), and the
 * row values move with their column.
 */
export const removeColumn = (t: TableModel, selected?: string): TableModel => {
  if (!canRemoveColumn(t)) return t;
  const index =
    selected === undefined ? t.columns.length - 1 : t.columns.findIndex((c) => c.name === selected);
  if (index < 0) return t;
  const removed = t.columns[index]!.name;
  const kept = t.columns.filter((_, i) => i !== index);
  const fixedNames = new Set(kept.filter((c) => !DEFAULT_NAME.test(c.name)).map((c) => c.name));
  const renames = new Map<string, string>();
  const columns = kept.map((c, i) => {
    const position = i + 1;
    let name = c.name;
    if (DEFAULT_NAME.test(c.name) && !fixedNames.has(`C${position}`)) name = `C${position}`;
    const title = DEFAULT_TITLE.test(c.title) ? `Column ${position}` : c.title;
    if (name !== c.name) renames.set(c.name, name);
    return { ...c, id: position, name, title };
  });
  const rows = t.rows.map((r) => {
    const out: Record<string, CellValue> = {};
    for (const [k, v] of Object.entries(r)) if (k !== removed) out[renames.get(k) ?? k] = v;
    return out;
  });
  return { ...t, columns, rows };
};

/** The error of a column title (the column/header modal): it must not be empty. */
export const validateColumnTitle = (title: string): string | undefined =>
  title.trim() === '' ? M.columnValueEmpty : undefined;

/** Update Header: the table's header title must not be empty. */
export const validateHeaderTitle = (title: string): string | undefined =>
  title.trim() === '' ? M.labelRequired : undefined;

export const updateHeader = (t: TableModel, title: string): TableModel =>
  title === t.title ? t : { ...t, title };

/** Changes a column's title and/or validation; refused for an empty title or an unknown column. */
export const updateColumn = (
  t: TableModel,
  name: string,
  patch: Partial<Pick<TableColumnModel, 'title' | 'regexRuleName' | 'pattern' | 'errorMessage'>>,
): TableModel => {
  if (patch.title !== undefined && validateColumnTitle(patch.title)) return t;
  const index = t.columns.findIndex((c) => c.name === name);
  if (index < 0) return t;
  const columns = t.columns.slice();
  columns[index] = { ...columns[index]!, ...patch };
  return { ...t, columns };
};

/** Sets a column's width, at least 50 px (whole pixels). */
export const resizeColumn = (t: TableModel, name: string, width: number): TableModel => {
  const index = t.columns.findIndex((c) => c.name === name);
  if (index < 0 || !Number.isFinite(width)) return t;
  const w = Math.max(MIN_COLUMN_WIDTH, Math.round(width));
  if (t.columns[index]!.width === w) return t;
  const columns = t.columns.slice();
  columns[index] = { ...columns[index]!, width: w };
  return { ...t, columns };
};

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Cell text as stored: numbers for plain numeric text in 'Numeric Only' columns; '' is no value. */
export const parseCellText = (
  text: string,
  column: Pick<TableColumnModel, 'regexRuleName'>,
): CellValue | undefined => {
  if (text.trim() === '') return undefined;
  if (column.regexRuleName === MESSAGES_EN.numericOnlyRule && PLAIN_NUMBER.test(text.trim()))
    return Number(text.trim());
  return text;
};

export const setCell = (t: TableModel, rowIndex: number, name: string, text: string): TableModel => {
  const column = t.columns.find((c) => c.name === name);
  if (!column || rowIndex < 0 || rowIndex >= t.rows.length) return t;
  const value = parseCellText(text, column);
  const row = { ...t.rows[rowIndex] };
  if (value === undefined) delete row[name];
  else row[name] = value;
  const rows = t.rows.slice();
  rows[rowIndex] = row;
  return { ...t, rows };
};

/** The column's message when a cell value fails its pattern, else undefined. */
export const cellError = (column: FieldValidation, value: CellValue | undefined): string | undefined =>
  validateValue(value, column);

/** Every failing cell, as row index + column name + message. */
export const invalidCells = (t: TableModel): Array<{ row: number; column: string; message: string }> => {
  const out: Array<{ row: number; column: string; message: string }> = [];
  t.rows.forEach((r, row) => {
    for (const c of t.columns) {
      const message = cellError(c, r[c.name]);
      if (message) out.push({ row, column: c.name, message });
    }
  });
  return out;
};

/** The items schema of the table's array: one string property per column, ordered by `id`. */
export const tableItemsSchema = (t: TableModel): FormJsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(
    t.columns.map((c) => [
      c.name,
      {
        id: c.id,
        title: c.title,
        type: 'string',
        regexRuleName: c.regexRuleName,
        pattern: c.pattern || undefined,
        errorMessage: c.errorMessage,
      } satisfies FormJsonSchema,
    ]),
  ),
});

/** The table control's ui options the renderer reads: rowsCount and columnWidth per column name. */
export const tableUiOptions = (t: TableModel): Pick<UISchemaOptions, 'rowsCount' | 'columnWidth'> => ({
  rowsCount: t.rows.length,
  columnWidth: Object.fromEntries(t.columns.map((c) => [c.name, c.width])),
});

/**
 * A table model back from a stored items schema, ui options and rows (a missing width is 250, a
 * missing rowsCount the stored rows or the default 3).
 */
export const tableFromSchema = (
  tableId: string,
  title: string,
  items: FormJsonSchema | undefined,
  options: Pick<UISchemaOptions, 'rowsCount' | 'columnWidth'> = {},
  storedRows: readonly TableRow[] = [],
): TableModel => {
  const entries = Object.entries(items?.properties ?? {})
    .map(([name, s], i) => ({ name, s, order: Number(s.id ?? i + 1) }))
    .sort((a, b) => a.order - b.order);
  const widths = options.columnWidth;
  const columns = entries.map(({ name, s }, i) => ({
    id: i + 1,
    name,
    title: typeof s.title === 'string' ? s.title : name,
    width: Math.max(
      MIN_COLUMN_WIDTH,
      (Array.isArray(widths) ? widths[i] : widths?.[name]) ?? DEFAULT_COLUMN_WIDTH,
    ),
    regexRuleName: typeof s.regexRuleName === 'string' ? s.regexRuleName : '',
    pattern: typeof s.pattern === 'string' ? s.pattern : '',
    errorMessage: typeof s.errorMessage === 'string' ? s.errorMessage : '',
  }));
  const count = Math.max(
    options.rowsCount ?? (storedRows.length || DEFAULT_ROWS),
    storedRows.length,
    MIN_ROWS,
  );
  const rows = Array.from({ length: count }, (_, i) => ({ ...(storedRows[i] ?? {}) }));
  return { tableId, title, columns, rows };
};
