/**
 * Safety-inspection checklists (end-user spec section 3 "Checklist records", "Quick-link item"; builder
 * spec section 1): a controlled document's sections and questions, loaded through a form definition's
 * DOCUMENTS queries (`POST /api/startingData`), become sections of the form with one control per question.
 *
 * Framework-free and shared: the form screen merges the starting data into the definition it keeps with
 * the local submission (so the checklist opens offline, and cards and print read the questions' titles),
 * the builder's preview merges the same way, and the org's submit processing reads the answers where
 * this module puts them.
 *
 * - Answers live in `data.Checklist`, keyed by the question record's Id (stable when a question is
 *   renamed): `{ Checklist: { a0K…: 'Pass' } }`.
 * - Question type Picklist → a `select` control, Radio → a `radio` control; the options come from the
 *   question's `Options__c` (one per line: `value|label|colour`, colour as `background-text`).
 * - Result type Color Code: each option carries its colours (named colours mapped to shades that keep
 *   the label readable, WCAG AA) and the label is always shown too: never colour alone.
 * - `Required__c` on a question makes the answer required.
 * - Every generated element carries `options.checklist: true`, so a merge replaces the previous one
 *   (idempotent: merging fresh starting data into a stored definition leaves one copy).
 */
import type { FormDefinition, FormJsonSchema, FormQuery, OneOfOption } from 'shared-contracts';
import type { LayoutElement, QuickLinkItem, UISchemaElement } from 'shared-contracts';

/** The data key of the answers. */
export const CHECKLIST_KEY = 'Checklist';

export type QuestionType = 'Picklist' | 'Radio';

export interface ChecklistQuestion {
  id: string;
  name: string;
  text: string;
  type: QuestionType;
  resultType: string;
  options: OneOfOption[];
  required: boolean;
  order: number;
}

