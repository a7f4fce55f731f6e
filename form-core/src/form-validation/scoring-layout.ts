/**
 * What a scored form adds to its layout (issue 43), the same for the form screen and the BFF's submit
 * check, so "a failing answer requires a note and/or a photo" is one more required field there, checked
 * by the one required-field check (submission.ts), not a second mechanism:
 *
 * - under each question with a failing option, a findings block shown only while the answer fails
 *   (a `visible` rule on the answer): the mark "Failed item" (text and icon, never colour alone), a
 *   Note and a Photo field; the form's `failingRequires` makes them required by a `required` rule on
 *   the same condition. The block carries the question's own hiding rules, so a question hidden by a
 *   rule hides (and exempts) its findings too;
 * - the answers live under `data.Findings.{question path with '-' for '.'}`: `{ Note, Photos }`
 *   (scoring.ts findingPaths), so the later corrective action sits beside them;
 * - a `scoresummary` element first (after a checklist's quick-links bar) for the live score;
 * - with `correctiveActions.enabled`, a `correctiveaction` panel in each findings block (so it mounts
 *   only while the answer fails) and one `correctiveactions` element beside the summary that keeps
 *   `data.CorrectiveActions` in step with the failed items (corrective-actions.ts);
 * - the configuration is kept on the root layout's `options.scoring`, where the renderer finds it.
 *
 * Memoised per definition object: the same definition gives the same schema object, so Ajv compiles
 * it once (validators are cached by schema identity).
 */
import type { FormDefinition, FormJsonSchema, ScoringConfig } from 'shared-contracts';
import type { FormRule, UISchemaElement } from 'shared-contracts';
import { scopeToPath } from './paths';
import { generateUISchema } from './uischema';
import { FINDINGS_KEY, findingKey, scoringOf, scoringPlan, type ScoredQuestion } from './scoring';
import { correctiveSettingsOf } from './corrective-actions';

export const SCORING_TEXTS = {
  failedItem: 'Failed item',
  note: 'Note',
  photo: 'Photo',
  noteFor: (question: string) => `Note on failed item "${question}"`,
  photoFor: (question: string) => `Photo of failed item "${question}"`,
  findings: 'Failed items',
} as const;

/** The element type of the live score. */
export const SCORE_SUMMARY_TYPE = 'scoresummary';
/** The element type of the "Failed item" mark. */
export const FAILED_MARK_TYPE = 'failedmark';
/** The element type of a failed item's "Corrective action" panel. */
export const CORRECTIVE_ACTION_TYPE = 'correctiveaction';
/** The element type that keeps the form's corrective actions in step with its failed items. */
export const CORRECTIVE_ACTIONS_TYPE = 'correctiveactions';

const failingRule = (q: ScoredQuestion, type: 'visible' | 'required'): FormRule => ({
  type,
  match: 'any',
  conditions: q.options
    .filter((o) => o.failing)
    .map((o) => ({ field: q.path, operator: '==', value: o.value })),
});

const findingsSchema = (questions: ScoredQuestion[]): FormJsonSchema => ({
  type: 'object',
  title: SCORING_TEXTS.findings,
  properties: Object.fromEntries(
    questions.map((q) => [
      findingKey(q.path),
      {
        type: 'object',
        title: q.label,
        properties: {
          Note: { type: 'string', title: SCORING_TEXTS.noteFor(q.label) },
          Photos: { type: 'array', title: SCORING_TEXTS.photoFor(q.label), items: { type: 'object' } },
        },
      },
    ]),
  ),
});

