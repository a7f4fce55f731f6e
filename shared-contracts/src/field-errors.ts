import { MESSAGE_FORMS } from './messages';
import { defineTexts, englishOf } from './texts';

/**
 * A form's field errors as a stable machine code and its parameters (issue 44), beside the English
 * text the wire and the device's stores carry: the BFF's refusal of a submit (its 422's
 * `details.fieldErrors[i]`, with `errorPath` and `message`) and the browser's own listing are worded
 * from it, so a screen shows the error in the user's language whatever language it was raised in.
 */
export type FieldErrorDetail =
  /** '{field} is missing required fields' (row N). */
  | { code: 'missingRequired'; params: { field: string; row?: number } }
  /**
   * '{field} {reason}' (row N): the form's check refused the value. `rule` is the check's keyword
   * (Ajv's: type, format, maxLength, …) with its parameters (`limit`, `type`, `format`, `pattern`,
   * `multipleOf`); `reason` the English reason, what shows for a rule with no
   * text here and for the form's own error message (a pattern's `errorMessage`: the author's words).
   */
  | { code: 'invalid'; params: InvalidParams };

export interface InvalidParams {
  field: string;
  row?: number;
  reason: string;
  rule?: string;
  limit?: number;
  type?: string;
  format?: string;
  pattern?: string;
  multipleOf?: number;
}

/**
 * The listing's words the spec does not give, and the form check's reasons in Ajv's English words
 * (what the wire has always carried: a unit test holds them to Ajv's own messages).
 */
export const VALIDATION_TEXTS = /* @__PURE__ */ defineTexts('validation', {
  /** Error listing: suffix of indexed items, '{field title} {message} (row N)'. */
  row: (n: number): string => ` (row ${n})`,
  /** Under an empty required field, in words a user reads (the listing uses missingRequiredFields). */
  requiredProperty: 'This field is required',
  type: (type: string): string => `must be ${type}`,
  format: (format: string): string => `must match format "${format}"`,
  pattern: (pattern: string): string => `must match pattern "${pattern}"`,
  maxLength: (limit: number): string => `must NOT have more than ${limit} characters`,
  minLength: (limit: number): string => `must NOT have fewer than ${limit} characters`,
  maxItems: (limit: number): string => `must NOT have more than ${limit} items`,
  minItems: (limit: number): string => `must NOT have fewer than ${limit} items`,
  maximum: (limit: number): string => `must be <= ${limit}`,
  minimum: (limit: number): string => `must be >= ${limit}`,
  exclusiveMaximum: (limit: number): string => `must be < ${limit}`,
  exclusiveMinimum: (limit: number): string => `must be > ${limit}`,
  multipleOf: (n: number): string => `must be multiple of ${n}`,
  enum: 'must be equal to one of the allowed values',
  const: 'must be equal to constant',
  oneOf: 'must match exactly one schema in oneOf',
} as const);

/**
 * JSON-schema type names inside a reason ('must be string'), in the user's language: Ajv's token in
 * English (the wire's words), a word in the others.
 */
export const SCHEMA_TYPE_TEXTS = defineTexts('schemaTypes', {
  string: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  object: 'object',
  array: 'array',
  null: 'null',
} as const);

/** Format names inside a reason ('must match format "date"'), as SCHEMA_TYPE_TEXTS (Ajv's names in English). */
export const SCHEMA_FORMAT_TEXTS = defineTexts('schemaFormats', {
  date: 'date',
  dateTime: 'date-time',
  time: 'time',
  duration: 'duration',
  email: 'email',
  hostname: 'hostname',
  uri: 'uri',
  uriReference: 'uri-reference',
  url: 'url',
  uuid: 'uuid',
  ipv4: 'ipv4',
  ipv6: 'ipv6',
  regex: 'regex',
} as const);