export interface ChecklistSection {
  /** The document section record's Id (the quick link's Id; the rendered section is `section-{id}`). */
  id: string;
  title: string;
  order: number;
  /** The form section the document was dropped into (the query's sectionId). */
  hostSectionId: string;
  documentId: string;
  documentName: string;
  questions: ChecklistQuestion[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field of an org record whatever the namespace: `Order__c` finds `cqext__Order__c` too. */
export function fieldOf(rec: Rec, name: string): unknown {
  if (name in rec) return rec[name];
  const suffix = `__${name}`;
  for (const [k, v] of Object.entries(rec)) if (k.endsWith(suffix)) return v;
  return undefined;
}

/** A child relationship's records: REST's `{ records }` or a plain array. */
function childRecords(rec: Rec, relationship: string): Rec[] {
  const v = fieldOf(rec, relationship);
  const list = Array.isArray(v) ? v : isRec(v) && Array.isArray(v.records) ? v.records : [];
  return list.filter(isRec);
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
const num = (v: unknown): number => (typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : 0);

/**
 * Named colours of Color Code options and the shades they are drawn with: each keeps its label
 * readable (at least 4.5:1 against the text colour it is paired with).
 */
const SHADES: Record<string, string> = {
  green: '#276749',
  red: '#c53030',
  yellow: '#f6e05e',
  orange: '#dd6b20',
  amber: '#f6ad55',
  blue: '#2b6cb0',
  grey: '#a0aec0',
  gray: '#a0aec0',
  white: '#ffffff',
  black: '#1a202c',
};
const shade = (c: string): string => SHADES[c.trim().toLowerCase()] ?? c.trim();

/** One option per line of `Options__c`: `value|label|colour` (label and colour optional). */
export function parseQuestionOptions(options: string, colorCode: boolean): OneOfOption[] {
  const out: OneOfOption[] = [];
  const seen = new Set<string>();
  for (const line of options.split(/\r?\n/)) {
    const [rawValue = '', rawLabel, rawColour] = line.split('|');
    const value = rawValue.trim();
    if (!value || seen.has(value)) continue;
    seen.add(value);
    const option: OneOfOption = { const: value, title: rawLabel?.trim() || value };
    const colour = rawColour?.trim();
    if (colorCode && colour) {
      const [bg = '', fg = ''] = colour.split('-');
      option.color = colour;
      option.backgroundColor = shade(bg);
      if (fg) option.textColor = shade(fg);
    }
    out.push(option);
  }
  return out;
}

export const isColorCode = (resultType: string): boolean => /^colou?r\s*code$/i.test(resultType.trim());

/** A question record → the question (type Picklist unless it says Radio). */
export function questionOf(rec: Rec): ChecklistQuestion {
  const resultType = text(fieldOf(rec, 'Result_Type__c'));
  const type: QuestionType = /^radio$/i.test(text(fieldOf(rec, 'Question_Type__c')).trim())
    ? 'Radio'
    : 'Picklist';
  return {
    id: text(rec.Id),
    name: text(rec.Name),
    text: text(fieldOf(rec, 'Question__c')) || text(rec.Name),
    type,
    resultType,
    options: parseQuestionOptions(text(fieldOf(rec, 'Options__c')), isColorCode(resultType)),
    required: fieldOf(rec, 'Required__c') === true,
    order: num(fieldOf(rec, 'Order__c')),
  };
}

/** The data schema and the control of one question (Picklist → select, Radio → radio). */
export function questionControl(q: ChecklistQuestion): { schema: FormJsonSchema; ui: UISchemaElement } {
  return {
    schema: { type: 'string', title: q.text, oneOf: q.options.map((o) => ({ ...o })) },
    ui: {
      type: q.type === 'Radio' ? 'radio' : 'select',
      scope: `#/properties/${CHECKLIST_KEY}/properties/${q.id}`,
      label: q.text,
      options: {
        checklist: true,
        questionId: q.id,
        ...(isColorCode(q.resultType) ? { colorCode: true } : {}),
      },
    },
  };
}

/** The DOCUMENTS queries of a form definition. */
export const documentQueries = (formDef: Pick<FormDefinition, 'queries'>): FormQuery[] =>
  (formDef.queries ?? []).filter((q) => (q.type ?? '').toUpperCase() === 'DOCUMENTS' && !!q.key);

/** The sections (with their questions, both in order) of every document the starting data holds. */
export function checklistSections(
  formDef: Pick<FormDefinition, 'queries'>,
  startingData: Record<string, unknown> | undefined,
): ChecklistSection[] {
  const out: ChecklistSection[] = [];
  for (const query of documentQueries(formDef)) {
    const rows = startingData?.[query.key as string];
    const doc = Array.isArray(rows) ? rows.find(isRec) : undefined;
    if (!doc) continue;
    const questions = childRecords(doc, 'Questions__r').map((r) => ({ q: questionOf(r), rec: r }));
    const sections = childRecords(doc, 'Sections__r')
      .map((s) => ({
        id: text(s.Id),
        title: text(fieldOf(s, 'Section_Title__c')) || text(s.Name),
        order: num(fieldOf(s, 'Order__c')),
      }))
      .sort((a, b) => a.order - b.order);
    for (const s of sections) {
      const qs = questions
        .filter(({ rec }) => text(fieldOf(rec, 'Section__c')) === s.id)
        .map(({ q }) => q)
        .filter((q) => q.id && q.options.length > 0)
        .sort((a, b) => a.order - b.order);
      if (qs.length === 0) continue;
      out.push({
        ...s,
        hostSectionId: query.sectionId ?? '',
        documentId: text(doc.Id),
        documentName: text(doc.Name),
        questions: qs,
      });
    }
  }
  return out;
}

const isChecklistElement = (el: UISchemaElement): boolean => el.options?.checklist === true;

function withoutChecklist(el: UISchemaElement): UISchemaElement {
  if (!('elements' in el) || !Array.isArray(el.elements)) return el;
  return { ...el, elements: el.elements.filter((e) => !isChecklistElement(e)).map(withoutChecklist) };
}

/** The ui element of one document section: a Section with its questions. */
function sectionElement(s: ChecklistSection): LayoutElement {
  return {
    type: 'Section',
    sectionId: s.id,
    label: s.title,
    options: { checklist: true, documentName: s.documentName, hostSectionId: s.hostSectionId },
    elements: [{ type: 'VerticalLayout', elements: s.questions.map((q) => questionControl(q).ui) }],
  };
}

/** The quick-links element: one link per document section, its counts taken live from the answers. */
function quickLinksElement(sections: ChecklistSection[]): UISchemaElement {
  return {
    type: 'quicklinks',
    options: {
      checklist: true,
      links: quickLinks(sections, undefined),
      sections: sections.map((s) => ({ Id: s.id, Name: s.title, questions: s.questions.map((q) => q.id) })),
    },
  };
}

/** Inserts the document sections after the form section each document was dropped into (else at the end). */
function insertSections(root: UISchemaElement, sections: ChecklistSection[]): UISchemaElement {
  if (!('elements' in root) || !Array.isArray(root.elements)) return root;
  const placed = new Set<string>();
  const place = (el: UISchemaElement): UISchemaElement[] => {
    if (!('elements' in el) || !Array.isArray(el.elements)) return [el];
    const children = el.elements.flatMap(place);
    const self = { ...el, elements: children };
    if (el.type !== 'Section' || !el.sectionId) return [self];
    const mine = sections.filter((s) => s.hostSectionId === el.sectionId && !placed.has(s.id));
    mine.forEach((s) => placed.add(s.id));
    return [self, ...mine.map(sectionElement)];
  };
  const elements = root.elements.flatMap(place);
  const rest = sections.filter((s) => !placed.has(s.id)).map(sectionElement);
  return { ...root, elements: [quickLinksElement(sections), ...elements, ...rest] };
}

/**
 * The form definition with the starting data merged in: `startingData` and `lookupCacheData` kept,
 * the documents' sections and questions in the layout (with the quick-links bar first) and the
 * answers' schema under `Checklist`. Merging again replaces what an earlier merge added.
 */
export function applyStartingData(
  formDef: FormDefinition,
  startingData: Record<string, unknown> | undefined,
  lookupCacheData?: Record<string, unknown>,
): FormDefinition {
  const sections = checklistSections(formDef, startingData);
  const props = { ...(formDef.schema.properties ?? {}) };
  delete props[CHECKLIST_KEY];
  let ui = withoutChecklist(formDef.ui);
  if (sections.length > 0) {
    const questions = sections.flatMap((s) => s.questions);
    props[CHECKLIST_KEY] = {
      type: 'object',
      title: 'Checklist',
      properties: Object.fromEntries(questions.map((q) => [q.id, questionControl(q).schema])),
      required: questions.filter((q) => q.required).map((q) => q.id),
    };
    ui = insertSections(ui, sections);
  }
  return {
    ...formDef,
    schema: { ...formDef.schema, properties: props },
    ui,
    ...(startingData ? { startingData } : {}),
    // merged: the lookups "Download for offline" kept stay beside the answer's {object: {id: name}} maps
    ...(lookupCacheData
      ? { lookupCacheData: { ...(formDef.lookupCacheData ?? {}), ...lookupCacheData } }
      : {}),
  };
}

const answered = (v: unknown): boolean => v !== undefined && v !== null && String(v).trim() !== '';

/** Quick-link items (Id, Name, Total, Done) from the sections and the answers in the form data. */
export function quickLinks(
  sections: ReadonlyArray<{
    Id?: string;
    id?: string;
    Name?: string;
    title?: string;
    questions: ReadonlyArray<string | { id: string }>;
  }>,
  data: unknown,
): QuickLinkItem[] {
  const answers = isRec(data) && isRec(data[CHECKLIST_KEY]) ? (data[CHECKLIST_KEY] as Rec) : {};
  return sections.map((s) => {
    const ids = s.questions.map((q) => (typeof q === 'string' ? q : q.id));
    return {
      Id: s.Id ?? s.id ?? '',
      Name: s.Name ?? s.title ?? '',
      Total: ids.length,
      Done: ids.filter((id) => answered(answers[id])).length,
    };
  });
}

/** The id of the (first) controlled document the starting data loaded, for the submission record. */
export function controlledDocumentId(formDef: FormDefinition): string | undefined {
  return checklistSections(formDef, formDef.startingData)[0]?.documentId || undefined;
}

/**
 * The context record for `$context` tokens: the first record a query keyed `context`, or a query on the
 * form's context object, brought in the starting data.
 */
export function contextRecord(formDef: FormDefinition): Record<string, unknown> | undefined {
  const data = formDef.startingData ?? {};
  const keys = ['context'];
  for (const q of formDef.queries ?? [])
    if (q.key && formDef.contextObject && q.objectType === formDef.contextObject) keys.push(q.key);
  for (const k of keys) {
    const rows = data[k];
    const first = Array.isArray(rows) ? rows.find(isRec) : isRec(rows) ? rows : undefined;
    if (first) return first;
  }
  return undefined;
}

/** The queries to send to `/api/startingData` (the body's `query`): the entries the route accepts. */
export function startingDataQueries(formDef: Pick<FormDefinition, 'queries'>): FormQuery[] {
  return (formDef.queries ?? []).filter((q) => !!q.objectType && Array.isArray(q.fields));
}

/** The value of a query filter that stands for the record the form was launched for. */
export const RECORD_ID_TOKEN = '$recordId';

/** Does any of the form's queries read the record it was launched for (`$recordId`)? */
export function queriesUseRecordId(formDef: Pick<FormDefinition, 'queries'>): boolean {
  return startingDataQueries(formDef).some((q) => q.filter?.value === RECORD_ID_TOKEN);
}

/**
 * The starting data this device keeps for a launch for `recordId`: the one "Download for offline"
 * read for that record (startingDataByRecord), else the form's own.
 */
export function keptStartingData(
  formDef: Pick<FormDefinition, 'startingData' | 'startingDataByRecord'>,
  recordId: string | undefined,
): Record<string, unknown> | undefined {
  const own = recordId ? formDef.startingDataByRecord?.[recordId] : undefined;
  return isRec(own) ? own : formDef.startingData;
}

/**
 * The org answered the form's document queries but a document brought no section with a question:
 * the checklist would render nothing, so the form says 'document criteria not set up correctly'
 * (spec section 8; review N11). Nothing is said while no answer is on the device (offline, never read).
 */
export function documentCriteriaMissing(formDef: Pick<FormDefinition, 'queries' | 'startingData'>): boolean {
  const data = formDef.startingData;
  if (!data) return false;
  return documentQueries(formDef).some((q) => checklistSections({ queries: [q] }, data).length === 0);
}
