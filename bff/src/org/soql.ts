/**
 * SOQL building for the BFF. The browser never sends SOQL: it names a query kind with parameters, and
 * this module builds the statement from allowlisted object and field names and escaped literals.
 */

const IDENT = /^[A-Za-z][A-Za-z0-9_]{0,79}$/;
/** A relationship path like Owner.Name or cqext__Form_Definition__r.Name (at most 5 hops). */
const FIELD_PATH = /^[A-Za-z][A-Za-z0-9_]{0,79}(?:\.[A-Za-z][A-Za-z0-9_]{0,79}){0,4}$/;
const SF_ID = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;

export class SoqlError extends Error {}

// Control characters SOQL refuses inside a literal (other than the escaped \n \r \t \f).
const CONTROL_CHARS = /\p{Cc}/gu;

/**
 * Escapes a value for a single-quoted SOQL string literal: backslash first (jsforce's escapeSOQLString
 * does not), then the quote, then control characters SOQL rejects raw.
 */
export function escapeSoqlString(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/\f/g, '\\f')
    .replace(CONTROL_CHARS, '')
    .replace(/"/g, '\\"');
}

/** Escapes a value used inside a LIKE pattern: the literal escaping plus the wildcards % and _. */
export function escapeSoqlLike(value: string): string {
  return escapeSoqlString(value).replace(/%/g, '\\%').replace(/_/g, '\\_');
}

export function quote(value: string): string {
  return `'${escapeSoqlString(value)}'`;
}

export function identifier(name: string): string {
  if (!IDENT.test(name)) throw new SoqlError(`not an API name: ${name.slice(0, 80)}`);
  return name;
}

export function fieldPath(name: string): string {
  if (!FIELD_PATH.test(name)) throw new SoqlError(`not a field name: ${name.slice(0, 120)}`);
  return name;
}

export function sfId(value: string): string {
  if (!SF_ID.test(value)) throw new SoqlError('not a record id');
  return `'${value}'`;
}

export function isSfId(value: unknown): value is string {
  return typeof value === 'string' && SF_ID.test(value);
}

/** A condition as an already-escaped fragment. */
export type Condition = string;

export const eq = (field: string, value: string): Condition => `${fieldPath(field)} = ${quote(value)}`;
export const eqId = (field: string, value: string): Condition => `${fieldPath(field)} = ${sfId(value)}`;
export const inList = (field: string, values: readonly string[]): Condition =>
  `${fieldPath(field)} IN (${values.map(quote).join(', ')})`;
export const inIds = (field: string, values: readonly string[]): Condition =>
  `${fieldPath(field)} IN (${values.map(sfId).join(', ')})`;
export const startsWith = (field: string, prefix: string): Condition =>
  `${fieldPath(field)} LIKE '${escapeSoqlLike(prefix)}%'`;
export const contains = (field: string, text: string): Condition =>
  `${fieldPath(field)} LIKE '%${escapeSoqlLike(text)}%'`;

export interface SelectSpec {
  fields: readonly string[];
  from: string;
  where?: readonly Condition[];
  /** Joined with OR inside parentheses, then ANDed with `where`. */
  whereAny?: readonly Condition[];
  subqueries?: readonly SelectSpec[];
  orderBy?: { field: string; direction?: 'ASC' | 'DESC'; nulls?: 'FIRST' | 'LAST' };
  limit?: number;
}

/** Builds a SELECT from validated parts. Throws SoqlError for any name that is not an API name. */
export function select(spec: SelectSpec): string {
  const fields = [...new Set(spec.fields.map(fieldPath))];
  if (fields.length === 0) throw new SoqlError('no fields');
  const parts = [...fields, ...(spec.subqueries ?? []).map((s) => `(${select(s)})`)];
  let soql = `SELECT ${parts.join(', ')} FROM ${identifier(spec.from)}`;
  const where = [...(spec.where ?? [])];
  if (spec.whereAny && spec.whereAny.length > 0) where.push(`(${spec.whereAny.join(' OR ')})`);
  if (where.length > 0) soql += ` WHERE ${where.join(' AND ')}`;
  if (spec.orderBy) {
    soql += ` ORDER BY ${fieldPath(spec.orderBy.field)} ${spec.orderBy.direction ?? 'ASC'}`;
    if (spec.orderBy.nulls) soql += ` NULLS ${spec.orderBy.nulls}`;
  }
  if (spec.limit !== undefined) {
    if (!Number.isInteger(spec.limit) || spec.limit < 1 || spec.limit > 50000)
      throw new SoqlError('bad limit');
    soql += ` LIMIT ${spec.limit}`;
  }
  return soql;
}

export const eqBool = (field: string, value: boolean): Condition =>
  `${fieldPath(field)} = ${value ? 'true' : 'false'}`;
