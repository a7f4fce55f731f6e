/**
 * Saved form JSON → builder form. Versions below 2.0.0 are converted: sections get 'section-N' ids,
 * category wrappers are unwrapped, and (below 1.2.0) tables stored inline as General arrays move to
 * schema definitions with a `$ref` (builder spec section 4 "tables are handled differently").
 */
import type {
  FormJsonSchema,
  FormLanguages,
  FormQuery,
  FormRule,
  FormTranslations,
  LayoutEvents,
  UISchemaOptions,
} from 'shared-contracts';
import { BUILDER, DEFAULT_NAMESPACE, nsName } from 'shared-contracts';
import { blankField, keptField } from './field-factory';
import { hasInlineTables, needsConversion } from './version';
import { FILES_SCOPE, fromBase64, SIGNATURES_SCOPE, type Json } from './writer';
import type {
  BuilderForm,
  CanvasField,
  CanvasSection,
  FieldKind,
  FormMeta,
  OutsideElement,
  Placement,
  SourceElement,
} from './types';

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
  'languages',
  'translations',
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
const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
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

/** Layout element types the canvas edits as fields (with a scope into the schema). */
const FIELD_TYPES = new Set(['Control', 'select', 'lookup', 'time', 'radio', 'dependent', 'photo']);

/** Whether the canvas models this element (a field, a table, a blank); anything else is kept as it is. */
function isModelled(el: El): boolean {
  if (el.type === 'blank') return true;
  if (!parseScope(el.scope)) return false;
  return el.type === 'table' || FIELD_TYPES.has(str(el.type, 'Control'));
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
  const pending: Array<{ el: El; section: number; row: number; rowSource: SourceElement | null }> = [];
  const sections: CanvasSection[] = [];
  let files = Boolean(json.Files);
  let signaturesAt: Placement | undefined;
  let filesAt: Placement | undefined;
  const outside: Array<{ element: El; beforeIndex: number; tail: string }> = [];

  const idOf = (el: El): number | null => {
    const fromLayout = Number(el.options?.id);
    if (el.options?.id !== undefined && Number.isFinite(fromLayout) && fromLayout > 0) return fromLayout;
    const at = parseScope(el.scope);
    const fromSchema = at ? Number(obj(obj(obj(properties[at.objectKey]).properties)[at.key]).id) : NaN;
    return Number.isFinite(fromSchema) && fromSchema > 0 ? fromSchema : null;
  };

  const toField = (p: (typeof pending)[number], assignId: () => number): CanvasField | null => {
    const { el } = p;
    const known = idOf(el);
    const id = known !== null && !fields[known] ? known : assignId();
    // Builder notes are trusted only for an id the layout or schema carries (assigned ids follow the order).
    const stored = known === id ? (controls[id] ?? {}) : {};
    const kept = { source: el as SourceElement, row: p.rowSource };
    if (!isModelled(el)) {
      return { ...keptField(id, el as SourceElement), row: p.rowSource };
    }
    if (el.type === 'blank') return { ...blankField(id), ...kept };
    const at = parseScope(el.scope) as { objectKey: string; key: string };
    const objSchema = properties[at.objectKey] ?? {};
    const schema = { ...(obj(objSchema.properties)[at.key] as FormJsonSchema | undefined) };
    delete schema.id;
    const uiType = str(el.type, 'Control');
    const kind =
      stored.kind && stored.kind !== 'kept'
        ? stored.kind
        : inferKind(at.objectKey, schema, uiType, el.options);
    const options = { ...(el.options ?? {}) };
    delete options.id;
    if (options.readOnly === true) delete options.readOnly;
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
      ...(stored.paletteId
        ? { paletteId: stored.paletteId }
        : kind === 'object'
          ? { paletteId: `${at.objectKey}.${at.key}` }
          : {}),
      ...(Array.isArray(el.rules) && el.rules.length ? { rules: el.rules } : {}),
      ...kept,
    };
    if (kind === 'table') {
      const ref = str(schema.$ref).replace('#/definitions/', '') || at.key;
      if (definitions[ref]) field.definition = definitions[ref];
      const rows = obj(obj(json.data).General)[at.key];
      if (Array.isArray(rows)) field.rows = rows as CanvasField['rows'];
    }
    return field;
  };

  const newRow = (section: CanvasSection) => {
    section.rows.push([]);
    return section.rows.length - 1;
  };

  const walkSection = (content: El[], section: CanvasSection, index: number) => {
    content.forEach((child, at) => {
      if (child.scope === FILES_SCOPE || child.type === 'genericfileupload') {
        files = true;
        filesAt = { element: child as SourceElement, sectionId: section.sectionId, at };
      } else if (child.scope === SIGNATURES_SCOPE || child.type === 'signatures') {
        signaturesAt = { element: child as SourceElement, sectionId: section.sectionId, at };
      } else if (child.type === 'HorizontalLayout' && (child.elements ?? []).length > 0) {
        const row = newRow(section);
        const { elements, ...rowSource } = child;
        for (const c of elements ?? []) pending.push({ el: c, section: index, row, rowSource });
      } else if (child.type === 'table' && isModelled(child)) {
        pending.push({ el: child, section: index, row: -1, rowSource: null });
      } else {
        // A field on its own, or an element the builder does not model (kept as it is).
        pending.push({ el: child, section: index, row: newRow(section), rowSource: null });
      }
    });
  };

  const readSection = (el: El, wrappers: SourceElement[]) => {
    const title = labelText(el.label) || `Section ${sections.length + 1}`;
    const { elements = [], ...own } = el;
    const only = elements.length === 1 ? elements[0] : undefined;
    const wrapped = only?.type === 'VerticalLayout' && !only.scope;
    const inner = wrapped ? (({ elements: _e, ...rest }) => rest)(only) : null;
    const section: CanvasSection = {
      sectionId: str(el.sectionId, `section-${sections.length + 1}`),
      title,
      rows: [],
      tables: [],
      documents: [],
      source: { section: own as SourceElement, title, inner: inner as SourceElement | null, wrappers },
    };
    sections.push(section);
    walkSection(wrapped ? (only.elements ?? []) : elements, section, sections.length - 1);
  };

  const ui = obj(json.ui) as El;
  (ui.elements ?? []).forEach((el) => {
    const inner = el.elements ?? [];
    if (el.type === 'Section') readSection(el, []);
    else if (el.type === 'Category' && inner.length === 1 && inner[0]?.type === 'Section') {
      const { elements: _e, ...wrapper } = el;
      readSection(inner[0], [wrapper as SourceElement]);
    } else if (el.scope === FILES_SCOPE || el.type === 'genericfileupload') {
      files = true;
      filesAt = { element: el as SourceElement, at: 0 };
    } else if (
      el.scope === SIGNATURES_SCOPE ||
      el.type === 'signatures' ||
      (inner.length === 1 && (inner[0]?.type === 'signatures' || inner[0]?.scope === SIGNATURES_SCOPE))
    ) {
      signaturesAt = { element: el as SourceElement, at: 0 };
    } else {
      // After the last section: before the top-level signatures or Files that follow it, or at the end.
      const top = (p: Placement | undefined) => Boolean(p && !p.sectionId);
      const tail = top(filesAt) ? '' : top(signaturesAt) ? '#files' : '#signatures';
      outside.push({ element: el, beforeIndex: sections.length, tail });
    }
  });
  if (sections.length === 0)
    sections.push({ sectionId: 'section-1', title: 'Section 1', rows: [], tables: [], documents: [] });

  // Ids kept from the saved layout (or schema) first, then new ones (in steps of 100) for elements without one.
  for (const p of pending) {
    const id = idOf(p.el);
    if (id !== null) maxId = Math.max(maxId, id);
  }
  const assignId = () => (maxId = (Math.floor(maxId / BUILDER.dragIdStep) + 1) * BUILDER.dragIdStep);
  for (const p of pending) {
    const f = toField(p, assignId);
    if (!f) continue;
    fields[f.id] = f;
    const sec = sections[p.section] as CanvasSection;
    if (p.row < 0) sec.tables.push(f.id);
    else sec.rows[p.row]!.push(f.id);
  }
  for (const s of sections) s.rows = s.rows.filter((r) => r.length > 0);

  // What the canvas claims of the schema; everything else is written back as it was.
  const owned = new Set<string>();
  const ownedDefinitions = new Set<string>();
  for (const f of Object.values(fields)) {
    if (f.kind === 'blank' || f.kind === 'kept') continue;
    owned.add(`${f.objectKey}/${f.key}`);
    if (f.kind === 'table') ownedDefinitions.add(str(f.schema.$ref).replace('#/definitions/', '') || f.key);
  }
  owned.add('General/signatures');
  owned.add('General/Files');

  const info = obj(json.sectionsInfo);
  for (const s of sections) {
    const docs = obj(info[s.sectionId]).documents;
    if (Array.isArray(docs)) s.documents = docs.filter((d): d is string => typeof d === 'string');
  }

  const extra: Json = {};
  for (const [k, v] of Object.entries(json)) if (!KNOWN_KEYS.has(k)) extra[k] = v;
  const events = obj(ui).events;
  const outsideKept: OutsideElement[] = outside.map((o, i) => ({
    key: `outside-${i + 1}`,
    element: o.element as SourceElement,
    before: sections[o.beforeIndex]?.sectionId ?? o.tail,
  }));
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
    // Issue 44: the form's languages and translations, kept as read (keys the builder does not know included).
    ...(isObject(json.languages) ? { languages: json.languages as FormLanguages } : {}),
    ...(isObject(json.translations) ? { translations: json.translations as FormTranslations } : {}),
    ...(outsideKept.length ? { outside: outsideKept } : {}),
    source: {
      json,
      owned,
      ownedDefinitions,
      ...(signaturesAt ? { signatures: signaturesAt } : {}),
      ...(filesAt ? { files: filesAt } : {}),
    },
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
