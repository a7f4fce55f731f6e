/**
 * Builder form → saved form JSON (builder spec section 3 "Saved form JSON"), the same document the
 * end-user renderer draws from Form_JSON: schema properties per object plus General, table array
 * definitions, a layout tree of sections (rows as HorizontalLayouts), the signatures group and the
 * Files element kept last.
 */
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import type { BuilderForm, CanvasField, CanvasSection, Placement } from './types';

export const FORM_VERSION = '2.0.0';

export type Json = Record<string, unknown>;

export const SIGNATURES_SCOPE = '#/properties/General/properties/signatures';
export const FILES_SCOPE = '#/properties/General/properties/Files';

const scopeOf = (f: CanvasField) => `#/properties/${f.objectKey}/properties/${f.key}`;

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const labelText = (label: unknown): string =>
  typeof label === 'string' ? label : typeof obj(label).text === 'string' ? String(obj(label).text) : '';

/** The read-only rule the builder writes (builder spec section 4); its condition always holds. */
const READ_ONLY_RULE = { effect: 'DISABLE', condition: { scope: '#', schema: {} } };
const isReadOnlyRule = (rule: unknown): boolean => JSON.stringify(rule) === JSON.stringify(READ_ONLY_RULE);

/** `next` in the order `before` had them; new entries after, in their own order. */
function keepOrder<T>(before: unknown, next: readonly T[]): T[] {
  if (!Array.isArray(before)) return next.slice();
  const rank = new Map(before.map((v, i) => [JSON.stringify(v), i]));
  const known = next.filter((v) => rank.has(JSON.stringify(v)));
  known.sort((a, b) => (rank.get(JSON.stringify(a)) ?? 0) - (rank.get(JSON.stringify(b)) ?? 0));
  return [...known, ...next.filter((v) => !rank.has(JSON.stringify(v)))];
}

/**
 * The layout element of one canvas field. A field read from saved JSON keeps every key the builder
 * does not edit (and an element it does not model is written back as it was).
 */
export function fieldElement(f: CanvasField): UISchemaElement {
  const source = f.source;
  if (f.kind === 'kept' && source) return source as unknown as UISchemaElement;
  // Ids: written where the saved element had one, and always for elements made in the builder.
  const withId = !source || obj(source.options).id !== undefined;
  if (f.kind === 'blank') {
    const options = { ...obj(source?.options), ...(withId ? { id: f.id } : {}) };
    const el: Json = { ...source, type: 'blank' };
    if (source && !source.options && Object.keys(options).length === 0) delete el.options;
    else el.options = options;
    return el as unknown as UISchemaElement;
  }
  const options: Json = { ...f.options };
  if (withId) options.id = f.id;
  if (f.readOnly) options.readOnly = true;
  if (f.uiType === 'lookup') {
    options.valueScope ??= `${scopeOf(f)}_Id`;
    options.labelScope ??= scopeOf(f);
  }
  const title = typeof f.schema.title === 'string' ? f.schema.title : f.key;
  const el: Json = { ...source, type: f.uiType, scope: scopeOf(f) };
  if (!source || 'label' in source) {
    el.label =
      source && typeof source.label === 'object' && labelText(source.label) === title ? source.label : title;
  }
  if (source && !source.options && Object.keys(options).length === 0) delete el.options;
  else el.options = options;
  if (f.readOnly) el.rule = READ_ONLY_RULE;
  else if (isReadOnlyRule(el.rule)) delete el.rule;
  if (f.rules?.length) el.rules = f.rules;
  else if (Array.isArray(el.rules) && el.rules.length > 0) delete el.rules;
  return el as unknown as UISchemaElement;
}

/** One row of a section: a HorizontalLayout, or a field alone when it was read alone and still is. */
function rowElement(items: CanvasField[]): UISchemaElement {
  const only = items.length === 1 ? items[0] : undefined;
  if (only && only.row === null) return fieldElement(only);
  const own = items.find((f) => f.row)?.row ?? { type: 'HorizontalLayout', options: { columns: 2 } };
  return {
    ...own,
    type: 'HorizontalLayout',
    elements: items.map(fieldElement),
  } as unknown as UISchemaElement;
}

