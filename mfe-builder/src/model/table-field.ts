// A table canvas field ⇄ the editors' table model (model/table.ts): the array definition under
// schema.definitions, the `$ref` property in General, rowsCount/columnWidth options, cell values.
import type { FormJsonSchema } from 'shared-contracts';
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
