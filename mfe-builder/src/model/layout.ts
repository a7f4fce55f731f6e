/**
 * Pure edits of the builder form. Each returns a new form sharing every untouched section and field
 * object with the old one, so history snapshots are cheap and memoized components skip the rest.
 */
import { BUILDER } from 'shared-contracts';
import { nextSectionId } from './ids';
import type { BuilderForm, CanvasField, CanvasSection, Placement } from './types';

/** A kept element that stood alone in its section (not in a row): it keeps a row of its own. */
export const standsAlone = (form: BuilderForm, id: number): boolean => {
  const f = form.fields[id];
  return f?.kind === 'kept' && f.row === null;
};

/** Where a field lands in a section: before row `row` position `index`, or at the end. */
export type DropTarget = { row: number; index: number } | 'end';

export const emptySection = (sectionId: string, title: string): CanvasSection => ({
  sectionId,
  title,
  rows: [],
  tables: [],
  documents: [],
});

const replaceSection = (form: BuilderForm, index: number, section: CanvasSection): BuilderForm => {
  const sections = form.sections.slice();
  sections[index] = section;
  return { ...form, sections };
};

/** Where a field sits: section index, row and position (tables: row -1, position in `tables`). */
export function locate(
  form: BuilderForm,
  id: number,
): { section: number; row: number; index: number } | null {
  for (let s = 0; s < form.sections.length; s++) {
    const sec = form.sections[s] as CanvasSection;
    const t = sec.tables.indexOf(id);
    if (t >= 0) return { section: s, row: -1, index: t };
    for (let r = 0; r < sec.rows.length; r++) {
      const i = (sec.rows[r] as number[]).indexOf(id);
      if (i >= 0) return { section: s, row: r, index: i };
    }
  }
  return null;
}

/**
 * Puts `id` into the rows: a full row (more than the horizontal maximum) pushes its last field into a
 * new row right after it, and so on, so every row keeps at most BUILDER.horizontalRowMax fields.
 */
function insertIntoRows(
  rows: number[][],
  id: number,
  target: DropTarget,
  alone: (id: number) => boolean = () => false,
): number[][] {
  const next = rows.slice();
  if (target === 'end') {
    const last = next[next.length - 1];
    if (last && last.length < BUILDER.horizontalRowMax && !alone(id) && !last.some(alone))
      next[next.length - 1] = [...last, id];
    else next.push([id]);
    return next;
  }
  const r = Math.max(0, Math.min(target.row, next.length));
  if (r === next.length) {
    next.push([id]);
    return next;
  }
  // A kept block that stood alone stays alone: it goes in a row of its own (before or after), and no
  // field joins its row.
  if (alone(id) || (next[r] as number[]).some(alone)) {
    next.splice(target.index === 0 ? r : r + 1, 0, [id]);
    return next;
  }
  const row = (next[r] as number[]).slice();
  row.splice(Math.max(0, Math.min(target.index, row.length)), 0, id);
  next[r] = row;
  // Overflow: the extra field opens a new row below (never pushed into the next full row).
  if (row.length > BUILDER.horizontalRowMax) {
    next[r] = row.slice(0, BUILDER.horizontalRowMax);
    next.splice(r + 1, 0, row.slice(BUILDER.horizontalRowMax));
  }
  return next;
}

function removeFromRows(rows: number[][], id: number): number[][] {
  return rows
    .map((row) => (row.includes(id) ? row.filter((x) => x !== id) : row))
    .filter((row) => row.length > 0);
}

/** Adds a new field to a section (tables go to the section's table area). */
export function addField(
  form: BuilderForm,
  sectionIndex: number,
  field: CanvasField,
  target: DropTarget = 'end',
): BuilderForm {
  const sec = form.sections[sectionIndex];
  if (!sec) return form;
  const fields = { ...form.fields, [field.id]: field };
  const section =
    field.kind === 'table'
      ? { ...sec, tables: [...sec.tables, field.id] }
      : { ...sec, rows: insertIntoRows(sec.rows, field.id, target, (x) => standsAlone(form, x)) };
  return replaceSection({ ...form, fields }, sectionIndex, section);
}

export type MoveRefusal =
  'object-field-into-table-area' | 'table-between-areas' | 'field-into-table-area' | 'table-to-other-section';

/**
 * Whether a move is allowed (builder spec section 4 "Dropping"): object fields never go into table
 * areas; tables stay in table areas (and not across differing areas: a table area only takes tables).
 */
export function canDrop(field: Pick<CanvasField, 'kind'>, intoTableArea: boolean): MoveRefusal | null {
  if (intoTableArea && field.kind === 'object') return 'object-field-into-table-area';
  if (intoTableArea && field.kind !== 'table') return 'field-into-table-area';
  if (!intoTableArea && field.kind === 'table') return 'table-between-areas';
  return null;
}

/**
 * Whether moving a canvas item is allowed: `canDrop`, and a table stays in its own section (builder
 * spec section 4: tables cannot be moved between differing drop areas; each section has its own).
 */
