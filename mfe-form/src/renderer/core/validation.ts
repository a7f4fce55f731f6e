/**
 * Validation of spec section 5: Ajv (+ ajv-formats) over the whole form, compiled once per form
 * version and cached by schema identity; pattern errors on undefined data ignored; errors listed as
 * '{field title} {message}' with row numbers; server errors mapped back onto fields by errorPath
 * (recursing up to depth 5); the edited flag; empty table rows dropped on submit.
 */
import type { ValidateFunction } from 'ajv';
import { MESSAGES, VALIDATION_TEXTS } from 'shared-contracts';
import type { FormJsonSchema } from 'shared-contracts';
import { describePath, errorsByPath, listErrors, validateForm } from 'form-core/ajv';
import { deepEqual, getIn } from 'form-core/paths';
import { missingMessages, missingRequiredPaths } from 'form-core/submission';
import { isEmptyValue } from 'form-core/rules';

// Ajv, the error listing and JSON Forms conditions live in form-core (the BFF checks a submitted
// form with the same code); re-exported for the renderer's modules.
export {
  ajvStats,
  describePath,
  errorMessageOf,
  errorPath,
  errorsByPath,
  getAjv,
  getValidator,
  listErrors,
  validateData,
  validateForm,
} from 'form-core/ajv';
// Home reads a refused submit's errors too (its In Progress card's toast).
export { mapServerErrors } from 'form-core/server-errors';

export interface SaveCheck {
  ok: boolean;
  /** The alert title: fix-field-validation, or fix-errors when the submission already has errors. */
  alert?: string;
  messages: string[];
  byPath: Map<string, string[]>;
}

/**
 * The save-time check: the missing required values (required.ts: any depth, absent sections, empty
 * and whitespace-only values, per list item), Ajv over the whole form, and the extra field errors
 * (combobox 'Invalid value', table cells).
 */
export const checkBeforeSave = (args: {
  validate: ValidateFunction;
  data: unknown;
  schema: FormJsonSchema;
  /** Data paths of missing required values: '{field} is missing required fields' (row N); default: the schema's. */
  missing?: readonly string[];
  extraErrors?: ReadonlyMap<string, string[]>;
  submissionErrors?: unknown;
  /**
   * The data as the screen shows it, when `data` is it with the empty rows dropped: errors are placed
   * and numbered by the rows on screen (row 250 stays row 250 when rows before it are empty).
   */
  shown?: unknown;
}): SaveCheck => {
  const found = validateForm(args.validate, args.data);
  const shown = args.shown;
  const errors =
    shown === undefined || shown === args.data
      ? found
      : found.map((e) => ({ ...e, instancePath: pointerBeforeDrop(shown, e.instancePath) }));
  const byPath = new Map<string, string[]>();
  const messages: string[] = [];
  // Without the store's list (which knows hidden and read-only fields), the schema's required fields.
  const missing = args.missing ?? missingRequiredPaths(args.schema, args.data, undefined);
  // The listing the BFF answers a refused submit with (form-core's submission check).
  messages.push(...missingMessages(missing, args.schema));
  for (const p of missing) byPath.set(p, [VALIDATION_TEXTS.requiredProperty]);
  for (const [p, msgs] of errorsByPath(errors, args.schema))
    byPath.set(p, [...(byPath.get(p) ?? []), ...msgs]);
  messages.push(...listErrors(errors, args.schema));
  for (const [p, msgs] of args.extraErrors ?? []) {
    const { title, row } = describePath(p, args.schema);
    for (const m of msgs) {
      messages.push(row !== undefined ? `${title} ${m}${VALIDATION_TEXTS.row(row)}` : `${title} ${m}`);
      byPath.set(p, [...(byPath.get(p) ?? []), m]);
    }
  }
  if (messages.length > 0) return { ok: false, alert: MESSAGES.fixFieldValidation, messages, byPath };
  if (!isEmptyValue(args.submissionErrors)) {
    return { ok: false, alert: MESSAGES.fixErrorsBeforeSubmitting, messages, byPath };
  }
  return { ok: true, messages, byPath };
};

/** The edited flag: differs from both the original submitted data and the schema default. */
export const isEdited = (value: unknown, original: unknown, schemaDefault: unknown): boolean =>
  !deepEqual(normEmpty(value), normEmpty(original)) && !deepEqual(normEmpty(value), normEmpty(schemaDefault));
