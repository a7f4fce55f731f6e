/**
 * Validation of spec section 5: Ajv (+ ajv-formats) over the whole form, compiled once per form
 * version and cached by schema identity; pattern errors on undefined data ignored; errors listed as
 * '{field title} {message}' with row numbers; server errors mapped back onto fields by errorPath
 * (recursing up to depth 5); the edited flag; empty table rows dropped on submit.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import { CUSTOM_VALIDATION_MAX_DEPTH, MESSAGES, missingRequiredFields } from 'shared-contracts';
import type { FormJsonSchema } from 'shared-contracts';
import { RENDERER_TEXTS } from '../texts';
import { deepEqual, getIn, joinPath, pointerToPath } from './paths';
import { missingRequired, requiredPlan } from './required';
import { isEmptyValue } from './rules';
import { schemaAtPath, titleOf, toAjvSchema } from './schema';
import { SPEC_ANNOTATION_KEYWORDS, shareLeafSchemas } from './sharedLeaves';

/** Counters the bench and tests read: Ajv compiles must not grow after mount. */
export const ajvStats = { compiles: 0 };

const makeAjv = (meta = true): Ajv => {
  // code.optimize off: Ajv's optimiser passes over the generated code cost a third of the compile of a
  // 1,000-field form at mount (measured in bench/profile.mjs) and save little at validation time.
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: false,
    validateSchema: false,
    meta,
    code: { optimize: false },
    // Shared field shapes (sharedLeaves.ts) stay one function each instead of being inlined per field.
    inlineRefs: false,
  });
  addFormats(ajv);
  // time and date-time with an optional zone, as JSON Forms' Ajv (ajv-formats 2) accepts them.
  ajv.addFormat('time', fullFormats['iso-time']);
  ajv.addFormat('date-time', fullFormats['iso-date-time']);
  // The builder's tables are `format: 'table'` (builder spec section 3): a layout mark, not a string
  // format. Unknown, Ajv logged "unknown format ignored" in the console on every form with a table.
  ajv.addFormat('table', true);
  // The spec's annotation keywords, declared so strict mode stays meaningful for everything else.
  for (const keyword of SPEC_ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
  return ajv;
};

let sharedAjv: Ajv | undefined;
/** One Ajv instance for all forms (JSON Forms' options: allErrors, verbose, strict off). */
export const getAjv = (): Ajv => {
  sharedAjv ??= makeAjv();
  return sharedAjv;
};

/** Compile; a schema whose $id is already taken (a meta-schema, a second copy) gets its own instance. */
const compile = (schema: FormJsonSchema): ValidateFunction => {
  try {
    return getAjv().compile(schema);
  } catch (e) {
    if (e instanceof Error && /already exists/.test(e.message)) return makeAjv(false).compile(schema);
    throw e;
  }
};

const byIdentity = new WeakMap<object, ValidateFunction>();
const byVersion = new Map<string, { schema: object; fn: ValidateFunction }>();

/**
 * The compiled validator of a schema: cached by identity, and by `version` when given, so a new
 * schema object of the same form version (e.g. re-parsed JSON) is not compiled again.
 */
export const getValidator = (schema: FormJsonSchema, version?: string): ValidateFunction => {
  const hit = byIdentity.get(schema);
  if (hit) return hit;
  if (version) {
    const v = byVersion.get(version);
    if (v) {
      byIdentity.set(schema, v.fn);
      return v.fn;
    }
  }
  ajvStats.compiles++;
  const fn = compile(shareLeafSchemas(toAjvSchema(schema)));
  byIdentity.set(schema, fn);
  if (version) byVersion.set(version, { schema, fn });
  return fn;
};

/** Ajv over the data, with pattern errors on undefined (or empty) data ignored. */
export const validateData = (validate: ValidateFunction, data: unknown): ErrorObject[] => {
  validate(data);
  const errors = validate.errors ?? [];
  const ignored = (e: ErrorObject): boolean => e.keyword === 'pattern' && isEmptyValue(e.data);
  // Copied only when something is dropped: this runs after every edit, with every error of the form.
  return errors.some(ignored) ? errors.filter((e) => !ignored(e)) : errors;
};

/**
 * Ajv's errors as the form uses them: `required` errors dropped, because required.ts owns required
 * fields (absent sections, empty and whitespace-only values, hidden and read-only fields exempt). A
 * `required` inside oneOf/anyOf/if still shows through the combinator's own error.
 */
export const validateForm = (validate: ValidateFunction, data: unknown): ErrorObject[] => {
  const errors = validateData(validate, data);
  return errors.some(isRequiredError) ? errors.filter((e) => !isRequiredError(e)) : errors;
};
const isRequiredError = (e: ErrorObject): boolean => e.keyword === 'required';

/** The data path an error belongs to: required errors point at the missing property. */
export const errorPath = (e: ErrorObject): string => {
  const base = pointerToPath(e.instancePath);
  if (e.keyword === 'required') {
    return joinPath(base, String((e.params as { missingProperty?: string }).missingProperty ?? ''));
  }
  return base;
};