function findingsBlock(q: ScoredQuestion, question: UISchemaElement, config: ScoringConfig): UISchemaElement {
  const scope = `#/properties/${FINDINGS_KEY}/properties/${findingKey(q.path)}/properties`;
  const shown = failingRule(q, 'visible');
  const required = failingRule(q, 'required');
  const needs = config.failingRequires ?? {};
  const hiding = (question.rules ?? []).filter((r) => r.type === 'hidden' || r.type === 'visible');
  const jf = question.rule && ['HIDE', 'SHOW'].includes(question.rule.effect) ? question.rule : undefined;
  // Shown only while the answer fails: a block hidden by its rule mounts none of its fields.
  const block: UISchemaElement = {
    type: 'VerticalLayout',
    options: { findings: q.path },
    rules: [shown],
    elements: [
      {
        type: FAILED_MARK_TYPE,
        // the failing options' labels: the mark reads the answer at its path, not the whole score
        options: {
          path: q.path,
          labels: Object.fromEntries(q.options.filter((o) => o.failing).map((o) => [o.value, o.label])),
        },
      } as unknown as UISchemaElement,
      {
        type: 'Control',
        scope: `${scope}/Note`,
        label: SCORING_TEXTS.note,
        options: { multi: true, findingsOf: q.path },
        ...(needs.note ? { rules: [required] } : {}),
      },
      {
        type: 'photo',
        scope: `${scope}/Photos`,
        label: SCORING_TEXTS.photo,
        options: { findingsOf: q.path },
        ...(needs.photo ? { rules: [required] } : {}),
      },
      ...(correctiveSettingsOf(config)
        ? [
            {
              type: CORRECTIVE_ACTION_TYPE,
              options: { path: q.path, title: q.label, settings: correctiveSettingsOf(config) },
            } as unknown as UISchemaElement,
          ]
        : []),
    ],
  };
  // The question's own hiding rules around it (its visible rules and "while failing" must both hold).
  return hiding.length > 0 || jf
    ? {
        type: 'VerticalLayout',
        ...(hiding.length > 0 ? { rules: hiding } : {}),
        ...(jf ? { rule: jf } : {}),
        elements: [block],
      }
    : block;
}

const memo = new WeakMap<object, FormDefinition>();

/** The definition as a scored form is shown and checked (the definition itself when it has no scoring). */
export function withScoring<T extends FormDefinition>(def: T): T {
  const config = scoringOf(def);
  if (!config || !def.schema) return def;
  const hit = memo.get(def);
  if (hit) return hit as T;
  const ui = def.ui ?? generateUISchema(def.schema);
  const plan = scoringPlan(ui, def.schema, config);
  const failing = new Map(
    plan.questions.filter((q) => q.options.some((o) => o.failing)).map((q) => [q.path, q]),
  );
  const wrap = (el: UISchemaElement): UISchemaElement => {
    const els = (el as { elements?: unknown }).elements;
    if (!Array.isArray(els)) return el;
    const elements = (els as UISchemaElement[]).map((c): UISchemaElement => {
      // A control's own elements (a list's rows) are relative to its items: not scored.
      if (!c.scope) return wrap(c);
      const q = failing.get(scopeToPath(c.scope));
      if (!q) return c;
      return { type: 'VerticalLayout', elements: [c, findingsBlock(q, c, config)] };
    });
    return { ...el, elements } as UISchemaElement;
  };
  let root = wrap(ui);
  const top = (root as { elements?: UISchemaElement[] }).elements ?? [];
  const quick = top.findIndex((e) => e.type === 'quicklinks');
  const summary = [{ type: SCORE_SUMMARY_TYPE } as unknown as UISchemaElement];
  if (correctiveSettingsOf(config))
    summary.push({ type: CORRECTIVE_ACTIONS_TYPE } as unknown as UISchemaElement);
  root = {
    ...root,
    options: { ...root.options, scoring: config },
    elements: [...top.slice(0, quick + 1), ...summary, ...top.slice(quick + 1)],
  } as UISchemaElement;
  const props = { ...(def.schema.properties ?? {}) };
  if (failing.size > 0) props[FINDINGS_KEY] = findingsSchema([...failing.values()]);
  const out = { ...def, schema: { ...def.schema, properties: props }, ui: root };
  memo.set(def, out);
  return out;
}

/** The scoring configuration a (withScoring) layout carries. */
export const layoutScoring = (ui: UISchemaElement | undefined): ScoringConfig | undefined => {
  const s = ui?.options?.scoring;
  return s && typeof s === 'object' && !Array.isArray(s) ? (s as ScoringConfig) : undefined;
};
