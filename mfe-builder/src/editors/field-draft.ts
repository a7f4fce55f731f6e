/**
 * The field being edited in the field edit modal, its checks (builder spec sections 5 and 8) and the
 * required / read-only flags as the saved form stores them (section 4). Framework-free.
 */
import type { FormRule, OneOfOption, UISchemaElement } from 'shared-contracts';
import type { PhotoFieldOptions } from 'form-core';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import { PHOTO } from 'form-core';
import { validateApiName, validateLabel, type TakenNames } from '../model/api-name';
import { validateDefault, type DefaultKind } from '../model/default-value';
import { dependsOnError } from '../model/lookup-depends';
import { CUSTOM_RULE, validateCustomRule, type FieldValidation } from '../model/validation-presets';
import { FIELD_EDITOR_TEXTS } from './texts';

/** General items of the palette, plus fields of the primary/context object ('object'). */
export type FieldKind =
  'text' | 'date' | 'dropdown' | 'yesno' | 'blank' | 'object' | 'photo' | 'location' | 'scan';

export interface PicklistValue {
  const: string;
  title: string;
}

export interface FieldDraft {
  kind: FieldKind;
  label: string;
  /** For object fields the object's own field name: shown, not editable, not checked. */
  apiName: string;
  defaultValue: string;
  /** Text fields (and string object fields): preset, Custom or none. */
  validation: FieldValidation;
  /** Dropdown: the picklist values. */
  options: PicklistValue[];
  required: boolean;
  readOnly: boolean;
  /** Photo fields: long edge, quality, keep the original (issue 32). */
  photo?: PhotoFieldOptions;
  /** Object fields: the data type of the object field ('string', 'date-time'...), for the checks. */
  dataType?: string;
  /** A field just dropped: its API name follows the label until the name is edited. */
  isNew?: boolean;
  /**
   * The control's run-time rules (without the read-only flag's disable rule, which `withReadOnly`
   * adds at write time). Edited in the modal when it is given `ruleFields`; saved cleaned.
   */
  rules?: FormRule[];
  /** Location fields: the accuracy a fix needs, in metres, as typed ('' for none). */
  requiredAccuracy?: string;
  /** Barcode/QR fields: the formats the camera reads (BarcodeDetector names). */
  scanFormats?: string[];
  /** Object lookups: the object its records come from (the modal then offers `dependsOn`). */
  lookupTo?: string;
  /** Object lookups: the lookup of the form (data path) whose chosen record narrows this one's records. */
  dependsOn?: string;
  /** With dependsOn: the field of `lookupTo` that holds the record chosen there. */
  dependsOnField?: string;
}

/** The largest required accuracy the builder takes: 10 km, coarser than any fix a phone reports. */
export const MAX_REQUIRED_ACCURACY = 10_000;

// Getters: each read is in the user's language at that moment (editors/texts.ts).
export const FIELD_CAPTURE_MESSAGES = {
  get requiredAccuracy(): string {
    return FIELD_EDITOR_TEXTS.accuracyInvalid(MAX_REQUIRED_ACCURACY);
  },
  get scanFormats(): string {
    return FIELD_EDITOR_TEXTS.noScanFormat;
  },
};

/** The required accuracy typed in the modal as metres: undefined for none, NaN when not valid. */
export const parseRequiredAccuracy = (text: string | undefined): number | undefined => {
  const t = (text ?? '').trim();
  if (t === '') return undefined;
  const n = /^\d+$/.test(t) ? Number(t) : NaN;
  return n >= 1 && n <= MAX_REQUIRED_ACCURACY ? n : NaN;
};

export interface FieldErrors {
  label?: string;
  apiName?: string;
  defaultValue?: string;
  pattern?: string;
  errorMessage?: string;
  options?: string;
  photoMaxEdge?: string;
  photoQuality?: string;
  requiredAccuracy?: string;
  scanFormats?: string;
  dependsOnField?: string;
}

export const hasErrors = (e: FieldErrors): boolean => Object.values(e).some(Boolean);

/** Which default-value check a field gets. */
export const defaultKindOf = (
  d: Pick<FieldDraft, 'kind' | 'dataType'> & { options?: unknown[] },
): DefaultKind => {
  if (d.kind === 'object') {
    if (d.dataType === 'date-time' || d.dataType === 'date') return 'date';
    // A picklist or RecordTypeId (a choice of record type by name): one of its values, by title.
    if (d.options?.length) return 'dropdown';
    return 'text';
  }
  if (d.kind === 'date' || d.kind === 'dropdown' || d.kind === 'yesno') return d.kind;
  return 'text';
};

/** Whether the field offers validation presets (text entry fields only). */
export const hasValidation = (d: Pick<FieldDraft, 'kind' | 'dataType'> & { options?: unknown[] }): boolean =>
  d.kind === 'text' ||
  d.kind === 'scan' ||
  // Not on an object field chosen from values (picklist, RecordTypeId): nothing is typed there.
  (d.kind === 'object' && (d.dataType ?? 'string') === 'string' && !d.options?.length);

