/**
 * The inspection report's model (issue 42): a submitted submission's saved JSON and its form's
 * definition → a cover (with a scored form's score, issue 43), the failed items with their corrective
 * actions, the failed and flagged checklist answers, then every section in the form's
 * own order as blocks. Pure and framework-free: the BFF renders the org's copy from it and the device
 * its offline copy, so the two hold the same text. Values are formatted by form-core's
 * display-value (the one formatter of cards and print); fields hidden by the form's rules are left
 * out, as the form left them out.
 */
import {
  type FormDefinition,
  type FormFileItem,
  type FormJsonSchema,
  type OneOfOption,
  type SignatureValue,
  type UISchemaElement,
} from 'shared-contracts';
import {
  displayFields,
  formatDateOnly,
  formatDateTime,
  formatFieldValue,
  formatLocation,
  titleFromKey,
  type DisplayField,
  type DisplayOptions,
} from 'form-core';
import { evaluateElementRules } from 'form-core/rules';
import { savedScore, submissionScore, type SubmissionScore } from 'form-core/score-block';
import { evaluateJsonFormsCondition } from 'form-core/ajv';
import { getIn, scopeToPath } from 'form-core/paths';
import { resolveScope } from 'form-core/schema';
import { isGeoValue } from 'form-core';
import { formLanguages, normalizeLanguage, resolveDefinition } from 'form-core/translations';
import { reportTexts, type ReportTexts } from './texts';

/** The submission as saved (Submission_JSON__c, or the device's record) plus what the org knows of it. */
export interface ReportSubmission {
  id: string;
  formId?: string;
  formName?: string | null;
  data: unknown;
  status?: string | null;
  version?: number | null;
  createdOn?: string | number | null;
  submittedOn?: string | number | null;
  /** The score block the submit recorded (issue 43: Submission_JSON__c's `score`). */
  score?: unknown;
  /**
   * The language the form was filled in (issue 44: the user's LanguageLocaleKey the form screen showed
   * the form in); absent on submissions made before it was saved: the form's default language.
   */
  language?: string | null;
}

export interface ReportInput {
  submission: ReportSubmission;
  formDef: unknown;
  /** The record it was filled for (its name, else its Id). */
  record?: string;
  /** The inspector's name. */
  inspector?: string;
  /** What every page names the report by (the org record's Name, else the submission id). */
  identifier?: string;
  display?: DisplayOptions;
}

/** A checklist answer's colour, as the form drew it (never shown without its label). */
export interface AnswerColour {
  background: string;
  text?: string;
  /** The named colour of Color Code ('red', 'yellow'…), lower case; '' when given as a shade. */
  name: string;
}

export interface FieldRow {
  label: string;
  value: string;
  colour?: AnswerColour;
}

export type Severity = 'failed' | 'flagged';

export interface FlaggedItem extends FieldRow {
  severity: Severity;
  section: string;
  colour: AnswerColour;
}

export interface PhotoItem {
  /** The file's ContentDocumentId in the org, else its LocalId on the device. */
  ref: string;
  localId?: string;
  name: string;
  caption?: string;
}

export interface SignatureItem {
  purpose: string;
  /** A data URL (PNG) as captured. */
  image: string;
  signer?: string;
  at?: string;
}

export type ReportBlock =
  | { kind: 'heading'; text: string; level: number }
  | { kind: 'fields'; rows: FieldRow[] }
  | { kind: 'table'; title: string; header: string[]; rows: string[][]; repeatHeader: true }
  | { kind: 'photos'; title: string; photos: PhotoItem[] }
  | { kind: 'signatures'; title: string; items: SignatureItem[] };

export interface ReportCover {
  title: string;
  version: string;
  record: string;
  inspector: string;
  started: string;
  submitted: string;
  location: string;
  status: string;
  identifier: string;
  /** The form's logo (a data URL or a URL), when it has one. */
  logo?: string;
  /** A scored form's score (issue 43). */
  score?: ReportScore;
}

export interface ReportScore {
  /** "7 / 10" */
  points: string;
  /** "70%", or '' without a maximum. */
  percent: string;
  /** 'Pass' or 'Fail' against the pass mark; '' without one. */
  result: string;
}

/** A failed item of a scored form with its corrective action (issue 43). */
export interface FailedItemRow {
  question: string;
  answer: string;
  section: string;
  /** The action proposed: title, assignee, due date; absent when none (dismissed, or the form proposes none). */
  action?: { title: string; assignee: string; dueDate: string; priority: string };
}

