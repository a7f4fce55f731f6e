// Org-side validation like Salesforce's validation rules: a rule belongs to an object, is evaluated on
// the record as it would be saved (after field checks, before the write) and, when its error condition
// holds, fails the save with FIELD_CUSTOM_VALIDATION_EXCEPTION naming its error display field (the
// real REST shape: [{message, errorCode, fields}], one item per rule broken). The form submission
// object also runs the package's submit processing, as salesforce/docs/submit-processing.md describes
// it (the Apex trigger SQX_FormSubmissionTrigger follows the same text): a Submitted submission's data
// for the form's main object must pass that object's rules.
import { SfError } from '../errors.js';
import type { ObjectMeta, Registry } from '../metadata/registry.js';
import type { FieldDef, ValidationRule } from '../metadata/types.js';
import type { RecordStore, SRecord } from '../store/records.js';

export const FIELD_CUSTOM_VALIDATION_EXCEPTION = 'FIELD_CUSTOM_VALIDATION_EXCEPTION';

/**
 * Every active rule of `object` the record violates, in rule order, as one org error with an item per
 * rule (a real org evaluates all of a record's validation rules and lists each one it breaks).
 */
export function ruleError(
  rules: readonly ValidationRule[],
  object: string,
  record: SRecord,
): SfError | undefined {
  const lower = object.toLowerCase();
  const broken = rules
    .filter((rule) => rule.active && rule.object.toLowerCase() === lower && rule.violated(record))
    .map((rule) => ({
      message: rule.errorMessage,
      errorCode: FIELD_CUSTOM_VALIDATION_EXCEPTION,
      fields: rule.errorDisplayField ? [rule.errorDisplayField] : [],
    }));
  const [first, ...more] = broken;
  if (!first) return undefined;
  return new SfError(400, first.errorCode, first.message, first.fields, more);
}

function parseObject(raw: unknown): SRecord | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as SRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a JSON value can be a value of the field (submit-processing.md, step 3: others are left out). */
function fits(f: FieldDef, value: unknown): boolean {
  if (value === null) return true;
  switch (f.type) {
    case 'double':
    case 'int':
    case 'currency':
    case 'percent':
      return (
        (typeof value === 'number' || typeof value === 'string') &&
        value !== '' &&
        Number.isFinite(Number(value))
      );
    case 'boolean':
      return typeof value === 'boolean' || value === 'true' || value === 'false';
    case 'date':
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    default:
      return typeof value !== 'object';
  }
}

/**
 * The main-object values a Submitted form submission carries (submit-processing.md, steps 1-3): the
 * JSON's data section named after the form definition's object type, limited to that object's fields a
 * new record can set (lookup labels and other keys of the form are not fields), values that fit them.
 * Undefined when the record is not a submitted submission of a known form.
 */
export function submittedMainValues(
  registry: Registry,
  store: RecordStore,
  record: SRecord,
): { object: ObjectMeta; values: SRecord } | undefined {
  const n = (name: string): string => registry.naming.qualify(name);
  if (String(record[n('Status__c')] ?? '') !== 'Submitted') return undefined;
  const data = parseObject(record[n('Submission_JSON__c')])?.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const formId = record[n('Form_Definition__c')];
  const form = typeof formId === 'string' ? store.get(formId) : undefined;
  const objectType = form?.data[n('Object_Type__c')];
  const object = typeof objectType === 'string' ? registry.get(objectType) : undefined;
  const section = object ? (data as SRecord)[object.name] : undefined;
  if (!object || typeof section !== 'object' || section === null || Array.isArray(section)) return undefined;
  const values: SRecord = {};
  for (const [key, value] of Object.entries(section as SRecord)) {
    const f = object.field(key);
    if (f && f.createable !== false && fits(f, value)) values[f.name] = value;
  }
  return { object, values };
}

/** Throws the org's validation error for a record about to be saved; the org's rules by default. */
export function enforceValidationRules(
  registry: Registry,
  store: RecordStore,
  meta: ObjectMeta,
  record: SRecord,
  rules: readonly ValidationRule[] = registry.validationRules,
): void {
  const own = ruleError(rules, meta.name, record);
  if (own) throw own;
  if (meta.name.toLowerCase() !== registry.naming.qualify('SQX_Form_Submission__c').toLowerCase()) return;
  const main = submittedMainValues(registry, store, record);
  if (!main) return;
  const err = ruleError(rules, main.object.name, main.values);
  if (err) throw err;
}
