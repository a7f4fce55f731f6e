// Builds form-definition JSON in the product's shape (spec 000 §3 "Form definition", spec 001 §3 "Saved form JSON"):
// schema.properties per object plus a General section, a ui layout tree, signatures, Files, nextaction, version 2.0.0.

export type FieldKind =
  'text' | 'textarea' | 'date' | 'datetime' | 'number' | 'yesno' | 'dropdown' | 'radio' | 'lookup' | 'time';

export interface FieldSpec {
  key: string;
  title: string;
  kind: FieldKind;
  /** 'main' puts the field on the form's object (cqFormType); otherwise it is a General field. */
  on?: 'main' | 'General';
  options?: { const: string; title: string; color?: string; validFor?: string[] }[];
  /** Key of the controlling field (dependent picklist): options carry validFor lists of controller values. */
  dependsOn?: string;
  required?: boolean;
  lookupTo?: string;
}

export interface SectionSpec {
  id: string;
  title: string;
  fields: FieldSpec[];
  table?: { id: string; title: string; columns: string[]; rows?: number };
  signatures?: string[];
  files?: boolean;
}

export interface FormSpec {
  formName: string;
  cqFormType: string;
  contextObject?: string;
  contextObjectRelationshipName?: string;
  sections: SectionSpec[];
  queries?: unknown[];
}

type Json = Record<string, unknown>;

const YES_NO = [
  { const: 'YES', title: 'Yes' },
  { const: 'NO', title: 'No' },
];

/**
 * A dependent dropdown as the product maps a dependent picklist (spec 000 section 5): oneOf of
 * {const, title} and a validFor map from each controlling value to the values it allows.
 */
function dependentSchema(base: Json, f: FieldSpec): Json {
  const validFor: Record<string, string[]> = {};
  for (const o of f.options ?? []) {
    for (const ctrl of o.validFor ?? []) (validFor[ctrl] ??= []).push(o.const);
  }
  return {
    ...base,
    type: 'string',
    dependent: f.dependsOn,
    oneOf: (f.options ?? []).map((o) => ({
      const: o.const,
      title: o.title,
      ...(o.color ? { color: o.color } : {}),
    })),
    validFor,
  };
}

function fieldSchema(f: FieldSpec, index: number): Json {
  const base: Json = { title: f.title, id: index };
  switch (f.kind) {
    case 'text':
      return { ...base, type: 'string', maxLength: 255, regexRuleName: 'none' };
    case 'textarea':
      return { ...base, type: 'string', maxLength: 32768 };
    case 'date':
      return { ...base, type: 'string', format: 'date' };
    case 'datetime':
      return { ...base, type: 'string', format: 'date-time' };
    case 'time':
      return { ...base, type: 'string', format: 'time' };
    case 'number':
      return {
        ...base,
        type: 'number',
        regexRuleName: 'Numeric Only',
        pattern: '^[0-9]*$',
        errorMessage: 'Field Validation : Numeric Only',
      };
    case 'yesno':
      return { ...base, type: 'string', oneOf: YES_NO };
    case 'dropdown':
    case 'radio':
      return f.dependsOn ? dependentSchema(base, f) : { ...base, type: 'string', oneOf: f.options ?? YES_NO };
    case 'lookup':
      return { ...base, type: 'string' };
  }
}

function uiElement(scope: string, f: FieldSpec): Json {
  if (f.dependsOn) {
    return {
      type: 'dependent',
      scope,
      label: f.title,
      options: { dependsOn: f.dependsOn, field: f.key, showLabel: true },
    };
  }
  switch (f.kind) {
    case 'dropdown':
    case 'yesno':
      return { type: 'select', scope, label: f.title, options: { showLabel: true } };
    case 'radio':
      return { type: 'radio', scope, label: f.title };
    case 'time':
      return { type: 'time', scope, label: f.title };
    case 'lookup':
      return {
        type: 'lookup',
        scope,
        label: f.title,
        options: {
          lookupTo: f.lookupTo ?? 'Account',
          field: f.key,
          valueField: 'Id',
          titleField: 'Name',
          isReferenceField: true,
          valueScope: `${scope}_Id`,
          labelScope: scope,
        },
      };
    default:
      return { type: 'Control', scope, label: f.title, options: { showLabel: true } };
  }
}