/**
 * The value as the edited flag compares it: empty strings, empty objects and empty arrays are no value,
 * and inside tables, lists and file lists empty cells and all-empty rows do not count (a table's blank
 * starting rows, a file added then deleted, or the unsigned item a signature control creates, are not
 * an edit).
 */
export const normEmpty = (v: unknown): unknown => {
  if (Array.isArray(v)) {
    const items = v.map(normEmpty).filter((x) => x !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (v !== null && typeof v === 'object') {
    // A signature item nobody signed (the control creates one with its Purpose) is no answer yet.
    if ('SignatureBase64' in v && isEmptyValue((v as { SignatureBase64?: unknown }).SignatureBase64))
      return undefined;
    const entries = Object.entries(v)
      .map(([k, x]) => [k, normEmpty(x)] as const)
      .filter(([, x]) => x !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return isEmptyValue(v) ? undefined : v;
};

/** A row dropEmptyRows leaves out (an object whose values are all empty, once its own empty rows are dropped). */
const isDroppedRow = (v: unknown): boolean => {
  const d = dropEmptyRows(v);
  return d !== null && typeof d === 'object' && !Array.isArray(d) && Object.values(d).every(isEmptyValue);
};

/**
 * The JSON pointer in `shown` of a pointer into dropEmptyRows(shown): each array index counted again
 * with the dropped rows (the k-th kept row is the i-th shown one).
 */
export const pointerBeforeDrop = (shown: unknown, pointer: string): string => {
  const keys = pointer.split('/').slice(1);
  let node = shown;
  const out: string[] = [];
  for (const key of keys) {
    if (Array.isArray(node) && /^\d+$/.test(key)) {
      let k = Number(key);
      let at = -1;
      for (let i = 0; i < node.length && at < 0; i++) if (!isDroppedRow(node[i]) && k-- === 0) at = i;
      // Not found (the data changed meanwhile): the pointer as it was.
      if (at < 0) return pointer;
      out.push(String(at));
      node = node[at];
    } else {
      out.push(key);
      const name = key.replace(/~1/g, '/').replace(/~0/g, '~');
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[name] : undefined;
    }
  }
  return keys.length === 0 ? pointer : `/${out.join('/')}`;
};

/** Whether normEmpty(v) is undefined (no value at all), without building the normalised copy. */
export const isEmptyNorm = (v: unknown): boolean => {
  if (Array.isArray(v)) return v.every(isEmptyNorm);
  if (v !== null && typeof v === 'object') {
    if ('SignatureBase64' in v && isEmptyValue((v as { SignatureBase64?: unknown }).SignatureBase64))
      return true;
    for (const x of Object.values(v)) if (!isEmptyNorm(x)) return false;
    return true;
  }
  return isEmptyValue(v);
};

/** Table rows where every value is empty are dropped (recursively, for every array of objects). */
export const dropEmptyRows = (data: unknown): unknown => {
  if (Array.isArray(data)) {
    const kept = data
      .map((v) => dropEmptyRows(v))
      .filter(
        (v) =>
          !(v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every(isEmptyValue)),
      );
    return kept.length === data.length && kept.every((v, i) => v === data[i]) ? data : kept;
  }
  if (data !== null && typeof data === 'object') {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(data)) {
      const n = dropEmptyRows(v);
      if (n !== v) {
        out ??= { ...(data as Record<string, unknown>) };
        out[k] = n;
      }
    }
    return out ?? data;
  }
  return data;
};

const regexCache = new Map<string, RegExp | null>();
/** The compiled pattern (cached); null for an invalid pattern. */
export const patternRegex = (pattern: string): RegExp | null => {
  let re = regexCache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      re = null;
    }
    regexCache.set(pattern, re);
  }
  return re;
};

/** The live per-input pattern test: empty values pass. */
export const failsPattern = (value: unknown, schema: FormJsonSchema | undefined): boolean => {
  if (!schema?.pattern || isEmptyValue(value)) return false;
  const re = patternRegex(schema.pattern);
  return re ? !re.test(String(value)) : false;
};

/** Whitespace-only text clears the value. */
export const normaliseText = (text: string): string | undefined => (text.trim() === '' ? undefined : text);

/** Title for a data path, exposed for listings outside Ajv (e.g. combobox errors). */
export const titleAt = (path: string, root: FormJsonSchema): string => describePath(path, root).title;

export const valueAt = getIn;