export interface ReportModel {
  /** The language the report reads in: the submission's, else the form's default (es_MX, ja, en…). */
  language: string;
  cover: ReportCover;
  /** A scored form's failed items, first in the report (empty for an unscored form). */
  failed: FailedItemRow[];
  flagged: FlaggedItem[];
  blocks: ReportBlock[];
}

/** How the report names an action's default owner (the org decides who it is at submit). */
const assigneeRuleText = (rule: string, T: ReportTexts): string =>
  rule === 'inspector'
    ? T.assigneeInspector
    : rule === 'recordOwner'
      ? T.assigneeRecordOwner
      : rule === 'user'
        ? T.assigneeUser
        : '';

const num = (n: number): string => String(Math.round(n * 100) / 100);

/** The score of the report: the block the submit recorded, else computed as the submit would. */
function scoreOf(input: ReportInput, def: Partial<FormDefinition>, data: Rec): SubmissionScore | undefined {
  const recorded = savedScore(input.submission);
  if (recorded) return recorded;
  if (!isRec(def.scoring) || !isRec(def.schema)) return undefined;
  const on = new Date(input.submission.submittedOn ?? Date.now());
  const day = (Number.isNaN(on.getTime()) ? new Date() : on).toISOString().slice(0, 10);
  return submissionScore(def as FormDefinition, data, day);
}

function reportScore(score: SubmissionScore, T: ReportTexts): ReportScore {
  return {
    points: `${num(score.points)} / ${num(score.max)}`,
    percent: score.percent === null ? '' : `${score.percent}%`,
    result: score.passed === null ? '' : score.passed ? T.pass : T.fail,
  };
}

