/**
 * Saved form JSON → builder form. Versions below 2.0.0 are converted: sections get 'section-N' ids,
 * category wrappers are unwrapped, and (below 1.2.0) tables stored inline as General arrays move to
 * schema definitions with a `$ref` (builder spec section 4 "tables are handled differently").
 */
import type { FormJsonSchema, FormQuery, FormRule, LayoutEvents, UISchemaOptions } from 'shared-contracts';
import { BUILDER, DEFAULT_NAMESPACE, nsName } from 'shared-contracts';
import { blankField } from './field-factory';
import { hasInlineTables, needsConversion } from './version';
import { FILES_SCOPE, fromBase64, SIGNATURES_SCOPE, type Json } from './writer';
import type { BuilderForm, CanvasField, CanvasSection, FieldKind, FormMeta } from './types';

interface El {
  type?: string;
  scope?: string;
  label?: unknown;
  sectionId?: string;
  elements?: El[];
  options?: UISchemaOptions;
  rules?: FormRule[];
}

const KNOWN_KEYS = new Set([
  'formName',
  'version',
  'cqFormType',
  'contextObject',
  'contextObjectRelationshipName',
  'cqFormObjectSchema',
  'schema',
  'ui',
  'styles',
  'data',
  'signatures',
  'sectionsInfo',
  'draggedItems',
  'readOnly',
  'nextaction',
  'queries',
  'lookupCache',
  'formBuilderData',
  'formBuilderGridPerSection',
  'objectSelection',
  'Files',
  'selectedSICDocIds',
  'startingData',
  'lookupCacheData',
]);

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

export function emptyForm(meta: Partial<FormMeta> = {}): BuilderForm {
  return {
    meta: {
      cqFormType: '',
      primaryLabel: '',
      contextObject: '',
      contextLabel: '',
      contextObjectRelationshipName: '',
      formName: '',
      logo: '',
      backgroundColor: '#0176d3',
      activityField: nsName(DEFAULT_NAMESPACE, 'Activity_Code__c'),
      ...meta,
    },
    sections: [{ sectionId: 'section-1', title: 'Section 1', rows: [], tables: [], documents: [] }],
    fields: {},
    signatures: [],
    files: false,
    queries: [],
    lookupCache: {},
    extra: {},
  };
}

const labelText = (label: unknown): string =>
  typeof label === 'string'
    ? label
    : label && typeof label === 'object'
      ? str((label as { text?: unknown }).text)
      : '';

function parseScope(scope: string | undefined): { objectKey: string; key: string } | null {
  const m = /^#\/properties\/([^/]+)\/properties\/([^/]+)$/.exec(scope ?? '');
  return m ? { objectKey: m[1] as string, key: m[2] as string } : null;
}

function inferKind(
  objectKey: string,
  schema: FormJsonSchema,
  uiType: string,
  options?: Record<string, unknown>,
): FieldKind {
  if (uiType === 'table' || schema.format === 'table') return 'table';
  if (uiType === 'photo') return 'photo';
  if (objectKey !== 'General') return 'object';
  if (schema.format === 'location') return 'location';
  if (Array.isArray(options?.scanFormats)) return 'scan';
  const oneOf = Array.isArray(schema.oneOf) ? (schema.oneOf as Array<{ const?: unknown }>) : null;
  if (oneOf) {
    const values = oneOf.map((o) => o.const);
    return values.length === 2 && values.includes('YES') && values.includes('NO') ? 'yesno' : 'dropdown';
  }
  if (schema.format === 'date-time' || schema.format === 'date') return 'date';
  return 'text';
}

