// `query?q=…&columns=true`: a real org answers with the statement's column metadata instead of its rows.
// Salesforce's CLI (`sf data query`) reads it to lay out its table: one column per selected field, a
// parent's fields as joinColumns of the relationship, a child subquery as an aggregate column with its
// own joinColumns, an aggregate function as `expr0`-style columns named for its text.
import type { FieldType as SoqlField, Query, QueryBase } from 'soql-parser-js';
import type { ObjectMeta } from '../metadata/registry.js';
import type { FieldDef } from '../metadata/types.js';
import { checkQuery, compilePath, type QueryEnv } from './evaluate.js';
import { parseSoql } from './parse.js';

export interface ColumnMetadata {
  aggregate: boolean;
  apexType: string | null;
  booleanType: boolean;
  columnName: string;
  custom: boolean;
  displayName: string;
  foreignKeyName: string | null;
  insertable: boolean;
  joinColumns: ColumnMetadata[];
  numberType: boolean;
  textType: boolean;
  updatable: boolean;
}

export interface QueryColumns {
  columnMetadata: ColumnMetadata[];
  entityName: string;
  groupBy: boolean;
  idSelected: boolean;
  keyPrefix: string;
}

const NUMBER_TYPES = new Set(['int', 'double', 'currency', 'percent']);
const TEXT_TYPES = new Set(['string', 'textarea', 'picklist', 'multipicklist', 'email', 'phone', 'url']);

function apexTypeOf(f: FieldDef): string | null {
  switch (f.type) {
    case 'id':
    case 'reference':
      return 'Id';
    case 'boolean':
      return 'Boolean';
    case 'int':
      return 'Integer';
    case 'double':
    case 'currency':
    case 'percent':
      return 'Decimal';
    case 'date':
      return 'Date';
    case 'datetime':
      return 'Datetime';
    case 'base64':
      return 'Blob';
    case 'anyType':
      return 'Object';
    case 'location':
      return 'Location';
    default:
      return 'String';
  }
}

const blank = (columnName: string, displayName = columnName): ColumnMetadata => ({
  aggregate: false,
  apexType: null,
  booleanType: false,
  columnName,
  custom: false,
  displayName,
  foreignKeyName: null,
  insertable: false,
  joinColumns: [],
  numberType: false,
  textType: false,
  updatable: false,
});

function fieldColumn(f: FieldDef | undefined, name: string): ColumnMetadata {
  if (!f) return { ...blank(name), apexType: 'String', textType: true };
  return {
    ...blank(f.name),
    apexType: apexTypeOf(f),
    booleanType: f.type === 'boolean',
    custom: f.custom === true,
    insertable: f.createable ?? true,
    numberType: NUMBER_TYPES.has(f.type),
    textType: TEXT_TYPES.has(f.type),
    updatable: f.updateable ?? true,
  };
}

/** `Owner.Manager.Name`: the relationship columns nest down to the field's column. */
function pathColumn(env: QueryEnv, meta: ObjectMeta, raw: string, alias: string | undefined): ColumnMetadata {
  const path = compilePath(env, meta, raw, alias);
  let column = fieldColumn(path.field, path.fieldName);
  for (const rel of [...path.rels].reverse()) {
    const name = rel.relationshipName ?? rel.name;
    column = { ...blank(name), custom: rel.custom === true, foreignKeyName: rel.name, joinColumns: [column] };
  }
  return column;
}

const FIELDS_GROUPS: Record<string, (f: FieldDef) => boolean> = {
  ALL: () => true,
  CUSTOM: (f) => f.custom === true,
  STANDARD: (f) => f.custom !== true,
};

function columnsOf(
  env: QueryEnv,
  meta: ObjectMeta,
  q: QueryBase,
  alias: string | undefined,
): ColumnMetadata[] {
  const out: ColumnMetadata[] = [];
  let exprIndex = 0;
  for (const f of (q.fields ?? []) as SoqlField[]) {
    switch (f.type) {
      case 'Field':
        out.push(pathColumn(env, meta, f.field, alias));
        break;
      case 'FieldRelationship':
        out.push(pathColumn(env, meta, [...f.relationships, f.field].join('.'), alias));
        break;
      case 'FieldSubquery': {
        const rel = meta.child(f.subquery.relationshipName);
        const child = rel ? env.registry.get(rel.childSObject) : undefined;
        if (!rel || !child) break; // checkQuery has already refused it
        out.push({
          ...blank(rel.relationshipName),
          aggregate: true,
          joinColumns: columnsOf(env, child, f.subquery, undefined),
        });
        break;
      }
      case 'FieldFunctionExpression': {
        const fn = (f.functionName ?? '').toUpperCase();
        const params = (f.parameters ?? []).filter((p): p is string => typeof p === 'string');
        if (fn === 'FIELDS') {
          const group = FIELDS_GROUPS[(params[0] ?? 'ALL').toUpperCase()] ?? FIELDS_GROUPS.ALL;
          for (const field of meta.def.fields.filter((x) => group?.(x)))
            out.push(fieldColumn(field, field.name));
        } else if (fn === 'COUNT' && params.length === 0) {
          // COUNT() answers with totalSize only: no column
        } else if (fn === 'TOLABEL' || fn === 'FORMAT' || fn === 'CONVERTCURRENCY') {
          if (params[0]) out.push(pathColumn(env, meta, params[0], alias));
        } else {
          const p = params[0];
          const field = p ? compilePath(env, meta, p, alias).field : undefined;
          const counts = fn === 'COUNT' || fn === 'COUNT_DISTINCT';
          out.push({
            ...blank(f.alias ?? `expr${exprIndex++}`, f.rawValue ?? `${fn}(${p ?? ''})`),
            aggregate: true,
            apexType: counts ? 'Integer' : null,
            numberType: counts || fn === 'SUM' || fn === 'AVG' || NUMBER_TYPES.has(field?.type ?? ''),
          });
        }
        break;
      }
      default:
        break;
    }
  }
  return out;
}

export function queryColumns(env: Omit<QueryEnv, 'soql'>, soql: string): QueryColumns {
  const q: Query = parseSoql(soql);
  const full: QueryEnv = { ...env, soql };
  const meta = checkQuery(full, q);
  const columnMetadata = columnsOf(full, meta, q, q.sObjectAlias);
  const groupBy = q.groupBy !== undefined && (!Array.isArray(q.groupBy) || q.groupBy.length > 0);
  return {
    columnMetadata,
    entityName: meta.name,
    groupBy,
    idSelected: columnMetadata.some((c) => c.columnName === 'Id' && c.joinColumns.length === 0),
    keyPrefix: meta.def.keyPrefix,
  };
}
