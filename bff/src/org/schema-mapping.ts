/**
 * Form-definition-to-schema mapping from object metadata: end-user spec section 5, exactly.
 *
 * String, TextArea, Url → string with maxLength = field length; Phone → integer with maxLength;
 * Double, Number, Int → number; Date → string/date; DateTime → date-time; Time → time; Email → email;
 * Boolean → boolean; Picklist → oneOf [{const, title}] (dependent picklists get validFor by controlling
 * value); Reference → string with lookupTo; MultiPicklist and everything else → string. Required fields
 * are listed in `required`. Every field has empty regexRuleName, pattern, errorMessage and default.
 * Read-only fields are disabled. Lookups use lookup controls, picklists select controls.
 */

import { locationSchema } from 'form-core';

export interface DescribePicklistValue {
  value: string;
  label?: string | null;
  active?: boolean;
  defaultValue?: boolean;
  validFor?: string | null;
}

export interface DescribeField {
  name: string;
  label: string;
  type: string;
  length?: number;
  nillable?: boolean;
  createable?: boolean;
  updateable?: boolean;
  defaultedOnCreate?: boolean;
  calculated?: boolean;
  autoNumber?: boolean;
  custom?: boolean;
  picklistValues?: DescribePicklistValue[] | null;
  controllerName?: string | null;
  dependentPicklist?: boolean;
  referenceTo?: string[] | null;
  relationshipName?: string | null;
  /** A component of a compound field (a geolocation's `…__Latitude__s`): the compound's name. */
  compoundFieldName?: string | null;
}

export interface MappedProperty {
  title: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'object';
  maxLength?: number;
  format?: 'date' | 'date-time' | 'time' | 'email' | 'location';
  /** A location (geolocation compound field): latitude, longitude, accuracy, time. */
  properties?: Record<string, unknown>;
  oneOf?: { const: string; title: string }[];
  /** Dependent picklists: controlling value → the values valid for it. */
  validFor?: Record<string, string[]>;
  dependent?: string;
  lookupTo?: { object: string; titleField: string; valueField: string };
  regexRuleName?: '';
  pattern?: '';
  errorMessage?: '';
  default?: '';
}

export interface UiControl {
  type: 'Control' | 'lookup' | 'select';
  scope: string;
  label: string;
  options?: Record<string, unknown>;
  rule?: { effect: 'DISABLE'; condition: { scope: '#'; schema: Record<string, never> } };
}

export interface MappedObject {
  type: 'object';
  title: string;
  properties: Record<string, MappedProperty>;
  required: string[];
}

/** Decodes a describe `validFor` (base64 bitset, bit i MSB-first = controller value index i). */
export function decodeValidFor(validFor: string): number[] {
  const bytes = Buffer.from(validFor, 'base64');
  const indexes: number[] = [];
  for (let i = 0; i < bytes.length * 8; i++) {
    const byte = bytes[i >> 3] ?? 0;
    if (byte & (0x80 >> (i % 8))) indexes.push(i);
  }
  return indexes;
}

/** Controlling values of a dependent picklist: a picklist's active values, or false/true for a checkbox. */
function controllerValues(controller: DescribeField | undefined): string[] {
  if (!controller) return [];
  if (controller.type.toLowerCase() === 'boolean') return ['false', 'true'];
  return (controller.picklistValues ?? []).filter((v) => v.active !== false).map((v) => v.value);
}

export function buildValidFor(
  field: DescribeField,
  controller: DescribeField | undefined,
): Record<string, string[]> {
  const ctrl = controllerValues(controller);
  const map: Record<string, string[]> = {};
  for (const value of ctrl) map[value] = [];
  for (const pv of field.picklistValues ?? []) {
    if (pv.active === false || !pv.validFor) continue;
    for (const index of decodeValidFor(pv.validFor)) {
      const controlling = ctrl[index];
      if (controlling !== undefined) map[controlling]?.push(pv.value);
    }
  }
  return map;
}

/** A field is required when the org needs a value on create and supplies none itself. */
export function isRequired(field: DescribeField): boolean {
  return (
    field.nillable === false &&
    field.createable !== false &&
    field.defaultedOnCreate !== true &&
    field.type.toLowerCase() !== 'boolean'
  );
}

export function isReadOnly(field: DescribeField): boolean {
  // A geolocation compound is read-only in the API; the form fills it through its components.
  if (field.type.toLowerCase() === 'location') return false;
  return field.updateable === false || field.calculated === true || field.autoNumber === true;
}

