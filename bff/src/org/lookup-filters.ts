/**
 * Lookup filters of the renderer's lookup control (end-user spec section 9 operators: eq, neq, lt,
 * lte, gt, gte, endswith, startswith, contains) turned into SOQL conditions. The browser sends
 * `{field, operator, value}` triples as JSON, never SOQL; each field must exist on the object (its
 * describe), and the literal is written for the field's type (numbers and booleans bare, dates
 * unquoted ISO, everything else a quoted, escaped string).
 */
import {
  LOOKUP_FILTER_OPERATORS,
  type LookupFilterOperator,
  type ResolvedLookupFilter,
} from 'shared-contracts';
import { ApiError } from '../http/errors';
import { allowFields, type ObjectDescribe } from './describe';
import { escapeSoqlLike, quote, type Condition } from './soql';

export type LookupFilterInput = ResolvedLookupFilter;

/** At most this many filters per lookup (a form's rule rarely has more than a handful). */
export const MAX_LOOKUP_FILTERS = 10;

const NUMERIC = new Set(['int', 'double', 'currency', 'percent', 'long']);
const TEXTUAL = new Set([
  'string',
  'textarea',
  'picklist',
  'multipicklist',
  'email',
  'phone',
  'url',
  'combobox',
  'encryptedstring',
]);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;
const COMPARISONS: Record<string, string> = { eq: '=', neq: '!=', lt: '<', lte: '<=', gt: '>', gte: '>=' };

const bad = (message: string): ApiError => new ApiError('BAD_REQUEST', message);

/** Parses the `filters` query parameter: a JSON array of {field, operator, value}. */
export function parseLookupFilters(raw: string | undefined): LookupFilterInput[] {
  if (raw === undefined || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw bad('filters is not valid JSON.');
  }
  if (!Array.isArray(parsed)) throw bad('filters must be an array.');
  if (parsed.length > MAX_LOOKUP_FILTERS) throw bad(`At most ${MAX_LOOKUP_FILTERS} filters are allowed.`);
  return parsed.map((f: unknown, i) => {
    const o = (f ?? {}) as Record<string, unknown>;
    if (typeof o.field !== 'string' || o.field === '') throw bad(`filters[${i}].field is required.`);
    if (!(LOOKUP_FILTER_OPERATORS as readonly unknown[]).includes(o.operator))
      throw bad(`filters[${i}].operator must be one of ${LOOKUP_FILTER_OPERATORS.join(', ')}.`);
    const v = o.value;
    if (!(typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))))
      throw bad(`filters[${i}].value must be a string, a number or a boolean.`);
    if (typeof v === 'string' && v.length > 255) throw bad(`filters[${i}].value is too long.`);
    return { field: o.field, operator: o.operator as LookupFilterOperator, value: v };
  });
}

/** The literal for a value compared with a field of the given describe type. */
function literal(type: string, value: string | number | boolean, field: string): string {
  if (type === 'boolean') {
    if (value === true || value === 'true') return 'true';
    if (value === false || value === 'false') return 'false';
    throw bad(`${field} takes true or false.`);
  }
  if (NUMERIC.has(type)) {
    const num = typeof value === 'number' ? value : value === '' ? NaN : Number(value);
    if (typeof value === 'boolean' || !Number.isFinite(num)) throw bad(`${field} takes a number.`);
    return String(num);
  }
  if (type === 'date') {
    if (typeof value !== 'string' || !DATE.test(value.slice(0, 10))) throw bad(`${field} takes a date.`);
    return value.slice(0, 10);
  }
  if (type === 'datetime') {
    if (typeof value !== 'string' || !DATETIME.test(value)) throw bad(`${field} takes a date and time.`);
    return value;
  }
  return quote(String(value));
}

/** SOQL conditions for validated filters on an object (fields checked against its describe). */
export function lookupFilterConditions(
  describe: ObjectDescribe,
  filters: readonly LookupFilterInput[],
): Condition[] {
  return filters.map((f) => {
    const [field] = allowFields(describe, [f.field]) as [string];
    // Relationship paths (Parent.Name) are compared as text: their type is the parent's, unknown here.
    const type = field.includes('.')
      ? 'string'
      : String(describe.fields.find((d) => d.name === field)?.type ?? 'string');
    const op = COMPARISONS[f.operator];
    if (op) return `${field} ${op} ${literal(type, f.value, field)}`;
    if (!TEXTUAL.has(type)) throw bad(`${f.operator} needs a text field; ${field} is ${type}.`);
    const text = escapeSoqlLike(String(f.value));
    if (f.operator === 'startswith') return `${field} LIKE '${text}%'`;
    if (f.operator === 'endswith') return `${field} LIKE '%${text}'`;
    return `${field} LIKE '%${text}%'`;
  });
}
