// Canvas field ⇄ the editors' FieldDraft (what the field edit modal edits).
import type { FormJsonSchema, OneOfOption } from 'shared-contracts';
import { toOneOf, type FieldDraft } from '../editors/field-draft';
import type { CanvasField } from '../model/types';

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

function dataTypeOf(schema: FormJsonSchema): string {
  if (typeof schema.format === 'string' && schema.format !== 'table') return schema.format;
  return typeof schema.type === 'string' ? schema.type : 'string';
}

export function draftOf(field: CanvasField, isNew = false): FieldDraft {
  const s = field.schema;
  const oneOf = Array.isArray(s.oneOf) ? (s.oneOf as OneOfOption[]) : [];
  return {
    kind: field.kind === 'table' ? 'text' : field.kind,
    label: str(s.title),
    apiName: field.key,
    defaultValue: str(s.default),
    validation: {
      regexRuleName: str(s.regexRuleName),
      pattern: str(s.pattern),
      errorMessage: str(s.errorMessage),
    },
    options: oneOf.map((o) => ({ const: str(o.const), title: str(o.title ?? o.const) })),
    required: field.required,
    readOnly: field.readOnly,
    ...(field.kind === 'object' ? { dataType: dataTypeOf(s) } : {}),
    ...(isNew ? { isNew } : {}),
  };
}

/** The field with the modal's edits applied (schema keys the draft does not cover are kept). */
export function applyDraft(field: CanvasField, d: FieldDraft): CanvasField {
  const schema: FormJsonSchema = { ...field.schema, title: d.label };
  if (d.defaultValue) schema.default = d.defaultValue;
  else delete schema.default;
  const textual =
    field.kind === 'text' || (field.kind === 'object' && (schema.type ?? 'string') === 'string');
  if (textual) {
    for (const k of ['regexRuleName', 'pattern', 'errorMessage'] as const) {
      if (d.validation[k]) schema[k] = d.validation[k];
      else delete schema[k];
    }
  }
  if (field.kind === 'dropdown') schema.oneOf = toOneOf(d.options);
  return {
    ...field,
    key: field.kind === 'object' ? field.key : d.apiName,
    schema,
    required: d.required,
    readOnly: d.readOnly,
  };
}
