// A table canvas field ⇄ the editors' table model (model/table.ts): the array definition under
// schema.definitions, the `$ref` property in General, rowsCount/columnWidth options, cell values.
import type { FormJsonSchema } from 'shared-contracts';
import { RELATIONSHIP_SUFFIX, defaultRelationshipName, type TakenNames } from './api-name';
import { tableFromSchema, tableItemsSchema, tableUiOptions, type TableModel, type TableRow } from './table';
import type { CanvasField } from './types';

/** The table model of a table field (for the table editor). */
export function tableOf(field: CanvasField): TableModel {
  const def = field.definition ?? {};
  const items = (Array.isArray(def.items) ? def.items[0] : def.items) as FormJsonSchema | undefined;
  const title =
    typeof def.title === 'string'
      ? def.title
      : typeof field.schema.title === 'string'
        ? field.schema.title
        : field.key;
  return tableFromSchema(field.key, title, items, field.options, field.rows ?? []);
}

/** A table field carrying `table` (and the relationship name, kept unless given). */
export function withTable(field: CanvasField, table: TableModel, relationshipName?: string): CanvasField {
  const rel =
    relationshipName ??
    (typeof field.definition?.relationshipName === 'string'
      ? field.definition.relationshipName
      : `${table.tableId}__r`);
  const rows: TableRow[] | undefined = table.rows.some((r) => Object.keys(r).length > 0)
    ? table.rows.map((r) => ({ ...r }))
    : undefined;
  // JSON-clean (no undefined keys): the field then equals what the saved JSON reads back as.
  const items = JSON.parse(JSON.stringify(tableItemsSchema(table))) as FormJsonSchema;
  const { rows: _previous, ...rest } = field;
  return {
    ...rest,
    key: table.tableId,
    schema: { type: 'object', format: 'table', title: table.title, $ref: `#/definitions/${table.tableId}` },
    definition: { type: 'array', title: table.title, relationshipName: rel, items },
    options: { ...field.options, tableId: table.tableId, ...tableUiOptions(table) },
    ...(rows ? { rows } : {}),
  };
}

export interface TableSettings {
  apiName: string;
  required: boolean;
  readOnly: boolean;
}

/**
 * Whether the table's relationship name is still its default (API name + `__r`, or that made
 * unique): it then follows a new API name; one edited by hand in Update Header is kept.
 */
export function relationshipFollows(field: CanvasField): boolean {
  const rel = field.definition?.relationshipName;
  if (typeof rel !== 'string') return true;
  const base = `${field.key}${RELATIONSHIP_SUFFIX}`.toLowerCase();
  const lower = rel.toLowerCase();
  return lower === base || (lower.startsWith(field.key.toLowerCase()) && /_\d+__r$/.test(lower));
}

/**
 * A table field with a new API name (tableId), Required and Read Only (builder spec section 4:
 * required puts the name in the required list, read-only adds the disable rule; the writer does
 * both for every field). `taken`: the form's other names, for a following relationship name.
 */
export function withTableSettings(field: CanvasField, s: TableSettings, taken: TakenNames): CanvasField {
  const renamed = s.apiName !== field.key;
  const rel = renamed && relationshipFollows(field) ? defaultRelationshipName(s.apiName, taken) : undefined;
  const next = renamed ? withTable(field, { ...tableOf(field), tableId: s.apiName }, rel) : field;
  return { ...next, required: s.required, readOnly: s.readOnly };
}