type FormatKey = keyof typeof SCHEMA_FORMAT_TEXTS;
/** Ajv's format name → its text's key. */
const FORMAT_KEYS = new Map(
  Object.entries(englishOf(SCHEMA_FORMAT_TEXTS)).map(([key, name]) => [name, key as FormatKey]),
);
const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** A type name (Ajv's list 'string,null' too) in the user's language; a name it does not know as it is. */
export function schemaTypeName(type: string): string {
  return type
    .split(',')
    .map((t) => (own(SCHEMA_TYPE_TEXTS, t) ? SCHEMA_TYPE_TEXTS[t as keyof typeof SCHEMA_TYPE_TEXTS] : t))
    .join(',');
}

/** A format name in the user's language; a format it does not know (a form's own) as it is. */
export function schemaFormatName(format: string): string {
  const key = (FORMAT_KEYS as ReadonlyMap<string, FormatKey>).get(format);
  return key ? SCHEMA_FORMAT_TEXTS[key] : format;
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const str = (v: unknown): v is string => typeof v === 'string';

/** A refused value's reason in the user's language, or undefined for a rule with no text here. */
function reasonText(p: InvalidParams): string | undefined {
  const T = VALIDATION_TEXTS;
  switch (p.rule) {
    case 'type':
      return str(p.type) ? T.type(schemaTypeName(p.type)) : undefined;
    case 'format':
      return str(p.format) ? T.format(schemaFormatName(p.format)) : undefined;
    case 'pattern':
      return str(p.pattern) ? T.pattern(p.pattern) : undefined;
    case 'maxLength':
    case 'minLength':
    case 'maxItems':
    case 'minItems':
      return num(p.limit) ? T[p.rule](p.limit) : undefined;
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return num(p.limit) ? T[p.rule](p.limit) : undefined;
    case 'multipleOf':
      return num(p.multipleOf) ? T.multipleOf(p.multipleOf) : undefined;
    case 'enum':
    case 'const':
    case 'oneOf':
      return T[p.rule];
    default:
      return undefined;
  }
}

/** A refused value's reason in the user's language (the English reason for a rule with no text here). */
export const fieldErrorReason = (params: InvalidParams): string => reasonText(params) ?? params.reason;

/** A field error's text in the active language (English without a translator: the BFF's wire text). */
export function detailText(detail: FieldErrorDetail): string {
  const p = detail.params;
  const row = p.row !== undefined ? VALIDATION_TEXTS.row(p.row) : '';
  return detail.code === 'missingRequired'
    ? `${MESSAGE_FORMS.missingRequiredFields(p.field)}${row}`
    : `${p.field} ${fieldErrorReason(detail.params)}${row}`;
}

/**
 * The text of a field error that came over the wire or out of a store (an object with `code` and
 * `params`), or undefined when it is not one this app knows (a newer BFF's code, an org's refusal, a
 * malformed entry): the caller shows its English `message` then.
 */
export function fieldErrorText(detail: unknown): string | undefined {
  if (typeof detail !== 'object' || detail === null) return undefined;
  const { code, params } = detail as { code?: unknown; params?: unknown };
  if (typeof params !== 'object' || params === null) return undefined;
  const p = params as Partial<InvalidParams>;
  if (!str(p.field) || (p.row !== undefined && !num(p.row))) return undefined;
  if (code === 'missingRequired') return detailText({ code, params: { field: p.field, row: p.row } });
  if (code === 'invalid' && str(p.reason)) return detailText({ code, params: p as InvalidParams });
  return undefined;
}

/** The rule parameters a field error carries (Ajv's error `params`, the primitive ones named above). */
export function ruleParams(params: Record<string, unknown>): Partial<InvalidParams> {
  const out: Partial<InvalidParams> = {};
  if (num(params.limit)) out.limit = params.limit;
  if (str(params.type)) out.type = params.type;
  if (str(params.format)) out.format = params.format;
  if (str(params.pattern)) out.pattern = params.pattern;
  if (num(params.multipleOf)) out.multipleOf = params.multipleOf;
  return out;
}
