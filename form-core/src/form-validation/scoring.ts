/**
 * Inspection scores (issue 43): points and a failing flag per answer option of a choice question, a
 * weight per section, a pass mark per form. Framework-free: the form screen shows the live score, the
 * BFF's submit check and the later submit processing compute the same numbers from the same module.
 *
 * Where the configuration lives: `scoring` at the top of the saved form JSON (FormDefinition.scoring).
 * A form without it has no score (older forms are unchanged). Per question it is keyed by the answer's
 * data path (`General.CQ_Form_Area_Clean`, `Checklist.{question record Id}`), per option by the
 * option's value, so it survives a checklist's questions being merged in again from the org:
 *
 * ```json
 * "scoring": {
 *   "passMark": 80,
 *   "failingRequires": { "note": true, "photo": false },
 *   "sections": { "section-2": { "weight": 2 } },
 *   "fields": { "General.CQ_Form_Q1": { "options": { "Pass": { "points": 5 }, "Fail": { "failing": true } } } }
 * }
 * ```
 *
 * Defaults (what a question scores with no `fields` entry, and what an entry's missing keys fall back
 * to): a Color Code option coloured green is full points (1), yellow, amber or orange a partial (0.5),
 * red fails with 0, grey is "not applicable"; a Yes/No question's Yes is full points and No fails with
 * 0. Other choice questions are scored only when configured; `scored: false` leaves one out.
 *
 * The numbers:
 * - a question's maximum is the highest points among its options (not-applicable ones aside); a
 *   failing option scores 0 whatever points it was given (so a failing answer never adds points);
 * - an unanswered question counts in the maximum with 0 points (a pass needs the answers); one answered
 *   "not applicable" counts in neither; a value that is no option of the question counts as unanswered;
 * - a question hidden by a rule (on itself or a layout around it) counts in nothing; questions inside
 *   lists and tables are not scored;
 * - a section's points and maximum are multiplied by its weight (default 1): the form's score and
 *   maximum are the sums, so points and percent agree;
 * - rounding: score and maximum to 2 decimals, percent = score / maximum × 100 to 1 decimal (half up),
 *   computed from the unrounded sums; pass = that rounded percent ≥ the pass mark (what the user sees
 *   decides). No maximum (nothing scorable shown): percent and pass are null.
 */
import type {
  FieldScoring,
  FormJsonSchema,
  OneOfOption,
  OptionScoring,
  ScoringConfig,
} from 'shared-contracts';
import type { FormRule, JsonFormsRule, UISchemaElement } from 'shared-contracts';
import { evaluateJsonFormsCondition } from './ajv';
import { getIn, joinPath, scopeToPath } from './paths';
import { evaluateElementRules, isEmptyValue, jsonFormsRuleDeps, ruleDependencies } from './rules';
import { optionsOf, resolveScope, titleOf, typeOf } from './schema';

/** Default points of a full and a partial answer. */
export const SCORE_DEFAULTS = { full: 1, partial: 0.5 } as const;

/** An option's scoring once defaults are applied. */
export interface ResolvedOption {
  value: string;
  label: string;
  points: number;
  failing: boolean;
  notApplicable: boolean;
}

const colourName = (o: OneOfOption): string =>
  (typeof o.color === 'string' ? (o.color.split('-')[0] ?? '') : '').trim().toLowerCase();

const isYesNo = (options: readonly OneOfOption[]): boolean => {
  const values = options.map((o) => String(o.const).trim().toLowerCase()).sort();
  return values.length === 2 && values[0] === 'no' && values[1] === 'yes';
};

/** The default scoring of an option (Color Code colours, Yes/No), or undefined when it has none. */
export function defaultOptionScoring(
  option: OneOfOption,
  options: readonly OneOfOption[],
): OptionScoring | undefined {
  switch (colourName(option)) {
    case 'green':
      return { points: SCORE_DEFAULTS.full };
    case 'yellow':
    case 'amber':
    case 'orange':
      return { points: SCORE_DEFAULTS.partial };
    case 'red':
      return { points: 0, failing: true };
    case 'grey':
    case 'gray':
      return { notApplicable: true };
    default:
      break;
  }
  if (isYesNo(options)) {
    return /^yes$/i.test(String(option.const).trim())
      ? { points: SCORE_DEFAULTS.full }
      : { points: 0, failing: true };
  }
  return undefined;
}

