// New canvas fields from palette items: the General kinds of builder spec section 3 and object
// fields mapped through the org's object info.
import { BUILDER, type FormJsonSchema, type UISchemaOptions } from 'shared-contracts';
import { DEFAULT_SCAN_FORMATS, PHOTO, locationSchema } from 'form-core';
import { defaultRelationshipName, takenNames, uniqueApiName } from './api-name';
import { namesInUse, nextControlId } from './ids';
import { createTable, nextTableId } from './table';
import { withTable } from './table-field';
import type { BuilderForm, CanvasField, ObjectField, PaletteItem, SourceElement } from './types';
import { FIELD_EDITOR_TEXTS } from '../editors/texts';

export type GeneralKind =
  'dropdown' | 'text' | 'date' | 'yesno' | 'table' | 'blank' | 'photo' | 'location' | 'scan';

/** The General panel, in the spec's order. */
/** A General item whose label is read when shown: in the language active then (issue 44). */
const general = (kind: GeneralKind, label: () => string) => ({
  kind,
  get label(): string {
    return label();
  },
});

export const GENERAL_ITEMS: ReadonlyArray<{ kind: GeneralKind; readonly label: string }> = [
  general('dropdown', () => FIELD_EDITOR_TEXTS.dropdown),
  general('text', () => FIELD_EDITOR_TEXTS.textField),
  general('date', () => FIELD_EDITOR_TEXTS.dateField),
  general('yesno', () => FIELD_EDITOR_TEXTS.yesNoField),
  general('table', () => FIELD_EDITOR_TEXTS.table),
  general('blank', () => FIELD_EDITOR_TEXTS.blankSpace),
  // Issue 32: a photo list resized on the device (options read by the renderer's photoOptions).
  general('photo', () => FIELD_EDITOR_TEXTS.photo),
  // Field capture (issue 32)
  general('location', () => FIELD_EDITOR_TEXTS.location),
  general('scan', () => FIELD_EDITOR_TEXTS.scanField),
];

export const YES_NO_OPTIONS = [
  { const: 'YES', title: 'Yes' },
  { const: 'NO', title: 'No' },
];

/** The schema and UI options an object field gets when the org's object info did not map it. */
export function objectFieldSchema(field: ObjectField): {
  schema: FormJsonSchema;
  uiType: string;
  options: UISchemaOptions;
} {
  const base: FormJsonSchema = { title: field.label };
  const t = field.type.toLowerCase();
  if (t === 'reference') {
    return {
      schema: { ...base, type: 'string' },
      uiType: 'lookup',
      options: {
        lookupTo: field.referenceTo?.[0] ?? '',
        field: field.name,
        valueField: 'Id',
        titleField: 'Name',
        isReferenceField: true,
      },
    };
  }
  if (t === 'boolean') return { schema: { ...base, type: 'boolean' }, uiType: 'Control', options: {} };
  if (['double', 'currency', 'percent', 'int', 'long'].includes(t))
    return { schema: { ...base, type: 'number' }, uiType: 'Control', options: {} };
  if (t === 'date')
    return { schema: { ...base, type: 'string', format: 'date' }, uiType: 'Control', options: {} };
  if (t === 'datetime')
    return { schema: { ...base, type: 'string', format: 'date-time' }, uiType: 'Control', options: {} };
  if (t === 'time')
    return { schema: { ...base, type: 'string', format: 'time' }, uiType: 'time', options: {} };
  if (t === 'textarea')
    return {
      schema: { ...base, type: 'string', maxLength: field.length ?? 32768 },
      uiType: 'Control',
      options: { multi: true },
    };
  if (t === 'picklist')
    return { schema: { ...base, type: 'string', oneOf: [] }, uiType: 'select', options: {} };
  // A geolocation (compound) field: its components are written on submit (form-core geolocation.ts).
  if (t === 'location') return { schema: locationSchema(field.label), uiType: 'Control', options: {} };
  return {
    schema: { ...base, type: 'string', ...(field.length ? { maxLength: field.length } : {}) },
    uiType: 'Control',
    options: {},
  };
}

/** Object-info results: per object, per field, the mapped schema and control (see `/api/objectInfo`). */
export type ObjectSchemas = Record<
  string,
  Record<string, { schema: FormJsonSchema; uiType?: string; options?: UISchemaOptions }>
>;

/** A blank (spacer) cell: no data, never required or read-only; dropped from the palette or read back from saved JSON. */
export const blankField = (id: number): CanvasField => ({
  id,
  key: `blank_${id}`,
  kind: 'blank',
  objectKey: 'General',
  schema: {},
  uiType: 'blank',
  options: {},
  required: false,
  readOnly: false,
});

/**
 * A layout element the canvas does not model, kept as it is (a locked block: moved and removed whole,
 * written back unchanged). Its key names it on the canvas.
 */
export const keptField = (id: number, element: SourceElement): CanvasField => ({
  id,
  key: keptName(element),
  kind: 'kept',
  objectKey: 'General',
  schema: {},
  uiType: typeof element.type === 'string' ? element.type : '',
  options: {},
  required: false,
  readOnly: false,
  source: element,
});

