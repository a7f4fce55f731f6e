/**
 * A form's submit check, as one function for the browser's Save and the BFF's guard on a submission
 * sent as Submitted: the missing required values (required.ts: any depth, absent sections, empty and
 * whitespace-only values; fields hidden or read-only by the layout exempt, `required` rules applied:
 * requiredScope.ts) and Ajv over the whole form (types, formats, patterns), listed in the spec's
 * words ('{field} is missing required fields', '{field title} {message} (row N)').
 */
import type { FieldErrorDetail, FormJsonSchema } from 'shared-contracts';
import { detailText } from 'shared-contracts';
import type { UISchemaElement } from 'shared-contracts';
import {
  describePath,
  errorDetail,
  errorPath,
  evaluateJsonFormsCondition,
  getValidator,
  validateForm,
} from './ajv';
import { missingRequired, requiredPlan } from './required';
import {
  isExempt,
  missingByRules,
  requiredScopeOf,
  unchosenLookups,
  type RequiredScope,
} from './requiredScope';
import { generateUISchema } from './uischema';

/** The data paths of missing required values: the schema's, minus exempt ones, plus rule-required ones. */
export const missingRequiredPaths = (
  schema: FormJsonSchema,
  data: unknown,
  scope: RequiredScope | undefined,
): string[] => {
  const skip = scope ? (p: string) => isExempt(scope, p, data, evaluateJsonFormsCondition) : undefined;
  let missing = missingRequired(requiredPlan(schema), data, skip);
  if (scope && scope.ruleRequired.length > 0) {
    // one path shown by several controls (a question placed twice, its findings with it) is listed once
    const byRules = [...new Set(missingByRules(scope, data, evaluateJsonFormsCondition))].filter(
      (p) => !missing.includes(p),
    );
    if (byRules.length > 0) missing = [...missing, ...byRules];
  }
  if (scope && scope.lookups.length > 0) {
    const unchosen = unchosenLookups(scope, data, evaluateJsonFormsCondition).filter(
      (p) => !missing.includes(p),
    );
    if (unchosen.length > 0) missing = [...missing, ...unchosen];
  }
  return missing;
};

/** A missing path's code and parameters: '{field} is missing required fields' (row N). */
export const missingDetail = (path: string, schema: FormJsonSchema): FieldErrorDetail => {
  const { title, row } = describePath(path, schema);
  return { code: 'missingRequired', params: row !== undefined ? { field: title, row } : { field: title } };
};

/** '{field} is missing required fields' (row N) for each missing path, in the user's language. */
export const missingMessages = (missing: readonly string[], schema: FormJsonSchema): string[] =>
  missing.map((p) => detailText(missingDetail(p, schema)));

export interface SubmissionCheck {
  ok: boolean;
  /** Data paths of the missing required values. */
  missing: string[];
  /** The listing: missing required fields first, then the schema's other errors. */
  messages: string[];
  /**
   * The same listing, each message with the data path of the field it is about (dot-separated) and
   * its code and parameters (shared-contracts field-errors: each screen words it in its language).
   */
  fieldErrors: { path: string; message: string; detail: FieldErrorDetail }[];
}

/**
 * Checks a form's data as Save does before submitting. `ui` is the form's layout (generated from the
 * schema when absent, as the renderer does); `readOnlyFields` the form definition's readOnly list.
 */
export const checkSubmission = (args: {
  schema: FormJsonSchema;
  ui?: UISchemaElement;
  readOnlyFields?: readonly string[];
  data: unknown;
  version?: string;
}): SubmissionCheck => {
  const ui = args.ui ?? generateUISchema(args.schema);
  const scope = requiredScopeOf(ui, args.schema, new Set(args.readOnlyFields ?? []));
  const missing = missingRequiredPaths(args.schema, args.data, scope);
  const errors = validateForm(getValidator(args.schema, args.version), args.data);
  const fieldErrors = [
    ...missing.map((path) => ({ path, detail: missingDetail(path, args.schema) })),
    ...errors.map((e) => ({ path: errorPath(e), detail: errorDetail(e, args.schema) })),
  ].map((f) => ({ ...f, message: detailText(f.detail) }));
  const messages = fieldErrors.map((f) => f.message);
  return { ok: messages.length === 0, missing, messages, fieldErrors };
};