export function canMove(
  form: BuilderForm,
  id: number,
  sectionIndex: number,
  intoTableArea: boolean,
): MoveRefusal | null {
  const field = form.fields[id];
  if (!field) return null;
  const refusal = canDrop(field, intoTableArea);
  if (refusal) return refusal;
  if (field.kind === 'table' && locate(form, id)?.section !== sectionIndex) return 'table-to-other-section';
  return null;
}

/** Moves a field to another place (same or other section). Tables move within their own table area only. */
export function moveField(
  form: BuilderForm,
  id: number,
  sectionIndex: number,
  target: DropTarget,
): BuilderForm {
  const field = form.fields[id];
  const from = locate(form, id);
  if (!field || !from || !form.sections[sectionIndex]) return form;
  let sections = form.sections.slice();
  const src = sections[from.section] as CanvasSection;
  if (field.kind === 'table') {
    if (sectionIndex !== from.section) return form;
    sections[from.section] = { ...src, tables: src.tables.filter((x) => x !== id) };
    const dst = sections[sectionIndex] as CanvasSection;
    const tables = dst.tables.slice();
    tables.splice(target === 'end' ? tables.length : Math.min(target.index, tables.length), 0, id);
    sections[sectionIndex] = { ...dst, tables };
    return { ...form, sections };
  }
  // Dropping onto its own row at a later position: account for its own removal.
  let adjusted = target;
  if (
    target !== 'end' &&
    from.section === sectionIndex &&
    from.row === target.row &&
    from.index < target.index
  ) {
    adjusted = { row: target.row, index: target.index - 1 };
  }
  const srcRows = src.rows;
  const removed = removeFromRows(srcRows, id);
  // Removing an emptied row before the target shifts the target row up.
  if (
    adjusted !== 'end' &&
    from.section === sectionIndex &&
    removed.length < srcRows.length &&
    from.row < adjusted.row
  ) {
    adjusted = { row: adjusted.row - 1, index: adjusted.index };
  }
  sections[from.section] = { ...src, rows: removed };
  const dst = sections[sectionIndex] as CanvasSection;
  sections[sectionIndex] = {
    ...dst,
    rows: insertIntoRows(dst.rows, id, adjusted, (x) => standsAlone(form, x)),
  };
  sections = sections.slice();
  return { ...form, sections };
}

/** Removes a field from the canvas (its palette item becomes draggable again). */
export function removeField(form: BuilderForm, id: number): BuilderForm {
  const at = locate(form, id);
  if (!at) return form;
  const sec = form.sections[at.section] as CanvasSection;
  const section =
    at.row < 0
      ? { ...sec, tables: sec.tables.filter((x) => x !== id) }
      : { ...sec, rows: removeFromRows(sec.rows, id) };
  const fields = { ...form.fields };
  delete fields[id];
  return replaceSection({ ...form, fields }, at.section, section);
}

/** Replaces a field's properties (label, API name, schema, flags…). */
export function updateField(
  form: BuilderForm,
  id: number,
  patch: Partial<Omit<CanvasField, 'id'>>,
): BuilderForm {
  const field = form.fields[id];
  if (!field) return form;
  return { ...form, fields: { ...form.fields, [id]: { ...field, ...patch } } };
}

export const defaultSectionTitle = (n: number): string => `Section ${n}`;
const isDefaultTitle = (title: string) => /^Section \d+$/.test(title);

export function addSection(form: BuilderForm): BuilderForm {
  const title = defaultSectionTitle(form.sections.length + 1);
  const section = emptySection(nextSectionId(form), title);
  // In a form whose sections sit in wrappers (a Categorization's Category tabs) a new one gets its own.
  const wrappers = form.sections[form.sections.length - 1]?.source?.wrappers ?? [];
  if (wrappers.length > 0) {
    section.source = {
      section: { type: 'Section' },
      title,
      inner: { type: 'VerticalLayout' },
      wrappers: wrappers.map((w) => ({ type: w.type, label: title })),
    };
  }
  return { ...form, sections: [...form.sections, section] };
}

/** Removes a kept top-level element (one outside any section). */
export function removeOutside(form: BuilderForm, key: string): BuilderForm {
  return { ...form, outside: (form.outside ?? []).filter((o) => o.key !== key) };
}

export function renameSection(form: BuilderForm, index: number, title: string): BuilderForm {
  const sec = form.sections[index];
  return sec ? replaceSection(form, index, { ...sec, title }) : form;
}

/**
 * Deletes a section with its fields, tables and documents (and the documents' queries); later
 * sections are renumbered: default titles and 'section-N' ids follow their new position.
 */
export function deleteSection(form: BuilderForm, index: number): BuilderForm {
  const sec = form.sections[index];
  if (!sec) return form;
  const fields = { ...form.fields };
  for (const row of sec.rows) for (const id of row) delete fields[id];
  for (const id of sec.tables) delete fields[id];
  const renamed = new Map<string, string>();
  const sections = form.sections
    .filter((_, i) => i !== index)
    .map((s, i) => {
      if (i < index) return s;
      const n = i + 1;
      const sectionId = /^section-\d+$/.test(s.sectionId) ? `section-${n}` : s.sectionId;
      if (sectionId !== s.sectionId) renamed.set(s.sectionId, sectionId);
      const title = isDefaultTitle(s.title) ? defaultSectionTitle(n) : s.title;
      return sectionId === s.sectionId && title === s.title ? s : { ...s, sectionId, title };
    });
  const queries = form.queries
    .filter((q) => q.sectionId !== sec.sectionId)
    .map((q) =>
      q.sectionId && renamed.has(q.sectionId) ? { ...q, sectionId: renamed.get(q.sectionId) } : q,
    );
  return {
    ...form,
    fields,
    sections,
    queries,
    ...withoutData(form, sec.documents),
    ...renameAnchors(form, sec.sectionId, renamed, sections[index]?.sectionId ?? ''),
  };
}

