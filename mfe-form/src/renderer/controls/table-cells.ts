// A table's columns and cells apart from React: which item properties are columns, how typed text
// becomes a stored value (Numeric Only), how a cell is set and what it shows (TableControl.tsx).
import { MESSAGES_EN } from 'shared-contracts';
import type { FormJsonSchema } from 'shared-contracts';
import type { FormStore } from '../core/store';
import { resolveRef, titleOf } from 'form-core/schema';

export interface TableColumn {
  name: string;
  title: string;
  schema: FormJsonSchema;
  width?: number;
}

export const DEFAULT_COLUMN_WIDTH = 250;

/** Columns of a table: item properties ordered by their `id`. */
export const tableColumns = (
  items: FormJsonSchema | undefined,
  root: FormJsonSchema,
  columnWidth?: Record<string, number> | number[],
): TableColumn[] => {
  const s = resolveRef(items, root);
  const entries = Object.entries(s?.properties ?? {});
  return entries
    .map(([name, sub], i) => ({ name, sub: resolveRef(sub, root) ?? {}, i }))
    .sort((a, b) => {
      const ia = Number(a.sub.id ?? a.i);
      const ib = Number(b.sub.id ?? b.i);
      return ia - ib || a.i - b.i;
    })
    .map(({ name, sub }, i) => ({
      name,
      title: titleOf(sub, name),
      schema: sub,
      width: Array.isArray(columnWidth) ? columnWidth[i] : columnWidth?.[name],
    }));
};

export const isNumericOnly = (s: FormJsonSchema): boolean => s.regexRuleName === MESSAGES_EN.numericOnlyRule;

/** 'Numeric Only' columns store numbers when the text is a plain number. */
export const parseCell = (raw: string, s: FormJsonSchema): unknown => {
  if (raw.trim() === '') return undefined;
  if (
    (isNumericOnly(s) || s.type === 'number' || s.type === 'integer') &&
    /^-?\d+(\.\d+)?$/.test(raw.trim())
  ) {
    return Number(raw.trim());
  }
  return raw;
};

/** Set one cell; a cell in a not-yet-stored row (under rowsCount) pads the array with empty rows. */
export const setCell = (
  store: FormStore,
  arrayPath: string,
  index: number,
  name: string,
  value: unknown,
): void => {
  const rows = store.get(arrayPath);
  const list = Array.isArray(rows) ? rows : [];
  if (index < list.length) {
    store.set(`${arrayPath}.${index}.${name}`, value);
    return;
  }
  if (value === undefined) return;
  const padded: unknown[] = [...list];
  while (padded.length <= index) padded.push({});
  padded[index] = { [name]: value };
  store.set(arrayPath, padded);
};

/** What a cell shows for a stored value. */
export const cellText = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value);

/**
 * The text in a cell stands for the stored value: what was typed is left alone when it parses to the
 * value (a Numeric Only cell typed "1.0" stores 1 and keeps showing "1.0" while "1.05" is typed).
 */
export const showsValue = (text: string, value: unknown, s: FormJsonSchema): boolean =>
  text === cellText(value) || parseCell(text, s) === value;