export const hasDefault = (d: Pick<FieldDraft, 'kind' | 'dataType'>): boolean =>
  d.kind !== 'blank' && d.kind !== 'photo' && d.kind !== 'location' && d.dataType !== 'location';

/** Every error of a draft; `taken` holds the other fields', tables' and relationship names. */
export const validateDraft = (d: FieldDraft, taken: TakenNames): FieldErrors => {
  const e: FieldErrors = {};
  e.label = validateLabel(d.label);
  if (d.kind !== 'object') e.apiName = validateApiName(d.apiName, taken);
  if (hasDefault(d)) {
    e.defaultValue = validateDefault(defaultKindOf(d), d.defaultValue, {
      titles: d.options.map((o) => o.title),
    });
  }
  if (hasValidation(d) && d.validation.regexRuleName === CUSTOM_RULE) {
    const c = validateCustomRule(d.validation.pattern, d.validation.errorMessage);
    e.pattern = c.pattern;
    e.errorMessage = c.errorMessage;
  }
  if (d.kind === 'dropdown' && d.options.length === 0) e.options = M.picklistEmpty;
  if (d.kind === 'photo' && d.photo) Object.assign(e, validatePhoto(d.photo));
  if (Number.isNaN(parseRequiredAccuracy(d.requiredAccuracy)))
    e.requiredAccuracy = FIELD_CAPTURE_MESSAGES.requiredAccuracy;
  if (d.kind === 'scan' && (d.scanFormats ?? []).length === 0)
    e.scanFormats = FIELD_CAPTURE_MESSAGES.scanFormats;
  e.dependsOnField = dependsOnError(d);
  return e;
};

/** Texts of the photo options' checks (the spec gives none). */
export const PHOTO_ERRORS = {
  get maxEdge(): string {
    return FIELD_EDITOR_TEXTS.maxEdgeInvalid(PHOTO.minMaxEdge, PHOTO.maxMaxEdge);
  },
  get quality(): string {
    return FIELD_EDITOR_TEXTS.qualityInvalid(
      Math.round(PHOTO.minQuality * 100),
      Math.round(PHOTO.maxQuality * 100),
    );
  },
};

/** A photo field's long edge (px, whole) and quality (0-1) within the renderer's limits. */
export const validatePhoto = (p: PhotoFieldOptions): Pick<FieldErrors, 'photoMaxEdge' | 'photoQuality'> => ({
  ...(Number.isInteger(p.maxEdge) && p.maxEdge >= PHOTO.minMaxEdge && p.maxEdge <= PHOTO.maxMaxEdge
    ? {}
    : { photoMaxEdge: PHOTO_ERRORS.maxEdge }),
  ...(Number.isFinite(p.quality) && p.quality >= PHOTO.minQuality - 1e-9 && p.quality <= PHOTO.maxQuality
    ? {}
    : { photoQuality: PHOTO_ERRORS.quality }),
});

/** Adds a picklist value; empty text or a value already there (ignoring case) leaves the list as is. */
export const addPicklistValue = (options: PicklistValue[], text: string): PicklistValue[] => {
  const v = text.trim();
  if (v === '' || options.some((o) => o.title.toLowerCase() === v.toLowerCase())) return options;
  return [...options, { const: v, title: v }];
};

export const removePicklistValue = (options: PicklistValue[], index: number): PicklistValue[] =>
  options.filter((_, i) => i !== index);

/** The picklist as the schema's oneOf list. */
export const toOneOf = (options: readonly PicklistValue[]): OneOfOption[] =>
  options.map((o) => ({ const: o.const, title: o.title }));

/** Adds or removes a field name in a `required` (or top-level `readOnly`) list. */
export const toggleInList = (list: readonly string[] | undefined, name: string, on: boolean): string[] => {
  const rest = (list ?? []).filter((n) => n !== name);
  return on ? [...rest, name] : rest;
};

/** The disable rule read-only adds to a control: a readonly rule with no conditions always holds. */
export const DISABLE_RULE: FormRule = Object.freeze({ type: 'readonly' }) as FormRule;

const isDisableRule = (r: FormRule): boolean => r.type === 'readonly' && !r.conditions?.length;

/** The control with (or without) the disable rule; other rules are kept in order. */
export const withReadOnly = <T extends UISchemaElement>(control: T, on: boolean): T => {
  const others = (control.rules ?? []).filter((r) => !isDisableRule(r));
  if (on) return { ...control, rules: [...others, { ...DISABLE_RULE }] };
  if (others.length) return { ...control, rules: others };
  const { rules: _dropped, ...rest } = control;
  return rest as T;
};

export const isReadOnlyControl = (control: UISchemaElement): boolean =>
  (control.rules ?? []).some(isDisableRule);