/**
 * Kept top-level elements and the saved places of signatures and Files follow the renumbered section
 * ids; those of the deleted section fall back to the builder's own places (Files last).
 */
function renameAnchors(
  form: BuilderForm,
  deleted: string,
  renamed: ReadonlyMap<string, string>,
  /** The id of the section that followed the deleted one (after renumbering), or ''. */
  next: string,
): Pick<BuilderForm, 'outside' | 'source'> {
  const out: Pick<BuilderForm, 'outside' | 'source'> = {};
  if (form.outside?.length) {
    out.outside = form.outside.map((o) =>
      o.before === deleted
        ? { ...o, before: next }
        : renamed.has(o.before)
          ? { ...o, before: renamed.get(o.before)! }
          : o,
    );
  }
  const src = form.source;
  if (src && (src.signatures?.sectionId || src.files?.sectionId)) {
    const move = (p: Placement | undefined): Placement | undefined =>
      !p?.sectionId
        ? p
        : p.sectionId === deleted
          ? undefined
          : { ...p, sectionId: renamed.get(p.sectionId) ?? p.sectionId };
    const { signatures: _s, files: _f, ...rest } = src;
    const signatures = move(src.signatures);
    const files = move(src.files);
    out.source = { ...rest, ...(signatures ? { signatures } : {}), ...(files ? { files } : {}) };
  }
  return out;
}

/** The loaded data of documents that are gone (as a partial form: nothing when there is none). */
function withoutData(form: BuilderForm, docIds: readonly string[]): Pick<BuilderForm, 'startingData'> {
  if (!form.startingData || !docIds.some((d) => d in (form.startingData ?? {}))) return {};
  const startingData = { ...form.startingData };
  for (const d of docIds) delete startingData[d];
  return { startingData };
}

/** Keeps what a document's query loaded (its record with sections and questions). */
export function setDocumentData(form: BuilderForm, docId: string, rows: unknown): BuilderForm {
  if (!form.queries.some((q) => q.key === docId)) return form;
  return { ...form, startingData: { ...(form.startingData ?? {}), [docId]: rows } };
}

/** Adds a signature; the first one creates the signatures group. */
export function addSignature(form: BuilderForm, purpose: string): BuilderForm {
  return { ...form, signatures: [...form.signatures, { Purpose: purpose }] };
}

/** Removes a signature; removing the last one removes the group. */
export function removeSignature(form: BuilderForm, index: number): BuilderForm {
  return { ...form, signatures: form.signatures.filter((_, i) => i !== index) };
}

export const setFiles = (form: BuilderForm, on: boolean): BuilderForm =>
  form.files === on ? form : { ...form, files: on };

export const setLogo = (form: BuilderForm, logo: string): BuilderForm => ({
  ...form,
  meta: { ...form.meta, logo },
});

/**
 * Palette item ids currently on the canvas: greyed in the palette (builder spec section 4, "dragged
 * (greyed) once dropped; back to not dragged when removed"). A General item is on the canvas while any
 * field of its kind is; it still drops again (each drop is a new field: `isReusable`).
 */
export function draggedPaletteIds(form: BuilderForm): Set<string> {
  const ids = new Set<string>();
  for (const f of Object.values(form.fields)) {
    if (f.paletteId) ids.add(f.paletteId);
    else if (f.objectKey === 'General' && f.kind !== 'kept' && f.kind !== 'object')
      ids.add(`general:${f.kind}`);
  }
  for (const s of form.sections) for (const d of s.documents) ids.add(d);
  return ids;
}

/** Adds a controlled document (and its query) to a section. */
export function addDocument(
  form: BuilderForm,
  sectionIndex: number,
  docId: string,
  query: BuilderForm['queries'][number],
): BuilderForm {
  const sec = form.sections[sectionIndex];
  if (!sec || sec.documents.includes(docId)) return form;
  const next = replaceSection(form, sectionIndex, { ...sec, documents: [...sec.documents, docId] });
  return { ...next, queries: [...form.queries, { ...query, sectionId: sec.sectionId }] };
}

/** Removes a document and its query (also used when the document fails to load). */
export function removeDocument(form: BuilderForm, docId: string): BuilderForm {
  const sections = form.sections.map((s) =>
    s.documents.includes(docId) ? { ...s, documents: s.documents.filter((d) => d !== docId) } : s,
  );
  return {
    ...form,
    sections,
    queries: form.queries.filter((q) => q.key !== docId),
    ...withoutData(form, [docId]),
  };
}
