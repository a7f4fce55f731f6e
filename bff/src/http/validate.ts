import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ApiError } from './errors';

// ajv-formats is CommonJS with a default export.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** One Ajv for every request schema: first error only (no allErrors), no coercion, strict keywords. */
export const ajv = new Ajv({
  allErrors: false,
  coerceTypes: false,
  strict: true,
  strictTypes: false,
  strictRequired: false,
});
addFormats(ajv);

export function compile(schema: Record<string, unknown> | undefined): ValidateFunction | null {
  return schema ? ajv.compile(schema) : null;
}

/** Validates or throws a 400 naming the first problem (path and Ajv message; never the value). */
export function check(
  validate: ValidateFunction | null,
  value: unknown,
  where: 'query' | 'path' | 'body',
): void {
  if (!validate) return;
  if (validate(value)) return;
  const err = validate.errors?.[0];
  const field = err
    ? `${err.instancePath || ''}${err.keyword === 'additionalProperties' ? `/${String(err.params.additionalProperty).slice(0, 60)}` : ''}`
    : '';
  const message = `Invalid ${where}${field ? ` at ${field}` : ''}: ${err?.message ?? 'not valid'}`;
  throw new ApiError('BAD_REQUEST', message.slice(0, 300), { where, keyword: err?.keyword });
}