const finite = (n: unknown, fallback: number): number =>
  typeof n === 'number' && Number.isFinite(n) ? n : fallback;

/**
 * The options of a question with their scoring (defaults, then the form's configuration over them),
 * or undefined when the question is not scored.
 */
export function resolveOptions(
  options: readonly OneOfOption[],
  field: FieldScoring | undefined,
): ResolvedOption[] | undefined {
  if (field?.scored === false || options.length === 0) return undefined;
  let configured = false;
  const out = options.map((o): ResolvedOption => {
    const value = String(o.const);
    const def = defaultOptionScoring(o, options);
    const own = field?.options?.[value];
    if (def || own) configured = true;
    const s = { ...def, ...own };
    const failing = s.failing === true;
    return {
      value,
      label: o.title ?? value,
      // negative points are no points; a failing answer adds none
      points: failing ? 0 : Math.max(0, finite(s.points, 0)),
      failing,
      notApplicable: s.notApplicable === true && !failing,
    };
  });
  if (!configured && field?.scored !== true) return undefined;
  const counted = out.filter((o) => !o.notApplicable);
  if (!counted.some((o) => o.points > 0 || o.failing)) return undefined;
  return out;
}

/** A layout or control around a question whose rules can hide it. */
interface Governor {
  rules?: FormRule[];
  rule?: JsonFormsRule;
}

/** A scored question of a form. */
export interface ScoredQuestion {
  /** The answer's data path. */
  path: string;
  /** The checklist question record's Id (options.questionId), when it is one. */
  questionId?: string;
  label: string;
  sectionId: string;
  sectionLabel: string;
  options: ResolvedOption[];
  maxPoints: number;
  /** The rules around each control showing the answer (one answer may be shown twice). */
  chains: Governor[][];
}

export interface ScoringSection {
  sectionId: string;
  label: string;
  weight: number;
}

/** What a form's layout and configuration say about its score: built once per form version. */
export interface ScoringPlan {
  config: ScoringConfig;
  questions: ScoredQuestion[];
  sections: ScoringSection[];
  /** Every data path the score reads (answers and the rules that can hide them). */
  deps: string[];
}

const childrenOf = (el: UISchemaElement): UISchemaElement[] => {
  const els = (el as { elements?: unknown }).elements;
  return Array.isArray(els) ? (els as UISchemaElement[]) : [];
};

const labelOf = (el: UISchemaElement): string | undefined => {
  const l = el.label;
  if (typeof l === 'string') return l;
  if (l && typeof l === 'object' && typeof l.text === 'string') return l.text;
  return undefined;
};

const HIDING_RULES = new Set(['hidden', 'visible']);