/** What a kept element is called on the canvas: its type and its text or label, if any. */
export function keptName(element: SourceElement): string {
  const type = typeof element.type === 'string' ? element.type : 'element';
  const label = element.label;
  const text =
    typeof element.text === 'string'
      ? element.text
      : typeof label === 'string'
        ? label
        : label && typeof label === 'object' && typeof (label as { text?: unknown }).text === 'string'
          ? (label as { text: string }).text
          : '';
  return text ? `${type}: ${text}` : type;
}

/** A new canvas field for a palette item (General kinds get a unique `CQ_Form_` API name). */
export function createField(form: BuilderForm, item: PaletteItem, schemas: ObjectSchemas = {}): CanvasField {
  const id = nextControlId(form);
  // An object field is greyed while its field is on the canvas (paletteId); a General item while any
  // field of its kind is (draggedPaletteIds), and it drops again and again.
  const common = { id, required: false, readOnly: false, ...(item.field ? { paletteId: item.id } : {}) };
  if (item.type === 'DOCUMENT') throw new Error('documents are not fields');
  if (item.field && item.objectName && item.field.name === 'RecordTypeId') {
    // A record-type choice by name (builder spec section 5), stored as the record type's Id.
    return {
      ...common,
      key: 'RecordTypeId',
      kind: 'object',
      objectKey: item.objectName,
      schema: {
        title: item.field.label || 'Record Type',
        type: 'string',
        oneOf: (item.field.recordTypes ?? []).map((rt) => ({ const: rt.id, title: rt.name })),
      },
      uiType: 'select',
      options: { showLabel: true, isReferenceField: false },
      required: Boolean(item.field.required),
    };
  }
  if (item.field && item.objectName) {
    const mapped = schemas[item.objectName]?.[item.field.name];
    const fallback = objectFieldSchema(item.field);
    const schema: FormJsonSchema = { ...(mapped?.schema ?? fallback.schema), title: item.field.label };
    return {
      ...common,
      key: item.field.name,
      kind: 'object',
      objectKey: item.objectName,
      schema,
      uiType: mapped?.uiType ?? fallback.uiType,
      options: {
        showLabel: true,
        ...(mapped?.options ?? fallback.options),
        isReferenceField: item.isReferenceField ?? false,
      },
      // A field the org computes is shown, never entered: read-only, and never required.
      ...(item.field.updateable === false
        ? { readOnly: true, required: false }
        : { required: Boolean(item.field.required) }),
    };
  }
  const taken = takenNames(namesInUse(form));
  const label = item.label;
  switch (item.general) {
    case 'blank':
      return { ...common, ...blankField(id) };
    case 'table': {
      const key = nextTableId(Object.values(form.fields).map((f) => f.key));
      const title = key.replace(/^G_Table_/, 'Table ');
      return withTable(
        { ...common, key, kind: 'table', objectKey: 'General', schema: {}, uiType: 'table', options: {} },
        createTable(key, title),
        defaultRelationshipName(key, taken),
      );
    }
    case 'dropdown':
      return {
        ...common,
        key: uniqueApiName(label, taken),
        kind: 'dropdown',
        objectKey: 'General',
        schema: { title: label, type: 'string', oneOf: [{ const: 'Option 1', title: 'Option 1' }] },
        uiType: 'select',
        options: { showLabel: true },
      };
    case 'date':
      return {
        ...common,
        key: uniqueApiName(label, taken),
        kind: 'date',
        objectKey: 'General',
        schema: { title: label, type: 'string', format: 'date-time' },
        uiType: 'Control',
        options: { showLabel: true },
      };
    case 'yesno':
      return {
        ...common,
        key: uniqueApiName(label, taken),
        kind: 'yesno',
        objectKey: 'General',
        schema: { title: label, type: 'string', oneOf: YES_NO_OPTIONS },
        uiType: 'select',
        options: { showLabel: true },
      };
    case 'photo':
      return {
        ...common,
        key: uniqueApiName(label, taken),
        kind: 'photo',
        objectKey: 'General',
        schema: { title: label, type: 'array', items: { type: 'object' } },
        uiType: 'photo',
        options: {
          showLabel: true,
          maxEdge: PHOTO.defaultMaxEdge,
          quality: PHOTO.defaultQuality,
          keepOriginal: false,
        },
      };
    case 'location':
      return {
        ...common,
        key: uniqueApiName(label, taken),
        kind: 'location',
        objectKey: 'General',
        schema: locationSchema(label),
        uiType: 'Control',
        options: { showLabel: true },
      };
    case 'scan':
      return {
        ...common,
        key: uniqueApiName(label, taken),
        kind: 'scan',
        objectKey: 'General',
        schema: {
          title: label,
          type: 'string',
          maxLength: BUILDER.textFieldMaxLength,
          regexRuleName: 'none',
        },
        uiType: 'Control',
        options: { showLabel: true, scanFormats: [...DEFAULT_SCAN_FORMATS] },
      };
    case 'text':
    default:
      return {
        ...common,
        key: uniqueApiName(label, taken),
        kind: 'text',
        objectKey: 'General',
        schema: {
          title: label,
          type: 'string',
          maxLength: BUILDER.textFieldMaxLength,
          regexRuleName: 'none',
        },
        uiType: 'Control',
        options: { showLabel: true },
      };
  }
}