/** Reads a saved JSON object (already decoded). */
export function fromFormJson(input: Json, namespace: string = DEFAULT_NAMESPACE): BuilderForm {
  const json = convertLegacy(input);
  const schemaRoot = obj(json.schema);
  const properties = obj(schemaRoot.properties) as Record<string, FormJsonSchema>;
  const definitions = obj(schemaRoot.definitions) as Record<string, FormJsonSchema>;
  const readOnlyList = new Set(Array.isArray(json.readOnly) ? (json.readOnly as string[]) : []);
  const controls = obj(obj(json.formBuilderData).controls) as Record<
    string,
    { kind?: FieldKind; paletteId?: string }
  >;
  const cos = obj(json.cqFormObjectSchema);
  const header = obj(obj(json.styles).header);
  const nextaction = obj(json.nextaction);
  const meta: FormMeta = {
    cqFormType: str(json.cqFormType),
    primaryLabel: str(cos.primaryLabel, str(json.cqFormType)),
    contextObject: str(json.contextObject),
    contextLabel: str(cos.contextLabel, str(json.contextObject)),
    contextObjectRelationshipName: str(json.contextObjectRelationshipName),
    formName: str(json.formName),
    logo: str(header.logo),
    backgroundColor: str(header.backgroundColor, '#0176d3'),
    activityField: Object.keys(nextaction)[0] ?? nsName(namespace, 'Activity_Code__c'),
  };

  const fields: Record<number, CanvasField> = {};
  let maxId = 0;
  const pending: Array<{ el: El; section: number; row: number }> = [];
  const sections: CanvasSection[] = [];
  let files = Boolean(json.Files);

  const toField = (el: El, assignId: () => number): CanvasField | null => {
    const rawId = Number(el.options?.id);
    const id = Number.isFinite(rawId) && rawId > 0 && !fields[rawId] ? rawId : assignId();
    const stored = controls[id] ?? {};
    if (el.type === 'blank') return blankField(id);
    const at = parseScope(el.scope);
    if (!at) return null;
    const objSchema = properties[at.objectKey] ?? {};
    const schema = { ...(obj(objSchema.properties)[at.key] as FormJsonSchema | undefined) };
    delete schema.id;
    const uiType = str(el.type, 'Control');
    const kind = stored.kind ?? inferKind(at.objectKey, schema, uiType, el.options);
    const options = { ...(el.options ?? {}) };
    delete options.id;
    delete options.readOnly;
    delete options.valueScope;
    delete options.labelScope;
    const field: CanvasField = {
      id,
      key: at.key,
      kind,
      objectKey: at.objectKey,
      schema:
        schema.title === undefined && labelText(el.label)
          ? { ...schema, title: labelText(el.label) }
          : schema,
      uiType,
      options,
      required: Array.isArray(objSchema.required) && objSchema.required.includes(at.key),
      readOnly: readOnlyList.has(at.key) || el.options?.readOnly === true,
      ...(stored.paletteId ? { paletteId: stored.paletteId } : {}),
      ...(Array.isArray(el.rules) && el.rules.length ? { rules: el.rules } : {}),
    };
    if (kind === 'table') {
      const ref = str(schema.$ref).replace('#/definitions/', '') || at.key;
      if (definitions[ref]) field.definition = definitions[ref];
      const rows = obj(obj(json.data).General)[at.key];
      if (Array.isArray(rows)) field.rows = rows as CanvasField['rows'];
    }
    return field;
  };

  const walkSection = (el: El, section: CanvasSection, index: number) => {
    for (const child of el.elements ?? []) {
      if (child.scope === FILES_SCOPE || child.type === 'genericfileupload') {
        files = true;
        continue;
      }
      if (child.scope === SIGNATURES_SCOPE || child.type === 'signatures') continue;
      if (child.type === 'HorizontalLayout') {
        const row = section.rows.length;
        section.rows.push([]);
        for (const c of child.elements ?? []) pending.push({ el: c, section: index, row });
      } else if (child.type === 'VerticalLayout' || child.type === 'Group') {
        walkSection(child, section, index);
      } else if (child.type === 'table') {
        pending.push({ el: child, section: index, row: -1 });
      } else if (child.scope || child.type === 'blank') {
        const row = section.rows.length;
        section.rows.push([]);
        pending.push({ el: child, section: index, row });
      }
    }
  };

  const ui = obj(json.ui) as El;
  const top = (ui.elements ?? []).flatMap((e) => (e.type === 'Category' ? (e.elements ?? []) : [e]));
  for (const el of top) {
    if (el.type === 'Section') {
      const section: CanvasSection = {
        sectionId: str(el.sectionId, `section-${sections.length + 1}`),
        title: labelText(el.label) || `Section ${sections.length + 1}`,
        rows: [],
        tables: [],
        documents: [],
      };
      sections.push(section);
      walkSection(el, section, sections.length - 1);
    } else if (el.scope === FILES_SCOPE || el.type === 'genericfileupload') files = true;
  }
  if (sections.length === 0)
    sections.push({ sectionId: 'section-1', title: 'Section 1', rows: [], tables: [], documents: [] });

  // Ids kept from the saved layout first, then new ones (in steps of 100) for elements without one.
  for (const p of pending) {
    const id = Number(p.el.options?.id);
    if (Number.isFinite(id)) maxId = Math.max(maxId, id);
  }
  const assignId = () => (maxId = (Math.floor(maxId / BUILDER.dragIdStep) + 1) * BUILDER.dragIdStep);
  for (const p of pending) {
    const f = toField(p.el, assignId);
    if (!f) continue;
    fields[f.id] = f;
    const sec = sections[p.section] as CanvasSection;
    if (p.row < 0 || f.kind === 'table') sec.tables.push(f.id);
    else sec.rows[p.row]!.push(f.id);
  }
  for (const s of sections) s.rows = s.rows.filter((r) => r.length > 0);

  const info = obj(json.sectionsInfo);
  for (const s of sections) {
    const docs = obj(info[s.sectionId]).documents;
    if (Array.isArray(docs)) s.documents = docs.filter((d): d is string => typeof d === 'string');
  }

  const extra: Json = {};
  for (const [k, v] of Object.entries(json)) if (!KNOWN_KEYS.has(k)) extra[k] = v;
  const events = obj(ui).events;
  return {
    meta,
    sections,
    fields,
    signatures: Array.isArray(json.signatures)
      ? (json.signatures as Array<{ Purpose?: unknown }>).map((s) => ({ Purpose: str(s?.Purpose) }))
      : [],
    files,
    queries: Array.isArray(json.queries) ? (json.queries as FormQuery[]) : [],
    lookupCache: obj(json.lookupCache),
    startingData: obj(json.startingData),
    ...(events && typeof events === 'object' ? { events: events as LayoutEvents } : {}),
    extra,
  };
}