/** The scoring plan of a form (the layout walked once; questions in layout order). */
export function scoringPlan(ui: UISchemaElement, schema: FormJsonSchema, config: ScoringConfig): ScoringPlan {
  const questions: ScoredQuestion[] = [];
  const sections = new Map<string, ScoringSection>();
  const weightOf = (id: string, host?: string): number => {
    const w = config.sections?.[id]?.weight ?? (host ? config.sections?.[host]?.weight : undefined);
    return Math.max(0, finite(w, 1));
  };
  const visit = (el: UISchemaElement, chain: Governor[], section: ScoringSection, depth: number): void => {
    if (!el || typeof el !== 'object' || depth > 40) return;
    const governs = (el.rules?.length ?? 0) > 0 || el.rule !== undefined;
    const own = governs
      ? [
          ...chain,
          {
            rules: el.rules?.filter((r) => HIDING_RULES.has(r.type)),
            rule: el.rule && ['HIDE', 'SHOW'].includes(el.rule.effect) ? el.rule : undefined,
          },
        ]
      : chain;
    if (el.scope) {
      const s = resolveScope(el.scope, schema, schema);
      const path = scopeToPath(el.scope);
      // Lists and tables hold their own rows: their questions are not scored (yet).
      const t = typeOf(s);
      if (!s || t === 'array' || t === 'object') return;
      // One answer shown by several controls is one question, hidden only when all of them are.
      const seen = questions.find((q) => q.path === path);
      if (seen) {
        seen.chains.push(own);
        return;
      }
      const options = resolveOptions(optionsOf(s), config.fields?.[path]);
      if (!options) return;
      const questionId = el.options?.questionId;
      questions.push({
        path,
        ...(typeof questionId === 'string' ? { questionId } : {}),
        label: labelOf(el) || titleOf(s, path.split('.').pop() ?? path),
        sectionId: section.sectionId,
        sectionLabel: section.label,
        options,
        maxPoints: Math.max(0, ...options.filter((o) => !o.notApplicable).map((o) => o.points)),
        chains: [own],
      });
      if (!sections.has(section.sectionId)) sections.set(section.sectionId, section);
      return;
    }
    let inner = section;
    const sectionId = (el as { sectionId?: unknown }).sectionId;
    if (el.type === 'Section' && typeof sectionId === 'string' && sectionId) {
      const host = el.options?.hostSectionId;
      inner = {
        sectionId,
        label: labelOf(el) ?? sectionId,
        weight: weightOf(sectionId, typeof host === 'string' ? host : undefined),
      };
    }
    for (const c of childrenOf(el)) visit(c, own, inner, depth + 1);
  };
  visit(ui, [], { sectionId: '', label: '', weight: weightOf('') }, 0);
  const deps = new Set<string>();
  for (const q of questions) {
    deps.add(q.path);
    for (const g of q.chains.flat()) {
      for (const r of g.rules ?? []) for (const d of ruleDependencies(r)) deps.add(d);
      if (g.rule) for (const d of jsonFormsRuleDeps(g.rule.condition)) deps.add(d);
    }
  }
  return { config, questions, sections: [...sections.values()], deps: [...deps] };
}

const chainHidden = (chain: Governor[], data: unknown): boolean =>
  chain.some((g) => {
    const jf = g.rule
      ? { rule: g.rule, holds: evaluateJsonFormsCondition(g.rule.condition, data, '') }
      : undefined;
    return evaluateElementRules(g.rules, data, jf).hidden;
  });

/** Whether a question is hidden by a rule on its control or a layout around it (every control showing it). */
export const isQuestionHidden = (q: ScoredQuestion, data: unknown): boolean =>
  q.chains.every((c) => chainHidden(c, data));

/** A failed question: what corrective actions and the report start from. */
export interface FailedItem {
  path: string;
  questionId?: string;
  label: string;
  sectionId: string;
  sectionLabel: string;
  answer: string;
  answerLabel: string;
}

export interface SectionScore {
  sectionId: string;
  label: string;
  weight: number;
  /** Weighted points and maximum, 2 decimals. */
  score: number;
  maximum: number;
  /** 1 decimal, or null with no maximum. */
  percent: number | null;
  failedCount: number;
  /** Questions shown (not hidden) and, of those, answered. */
  total: number;
  answered: number;
}

export interface ScoreResult {
  score: number;
  maximum: number;
  percent: number | null;
  passMark: number | null;
  /** Against the pass mark; null without one or without a maximum. */
  passed: boolean | null;
  failedCount: number;
  failedItems: FailedItem[];
  sections: SectionScore[];
  total: number;
  answered: number;
}

const round = (n: number, places: number): number => {
  const f = 10 ** places;
  // the epsilon keeps a binary 0.x5 (e.g. 1.005) rounding up, as written
  return Math.round((n + Math.sign(n) * 1e-9) * f) / f;
};

const percentOf = (score: number, maximum: number): number | null =>
  maximum > 0 ? Math.min(100, Math.max(0, round((100 * score) / maximum, 1))) : null;

/** Which option an answer is (undefined: unanswered, or not an option of the question). */
export const chosenOption = (q: ScoredQuestion, value: unknown): ResolvedOption | undefined =>
  isEmptyValue(value) ? undefined : q.options.find((o) => o.value === String(value));

