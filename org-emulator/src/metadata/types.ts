// Objects and fields are data: describe, validation, the UI API and SOQL all read these definitions.
export type FieldType =
  | 'id'
  | 'string'
  | 'textarea'
  | 'boolean'
  | 'int'
  | 'double'
  | 'currency'
  | 'percent'
  | 'date'
  | 'datetime'
  | 'reference'
  | 'picklist'
  | 'multipicklist'
  | 'email'
  | 'phone'
  | 'url'
  | 'base64'
  | 'anyType'
  /** A geolocation compound field (read-only; its components are doubles). */
  | 'location';

export interface PicklistValue {
  value: string;
  label?: string;
  defaultValue?: boolean;
  /** Controller values for which this value is valid (dependent picklists). */
  validFor?: string[];
}

export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  length?: number;
  precision?: number;
  scale?: number;
  /** Required on create (nillable false and no default). */
  required?: boolean;
  nillable?: boolean;
  createable?: boolean;
  updateable?: boolean;
  custom?: boolean;
  autoNumber?: boolean;
  /** Display format for auto numbers, e.g. 'FS-{00000}'. */
  autoNumberFormat?: string;
  calculated?: boolean;
  externalId?: boolean;
  unique?: boolean;
  nameField?: boolean;
  referenceTo?: string[];
  relationshipName?: string;
  /** A standard polymorphic lookup that also points at custom objects: all of them, or those with activities. */
  referenceToCustom?: 'all' | 'activities';
  /** Child relationship name exposed on the referenced object(s). */
  childRelationshipName?: string;
  cascadeDelete?: boolean;
  picklistValues?: PicklistValue[];
  restrictedPicklist?: boolean;
  controllerName?: string;
  defaultValue?: string | number | boolean | null;
  /** Filled by the store (Id, audit fields, OwnerId defaults). */
  system?: boolean;
  htmlFormatted?: boolean;
  /** A component of a compound field (a geolocation's `…__Latitude__s`): the compound's name. */
  compoundFieldName?: string;
  /** Geolocation fields: shown in decimal degrees rather than degrees, minutes and seconds. */
  displayLocationInDecimal?: boolean;
}

export interface RecordTypeDef {
  id: string;
  developerName: string;
  name: string;
  master?: boolean;
}

export interface ObjectDef {
  name: string;
  label: string;
  labelPlural: string;
  keyPrefix: string;
  custom: boolean;
  fields: FieldDef[];
  recordTypes?: RecordTypeDef[];
  /** Custom objects with activities enabled are what Task.WhatId can point at. */
  activities?: boolean;
  createable?: boolean;
  updateable?: boolean;
  deletable?: boolean;
  queryable?: boolean;
  /** Lives in the Tooling API namespace instead of the data API. */
  tooling?: boolean;
  /** Organisation-wide defaults (CustomObject sharingModel / externalSharingModel): Private, Read, ReadWrite, ControlledByParent. */
  sharingModel?: string;
  externalSharingModel?: string;
}

export interface ValidationRule {
  /** API name of the object the rule belongs to. */
  object: string;
  /** `Object.RuleName`, as in metadata. */
  fullName: string;
  active: boolean;
  /** The rule's formula as written in its metadata (`violated` evaluates it). */
  errorConditionFormula: string;
  /** The field the error is shown on; none = a top-of-page error (`fields: []`). */
  errorDisplayField?: string;
  errorMessage: string;
  /** The record as it would be saved. */
  violated(record: Record<string, unknown>): boolean;
}