const SIGNATURES_GROUP = {
  type: 'Group',
  label: 'Signatures',
  elements: [{ type: 'signatures', scope: SIGNATURES_SCOPE, label: 'Signatures' }],
};
const FILES_ELEMENT = { type: 'genericfileupload', scope: FILES_SCOPE, label: 'Files' };

/** The section element: its saved keys and wrappers kept, its content from the canvas. */
function sectionElement(s: CanvasSection, content: UISchemaElement[]): UISchemaElement {
  const src = s.source;
  if (!src) {
    return {
      type: 'Section',
      sectionId: s.sectionId,
      label: s.title,
      elements: [{ type: 'VerticalLayout', elements: content }],
    } as unknown as UISchemaElement;
  }
  let el: Json = {
    ...src.section,
    type: 'Section',
    sectionId: s.sectionId,
    label: labelText(src.section.label) === s.title ? src.section.label : s.title,
    elements: src.inner ? [{ ...src.inner, elements: content }] : content,
  };
  for (const w of src.wrappers.slice().reverse()) {
    el = { ...w, ...(labelText(w.label) === src.title ? { label: s.title } : {}), elements: [el] };
  }
  return el as unknown as UISchemaElement;
}

/** The saved JSON object. What the loaded JSON held that the builder does not edit is kept. */
export function toFormJson(form: BuilderForm): Json {
  const { meta } = form;
  const source = form.source;
  const original = source?.json ?? {};
  const origSchema = obj(original.schema);
  const origProps = obj(origSchema.properties);
  const isOwned = (objectKey: string, key: string) => source?.owned.has(`${objectKey}/${key}`) ?? false;
  const props: Record<string, Record<string, FormJsonSchema>> = { General: {} };
  const required: Record<string, string[]> = { General: [] };
  // Properties no canvas field claimed when the form was read (a kept element's, a lookup's _Id…) stay.
  for (const [o, bag] of Object.entries(origProps)) {
    const own = obj(obj(bag).properties);
    if (!obj(bag).properties && o !== 'General') continue;
    props[o] = {};
    for (const [k, v] of Object.entries(own)) if (!isOwned(o, k)) props[o][k] = v as FormJsonSchema;
    const req = obj(bag).required;
    required[o] = Array.isArray(req)
      ? req.filter((k): k is string => typeof k === 'string' && !isOwned(o, k))
      : [];
  }
  const definitions: Record<string, FormJsonSchema> = {};
  for (const [k, v] of Object.entries(obj(origSchema.definitions)))
    if (!source?.ownedDefinitions.has(k)) definitions[k] = v as FormJsonSchema;
  const origReadOnly = Array.isArray(original.readOnly) ? (original.readOnly as unknown[]) : [];
  const ownedKeys = new Set([...(source?.owned ?? [])].map((o) => o.slice(o.indexOf('/') + 1)));
  const readOnly: string[] = origReadOnly.filter(
    (k): k is string => typeof k === 'string' && !ownedKeys.has(k),
  );
  const draggedItems: string[] = [];
  const grid: Record<string, number[][]> = {};
  const builderData: Record<string, { kind: string; paletteId?: string }> = {};
  const origGeneralData = obj(obj(original.data).General);
  const tableData: Record<string, unknown> = {};
  // Table rows are the canvas tables' own; any other data (a field's starting value) stays.
  const origGeneral = obj(obj(origProps.General).properties);
  for (const [k, v] of Object.entries(origGeneralData))
    if (!(isOwned('General', k) && obj(origGeneral[k]).format === 'table')) tableData[k] = v;
  const origInfo = obj(original.sectionsInfo);
  const sectionsInfo: Record<string, Json> = {};
  const objects = [meta.cqFormType, meta.contextObject].filter(Boolean);
  for (const o of objects) {
    props[o] ??= {};
    required[o] ??= [];
  }

  const addProperty = (f: CanvasField) => {
    builderData[f.id] = { kind: f.kind, ...(f.paletteId ? { paletteId: f.paletteId } : {}) };
    if (f.paletteId) draggedItems.push(f.paletteId);
    if (f.kind === 'blank' || f.kind === 'kept') return;
    const bag = (props[f.objectKey] ??= {});
    // The schema's id is written where the saved property had one, and always for fields made in the builder.
    const saved = obj(obj(obj(origProps[f.objectKey]).properties)[f.key]);
    bag[f.key] = !f.source || 'id' in saved ? { ...f.schema, id: f.id } : f.schema;
    if (f.uiType === 'lookup')
      bag[`${f.key}_Id`] ??= { type: 'string', title: `${String(f.schema.title ?? f.key)} Id` };
    if (f.required) (required[f.objectKey] ??= []).push(f.key);
    if (f.readOnly && !readOnly.includes(f.key)) readOnly.push(f.key);
    if (f.kind === 'table' && f.definition) {
      const ref = typeof f.schema.$ref === 'string' ? f.schema.$ref.replace('#/definitions/', '') : f.key;
      definitions[ref || f.key] = f.definition;
      // Cells typed in the table editor become the table's starting rows.
      if (f.rows?.some((r) => Object.keys(r).length > 0)) tableData[f.key] = f.rows;
    }
  };

  const placed = (p: Placement | undefined, s: CanvasSection) => p?.sectionId === s.sectionId;
  const signaturesIn = (s: CanvasSection) => form.signatures.length > 0 && placed(source?.signatures, s);
  const filesIn = (s: CanvasSection) => form.files && placed(source?.files, s);

  const sections = form.sections.map((s) => {
    const elements: UISchemaElement[] = [];
    for (const row of s.rows) {
      const items = row.map((id) => form.fields[id]).filter((f): f is CanvasField => Boolean(f));
      items.forEach(addProperty);
      elements.push(rowElement(items));
    }
    const tables = s.tables.map((id) => form.fields[id]).filter((f): f is CanvasField => Boolean(f));
    for (const t of tables) {
      addProperty(t);
      elements.push(fieldElement(t));
    }
    // Signatures and Files that sat in this section stay there, in their saved order.
    const tail: Placement[] = [];
    if (filesIn(s)) tail.push(source!.files!);
    if (signaturesIn(s)) tail.push(source!.signatures!);
    tail.sort((a, b) => a.at - b.at);
    for (const p of tail) elements.push(p.element as unknown as UISchemaElement);
    grid[s.sectionId] = s.rows.map((r) => r.slice());
    const origEntry = obj(origInfo[s.sectionId]);
    if (origInfo[s.sectionId] || tables.length || s.documents.length) {
      sectionsInfo[s.sectionId] = {
        ...origEntry,
        tables: tables.map((t) => ({ tableId: t.key })),
        ...(s.documents.length || 'documents' in origEntry ? { documents: s.documents.slice() } : {}),
      };
    }
    draggedItems.push(...s.documents);
    return { section: s, element: sectionElement(s, elements) };
  });

  // The top of the layout: sections, the elements kept between them, signatures, Files.
  const outside = form.outside ?? [];
  const sectionIds = new Set(form.sections.map((s) => s.sectionId));
  const outsideBefore = (anchor: string) =>
    outside
      .filter((o) => (sectionIds.has(o.before) || o.before.startsWith('#') ? o.before : '') === anchor)
      .map((o) => o.element as unknown as UISchemaElement);
  const root: UISchemaElement[] = [];
  for (const { section, element } of sections) root.push(...outsideBefore(section.sectionId), element);
  root.push(...outsideBefore('#signatures'));
  if (form.signatures.length > 0) {
    props.General!.signatures = (obj(origProps.General).properties as Json | undefined)?.signatures
      ? (obj(obj(origProps.General).properties).signatures as FormJsonSchema)
      : {
          type: 'array',
          title: 'Signatures',
          items: {
            type: 'object',
            properties: { SignatureBase64: { type: 'string' }, Purpose: { type: 'string' } },
          },
        };
    const at = source?.signatures;
    if (!at?.sectionId || !sectionIds.has(at.sectionId))
      root.push((at && !at.sectionId ? at.element : SIGNATURES_GROUP) as unknown as UISchemaElement);
  }
  root.push(...outsideBefore('#files'));
  let files: FormJsonSchema | undefined;
  if (form.files) {
    const origFiles = obj(obj(origProps.General).properties).Files;
    files = origFiles
      ? (origFiles as FormJsonSchema)
      : { title: 'Files', type: 'array', items: { type: 'object' } };
    props.General!.Files = files;
    // Files stays the last element of the layout (builder spec section 4), or where the saved form had it.
    const at = source?.files;
    if (!at?.sectionId || !sectionIds.has(at.sectionId))
      root.push((at && !at.sectionId ? at.element : FILES_ELEMENT) as unknown as UISchemaElement);
  }
  root.push(...outsideBefore(''));

  const schemaProps: Record<string, FormJsonSchema> = {};
  for (const [o, p] of Object.entries(props)) {
    const before = obj(origProps[o]);
    // A read form gets no empty object bag it did not have (a context object with no field on the canvas).
    if (source && !(o in origProps) && Object.keys(p).length === 0 && !required[o]?.length) continue;
    schemaProps[o] = {
      ...before,
      type: 'object',
      properties: p,
      required: keepOrder(before.required, required[o] ?? []),
    } as FormJsonSchema;
  }
  // Top-level schema entries that are not object bags (e.g. a table array at the top) stay as they were.
  for (const [o, v] of Object.entries(origProps))
    if (!(o in schemaProps)) schemaProps[o] = v as FormJsonSchema;

  const origUi = obj(original.ui);
  const { elements: _elements, events: _events, ...uiOwn } = origUi;
  const origCos = obj(original.cqFormObjectSchema);
  const origStyles = obj(original.styles);
  const out: Json = {
    ...form.extra,
    ...(form.languages ? { languages: form.languages } : {}),
    ...(form.translations ? { translations: form.translations } : {}),
    formName: meta.formName,
    version: FORM_VERSION,
    cqFormType: meta.cqFormType,
    contextObject: meta.contextObject,
    contextObjectRelationshipName: meta.contextObjectRelationshipName,
    cqFormObjectSchema: {
      ...origCos,
      primaryLabel: meta.primaryLabel,
      contextLabel: meta.contextLabel,
      objectType: meta.cqFormType,
      fields: keepOrder(origCos.fields, Object.keys(props[meta.cqFormType] ?? {})),
      child: keepOrder(
        origCos.child,
        Object.values(definitions).map((d) => d.relationshipName),
      ),
      context: meta.contextObject ? [meta.contextObject] : [],
    },
    schema: { ...origSchema, type: 'object', properties: schemaProps, definitions },
    ui: {
      type: 'VerticalLayout',
      ...uiOwn,
      elements: root,
      ...(form.events ? { events: form.events } : {}),
    },
    styles: {
      ...origStyles,
      header: { ...obj(origStyles.header), logo: meta.logo, backgroundColor: meta.backgroundColor },
    },
    data:
      Object.keys(tableData).length > 0
        ? { ...obj(original.data), General: tableData }
        : (({ General: _g, ...rest }) => rest)(obj(original.data)),
    signatures: form.signatures.map((s, i) => ({
      ...obj((original.signatures as unknown[] | undefined)?.[i]),
      Purpose: s.Purpose,
    })),
    sectionsInfo,
    draggedItems,
    readOnly: keepOrder(origReadOnly, readOnly),
    nextaction: { ...obj(original.nextaction), [meta.activityField]: 'submit' },
    queries: form.queries,
    lookupCache: form.lookupCache,
    startingData: Object.fromEntries(
      form.queries.flatMap((q) =>
        q.key && form.startingData && q.key in form.startingData ? [[q.key, form.startingData[q.key]]] : [],
      ),
    ),
    formBuilderData: { controls: builderData },
    formBuilderGridPerSection: grid,
    objectSelection: {
      ...obj(original.objectSelection),
      primary: meta.cqFormType,
      context: meta.contextObject,
    },
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
