/**
 * The form's validation, one module for the browser (mfe-form's renderer) and the BFF (a submission
 * sent as Submitted is checked with these same rules): Ajv (+ ajv-formats) over the whole form, compiled
 * once per form version and cached by schema identity; pattern errors on undefined data ignored; errors
 * listed as '{field title} {message}' with row numbers; JSON Forms rule conditions.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import type { FieldErrorDetail, FormJsonSchema } from 'shared-contracts';
import { VALIDATION_TEXTS, detailText, fieldErrorReason, ruleParams } from 'shared-contracts';
import type { JsonFormsRule } from 'shared-contracts';
import { getIn, joinPath, pointerToPath, scopeToPath } from './paths';
import { isEmptyValue } from './rules';
import { schemaAtPath, titleOf, toAjvSchema } from './schema';
import { SPEC_ANNOTATION_KEYWORDS, shareLeafSchemas } from './sharedLeaves';

/** The listing's words and the check's reasons, in the user's language (shared-contracts field-errors). */
export { VALIDATION_TEXTS };

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
  // A location field (geolocation.ts) is an object; its format is a mark for the renderer too.
  ajv.addFormat('location', true);
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

/** JSON Forms conditions: LEAF (expectedValue), SCHEMA-based (Ajv, compiled once per schema object), OR/AND. */
const conditionValidators = new WeakMap<object, ValidateFunction>();
export const evaluateJsonFormsCondition = (
  cond: JsonFormsRule['condition'],
  data: unknown,
  base: string,
): boolean => {
  if (cond.type === 'OR' && cond.conditions)
    return cond.conditions.some((c) => evaluateJsonFormsCondition(c, data, base));
  if (cond.type === 'AND' && cond.conditions)
    return cond.conditions.every((c) => evaluateJsonFormsCondition(c, data, base));
  const value = cond.scope ? getIn(data, joinPath(base, scopeToPath(cond.scope))) : data;
  if (cond.type === 'LEAF') return value === cond.expectedValue;
  if (cond.schema) {
    if (value === undefined && cond.failWhenUndefined) return false;
    let v = conditionValidators.get(cond.schema);
    if (!v) {
      ajvStats.compiles++;
      v = getAjv().compile(cond.schema);
      conditionValidators.set(cond.schema, v);
    }
    return v(value) === true;
  }
  return false;
};

/** The data path an error belongs to: required errors point at the missing property. */
export const errorPath = (e: ErrorObject): string => {
  const base = pointerToPath(e.instancePath);
  if (e.keyword === 'required') {
    return joinPath(base, String((e.params as { missingProperty?: string }).missingProperty ?? ''));
  }
  return base;
};

/**
 * An error's stable code and parameters (shared-contracts field-errors): what the BFF's refusal
 * carries beside its English text, so each screen words it in its user's language.
 */
export const errorDetail = (e: ErrorObject, root: FormJsonSchema): FieldErrorDetail => {
  const { title, row } = describePath(errorPath(e), root);
  const at = row !== undefined ? { field: title, row } : { field: title };
  if (e.keyword === 'required') return { code: 'missingRequired', params: at };
  const authored =
    e.keyword === 'pattern' ? schemaAtPath(pointerToPath(e.instancePath), root)?.errorMessage : undefined;
  // the form's own error message is its author's words: shown as written
  if (authored) return { code: 'invalid', params: { ...at, reason: authored } };
  return {
    code: 'invalid',
    params: {
      ...at,
      reason: e.message ?? 'is invalid',
      rule: e.keyword,
      ...ruleParams(e.params as Record<string, unknown>),
    },
  };
};

/** The message shown on a field: the schema's errorMessage for pattern errors, else the check's reason. */
export const errorMessageOf = (e: ErrorObject, root: FormJsonSchema): string => {
  const detail = errorDetail(e, root);
  return detail.code === 'missingRequired'
    ? VALIDATION_TEXTS.requiredProperty
    : fieldErrorReason(detail.params);
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
  errors.map((e) => detailText(errorDetail(e, root)));
