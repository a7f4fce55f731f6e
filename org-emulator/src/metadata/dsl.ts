// Small builders so object definitions read like a schema rather than boilerplate.
import type { FieldDef, ObjectDef, PicklistValue } from './types.js';

type Opts = Partial<FieldDef>;

export const text = (name: string, label: string, length = 255, o: Opts = {}): FieldDef => ({
  name,
  label,
  type: 'string',
  length,
  ...o,
});
export const longText = (name: string, label: string, length = 131072, o: Opts = {}): FieldDef => ({
  name,
  label,
  type: 'textarea',
  length,
  ...o,
});
export const checkbox = (name: string, label: string, o: Opts = {}): FieldDef => ({
  name,
  label,
  type: 'boolean',
  defaultValue: false,
  nillable: false,
  ...o,
});
export const number = (name: string, label: string, precision = 18, scale = 0, o: Opts = {}): FieldDef => ({
  name,
  label,
  type: 'double',
  precision,
  scale,
  ...o,
});
export const date = (name: string, label: string, o: Opts = {}): FieldDef => ({
  name,
  label,
  type: 'date',
  ...o,
});
export const datetime = (name: string, label: string, o: Opts = {}): FieldDef => ({
  name,
  label,
  type: 'datetime',
  ...o,
});
export const lookup = (
  name: string,
  label: string,
  referenceTo: string | string[],
  relationshipName: string,
  childRelationshipName?: string,
  o: Opts = {},
): FieldDef => ({
  name,
  label,
  type: 'reference',
  length: 18,
  referenceTo: Array.isArray(referenceTo) ? referenceTo : [referenceTo],
  relationshipName,
  childRelationshipName,
  ...o,
});
export const picklist = (
  name: string,
  label: string,
  values: (string | PicklistValue)[],
  o: Opts = {},
): FieldDef => ({
  name,
  label,
  type: 'picklist',
  length: 255,
  picklistValues: values.map((v) =>
    typeof v === 'string' ? { value: v, label: v } : { label: v.value, ...v },
  ),
  ...o,
});

/** Fields every object has; OwnerId only where the object is owned. */
export function systemFields(owned: boolean): FieldDef[] {
  const ro: Opts = { createable: false, updateable: false, system: true };
  const fields: FieldDef[] = [
    { name: 'Id', label: 'Record ID', type: 'id', length: 18, nillable: false, ...ro },
    checkbox('IsDeleted', 'Deleted', ro),
    datetime('CreatedDate', 'Created Date', { ...ro, nillable: false }),
    lookup('CreatedById', 'Created By ID', 'User', 'CreatedBy', undefined, { ...ro, nillable: false }),
    datetime('LastModifiedDate', 'Last Modified Date', { ...ro, nillable: false }),
    lookup('LastModifiedById', 'Last Modified By ID', 'User', 'LastModifiedBy', undefined, {
      ...ro,
      nillable: false,
    }),
    datetime('SystemModstamp', 'System Modstamp', { ...ro, nillable: false }),
  ];
  if (owned) {
    fields.push(lookup('OwnerId', 'Owner ID', 'User', 'Owner', undefined, { system: true, nillable: false }));
  }
  return fields;
}

export function sobject(
  name: string,
  label: string,
  labelPlural: string,
  keyPrefix: string,
  fields: FieldDef[],
  o: Partial<ObjectDef> & { owned?: boolean } = {},
): ObjectDef {
  const { owned = true, ...rest } = o;
  return {
    name,
    label,
    labelPlural,
    keyPrefix,
    custom: name.endsWith('__c'),
    fields: [...systemFields(owned), ...fields],
    ...rest,
  };
}
