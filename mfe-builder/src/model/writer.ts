/**
 * Builder form → saved form JSON (builder spec section 3 "Saved form JSON"), the same document the
 * end-user renderer draws from Form_JSON: schema properties per object plus General, table array
 * definitions, a layout tree of sections (rows as HorizontalLayouts), the signatures group and the
 * Files element kept last.
 */
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import type { BuilderForm, CanvasField } from './types';

export const FORM_VERSION = '2.0.0';

export type Json = Record<string, unknown>;

export const SIGNATURES_SCOPE = '#/properties/General/properties/signatures';
export const FILES_SCOPE = '#/properties/General/properties/Files';

const scopeOf = (f: CanvasField) => `#/properties/${f.objectKey}/properties/${f.key}`;

/** The layout element of one canvas field. */
export function fieldElement(f: CanvasField): UISchemaElement {
  if (f.kind === 'blank') return { type: 'blank', options: { id: f.id } };
  const options = { ...f.options, id: f.id, ...(f.readOnly ? { readOnly: true } : {}) };
  if (f.uiType === 'lookup') {
    options.valueScope = `${scopeOf(f)}_Id`;
    options.labelScope = scopeOf(f);
  }
  const el = {
    type: f.uiType,
    scope: scopeOf(f),
    label: typeof f.schema.title === 'string' ? f.schema.title : f.key,
    options,
    // Read-only adds a disable rule (builder spec section 4); the condition always holds.
    ...(f.readOnly ? { rule: { effect: 'DISABLE', condition: { scope: '#', schema: {} } } } : {}),
    ...(f.rules?.length ? { rules: f.rules } : {}),
  };
  return el as UISchemaElement;
}

function objectSchema(properties: Record<string, FormJsonSchema>, required: string[]): FormJsonSchema {
  return { type: 'object', properties, required };
}