/**
 * Reads the base64 `formJSON` of the saved-form route; throws on text that is not a JSON object.
 * `namespace` (the org's, from the environment) names the activity field when the JSON has no `nextaction`.
 */
export function decodeSavedForm(formJSON: string, namespace: string = DEFAULT_NAMESPACE): BuilderForm {
  const parsed: unknown = JSON.parse(fromBase64(formJSON));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('The saved form is not a JSON object.');
  return fromFormJson(parsed as Json, namespace);
}

/** Converts JSON of versions below 2.0.0 to the 2.0.0 shape (a copy; the input is left alone). */
export function convertLegacy(input: Json): Json {
  const version = str(input.version, '0.0.0');
  if (!needsConversion(version)) return input;
  const json: Json = structuredClone(input);
  const schemaRoot = obj(json.schema);
  const props = obj(schemaRoot.properties);
  const general = obj(obj(props.General).properties);
  if (hasInlineTables(version)) {
    const definitions = obj(schemaRoot.definitions);
    for (const [key, value] of Object.entries(general)) {
      const s = obj(value);
      if (s.type === 'array' && s.format !== 'table' && obj(s.items).properties) {
        definitions[key] = { ...s, relationshipName: str(s.relationshipName, `${key}__r`) };
        general[key] = {
          type: 'object',
          format: 'table',
          title: s.title ?? key,
          $ref: `#/definitions/${key}`,
        };
      }
    }
    schemaRoot.definitions = definitions;
  }
  // Old layouts: sections without ids (or plain groups at the top) become 'section-N' sections.
  const ui = obj(json.ui) as El;
  let n = 0;
  const top = (ui.elements ?? []).flatMap((e) => (e.type === 'Category' ? (e.elements ?? []) : [e]));
  ui.elements = top.map((e) => {
    if (e.type === 'Section' || e.type === 'Group' || e.type === 'VerticalLayout') {
      if (e.scope === FILES_SCOPE) return e;
      const isSignatures = (e.elements ?? []).some((c) => c.type === 'signatures');
      if (isSignatures) return e;
      n++;
      return {
        ...e,
        type: 'Section',
        sectionId: e.sectionId ?? `section-${n}`,
        label: labelText(e.label) || `Section ${n}`,
      };
    }
    return e;
  });
  json.ui = ui;
  if (!json.signatures && Array.isArray(json.signature)) json.signatures = json.signature;
  json.version = '2.0.0';
  return json;
}