/** The message shown on a field: the schema's errorMessage for pattern errors, else Ajv's. */
export const errorMessageOf = (e: ErrorObject, root: FormJsonSchema): string => {
  if (e.keyword === 'required') return RENDERER_TEXTS.requiredProperty;
  const s = schemaAtPath(pointerToPath(e.instancePath), root);
  if (e.keyword === 'pattern' && s?.errorMessage) return s.errorMessage;
  return e.message ?? 'is invalid';
};

/** Errors grouped by data path. */
export const errorsByPath = (errors: ErrorObject[], root: FormJsonSchema): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  for (const e of errors) {
    const p = errorPath(e);
    const list = map.get(p) ?? [];
    list.push(errorMessageOf(e, root));
    map.set(p, list);
  }
  return map;
};

/** Title of the field at a data path, and the 1-based row of the innermost array index in it. */
export const describePath = (path: string, root: FormJsonSchema): { title: string; row?: number } => {
  const keys = path.split('.').filter(Boolean);
  let row: number | undefined;
  let lastName = '';
  for (const k of keys) {
    if (/^\d+$/.test(k)) row = Number(k) + 1;
    else lastName = k;
  }
  return { title: titleOf(schemaAtPath(path, root), lastName), row };
};

/**
 * The listing of spec section 5: '{field title} {message}', with ' (row N)' for indexed items.
 * Required errors read '{field} is missing required fields'.
 */
export const listErrors = (errors: ErrorObject[], root: FormJsonSchema): string[] =>
  errors.map((e) => {
    const p = errorPath(e);
    const { title, row } = describePath(p, root);
    const text =
      e.keyword === 'required' ? missingRequiredFields(title) : `${title} ${errorMessageOf(e, root)}`;
    return row !== undefined ? `${text}${RENDERER_TEXTS.row(row)}` : text;
  });

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
}): SaveCheck => {
  const errors = validateForm(args.validate, args.data);
  const byPath = new Map<string, string[]>();
  const messages: string[] = [];
  // Without the store's list (which knows hidden and read-only fields), the schema's required fields.
  const missing = args.missing ?? missingRequired(requiredPlan(args.schema), args.data);
  for (const p of missing) {
    const { title, row } = describePath(p, args.schema);
    const text = missingRequiredFields(title);
    messages.push(row !== undefined ? `${text}${RENDERER_TEXTS.row(row)}` : text);
    byPath.set(p, [RENDERER_TEXTS.requiredProperty]);
  }
  for (const [p, msgs] of errorsByPath(errors, args.schema))
    byPath.set(p, [...(byPath.get(p) ?? []), ...msgs]);
  messages.push(...listErrors(errors, args.schema));
  for (const [p, msgs] of args.extraErrors ?? []) {
    const { title, row } = describePath(p, args.schema);
    for (const m of msgs) {
      messages.push(row !== undefined ? `${title} ${m}${RENDERER_TEXTS.row(row)}` : `${title} ${m}`);
      byPath.set(p, [...(byPath.get(p) ?? []), m]);
    }
  }
  if (messages.length > 0) return { ok: false, alert: MESSAGES.fixFieldValidation, messages, byPath };
  if (!isEmptyValue(args.submissionErrors)) {
    return { ok: false, alert: MESSAGES.fixErrorsBeforeSubmitting, messages, byPath };
  }
  return { ok: true, messages, byPath };
};

const messageOf = (v: unknown): string | undefined => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') {
    return (v as { message: string }).message;
  }
  return undefined;
};

/**
 * Server errors onto fields. Accepts a list of {errorPath, message} (errorPath dot or slash
 * separated) and/or an object tree mirroring the data whose leaves are messages; recursion into
 * nested objects stops at depth 5.
 */
export const mapServerErrors = (
  serverErrors: unknown,
  maxDepth: number = CUSTOM_VALIDATION_MAX_DEPTH,
): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  const add = (p: string, m: string): void => {
    map.set(p, [...(map.get(p) ?? []), m]);
  };
  const walk = (node: unknown, base: string, depth: number): void => {
    if (node === null || node === undefined || depth > maxDepth) return;
    const direct = messageOf(node);
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        const ep = item && typeof item === 'object' ? (item as { errorPath?: unknown }).errorPath : undefined;
        if (typeof ep === 'string') {
          const m = messageOf(item);
          if (m) add(joinPath(base, ep.replace(/^\//, '').replace(/\//g, '.')), m);
        } else if (typeof item === 'string') add(base, item);
        else walk(item, joinPath(base, String(i)), depth + 1);
      });
      return;
    }
    if (typeof node === 'object') {
      const ep = (node as { errorPath?: unknown }).errorPath;
      if (typeof ep === 'string' && direct) {
        add(joinPath(base, ep.replace(/^\//, '').replace(/\//g, '.')), direct);
        return;
      }
      if (direct) {
        add(base, direct);
        return;
      }
      for (const [k, v] of Object.entries(node)) walk(v, joinPath(base, k), depth + 1);
      return;
    }
    if (direct) add(base, direct);
  };
  walk(serverErrors, '', 0);
  return map;
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