/** The saved JSON object. Unknown keys of the loaded JSON are kept. */
export function toFormJson(form: BuilderForm): Json {
  const { meta } = form;
  const props: Record<string, Record<string, FormJsonSchema>> = { General: {} };
  const required: Record<string, string[]> = { General: [] };
  const definitions: Record<string, FormJsonSchema> = {};
  const readOnly: string[] = [];
  const draggedItems: string[] = [];
  const grid: Record<string, number[][]> = {};
  const builderData: Record<string, { kind: string; paletteId?: string }> = {};
  const tableData: Record<string, unknown> = {};
  const sectionsInfo: Record<string, { tables: Array<{ tableId: string }>; documents: string[] }> = {};
  const objects = [meta.cqFormType, meta.contextObject].filter(Boolean);
  for (const o of objects) {
    props[o] = {};
    required[o] = [];
  }

  const addProperty = (f: CanvasField) => {
    builderData[f.id] = { kind: f.kind, ...(f.paletteId ? { paletteId: f.paletteId } : {}) };
    if (f.paletteId) draggedItems.push(f.paletteId);
    if (f.kind === 'blank') return;
    const bag = (props[f.objectKey] ??= {});
    bag[f.key] = { ...f.schema, id: f.id };
    if (f.uiType === 'lookup')
      bag[`${f.key}_Id`] = { type: 'string', title: `${String(f.schema.title ?? f.key)} Id` };
    if (f.required) (required[f.objectKey] ??= []).push(f.key);
    if (f.readOnly) readOnly.push(f.key);
    if (f.kind === 'table' && f.definition) {
      definitions[f.key] = f.definition;
      // Cells typed in the table editor become the table's starting rows.
      if (f.rows?.some((r) => Object.keys(r).length > 0)) tableData[f.key] = f.rows;
    }
  };

  const sections = form.sections.map((s) => {
    const elements: UISchemaElement[] = [];
    for (const row of s.rows) {
      const items = row.map((id) => form.fields[id]).filter((f): f is CanvasField => Boolean(f));
      items.forEach(addProperty);
      elements.push({ type: 'HorizontalLayout', elements: items.map(fieldElement), options: { columns: 2 } });
    }
    const tables = s.tables.map((id) => form.fields[id]).filter((f): f is CanvasField => Boolean(f));
    for (const t of tables) {
      addProperty(t);
      elements.push(fieldElement(t));
    }
    grid[s.sectionId] = s.rows.map((r) => r.slice());
    sectionsInfo[s.sectionId] = {
      tables: tables.map((t) => ({ tableId: t.key })),
      documents: s.documents.slice(),
    };
    draggedItems.push(...s.documents);
    return {
      type: 'Section',
      sectionId: s.sectionId,
      label: s.title,
      elements: [{ type: 'VerticalLayout', elements }],
    } as UISchemaElement;
  });

  const root: UISchemaElement[] = [...sections];
  if (form.signatures.length > 0) {
    props.General!.signatures = {
      type: 'array',
      title: 'Signatures',
      items: {
        type: 'object',
        properties: { SignatureBase64: { type: 'string' }, Purpose: { type: 'string' } },
      },
    };
    root.push({
      type: 'Group',
      label: 'Signatures',
      elements: [{ type: 'signatures', scope: SIGNATURES_SCOPE, label: 'Signatures' }],
    } as UISchemaElement);
  }
  let files: FormJsonSchema | undefined;
  if (form.files) {
    files = { title: 'Files', type: 'array', items: { type: 'object' } };
    props.General!.Files = files;
    // Files stays the last element of the layout (builder spec section 4).
    root.push({ type: 'genericfileupload', scope: FILES_SCOPE, label: 'Files' } as UISchemaElement);
  }

  const schemaProps: Record<string, FormJsonSchema> = {};
  for (const [o, p] of Object.entries(props)) schemaProps[o] = objectSchema(p, required[o] ?? []);

  const out: Json = {
    ...form.extra,
    formName: meta.formName,
    version: FORM_VERSION,
    cqFormType: meta.cqFormType,
    contextObject: meta.contextObject,
    contextObjectRelationshipName: meta.contextObjectRelationshipName,
    cqFormObjectSchema: {
      primaryLabel: meta.primaryLabel,
      contextLabel: meta.contextLabel,
      objectType: meta.cqFormType,
      fields: Object.keys(props[meta.cqFormType] ?? {}),
      child: Object.values(definitions).map((d) => d.relationshipName),
      context: meta.contextObject ? [meta.contextObject] : [],
    },
    schema: { type: 'object', properties: schemaProps, definitions },
    ui: { type: 'VerticalLayout', elements: root, ...(form.events ? { events: form.events } : {}) },
    styles: { header: { logo: meta.logo, backgroundColor: meta.backgroundColor } },
    data: Object.keys(tableData).length > 0 ? { General: tableData } : {},
    signatures: form.signatures.map((s) => ({ Purpose: s.Purpose })),
    sectionsInfo,
    draggedItems,
    readOnly,
    nextaction: { [meta.activityField]: 'submit' },
    queries: form.queries,
    lookupCache: form.lookupCache,
    startingData: Object.fromEntries(
      form.queries.flatMap((q) =>
        q.key && form.startingData && q.key in form.startingData ? [[q.key, form.startingData[q.key]]] : [],
      ),
    ),
    formBuilderData: { controls: builderData },
    formBuilderGridPerSection: grid,
    objectSelection: { primary: meta.cqFormType, context: meta.contextObject },
  };
  if (files) out.Files = files;
  else delete out.Files;
  return out;
}

/** UTF-8 safe base64 of a string (btoa alone only takes Latin-1). */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) bin += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(bin);
}

export function fromBase64(b64: string): string {
  const bin = atob(b64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

// Forms are immutable snapshots: a form object always serializes to the same text, so the text is
// kept per object. Undo/redo return earlier snapshots, whose text the header's unsaved-changes check
// then reads back instead of rebuilding the whole document at every step.
const serialized = new WeakMap<BuilderForm, string>();

/** The serialized form: what is saved, and what the unsaved-changes indicator compares. */
export function serializeForm(form: BuilderForm): string {
  let text = serialized.get(form);
  if (text === undefined) {
    text = JSON.stringify(toFormJson(form));
    serialized.set(form, text);
  }
  return text;
}