/** The score of a form's data. */
export function computeScore(plan: ScoringPlan, data: unknown): ScoreResult {
  const bySection = new Map<
    string,
    { raw: number; max: number; failed: number; total: number; answered: number }
  >();
  const failedItems: FailedItem[] = [];
  let raw = 0;
  let max = 0;
  for (const s of plan.sections)
    bySection.set(s.sectionId, { raw: 0, max: 0, failed: 0, total: 0, answered: 0 });
  const weights = new Map(plan.sections.map((s) => [s.sectionId, s.weight]));
  for (const q of plan.questions) {
    if (isQuestionHidden(q, data)) continue;
    const acc = bySection.get(q.sectionId);
    if (!acc) continue;
    const w = weights.get(q.sectionId) ?? 1;
    const chosen = chosenOption(q, getIn(data, q.path));
    acc.total++;
    if (chosen) acc.answered++;
    if (chosen?.notApplicable) continue;
    acc.max += w * q.maxPoints;
    max += w * q.maxPoints;
    if (!chosen) continue;
    acc.raw += w * chosen.points;
    raw += w * chosen.points;
    if (chosen.failing) {
      acc.failed++;
      failedItems.push({
        path: q.path,
        ...(q.questionId ? { questionId: q.questionId } : {}),
        label: q.label,
        sectionId: q.sectionId,
        sectionLabel: q.sectionLabel,
        answer: chosen.value,
        answerLabel: chosen.label,
      });
    }
  }
  const passMark =
    typeof plan.config.passMark === 'number' && Number.isFinite(plan.config.passMark)
      ? Math.min(100, Math.max(0, plan.config.passMark))
      : null;
  const percent = percentOf(raw, max);
  const sections = plan.sections.map((s): SectionScore => {
    const a = bySection.get(s.sectionId) ?? { raw: 0, max: 0, failed: 0, total: 0, answered: 0 };
    return {
      sectionId: s.sectionId,
      label: s.label,
      weight: s.weight,
      score: round(a.raw, 2),
      maximum: round(a.max, 2),
      percent: percentOf(a.raw, a.max),
      failedCount: a.failed,
      total: a.total,
      answered: a.answered,
    };
  });
  return {
    score: round(raw, 2),
    maximum: round(max, 2),
    percent,
    passMark,
    passed: passMark === null || percent === null ? null : percent >= passMark,
    failedCount: failedItems.length,
    failedItems,
    sections,
    total: sections.reduce((n, s) => n + s.total, 0),
    answered: sections.reduce((n, s) => n + s.answered, 0),
  };
}

/**
 * A memoised scorer for one plan: called with the form data after every edit, it recomputes only when
 * a value the score reads changed (the data is immutable, so the paths are compared by identity), and
 * otherwise returns the same result object: a keystroke in an unscored field costs a few lookups.
 */
export function createScorer(plan: ScoringPlan): (data: unknown) => ScoreResult {
  let lastData: unknown = {};
  let lastValues: unknown[] | undefined;
  let last: ScoreResult | undefined;
  return (data) => {
    if (last && data === lastData) return last;
    const values = plan.deps.map((d) => getIn(data, d));
    lastData = data;
    if (last && lastValues && values.every((v, i) => v === lastValues?.[i])) return last;
    lastValues = values;
    last = computeScore(plan, data);
    return last;
  };
}

/** The scoring configuration of a form definition, if it has one. */
export const scoringOf = (def: { scoring?: unknown }): ScoringConfig | undefined =>
  def.scoring && typeof def.scoring === 'object' && !Array.isArray(def.scoring)
    ? (def.scoring as ScoringConfig)
    : undefined;

/** The data path of a question's findings (note and photos): one key per question under `Findings`. */
export const FINDINGS_KEY = 'Findings';
export const findingKey = (path: string): string => path.split('.').join('-');
export const findingPaths = (path: string): { note: string; photos: string } => {
  const base = joinPath(FINDINGS_KEY, findingKey(path));
  return { note: joinPath(base, 'Note'), photos: joinPath(base, 'Photos') };
};
