/**
 * JSON Schema building blocks for the API route table. Every schema is closed
 * (`additionalProperties: false`) and every string is length-bounded, so the BFF's Ajv guard
 * can validate each body, query and path parameter without `allErrors`.
 */
export type JsonSchema = Record<string, unknown>;

/** A Salesforce record id: 15 or 18 alphanumerics. */
export const SF_ID_PATTERN = '^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$';
/** An sObject or field API name (letters, digits, underscores; starts with a letter). */
export const API_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,79}$';
/** A local submission id: the spec's 36 letters, digits and hyphens (uuid v4), up to 64 accepted. */
export const SUBMISSION_ID_PATTERN = '^[A-Za-z0-9-]{1,64}$';
/** The submission's uniqueness key, formId#submissionId. */
export const FORM_SUBMISSION_IDENTIFIER_PATTERN = '^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?#[A-Za-z0-9-]{1,64}$';
/** `/api/content/{fileName}`: a Salesforce id, or a file name of letters, digits, '_', '-', '.', '#'. */
export const CONTENT_FILE_NAME_PATTERN =
  '^(?:[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?|[A-Za-z0-9][A-Za-z0-9_.#-]{0,119})$';
/** An absolute http(s) origin-ish URL (scheme, host, optional port, optional path). */
export const HTTP_URL_PATTERN = '^https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[^\\s]*)?$';
/** A developer name of a component or package. */
export const DEVELOPER_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,79}$';
/** A comma-joined list of API names (field lists of a query). */
export const API_NAME_LIST_PATTERN = '^[A-Za-z][A-Za-z0-9_.]{0,119}(?:,[A-Za-z][A-Za-z0-9_.]{0,119}){0,49}$';

export const str = (maxLength: number, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  maxLength,
  ...extra,
});
export const pattern = (p: string, maxLength = 255): JsonSchema => ({
  type: 'string',
  maxLength,
  pattern: p,
});
export const sfId = (): JsonSchema => pattern(SF_ID_PATTERN, 18);
export const apiName = (): JsonSchema => pattern(API_NAME_PATTERN, 80);
export const intString = (maxDigits = 9): JsonSchema => pattern(`^[0-9]{1,${maxDigits}}$`, maxDigits);
export const boolString = (): JsonSchema => ({ type: 'string', enum: ['true', 'false'] });
export const httpUrl = (): JsonSchema => pattern(HTTP_URL_PATTERN, 2048);

export function obj(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}
/** An object whose inner shape is free (user data), bounded by the route's body limit. */
export const freeObject = (): JsonSchema => ({ type: 'object' });
export const arrayOf = (items: JsonSchema, maxItems: number): JsonSchema => ({
  type: 'array',
  items,
  maxItems,
});
/** Response records straight from the org: open objects. */
export const record = (properties: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties,
});
export const anyValue = (): JsonSchema => ({});
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