export function mapFieldType(field: DescribeField, controller?: DescribeField): MappedProperty {
  const base = { title: field.label, regexRuleName: '', pattern: '', errorMessage: '', default: '' } as const;
  const length = field.length ?? 0;
  switch (field.type.toLowerCase()) {
    case 'string':
    case 'textarea':
    case 'url':
      return { ...base, type: 'string', maxLength: length };
    case 'phone':
      return { ...base, type: 'integer', maxLength: length };
    case 'double':
    case 'number':
    case 'int':
      return { ...base, type: 'number' };
    case 'date':
      return { ...base, type: 'string', format: 'date' };
    case 'datetime':
      return { ...base, type: 'string', format: 'date-time' };
    case 'time':
      return { ...base, type: 'string', format: 'time' };
    case 'email':
      return { ...base, type: 'string', format: 'email' };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'picklist': {
      const oneOf = (field.picklistValues ?? [])
        .filter((v) => v.active !== false)
        .map((v) => ({ const: v.value, title: v.label ?? v.value }));
      if (field.dependentPicklist || field.controllerName) {
        return {
          ...base,
          type: 'string',
          oneOf,
          dependent: field.controllerName ?? '',
          validFor: buildValidFor(field, controller),
        };
      }
      return { ...base, type: 'string', oneOf };
    }
    case 'location':
      // Not an annotated string: an object holding the fix (form-core geolocation.ts), whose
      // latitude and longitude go to the org as the components on submit.
      return locationSchema(field.label) as MappedProperty;
    case 'reference':
      return {
        ...base,
        type: 'string',
        lookupTo: { object: field.referenceTo?.[0] ?? '', titleField: 'Name', valueField: 'Id' },
      };
    default:
      // MultiPicklist and every other type.
      return { ...base, type: 'string' };
  }
}

export function uiControl(field: DescribeField, scopePrefix = '#/properties/'): UiControl {
  const type = field.type.toLowerCase();
  const control: UiControl = {
    type: type === 'reference' ? 'lookup' : type === 'picklist' ? 'select' : 'Control',
    scope: `${scopePrefix}${field.name}`,
    label: field.label,
  };
  if (type === 'reference') {
    control.options = {
      lookupTo: field.referenceTo?.[0] ?? '',
      valueField: 'Id',
      titleField: 'Name',
      field: field.name,
    };
  }
  if (type === 'picklist' && field.controllerName) control.options = { dependsOn: field.controllerName };
  if (isReadOnly(field)) control.rule = { effect: 'DISABLE', condition: { scope: '#', schema: {} } };
  return control;
}

const NEVER_OFFERED = new Set(['Id', 'IsDeleted', 'SystemModstamp']);

/**
 * Maps an object's describe to a schema object plus UI controls. `only` restricts to the named fields
 * (in that order); otherwise every field except Id, IsDeleted and SystemModstamp.
 */
/** A `…__Latitude__s` / `…__Longitude__s` component of a geolocation field of the same object. */
export function isLocationComponent(field: DescribeField, byName: Map<string, DescribeField>): boolean {
  const compound = field.compoundFieldName ? byName.get(field.compoundFieldName) : undefined;
  return compound?.type.toLowerCase() === 'location';
}

export function mapObject(
  describe: { name: string; label: string; fields: DescribeField[] },
  only?: readonly string[],
  scopePrefix?: string,
): { schema: MappedObject; controls: UiControl[] } {
  const byName = new Map(describe.fields.map((f) => [f.name, f]));
  const fields = only
    ? only.map((n) => byName.get(n)).filter((f): f is DescribeField => f !== undefined)
    : describe.fields.filter((f) => !NEVER_OFFERED.has(f.name));
  const properties: Record<string, MappedProperty> = {};
  const required: string[] = [];
  const controls: UiControl[] = [];
  for (const field of fields) {
    // A geolocation's components are filled through the compound's location control.
    if (isLocationComponent(field, byName)) continue;
    const controller = field.controllerName ? byName.get(field.controllerName) : undefined;
    properties[field.name] = mapFieldType(field, controller);
    if (isRequired(field)) required.push(field.name);
    controls.push(uiControl(field, scopePrefix));
  }
  return { schema: { type: 'object', title: describe.label, properties, required }, controls };
}
