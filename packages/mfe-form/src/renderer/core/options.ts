/**
 * Select options: dependent picklists by `validFor` (base64 bitmap, bit i MSB first = controller
 * option i, or a map controlling value -> allowed values), option colours, and lookup filter
 * building (SOQL text for the host's record search; the renderer itself never calls the network).
 */
import { LOOKUP_RESULTS_LIMIT } from 'shared-contracts';
import type { FormJsonSchema, LookupFilter, OneOfOption } from 'shared-contracts';
import { getIn } from './paths';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decode base64 to bytes without atob (works the same in Node and the browser). */
export const base64Bytes = (b64: string): number[] => {
  const clean = b64.replace(/[^A-Za-z0-9+/]/g, '');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    buffer = (buffer << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
};

/** Is bit `index` (MSB first) set in the base64 validFor bitmap? */
export const validForHas = (validFor: string, index: number): boolean => {
  const bytes = base64Bytes(validFor);
  const byte = bytes[index >> 3];
  return byte !== undefined && (byte & (0x80 >> (index & 7))) !== 0;
};

/**
 * Options of a dependent select narrowed by the controlling field's value. With no controlling value
 * there is nothing to choose from; options without any validFor information are always offered.
 */
export const dependentOptions = (
  options: OneOfOption[],
  controllerValue: unknown,
  controllerOptions: OneOfOption[],
  schemaValidFor?: FormJsonSchema['validFor'],
): OneOfOption[] => {
  if (controllerValue === undefined || controllerValue === null || controllerValue === '') return [];
  if (schemaValidFor) {
    const allowed = schemaValidFor[String(controllerValue)] ?? [];
    return options.filter((o) => allowed.some((a) => String(a) === String(o.const)));
  }
  const index =
    typeof controllerValue === 'boolean'
      ? controllerValue
        ? 1
        : 0
      : controllerOptions.findIndex((o) => String(o.const) === String(controllerValue));
  return options.filter((o) =>
    o.validFor === undefined ? true : index >= 0 && validForHas(o.validFor, index),
  );
};

/** Option colours: `color` 'a-b' means background a, text b; explicit fields win. */
export const optionColors = (o: OneOfOption): { backgroundColor?: string; textColor?: string } => {
  const [bg, fg] = (o.color ?? '').split('-');
  return {
    backgroundColor: o.backgroundColor ?? (bg || undefined),
    textColor: o.textColor ?? (fg || undefined),
  };
};

/** Escape a SOQL string literal: backslash first, then the quote. */
export const escapeSoql = (s: string): string => s.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
const escapeLike = (s: string): string => escapeSoql(s).replace(/%/g, '\\%').replace(/_/g, '\\_');

const literal = (v: unknown): string =>
  typeof v === 'number' || typeof v === 'boolean'
    ? String(v)
    : v === null
      ? 'null'
      : `'${escapeSoql(String(v))}'`;

/** One filter as SOQL, its value taken literally or from the form data. */
export const filterToSoql = (f: LookupFilter, data?: unknown): string | undefined => {
  const raw = f.valueFrom !== undefined ? getIn(data, f.valueFrom) : f.value;
  if (raw === undefined || raw === '') return undefined;
  const field = f.field.replace(/[^\w.]/g, '');
  switch (f.operator) {
    case 'eq':
      return `${field} = ${literal(raw)}`;
    case 'neq':
      return `${field} != ${literal(raw)}`;
    case 'lt':
      return `${field} < ${literal(raw)}`;
    case 'lte':
      return `${field} <= ${literal(raw)}`;
    case 'gt':
      return `${field} > ${literal(raw)}`;
    case 'gte':
      return `${field} >= ${literal(raw)}`;
    case 'startswith':
      return `${field} LIKE '${escapeLike(String(raw))}%'`;
    case 'endswith':
      return `${field} LIKE '%${escapeLike(String(raw))}'`;
    case 'contains':
      return `${field} LIKE '%${escapeLike(String(raw))}%'`;
    default:
      return undefined;
  }
};

export interface LookupRequest {
  object: string;
  search: string;
  titleField: string;
  valueField: string;
  filters: LookupFilter[];
  limit: number;
  /** The same request as SOQL, for hosts that pass it to the searchQuery call. */
  soql: string;
}

/** Record lookup by name prefix, limit 50, ordered by name; default object Account. */
export const buildLookupRequest = (args: {
  object?: string;
  search: string;
  titleField?: string;
  valueField?: string;
  filters?: LookupFilter[];
  data?: unknown;
}): LookupRequest => {
  const object = (args.object || 'Account').replace(/[^\w]/g, '');
  const titleField = (args.titleField || 'Name').replace(/[^\w.]/g, '');
  const valueField = (args.valueField || 'Id').replace(/[^\w.]/g, '');
  const filters = args.filters ?? [];
  const where = [
    `${titleField} LIKE '${escapeLike(args.search)}%'`,
    ...filters.map((f) => filterToSoql(f, args.data)).filter((s): s is string => !!s),
  ];
  const fields = valueField === titleField ? valueField : `${valueField}, ${titleField}`;
  const soql = `SELECT ${fields} FROM ${object} WHERE ${where.join(' AND ')} ORDER BY ${titleField} LIMIT ${LOOKUP_RESULTS_LIMIT}`;
  return { object, search: args.search, titleField, valueField, filters, limit: LOOKUP_RESULTS_LIMIT, soql };
};

/** Guide options (eq/neq) that apply to the current data. */
export const matchingGuides = <G extends { field: string; operator: 'eq' | 'neq'; value: unknown }>(
  guides: G[],
  data: unknown,
): G[] =>
  guides.filter((g) => {
    const v = getIn(data, g.field);
    const eq = String(v ?? '') === String(g.value ?? '');
    return g.operator === 'neq' ? !eq : eq;
  });
