/**
 * A submit the org refuses on the data (its validation rules: FIELD_CUSTOM_VALIDATION_EXCEPTION) is
 * not a failed call: the spec's submit result then has no url and carries the errors, which the app
 * stores and maps onto fields by errorPath. The org names fields by API name; the submission's data
 * holds them under their section (the main object's API name), so each field is found in the data
 * (shallowest match, depth 5, the client's custom-validation depth) and answered as that path.
 */
import { CUSTOM_VALIDATION_MAX_DEPTH } from 'shared-contracts';

/** Org error codes that are a verdict on the submitted data, answered as a refused submit. */
export const SUBMIT_VERDICT_CODES = new Set(['FIELD_CUSTOM_VALIDATION_EXCEPTION']);

export interface OrgFieldError {
  message?: string;
  errorCode?: string;
  statusCode?: string;
  fields?: string[];
}

export interface SubmissionFieldError {
  /** Slash-separated path in the submission's data; absent for an error on the whole record. */
  errorPath?: string;
  message: string;
  errorCode: string;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null;

const codeOf = (e: OrgFieldError): string => e.errorCode ?? e.statusCode ?? '';

/** The org's error items when every one is a verdict on the data; undefined for anything else. */
export function verdictErrors(items: OrgFieldError[] | undefined): OrgFieldError[] | undefined {
  if (!items || items.length === 0) return undefined;
  return items.every((e) => SUBMIT_VERDICT_CODES.has(codeOf(e))) ? items : undefined;
}

/** The error items of a thrown org error (jsforce keeps the org's body as `data`). */
export function orgErrorItems(err: unknown): OrgFieldError[] | undefined {
  if (!isRec(err)) return undefined;
  const data = err.data;
  const items = Array.isArray(data) ? data : isRec(data) ? [data] : [];
  const list = items.filter(isRec).map((d) => ({
    ...(typeof d.message === 'string' ? { message: d.message } : {}),
    ...(typeof d.errorCode === 'string' ? { errorCode: d.errorCode } : {}),
    ...(Array.isArray(d.fields)
      ? { fields: d.fields.filter((f): f is string => typeof f === 'string') }
      : {}),
  }));
  if (list.length === 0 && typeof err.errorCode === 'string') {
    return [
      { errorCode: err.errorCode, ...(typeof err.message === 'string' ? { message: err.message } : {}) },
    ];
  }
  return list.length > 0 ? list : undefined;
}

/** Path of the shallowest key named `field` (case-insensitive) in `data`, slash-separated. */
export function findFieldPath(
  data: unknown,
  field: string,
  maxDepth: number = CUSTOM_VALIDATION_MAX_DEPTH,
): string | undefined {
  const wanted = field.toLowerCase();
  let level: { node: unknown; path: string[] }[] = [{ node: data, path: [] }];
  for (let depth = 0; depth < maxDepth && level.length > 0; depth++) {
    const next: { node: unknown; path: string[] }[] = [];
    for (const { node, path } of level) {
      if (!isRec(node)) continue;
      for (const [key, value] of Object.entries(node)) {
        if (key.toLowerCase() === wanted) return [...path, key].join('/');
        if (isRec(value)) next.push({ node: value, path: [...path, key] });
      }
    }
    level = next;
  }
  return undefined;
}

/** The org's errors as the app reads them: one {errorPath, message} per named field. */
export function toSubmissionErrors(errors: OrgFieldError[], data: unknown): SubmissionFieldError[] {
  const out: SubmissionFieldError[] = [];
  for (const e of errors) {
    const message = e.message ?? '';
    const errorCode = codeOf(e);
    const fields = e.fields ?? [];
    if (fields.length === 0) out.push({ message, errorCode });
    for (const f of fields) out.push({ errorPath: findFieldPath(data, f) ?? f, message, errorCode });
  }
  return out;
}