function failedRows(score: SubmissionScore, display: DisplayOptions, T: ReportTexts): FailedItemRow[] {
  const items = score.actions?.items ?? {};
  const rule = score.actions
    ? score.actions.assignee === 'user' && score.actions.userName
      ? score.actions.userName
      : assigneeRuleText(score.actions.assignee, T)
    : '';
  return Object.entries(score.answers)
    .filter(([, a]) => a.failed)
    .map(([path, a]): FailedItemRow => {
      const item = items[path];
      return {
        question: a.question,
        answer: a.answerLabel || a.answer,
        section: a.section ?? '',
        ...(item
          ? {
              action: {
                title: item.title,
                assignee: item.assigneeName || rule,
                dueDate: formatDateOnly(item.dueDate, display),
                priority: item.priority,
              },
            }
          : {}),
      };
    });
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const FIELD_TYPES = new Set(['Control', 'select', 'lookup', 'radio', 'time', 'dependent']);
const FILE_TYPES = new Set(['filecard', 'fileUpload', 'genericfileupload', 'photo']);
const SIGNATURE_TYPES = new Set(['signatureCard', 'signatures']);
const HEADING_TYPES = new Set(['Categorization', 'Category', 'Section', 'Group', 'ListWithDetail']);

/** Red answers fail an item; yellow, amber and orange flag it (Color Code, checklist.ts). */
const SEVERITY: Record<string, Severity> = {
  red: 'failed',
  yellow: 'flagged',
  amber: 'flagged',
  orange: 'flagged',
};

function labelOf(el: UISchemaElement): string {
  const l = el.label;
  if (typeof l === 'string') return l.trim();
  if (isRec(l) && typeof l.text === 'string') return l.text.trim();
  return '';
}

/** Hidden by its rules (the builder's and JSON Forms' own), as the form decided when it was filled. */
function hiddenByRules(el: UISchemaElement, data: unknown): boolean {
  if (!el.rules?.length && !el.rule) return false;
  try {
    const jf = el.rule
      ? { rule: el.rule, holds: evaluateJsonFormsCondition(el.rule.condition, data, '') }
      : undefined;
    return evaluateElementRules(el.rules, data, jf).hidden;
  } catch {
    return false;
  }
}

/** The option an answer chose, with its colour; undefined when it has none. */
function colourOf(schema: FormJsonSchema | undefined, value: unknown): AnswerColour | undefined {
  const list = Array.isArray(schema?.oneOf) ? (schema.oneOf as OneOfOption[]) : [];
  const opt = list.find((o) => isRec(o) && String(o.const) === String(value));
  if (!opt || (!opt.backgroundColor && !opt.color)) return undefined;
  const name = (opt.color ?? '').split('-')[0]?.trim().toLowerCase() ?? '';
  return {
    background: opt.backgroundColor ?? name,
    ...(opt.textColor ? { text: opt.textColor } : {}),
    name,
  };
}

/** Table columns in their order (`id`), titled, with the one formatter's field kinds. */
function tableColumns(items: FormJsonSchema | undefined, root: FormJsonSchema): readonly DisplayField[] {
  const props = items?.properties;
  if (!isRec(props)) return [];
  const keys = Object.keys(props).sort((a, b) => {
    const ia = Number((props[a] as FormJsonSchema).id ?? Number.MAX_SAFE_INTEGER);
    const ib = Number((props[b] as FormJsonSchema).id ?? Number.MAX_SAFE_INTEGER);
    return ia - ib;
  });
  const row: FormJsonSchema = {
    type: 'object',
    properties: Object.fromEntries(keys.map((k) => [k, props[k] as FormJsonSchema])),
    definitions: root.definitions ?? {},
  };
  // A row's schema read as a form of its own: display-value gives each column its title and kind.
  return displayFields({ schema: row });
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The report of one submitted submission. */
export function reportModel(input: ReportInput): ReportModel {
  const given = (isRec(input.formDef) ? input.formDef : {}) as unknown as FormDefinition;
  // the form as the user filled it: in the submission's language, text by text falling back to the
  // form's default language (form-core's one resolution, as the form screen shows it)
  const language =
    normalizeLanguage(typeof input.submission.language === 'string' ? input.submission.language : '') ||
    formLanguages(given).default;
  const def: Partial<FormDefinition> = resolveDefinition(given, language);
  const T = reportTexts(language);
  const root = (isRec(def.schema) ? def.schema : { type: 'object', properties: {} }) as FormJsonSchema;
  const data = isRec(input.submission.data) ? input.submission.data : {};
  const opts = input.display ?? {};
  const fields = displayFields(def);
  const byPath = new Map(fields.map((f) => [f.path.join('.'), f]));
  const blocks: ReportBlock[] = [];
  const flagged: FlaggedItem[] = [];
  let rows: FieldRow[] | null = null;
  let section = '';
  let location = '';

  const flush = (): void => {
    if (rows && rows.length) blocks.push({ kind: 'fields', rows });
    rows = null;
  };
  const pushRow = (row: FieldRow): void => {
    (rows ??= []).push(row);
  };

  const control = (el: UISchemaElement & { scope: string }): void => {
    const path = scopeToPath(el.scope);
    const schema = resolveScope(el.scope, root, root);
    const value = getIn(data, path);
    const label = labelOf(el) || str(schema?.title) || titleFromKey(path.split('.').pop() ?? '');
    if (FIELD_TYPES.has(el.type)) {
      const labelScope = isRec(el.options) ? str(el.options.labelScope) : '';
      const shownPath = el.type === 'lookup' && labelScope ? scopeToPath(labelScope) : path;
      const f = byPath.get(shownPath);
      const shown = shownPath === path ? value : getIn(data, shownPath);
      const text = f ? formatFieldValue(f, shown, opts) : '';
      if (!text) return;
      if (f?.kind === 'location' && !location && isGeoValue(shown)) location = formatLocation(shown, opts);
      const colour = colourOf(schema, value);
      const row: FieldRow = { label: f?.title || label, value: text, ...(colour ? { colour } : {}) };
      pushRow(row);
      const severity = colour ? SEVERITY[colour.name] : undefined;
      if (severity && colour) flagged.push({ ...row, colour, severity, section });
      return;
    }
    if (el.type === 'table' || schema?.format === 'table') {
      const list = asList(value).filter(isRec);
      if (!list.length) return;
      const items = schema?.items && !Array.isArray(schema.items) ? schema.items : undefined;
      const itemSchema = items ? resolveScope('#', items, root) : undefined;
      const cols = tableColumns(itemSchema, root);
      if (!cols.length) return;
      flush();
      blocks.push({
        kind: 'table',
        title: label,
        header: cols.map((c) => c.title),
        rows: list.map((r) => cols.map((c) => formatFieldValue(c, getIn(r, c.path.join('.')), opts))),
        repeatHeader: true,
      });
      return;
    }
    if (FILE_TYPES.has(el.type)) {
      const photos = asList(value)
        .filter(isRec)
        .map((f) => f as Partial<FormFileItem> & Rec)
        .filter((f) => !f.Original && (str(f.ContentDocumentId) || str(f.LocalId)))
        .map((f): PhotoItem => ({
          ref: str(f.ContentDocumentId) || str(f.LocalId),
          ...(str(f.LocalId) ? { localId: str(f.LocalId) } : {}),
          name: str(f.Name) || T.photo,
          ...(str(f.Caption) || str(f.caption) ? { caption: str(f.Caption) || str(f.caption) } : {}),
        }));
      if (!photos.length) return;
      flush();
      blocks.push({ kind: 'photos', title: label, photos });
      return;
    }
    if (SIGNATURE_TYPES.has(el.type)) {
      const items = asList(value)
        .filter(isRec)
        .map((s) => s as Partial<SignatureValue> & Rec)
        .filter((s) => str(s.SignatureBase64).startsWith('data:image/'))
        .map((s): SignatureItem => ({
          purpose: str(s.Purpose),
          image: str(s.SignatureBase64),
          ...(str(s.Signer) || input.inspector ? { signer: str(s.Signer) || input.inspector } : {}),
          ...(s.SignedOn || input.submission.submittedOn
            ? { at: formatDateTime(s.SignedOn ?? input.submission.submittedOn, opts) }
            : {}),
        }));
      if (!items.length) return;
      flush();
      blocks.push({ kind: 'signatures', title: label, items });
    }
  };

  const walk = (el: unknown, level: number, depth: number): void => {
    if (!isRec(el) || depth > 40) return;
    const node = el as unknown as UISchemaElement;
    if (hiddenByRules(node, data)) return;
    const type = str(node.type);
    const children = el.elements;
    if (typeof node.scope === 'string' && !Array.isArray(children)) {
      control(node as UISchemaElement & { scope: string });
      return;
    }
    if (!Array.isArray(children)) return;
    const title = labelOf(node);
    const heading = HEADING_TYPES.has(type) && title !== '';
    if (heading) {
      flush();
      const start = blocks.length;
      const outer = section;
      section = title;
      blocks.push({ kind: 'heading', text: title, level });
      for (const child of children) walk(child, level + 1, depth + 1);
      flush();
      section = outer;
      // a section with nothing answered in it is left out, as print leaves it out
      if (!blocks.slice(start + 1).some((b) => b.kind !== 'heading')) blocks.length = start;
    } else {
      for (const child of children) walk(child, level, depth + 1);
    }
  };
  walk(def.ui, 1, 0);
  flush();

  const header = def.styles?.header;
  const logo = str(header?.logo) || findLogo(def.ui);
  const s = input.submission;
  const cover: ReportCover = {
    title: str(s.formName) || str(def.formName) || str(header?.title) || T.inspection,
    version: s.version === null || s.version === undefined ? '' : String(s.version),
    record: input.record ?? '',
    inspector: input.inspector ?? '',
    started: formatDateTime(s.createdOn ?? '', opts),
    submitted: formatDateTime(s.submittedOn ?? '', opts),
    location,
    status: statusText(s.status, T),
    identifier: input.identifier || s.id,
    ...(logo ? { logo } : {}),
  };
  flagged.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'failed' ? -1 : 1));
  const score = scoreOf(input, def, data);
  if (!score) return { language, cover, failed: [], flagged, blocks };
  cover.score = reportScore(score, T);
  // a section the scorer did not name (a layout without section ids) as the report's own walk found it
  const sectionOf = new Map(flagged.map((f) => [f.label, f.section]));
  const failed = failedRows(score, opts, T).map((f) =>
    f.section ? f : { ...f, section: sectionOf.get(f.question) ?? '' },
  );
  // a failed answer is listed once: with its action, among the failed items
  const listed = new Set(failed.map((f) => f.question));
  return {
    language,
    cover,
    failed,
    flagged: flagged.filter((f) => !(f.severity === 'failed' && listed.has(f.label))),
    blocks,
  };
}

function statusText(status: unknown, T: ReportTexts): string {
  const t = str(status).trim();
  if (t.toLowerCase() === 'submitted') return T.statusSubmitted;
  return t ? t.replace(/\b\w/g, (c) => c.toUpperCase()) : '';
}

/** The logo of the form's print element, when its header carries none. */
function findLogo(ui: unknown, depth = 0): string {
  if (!isRec(ui) || depth > 40) return '';
  if (ui.type === 'print' && isRec(ui.options) && typeof ui.options.logo === 'string') return ui.options.logo;
  if (Array.isArray(ui.elements))
    for (const c of ui.elements) {
      const l = findLogo(c, depth + 1);
      if (l) return l;
    }
  return '';
}

/** Every file a report shows a picture of: the caller fetches their bytes (org or device). */
export function photoRefs(model: ReportModel): PhotoItem[] {
  return model.blocks.flatMap((b) => (b.kind === 'photos' ? b.photos : []));
}