export function buildFormJson(spec: FormSpec): Json {
  const main: Json = {};
  const mainRequired: string[] = [];
  const general: Json = {};
  const generalRequired: string[] = [];
  const definitions: Json = {};
  const sectionsUi: Json[] = [];
  const sectionsInfo: Json = {};
  const signatures: Json[] = [];
  let files: Json | undefined;
  let index = 100;
  for (const section of spec.sections) {
    const elements: Json[] = [];
    let row: Json[] = [];
    const flush = (): void => {
      if (row.length) elements.push({ type: 'HorizontalLayout', elements: row, options: { columns: 2 } });
      row = [];
    };
    for (const f of section.fields) {
      index += 100;
      const onMain = f.on === 'main';
      const target = onMain ? main : general;
      const objectKey = onMain ? spec.cqFormType : 'General';
      target[f.key] = fieldSchema(f, index);
      if (f.kind === 'lookup') target[`${f.key}_Id`] = { type: 'string', title: `${f.title} Id` };
      if (f.required) (onMain ? mainRequired : generalRequired).push(f.key);
      row.push(uiElement(`#/properties/${objectKey}/properties/${f.key}`, f));
      if (row.length === 2 || f.kind === 'textarea') flush();
    }
    flush();
    if (section.table) {
      const t = section.table;
      const columns: Json = {};
      t.columns.forEach((title, i) => {
        columns[`C${i + 1}`] = { id: i + 1, name: `C${i + 1}`, title, type: 'string', regexRuleName: 'none' };
      });
      definitions[t.id] = {
        type: 'array',
        title: t.title,
        relationshipName: `${t.id}__r`,
        items: { type: 'object', properties: columns },
      };
      general[t.id] = { type: 'object', format: 'table', title: t.title, $ref: `#/definitions/${t.id}` };
      elements.push({
        type: 'table',
        scope: `#/properties/General/properties/${t.id}`,
        label: t.title,
        options: {
          tableId: t.id,
          rowsCount: t.rows ?? 3,
          columnWidth: Object.fromEntries(t.columns.map((_c, i) => [`C${i + 1}`, 250])),
        },
      });
      sectionsInfo[section.id] = { tables: [{ tableId: t.id }] };
    }
    if (section.files) {
      files = { title: 'Attachments', type: 'array', items: { type: 'object' } };
      general.Files = files;
      elements.push({
        type: 'genericfileupload',
        scope: '#/properties/General/properties/Files',
        label: 'Attachments',
      });
    }
    if (section.signatures) {
      for (const purpose of section.signatures) signatures.push({ Purpose: purpose });
      general.signatures = {
        type: 'array',
        title: 'Signatures',
        items: {
          type: 'object',
          properties: { SignatureBase64: { type: 'string' }, Purpose: { type: 'string' } },
        },
      };
      elements.push({
        type: 'signatures',
        scope: '#/properties/General/properties/signatures',
        label: 'Signatures',
      });
    }
    sectionsUi.push({
      type: 'Section',
      sectionId: section.id,
      label: section.title,
      elements: [{ type: 'VerticalLayout', elements }],
    });
  }
  const schemaProps: Json = {
    [spec.cqFormType]: { type: 'object', properties: main, required: mainRequired },
    General: { type: 'object', properties: general, required: generalRequired },
  };
  const result: Json = {
    formName: spec.formName,
    version: '2.0.0',
    cqFormType: spec.cqFormType,
    contextObject: spec.contextObject ?? '',
    contextObjectRelationshipName: spec.contextObjectRelationshipName ?? '',
    cqFormObjectSchema: {
      primaryLabel: spec.cqFormType,
      contextLabel: spec.contextObject ?? '',
      objectType: spec.cqFormType,
      fields: Object.keys(main),
      child: [],
      context: spec.contextObject ? [spec.contextObject] : [],
    },
    schema: { type: 'object', properties: schemaProps, definitions },
    ui: {
      type: spec.sections.length > 3 ? 'Categorization' : 'VerticalLayout',
      elements:
        spec.sections.length > 3
          ? sectionsUi.map((s) => ({ type: 'Category', label: s.label, elements: [s] }))
          : sectionsUi,
    },
    styles: { header: { logo: '', backgroundColor: '#0176d3' } },
    data: {},
    startingData: {},
    signatures,
    sectionsInfo,
    readOnly: [],
    nextaction: { cqext__Activity_Code__c: 'submit' },
    queries: spec.queries ?? [],
    lookupCache: {},
  };
  if (files) result.Files = files;
  return result;
}

/** The builder's saved JSON: the form JSON plus builder-only state, stored base64-encoded. */
export function builderJsonBase64(formJson: Json, objectSelection: string): string {
  const saved = {
    ...formJson,
    draggedItems: [],
    formBuilderData: {},
    formBuilderGridPerSection: {},
    objectSelection: { primary: objectSelection },
  };
  return Buffer.from(JSON.stringify(saved), 'utf8').toString('base64');
}

/** A generated audit form with `count` General fields spread over sections of 50. */
export function largeFormSpec(count: number): FormSpec {
  const kinds: FieldKind[] = ['text', 'yesno', 'number', 'date', 'dropdown', 'textarea'];
  const sections: SectionSpec[] = [];
  for (let s = 0; s * 50 < count; s++) {
    const fields: FieldSpec[] = [];
    for (let i = s * 50; i < Math.min(count, (s + 1) * 50); i++) {
      const kind = kinds[i % kinds.length] ?? 'text';
      fields.push({
        key: `CQ_Form_Item_${String(i + 1).padStart(4, '0')}`,
        title: `Audit item ${i + 1}`,
        kind,
        required: i % 97 === 0,
        options:
          kind === 'dropdown'
            ? [
                { const: 'Compliant', title: 'Compliant' },
                { const: 'Minor', title: 'Minor finding' },
                { const: 'Major', title: 'Major finding' },
              ]
            : undefined,
      });
    }
    sections.push({ id: `section-${s + 1}`, title: `Audit area ${s + 1}`, fields });
  }
  return {
    formName: 'Annual Facility Audit (1000+ fields)',
    cqFormType: 'cqext__SQX_Inspection__c',
    sections,
  };
}
