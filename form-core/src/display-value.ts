/**
 * Values as the user reads them (issue 19.4): field titles instead of API names, and values
 * formatted by their schema type: dates and times in the user's time zone and locale, picklists by
 * title, lookups by name, booleans as Yes/No, numbers localised. One implementation for every place
 * a value is shown (home cards, the form header, print), so an imported record and a local one read
 * the same. Pure and cheap: Intl formatters are cached, a form's field list is computed once per
 * definition object, and nothing here throws on bad input (it falls back to the raw text).
 */
import { displayLocale, type FormDefinition, type FormJsonSchema, type OneOfOption } from 'shared-contracts';
import { resolveSchemaRef, schemaType as typeOf } from './schema-ref';
import { LOCATION_FORMAT, formatLocation } from './geolocation';

/** Where and how to show values: the user's time zone (TimeZoneSidKey) and locale (default: the browser's). */
export interface DisplayOptions {
  timeZone?: string;
  locale?: string;
}

export type DisplayKind =
  'text' | 'date' | 'date-time' | 'time' | 'boolean' | 'number' | 'choice' | 'lookup' | 'location';

/** One field of a form as cards show it: its data path, title and how its value is formatted. */
export interface DisplayField {
  path: readonly string[];
  title: string;
  kind: DisplayKind;
  /** Picklist const -> title. */
  options?: ReadonlyMap<string, string>;
}

