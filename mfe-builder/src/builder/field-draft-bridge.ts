// Canvas field ⇄ the editors' FieldDraft (what the field edit modal edits).
import { type FormJsonSchema, type FormRule, type OneOfOption, type UISchemaOptions } from 'shared-contracts';
import { photoOptions, requiredAccuracyOf, withRequiredAccuracy } from 'form-core';
import {
  isReadOnlyControl,
  parseRequiredAccuracy,
  toOneOf,
  withReadOnly,
  type FieldDraft,
} from '../editors/field-draft';
import type { FieldOption } from '../editors/rules/RuleEditor';
import { followsLabel } from '../model/api-name';
import type { BuilderForm, CanvasField } from '../model/types';

/** A control's rules with (or without) the read-only disable rule, through the editors' withReadOnly. */
const rulesWith = (rules: readonly FormRule[] | undefined, readOnly: boolean): FormRule[] =>
  withReadOnly({ type: 'Control', scope: '', rules: [...(rules ?? [])] }, readOnly).rules ?? [];

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

function dataTypeOf(schema: FormJsonSchema): string {
  if (typeof schema.format === 'string' && schema.format !== 'table') return schema.format;
  return typeof schema.type === 'string' ? schema.type : 'string';
}

/**
 * The modal's draft of a canvas field. `isNew` (the API name follows the label) holds while the name
 * is still the one the label gives, i.e. until it is edited by hand (General fields; an object
 * field's name is the object's).
 */
export function draftOf(
  field: CanvasField,
  isNew = field.kind !== 'object' &&
    field.kind !== 'table' &&
    followsLabel(field.key, str(field.schema.title)),
): FieldDraft {
  const s = field.schema;
  const oneOf = Array.isArray(s.oneOf) ? (s.oneOf as OneOfOption[]) : [];
  return {
    kind: field.kind === 'table' || field.kind === 'kept' ? 'text' : field.kind,
    label: str(s.title),
    apiName: field.key,
    // An object field chosen from values shows its default by title (a record type by name, not Id).
    defaultValue:
      field.kind === 'object' && oneOf.length
        ? str(oneOf.find((o) => o.const === s.default)?.title ?? s.default)
        : str(s.default),
    validation: {
      regexRuleName: str(s.regexRuleName),
      pattern: str(s.pattern),
      errorMessage: str(s.errorMessage),
    },
    options: oneOf.map((o) => ({ const: str(o.const), title: str(o.title ?? o.const) })),
    required: field.required,
    readOnly: field.readOnly || isReadOnlyControl({ type: 'Control', scope: '', rules: field.rules ?? [] }),
    // The disable rule is the Read Only switch, not a rule the user edits.
    rules: rulesWith(field.rules, false),
    ...(field.kind === 'object' ? { dataType: dataTypeOf(s) } : {}),
    ...(field.kind === 'photo' ? { photo: photoOptions(field.options) } : {}),
    ...(isNew ? { isNew } : {}),
    ...(s.format === 'location' ? { requiredAccuracy: str(requiredAccuracyOf(s) ?? '') } : {}),
    ...(field.kind === 'object' && field.uiType === 'lookup' && str(field.options.lookupTo)
      ? {
          lookupTo: str(field.options.lookupTo),
          dependsOn: str(field.options.dependsOn),
          dependsOnField: str(field.options.dependsOnField),
        }
      : {}),
    ...(Array.isArray(field.options.scanFormats)
      ? { scanFormats: (field.options.scanFormats as unknown[]).map(String) }
      : {}),
  };
}

/** The field with the modal's edits applied (schema keys the draft does not cover are kept). */
export function applyDraft(field: CanvasField, d: FieldDraft): CanvasField {
  let schema: FormJsonSchema = { ...field.schema, title: d.label };
  if (schema.format === 'location') {
    const metres = parseRequiredAccuracy(d.requiredAccuracy);
    schema = withRequiredAccuracy(schema, Number.isNaN(metres) ? requiredAccuracyOf(schema) : metres);
  }
  const choices =
    field.kind === 'object' && Array.isArray(schema.oneOf) ? (schema.oneOf as OneOfOption[]) : [];
  // Chosen by title, stored as the value (a picklist's API value, a record type's Id).
  const chosen = choices.find((o) => str(o.title ?? o.const) === d.defaultValue);
  if (d.defaultValue) schema.default = chosen ? chosen.const : d.defaultValue;
  else delete schema.default;
  const textual =
    field.kind === 'text' ||
    field.kind === 'scan' ||
    (field.kind === 'object' && (schema.type ?? 'string') === 'string' && choices.length === 0);
  if (textual) {
    for (const k of ['regexRuleName', 'pattern', 'errorMessage'] as const) {
      if (d.validation[k]) schema[k] = d.validation[k];
      else delete schema[k];
    }
  }
  if (field.kind === 'dropdown') schema.oneOf = toOneOf(d.options);
  // The control's rules as the renderer reads them: the edited rules (kept as they were when the
  // draft carries none) plus the disable rule while read-only (builder spec section 4).
  const rules = rulesWith(d.rules ?? rulesWith(field.rules, false), d.readOnly);
  const { rules: _old, ...rest } = field;
  return {
    ...rest,
    ...(d.lookupTo !== undefined ? { options: withDependsOn(field.options, d) } : {}),
    ...(field.kind === 'photo' && d.photo ? { options: { ...field.options, ...d.photo } } : {}),
    key: field.kind === 'object' ? field.key : d.apiName,
    schema,
    ...(d.scanFormats ? { options: { ...field.options, scanFormats: [...d.scanFormats] } } : {}),
    required: d.required,
    readOnly: d.readOnly,
    ...(rules.length ? { rules } : {}),
  };
}

/** A lookup's options with the draft's dependency (none: both keys gone). */
function withDependsOn(options: UISchemaOptions, d: FieldDraft): UISchemaOptions {
  const { dependsOn: _on, dependsOnField: _field, ...rest } = options;
  return d.dependsOn && d.dependsOnField
    ? { ...rest, dependsOn: d.dependsOn, dependsOnField: d.dependsOnField }
    : rest;
}

/** The data paths the rule editors offer: every field of the form, in canvas order. */
export function ruleFieldsOf(form: BuilderForm): FieldOption[] {
  const out: FieldOption[] = [];
  for (const s of form.sections)
    for (const id of [...s.rows.flat(), ...s.tables]) {
      const f = form.fields[id];
      if (!f || f.kind === 'blank' || f.kind === 'kept') continue;
      const title = typeof f.schema.title === 'string' && f.schema.title ? f.schema.title : f.key;
      out.push({ path: `${f.objectKey}.${f.key}`, label: `${title} (${s.title})` });
    }
  return out;
}
