/**
 * Property tests of the score (form-core form-validation/scoring.ts, issue 43) over generated
 * forms: any nesting of sections, groups and horizontal/vertical layouts, hiding rules on questions and
 * layouts (reading unscored trigger fields), Color Code, Yes/No and configured questions, weights.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormJsonSchema, FormRule, OneOfOption, ScoringConfig, UISchemaElement } from 'shared-contracts';
import { computeScore, findingPaths, isQuestionHidden, scoringPlan } from 'form-core/scoring';
import { withScoring } from 'form-core/scoring-layout';
import { checkSubmission } from 'form-core/submission';

const COLOUR: OneOfOption[] = [
  { const: 'Pass', color: 'green-white' },
  { const: 'Partial', color: 'yellow-black' },
  { const: 'Fail', color: 'red-white' },
  { const: 'NA', color: 'grey-black' },
];
const YES_NO: OneOfOption[] = [{ const: 'Yes' }, { const: 'No' }];
const PLAIN: OneOfOption[] = [{ const: 'A' }, { const: 'B' }, { const: 'C' }];
const KINDS = [COLOUR, YES_NO, PLAIN] as const;
const TRIGGERS = ['T0', 'T1', 'T2'];

interface Question {
  kind: 0 | 1 | 2;
  points: number[];
  failing: boolean[];
  rule?: FormRule;
}

const ruleArb: fc.Arbitrary<FormRule | undefined> = fc.option(
  fc.record({
    type: fc.constantFrom<'hidden' | 'visible'>('hidden', 'visible'),
    conditions: fc.array(
      fc.record({
        field: fc.constantFrom(...TRIGGERS.map((t) => `General.${t}`)),
        operator: fc.constantFrom<'==' | '!=' | 'Exists'>('==', '!=', 'Exists'),
        value: fc.constantFrom('x', 'y'),
      }),
      { minLength: 1, maxLength: 2 },
    ),
  }),
  { nil: undefined },
);

const questionArb: fc.Arbitrary<Question> = fc.record({
  kind: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
  points: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 4, maxLength: 4 }),
  failing: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  rule: ruleArb,
});

type Tree = { leaf: number } | { layout: string; section?: string; rule?: FormRule; children: Tree[] };

const treeArb = (n: number): fc.Arbitrary<Tree> =>
  fc.letrec<{ node: Tree }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ leaf: fc.integer({ min: 0, max: n - 1 }) }),
      fc.record({
        layout: fc.constantFrom('VerticalLayout', 'HorizontalLayout', 'Group', 'Section'),
        section: fc.option(fc.constantFrom('s1', 's2', 's3'), { nil: undefined }),
        rule: ruleArb,
        children: fc.array(tie('node'), { maxLength: 4 }),
      }),
    ),
  })).node;

const formArb = fc.array(questionArb, { minLength: 1, maxLength: 8 }).chain((questions) =>
  fc.record({
    questions: fc.constant(questions),
    tree: fc.array(treeArb(questions.length), { minLength: 1, maxLength: 4 }),
    configure: fc.boolean(),
    weights: fc.record({
      s1: fc.integer({ min: 0, max: 5 }),
      s2: fc.integer({ min: 0, max: 5 }),
      s3: fc.integer({ min: 0, max: 5 }),
    }),
    passMark: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
    answers: fc.array(fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }), {
      minLength: questions.length,
      maxLength: questions.length,
    }),
    triggers: fc.array(fc.option(fc.constantFrom('x', 'y'), { nil: undefined }), {
      minLength: 3,
      maxLength: 3,
    }),
  }),
);

type Form = typeof formArb extends fc.Arbitrary<infer T> ? T : never;

const qName = (i: number) => `Q${i}`;

function build(form: Form): { schema: FormJsonSchema; ui: UISchemaElement; config: ScoringConfig } {
  const props: Record<string, FormJsonSchema> = {};
  form.questions.forEach((q, i) => (props[qName(i)] = { type: 'string', oneOf: KINDS[q.kind] }));
  for (const t of TRIGGERS) props[t] = { type: 'string' };
  const toEl = (t: Tree): UISchemaElement => {
    if ('leaf' in t) {
      const q = form.questions[t.leaf];
      return {
        type: 'Control',
        scope: `#/properties/General/properties/${qName(t.leaf)}`,
        ...(q?.rule ? { rules: [q.rule] } : {}),
      } as UISchemaElement;
    }
    return {
      type: t.layout,
      ...(t.layout === 'Section' && t.section ? { sectionId: t.section, label: t.section } : {}),
      ...(t.rule ? { rules: [t.rule] } : {}),
      elements: t.children.map(toEl),
    } as UISchemaElement;
  };
  const fields: ScoringConfig['fields'] = {};
  if (form.configure)
    form.questions.forEach((q, i) => {
      fields[`General.${qName(i)}`] = {
        options: Object.fromEntries(
          KINDS[q.kind].map((o, k) => [String(o.const), { points: q.points[k], failing: q.failing[k] }]),
        ),
      };
    });
  return {
    schema: { type: 'object', properties: { General: { type: 'object', properties: props } } },
    ui: { type: 'VerticalLayout', elements: form.tree.map(toEl) } as UISchemaElement,
    config: {
      fields,
      passMark: form.passMark,
      sections: Object.fromEntries(Object.entries(form.weights).map(([k, w]) => [k, { weight: w }])),
    },
  };
}

const dataOf = (form: Form, answers: Array<number | undefined>): Record<string, unknown> => {
  const general: Record<string, unknown> = {};
  form.questions.forEach((q, i) => {
    const a = answers[i];
    const opt = a === undefined ? undefined : KINDS[q.kind][a % KINDS[q.kind].length];
    if (opt) general[qName(i)] = opt.const;
  });
  TRIGGERS.forEach((t, i) => {
    if (form.triggers[i]) general[t] = form.triggers[i];
  });
  return { General: general };
};

describe('score properties', () => {
  it('score, maximum and percent are in range, and the sections add up to the whole', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const { schema, ui, config } = build(form);
        const plan = scoringPlan(ui, schema, config);
        const r = computeScore(plan, dataOf(form, form.answers));
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(r.maximum + 1e-9);
        if (r.percent !== null) {
          expect(r.percent).toBeGreaterThanOrEqual(0);
          expect(r.percent).toBeLessThanOrEqual(100);
          // 1 decimal
          expect(Math.round(r.percent * 10) / 10).toBe(r.percent);
        } else expect(r.maximum).toBe(0);
        const sum = r.sections.reduce((n, s) => n + s.score, 0);
        expect(Math.abs(sum - r.score)).toBeLessThan(0.01 * (r.sections.length + 1));
        expect(r.failedCount).toBe(r.sections.reduce((n, s) => n + s.failedCount, 0));
        if (r.passed !== null) expect(r.passed).toBe((r.percent ?? 0) >= (form.passMark ?? 0));
      }),
      { numRuns: 300 },
    );
  });

  it('questions hidden by a rule count in nothing: their answers never change the result', () => {
    fc.assert(
      fc.property(
        formArb,
        fc.array(fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }), { maxLength: 8 }),
        (form, other) => {
          const { schema, ui, config } = build(form);
          const plan = scoringPlan(ui, schema, config);
          const data = dataOf(form, form.answers);
          const hidden = new Set(plan.questions.filter((q) => isQuestionHidden(q, data)).map((q) => q.path));
          // change every hidden question's answer
          const changed = form.answers.map((a, i) => (hidden.has(`General.${qName(i)}`) ? other[i] : a));
          const a = computeScore(plan, data);
          const b = computeScore(plan, dataOf(form, changed));
          expect(b).toEqual(a);
          expect(a.total).toBe(plan.questions.length - hidden.size);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the layout around the questions changes nothing but their sections', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const { schema, ui, config } = build(form);
        const wrapped: UISchemaElement = {
          type: 'HorizontalLayout',
          elements: [{ type: 'Group', elements: [ui] }],
        } as UISchemaElement;
        const data = dataOf(form, form.answers);
        expect(computeScore(scoringPlan(wrapped, schema, config), data)).toEqual(
          computeScore(scoringPlan(ui, schema, config), data),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('adding a failing answer never raises the score or the percent', () => {
    fc.assert(
      fc.property(formArb, fc.nat(), (form, pick) => {
        const { schema, ui, config } = build(form);
        const plan = scoringPlan(ui, schema, config);
        const data = dataOf(form, form.answers);
        const candidates = plan.questions.filter((q) => q.options.some((o) => o.failing));
        fc.pre(candidates.length > 0);
        const q = candidates[pick % candidates.length]!;
        const failing = q.options.find((o) => o.failing)!;
        const general = (data.General ?? {}) as Record<string, unknown>;
        const after = { General: { ...general, [q.path.split('.')[1]!]: failing.value } };
        const r0 = computeScore(plan, data);
        const r1 = computeScore(plan, after);
        expect(r1.score).toBeLessThanOrEqual(r0.score);
        if (r0.percent !== null && r1.percent !== null) expect(r1.percent).toBeLessThanOrEqual(r0.percent);
        expect(r1.failedCount).toBeGreaterThanOrEqual(r0.failedCount);
        if (r0.passed === false) expect(r1.passed).not.toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a note is missing exactly for the failed questions shown (withScoring in any layout)', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const { schema, ui, config } = build(form);
        const def = withScoring({ schema, ui, scoring: { ...config, failingRequires: { note: true } } });
        const data = dataOf(form, form.answers);
        const expected = computeScore(scoringPlan(ui, schema, config), data).failedItems.map(
          (f) => findingPaths(f.path).note,
        );
        const missing = checkSubmission({ schema: def.schema, ui: def.ui, data }).missing;
        expect([...missing].sort()).toEqual([...new Set(expected)].sort());
      }),
      { numRuns: 150 },
    );
  });
});