export interface FieldValue {
  label: string;
  value: string;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---------------------------------------------------------------------------------------------
// Dates and times

/** One style everywhere (home, form header, print): the locale's medium date and short time. */
const STYLES = {
  'date-time': { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter; an unknown time zone or locale falls back to the browser's (never throws). */
function dateFormatter(
  style: keyof typeof STYLES,
  locale: string | undefined = displayLocale(),
  timeZone?: string,
): Intl.DateTimeFormat {
  const key = `${style}|${locale ?? ''}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...STYLES[style], ...(timeZone ? { timeZone } : {}) });
    } catch {
      // drop the unknown time zone first (keeping the locale), then the locale
      f = timeZone ? dateFormatter(style, locale) : new Intl.DateTimeFormat(undefined, STYLES[style]);
    }
    formatters.set(key, f);
  }
  return f;
}

const numberFormatters = new Map<string, Intl.NumberFormat>();
function numberFormatter(locale: string | undefined = displayLocale()): Intl.NumberFormat {
  const key = locale ?? '';
  let f = numberFormatters.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { maximumFractionDigits: 10 });
    } catch {
      f = new Intl.NumberFormat(undefined, { maximumFractionDigits: 10 });
    }
    numberFormatters.set(key, f);
  }
  return f;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO 8601 date-time with an optional offset: 'Z', '+01:00' or Salesforce's '+0000'.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * An instant from an ISO date-time ('2026-11-23T19:17:57.844Z', '…+01:00', Salesforce's '…+0000'),
 * epoch milliseconds or a Date. No offset means UTC (how the org and this product store them).
 */
export function parseDateTime(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const m = DATE_TIME.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const s = Number(m[6] ?? 0);
  const ms = Number(((m[7] ?? '') + '000').slice(0, 3));
  if (!validDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return undefined;
  let offsetMin = 0;
  const z = m[8];
  if (z && z.toUpperCase() !== 'Z') {
    const digits = z.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || 0);
    if (oh > 23 || om > 59) return undefined;
    offsetMin = (z[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMin * 60_000);
}

/** A calendar date 'YYYY-MM-DD' in the user's locale; it names a day, so no time zone shifts it. */
export function formatDateOnly(value: unknown, opts: DisplayOptions = {}): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  const m = DATE_ONLY.exec(value.trim());
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!validDate(y, mo, d)) return value;
    return dateFormatter('date', opts.locale, 'UTC').format(new Date(Date.UTC(y, mo - 1, d)));
  }
  // a date-time in a date field: the day it is in the user's time zone
  const at = parseDateTime(value);
  return at ? dateFormatter('date', opts.locale, opts.timeZone).format(at) : value;
}

/**
 * A date-time ('Created …', 'Synced on …', a date-time field) in the user's time zone and locale.
 * A date-only value is shown as that date. Empty gives ''; text that is no date comes back as it is.
 */
export function formatDateTime(value: unknown, opts: DisplayOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY.test(value.trim())) return formatDateOnly(value, opts);
  const at = parseDateTime(value);
  if (at) return dateFormatter('date-time', opts.locale, opts.timeZone).format(at);
  return typeof value === 'string' ? value : '';
}

/**
 * A time of day (the platform's 'HH:mm:ss.SSSZ', or 'HH:mm'): a wall-clock time, as Salesforce Time
 * fields are, shown in the locale's style without a time zone shift.
 */
export function formatTime(value: unknown, opts: DisplayOptions = {}): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  const m = TIME.exec(value.trim());
  if (!m) {
    const at = parseDateTime(value);
    return at ? dateFormatter('time', opts.locale, opts.timeZone).format(at) : value;
  }
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return value;
  return dateFormatter('time', opts.locale, 'UTC').format(new Date(Date.UTC(1970, 0, 1, h, mi, s)));
}

export function formatNumber(value: unknown, opts: DisplayOptions = {}): string {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) return typeof value === 'string' ? value : '';
  return numberFormatter(opts.locale).format(n);
}

export const YES = 'Yes';
export const NO = 'No';

// ---------------------------------------------------------------------------------------------
// Titles

/**
 * A readable title from an API name, for data no schema describes: the namespace prefix, '__c' and
 * the product's 'CQ_Form_' key prefix go, underscores become spaces ('cqext__Contact__c' -> 'Contact').
 */
export function titleFromKey(key: string): string {
  const t = key
    .replace(/^[A-Za-z][A-Za-z0-9]*__(?=[A-Za-z])(?!c$|r$)/, '')
    .replace(/__(c|r)$/i, '')
    .replace(/^CQ_Form_/, '')
    .replace(/_+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim();
  return t ? t.charAt(0).toUpperCase() + t.slice(1) : key;
}

// ---------------------------------------------------------------------------------------------
// Form fields

/** A schema node with its $ref followed; undefined for anything but an object (a malformed definition). */
function resolveRef(node: unknown, root: FormJsonSchema): FormJsonSchema | undefined {
  if (!isRec(node)) return undefined;
  const out = resolveSchemaRef(node as FormJsonSchema, root);
  return isRec(out) ? out : undefined;
}

/** The schema node at a data path (object properties only). */
function schemaAt(root: FormJsonSchema, path: readonly string[]): FormJsonSchema | undefined {
  let cur = resolveRef(root, root);
  for (const key of path) {
    const props = cur?.properties;
    if (!isRec(props)) return undefined;
    cur = resolveRef(props[key], root);
  }
  return cur;
}

function optionsOf(s: FormJsonSchema): Map<string, string> | undefined {
  const list = Array.isArray(s.oneOf)
    ? s.oneOf
    : Array.isArray(s.enum)
      ? s.enum.map((v) => ({ const: v }))
      : null;
  if (!list) return undefined;
  const map = new Map<string, string>();
  for (const o of list as unknown[]) {
    if (!isRec(o) || !('const' in o)) return undefined;
    const title = (o as Partial<OneOfOption>).title;
    map.set(String(o.const), typeof title === 'string' && title ? title : String(o.const));
  }
  return map;
}

/** How a field's value is formatted, from its schema and ui element; null for what cards skip (objects, arrays). */
function kindOf(s: FormJsonSchema, uiType?: string): Omit<DisplayField, 'path' | 'title'> | null {
  const type = typeOf(s);
  // A location is an object holding one answer: shown as coordinates.
  if (s.format === LOCATION_FORMAT) return { kind: 'location' };
  if (type === 'object' || type === 'array' || s.format === 'table' || s.$ref !== undefined) return null;
  if (type === undefined && (isRec(s.properties) || s.items !== undefined)) return null;
  const options = optionsOf(s);
  if (options && options.size > 0) return { kind: 'choice', options };
  if (uiType === 'lookup' || s.lookupTo !== undefined) return { kind: 'lookup' };
  if (s.format === 'date-time') return { kind: 'date-time' };
  if (s.format === 'date') return { kind: 'date' };
  if (s.format === 'time' || uiType === 'time') return { kind: 'time' };
  if (type === 'boolean') return { kind: 'boolean' };
  // A Phone field maps to an integer with a maxLength: digits to show as typed, not a quantity.
  if ((type === 'number' || type === 'integer') && s.maxLength === undefined) return { kind: 'number' };
  return { kind: 'text' };
}

const FIELD_UI_TYPES = new Set(['Control', 'select', 'lookup', 'radio', 'time', 'dependent']);

function scopePath(scope: string): string[] | null {
  const parts = scope.replace(/^#\/?/, '').split('/').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    if (parts[i] !== 'properties' || parts[i + 1] === undefined) return null;
    out.push((parts[i + 1] as string).replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return out.length ? out : null;
}

const fieldCache = new WeakMap<object, readonly DisplayField[]>();

/**
 * The fields of a form in the order the form shows them (its layout), with titles and formats: what
 * the form labels a field is what cards call it. Computed once per definition object. Without a
 * layout, the schema's order; `_Id` companions of lookups are left out (the name is shown).
 */
export function displayFields(formDef: unknown): readonly DisplayField[] {
  if (!isRec(formDef)) return [];
  const cached = fieldCache.get(formDef);
  if (cached) return cached;
  const out: DisplayField[] = [];
  try {
    const root = (formDef as Partial<FormDefinition>).schema;
    if (isRec(root)) {
      const seen = new Set<string>();
      const add = (path: string[], s: FormJsonSchema | undefined, label: unknown, uiType?: string): void => {
        const id = path.join('\u0000');
        if (!s || seen.has(id)) return;
        const k = kindOf(s, uiType);
        if (!k) return;
        seen.add(id);
        const title =
          (typeof label === 'string' && label.trim()) ||
          (typeof s.title === 'string' && s.title.trim()) ||
          titleFromKey(path[path.length - 1] ?? '');
        out.push({ path, title, ...k });
      };
      const walkUi = (el: unknown, depth: number): void => {
        if (!isRec(el) || depth > 30) return;
        const type = typeof el.type === 'string' ? el.type : '';
        if (typeof el.scope === 'string' && FIELD_UI_TYPES.has(type)) {
          const opts = isRec(el.options) ? el.options : {};
          // a lookup shows its label scope (the record's name), its value scope holds the Id
          const scope = typeof opts.labelScope === 'string' && type === 'lookup' ? opts.labelScope : el.scope;
          const path = scopePath(scope);
          if (path) add(path, schemaAt(root, path), el.label, type);
        }
        if (Array.isArray(el.elements)) for (const child of el.elements) walkUi(child, depth + 1);
      };
      walkUi((formDef as Partial<FormDefinition>).ui, 0);
      if (out.length === 0) {
        const walkSchema = (node: FormJsonSchema | undefined, path: string[], depth: number): void => {
          const props = node?.properties;
          if (!isRec(props) || depth > 5) return;
          for (const key of Object.keys(props)) {
            if (key.endsWith('_Id') && key.slice(0, -3) in props) continue;
            const child = resolveRef(props[key], root);
            if (!child) continue;
            const isObject =
              typeOf(child) === 'object' || (child.type === undefined && isRec(child.properties));
            if (isObject && child.format !== 'table') walkSchema(child, [...path, key], depth + 1);
            else add([...path, key], child, undefined);
          }
        };
        walkSchema(resolveRef(root, root), [], 0);
      }
    }
  } catch {
    // a malformed definition: no titles, the data's own keys are used
  }
  fieldCache.set(formDef, out);
  return out;
}

/** The title of the field at a data path ('General.CQ_Form_When' or ['General', 'CQ_Form_When']). */
export function fieldTitleAt(formDef: unknown, path: string | readonly string[]): string {
  const keys = typeof path === 'string' ? path.split('.').filter(Boolean) : path;
  const id = keys.join('\u0000');
  const f = displayFields(formDef).find((x) => x.path.join('\u0000') === id);
  if (f) return f.title;
  const root = isRec(formDef) ? (formDef as Partial<FormDefinition>).schema : undefined;
  const s = isRec(root) ? schemaAt(root, keys) : undefined;
  return (typeof s?.title === 'string' && s.title) || titleFromKey(keys[keys.length - 1] ?? '');
}

const isEmpty = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A value as the user reads it for a field; '' when empty or not displayable as one line. */
export function formatFieldValue(
  field: Pick<DisplayField, 'kind' | 'options'>,
  value: unknown,
  opts: DisplayOptions = {},
): string {
  try {
    if (field.kind === 'location') return formatLocation(value, opts);
    if (isEmpty(value) || typeof value === 'object') return '';
    switch (field.kind) {
      case 'date-time':
        return formatDateTime(value, opts);
      case 'date':
        return formatDateOnly(String(value), opts);
      case 'time':
        return formatTime(String(value), opts);
      case 'boolean':
        return value === true || value === 'true'
          ? YES
          : value === false || value === 'false'
            ? NO
            : String(value);
      case 'number':
        return formatNumber(value, opts);
      case 'choice': {
        const titles = field.options;
        const one = (v: string): string => titles?.get(v) ?? v;
        const text = String(value);
        // a multi-select picklist stores 'A;B'
        return titles?.has(text) ? one(text) : text.split(';').map(one).join(', ');
      }
      default:
        return typeof value === 'boolean' ? (value ? YES : NO) : String(value);
    }
  } catch {
    return typeof value === 'string' ? value : '';
  }
}

/** How a value that no schema describes is shown: by its look (an ISO date-time, a date, a flag, a number). */
export function formatUntypedValue(value: unknown, opts: DisplayOptions = {}): string {
  if (isEmpty(value) || typeof value === 'object') return '';
  if (typeof value === 'boolean') return value ? YES : NO;
  if (typeof value === 'number') return formatNumber(value, opts);
  const text = String(value).trim();
  if (DATE_ONLY.test(text)) return formatDateOnly(text, opts);
  if (DATE_TIME.test(text) && /[T ]\d{2}:\d{2}/.test(text)) return formatDateTime(text, opts);
  return String(value);
}

const getIn = (data: unknown, path: readonly string[]): unknown => {
  let cur = data;
  for (const key of path) {
    if (!isRec(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
};

/**
 * Up to `max` non-empty values of a submission's data, titled and formatted, in the form's order.
 * With no usable definition at hand, the data's own keys give the titles and the values are read by
 * their look; `_Id` companions and nested lists (tables, files, signatures) are skipped.
 */
export function fieldValues(
  data: unknown,
  formDef: unknown,
  max = 4,
  opts: DisplayOptions = {},
): FieldValue[] {
  const out: FieldValue[] = [];
  if (max <= 0 || !isRec(data)) return out;
  const fields = displayFields(formDef);
  for (const f of fields) {
    const value = formatFieldValue(f, getIn(data, f.path), opts);
    if (value) out.push({ label: f.title, value });
    if (out.length >= max) return out;
  }
  if (fields.length > 0) return out;
  const walk = (node: Rec, depth: number): void => {
    for (const [key, v] of Object.entries(node)) {
      if (out.length >= max || depth > 5) return;
      if (key.endsWith('_Id')) continue;
      if (isRec(v)) walk(v, depth + 1);
      else {
        const value = formatUntypedValue(v, opts);
        if (value) out.push({ label: titleFromKey(key), value });
      }
    }
  };
  walk(data, 0);
  return out;
}

/** 'Label:' for a label shown before its value; a title that ends in ? or : keeps its own mark. */
export function labelWithColon(label: string): string {
  return /[?:!.]$/.test(label.trim()) ? label : `${label}:`;
}
