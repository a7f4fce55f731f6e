import { describe, expect, it } from 'vitest';
import type { FormDefinition, FormJsonSchema, ScoringConfig } from 'shared-contracts';
import type { UISchemaElement } from 'shared-contracts';
import { applyStartingData } from '../checklist';
import {
  computeScore,
  createScorer,
  defaultOptionScoring,
  findingPaths,
  resolveOptions,
  scoringPlan,
} from './scoring';
import { withScoring } from './scoring-layout';
import { checkSubmission } from './submission';

const colour = [
  { const: 'Pass', title: 'Pass', color: 'green-white' },
  { const: 'Needs Attention', title: 'Needs Attention', color: 'yellow-black' },
  { const: 'Fail', title: 'Fail', color: 'red-white' },
  { const: 'N/A', title: 'Not Applicable', color: 'grey-black' },
];
const yesNo = [
  { const: 'YES', title: 'Yes' },
  { const: 'NO', title: 'No' },
];

const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    General: {
      type: 'object',
      properties: {
        Clean: { type: 'string', title: 'Area clean?', oneOf: yesNo },
        Exits: { type: 'string', title: 'Exits clear?', oneOf: colour },
        Weather: { type: 'string', title: 'Weather', oneOf: [{ const: 'Sun' }, { const: 'Rain' }] },
        Show: { type: 'string', title: 'Show' },
        Lights: { type: 'string', title: 'Lights work?', oneOf: colour },
      },
    },
  },
};
const control = (name: string, extra: Partial<UISchemaElement> = {}): UISchemaElement =>
  ({ type: 'Control', scope: `#/properties/General/properties/${name}`, ...extra }) as UISchemaElement;
const ui: UISchemaElement = {
  type: 'VerticalLayout',
  elements: [
    {
      type: 'Section',
      sectionId: 'section-1',
      label: 'Site',
      elements: [control('Clean'), control('Weather'), control('Show')],
    },
    {
      type: 'Section',
      sectionId: 'section-2',
      label: 'Checks',
      elements: [
        control('Exits'),
        control('Lights', {
          rules: [{ type: 'hidden', conditions: [{ field: 'General.Show', operator: '==', value: 'no' }] }],
        }),
      ],
    },
  ],
};
const config: ScoringConfig = { passMark: 80, sections: { 'section-2': { weight: 2 } } };

describe('defaults', () => {
  it('Color Code: green full, yellow partial, red fails with 0, grey not applicable; Yes/No: No fails', () => {
    expect(defaultOptionScoring(colour[0]!, colour)).toEqual({ points: 1 });
    expect(defaultOptionScoring(colour[1]!, colour)).toEqual({ points: 0.5 });
    expect(defaultOptionScoring(colour[2]!, colour)).toEqual({ points: 0, failing: true });
    expect(defaultOptionScoring(colour[3]!, colour)).toEqual({ notApplicable: true });
    expect(defaultOptionScoring(yesNo[0]!, yesNo)).toEqual({ points: 1 });
    expect(defaultOptionScoring(yesNo[1]!, yesNo)).toEqual({ points: 0, failing: true });
    expect(defaultOptionScoring({ const: 'Sun' }, [{ const: 'Sun' }, { const: 'Rain' }])).toBeUndefined();
  });

  it('a plain choice is scored only when configured; the configuration overrides the defaults', () => {
    expect(resolveOptions([{ const: 'Sun' }, { const: 'Rain' }], undefined)).toBeUndefined();
    const own = resolveOptions([{ const: 'Sun' }, { const: 'Rain' }], {
      options: { Sun: { points: 3 }, Rain: { failing: true, points: 9 } },
    });
    // a failing option scores 0 whatever points it was given
    expect(own?.map((o) => [o.value, o.points, o.failing])).toEqual([
      ['Sun', 3, false],
      ['Rain', 0, true],
    ]);
    expect(resolveOptions(yesNo, { scored: false })).toBeUndefined();
    expect(resolveOptions(yesNo, { options: { YES: { points: 5 } } })?.[0]?.points).toBe(5);
  });
});

describe('computeScore', () => {
  const plan = scoringPlan(ui, schema, config);

  it('finds the scored questions in layout order with their sections', () => {
    expect(plan.questions.map((q) => [q.path, q.sectionId, q.maxPoints])).toEqual([
      ['General.Clean', 'section-1', 1],
      ['General.Exits', 'section-2', 1],
      ['General.Lights', 'section-2', 1],
    ]);
    expect(plan.deps).toEqual(['General.Clean', 'General.Exits', 'General.Lights', 'General.Show']);
  });

  it('weights sections, counts unanswered in the maximum, rounds the percent to 1 decimal', () => {
    const r = computeScore(plan, { General: { Clean: 'YES', Exits: 'Needs Attention' } });
    // section-1: 1 of 1; section-2 (weight 2): 0.5 of 2 answered + 0 of 1 unanswered -> 1 of 4
    expect(r.score).toBe(2);
    expect(r.maximum).toBe(5);
    expect(r.percent).toBe(40);
    expect(r.passed).toBe(false);
    expect(r.sections.map((s) => [s.sectionId, s.score, s.maximum, s.percent, s.answered, s.total])).toEqual([
      ['section-1', 1, 1, 100, 1, 1],
      ['section-2', 1, 4, 25, 1, 2],
    ]);
    const third = computeScore(scoringPlan(ui, schema, {}), {
      General: { Clean: 'NO', Exits: 'Pass', Lights: 'Fail' },
    });
    expect(third.percent).toBe(33.3);
    expect(third.passed).toBeNull();
  });

  it('lists failed items with question, section and answer; not applicable counts in nothing', () => {
    const r = computeScore(plan, { General: { Clean: 'NO', Exits: 'Fail', Lights: 'N/A' } });
    expect(r.failedCount).toBe(2);
    expect(r.failedItems).toEqual([
      {
        path: 'General.Clean',
        label: 'Area clean?',
        sectionId: 'section-1',
        sectionLabel: 'Site',
        answer: 'NO',
        answerLabel: 'No',
      },
      {
        path: 'General.Exits',
        label: 'Exits clear?',
        sectionId: 'section-2',
        sectionLabel: 'Checks',
        answer: 'Fail',
        answerLabel: 'Fail',
      },
    ]);
    expect(r.maximum).toBe(3);
    expect(r.sections[1]?.failedCount).toBe(1);
  });

  it('excludes a question hidden by a rule from score and maximum', () => {
    const shown = computeScore(plan, { General: { Clean: 'YES', Exits: 'Pass', Lights: 'Pass' } });
    expect([shown.score, shown.maximum, shown.passed]).toEqual([5, 5, true]);
    const hidden = computeScore(plan, {
      General: { Clean: 'YES', Exits: 'Fail', Lights: 'Fail', Show: 'no' },
    });
    expect([hidden.score, hidden.maximum, hidden.failedCount, hidden.total]).toEqual([1, 3, 1, 2]);
  });

  it('pass is the shown (rounded) percent against the pass mark', () => {
    const p = scoringPlan(ui, schema, {
      passMark: 66.7,
      fields: { 'General.Clean': { options: { YES: { points: 2 } } } },
    });
    // 2 of 3: 66.666… shown as 66.7, which meets 66.7
    const r = computeScore(p, { General: { Clean: 'YES', Exits: 'N/A', Lights: 'Fail' } });
    expect([r.score, r.maximum, r.percent, r.passed]).toEqual([2, 3, 66.7, true]);
  });

  it('has no percent with nothing scorable shown', () => {
    const r = computeScore(plan, { General: { Clean: undefined, Exits: 'N/A', Lights: 'N/A' } });
    expect(r.maximum).toBe(1);
    const none = computeScore(scoringPlan({ type: 'VerticalLayout', elements: [] }, schema, config), {});
    expect([none.percent, none.passed, none.maximum]).toEqual([null, null, 0]);
  });

  it('the scorer recomputes only when a value it reads changed', () => {
    const scorer = createScorer(plan);
    const a = scorer({ General: { Clean: 'YES', Notes: 'a' } });
    expect(scorer({ General: { Clean: 'YES', Notes: 'ab' } })).toBe(a);
    expect(scorer({ General: { Clean: 'NO', Notes: 'ab' } })).not.toBe(a);
  });
});

describe('withScoring and the submit check', () => {
  const def: FormDefinition = {
    schema,
    ui,
    scoring: { ...config, failingRequires: { note: true, photo: true } },
  };

  it('leaves a form without scoring as it is', () => {
    const plain: FormDefinition = { schema, ui };
    expect(withScoring(plain)).toBe(plain);
  });

  it('is memoised per definition and keeps the configuration on the root layout', () => {
    const shown = withScoring(def);
    expect(withScoring(def)).toBe(shown);
    expect(shown.ui.options?.scoring).toBe(def.scoring);
    expect(Object.keys(shown.schema.properties?.Findings?.properties ?? {})).toEqual([
      'General-Clean',
      'General-Exits',
      'General-Lights',
    ]);
  });

  it('a failing answer needs its note and photo; a passing one does not', () => {
    const shown = withScoring(def);
    const check = (data: unknown) =>
      checkSubmission({ schema: shown.schema, ui: shown.ui, data, version: 'scoring-test' });
    expect(check({ General: { Clean: 'YES', Exits: 'Pass' } }).ok).toBe(true);
    const failed = check({ General: { Clean: 'NO', Exits: 'Pass' } });
    expect(failed.missing).toEqual([
      findingPaths('General.Clean').note,
      findingPaths('General.Clean').photos,
    ]);
    expect(failed.messages).toEqual([
      'Note on failed item "Area clean?" is missing required fields',
      'Photo of failed item "Area clean?" is missing required fields',
    ]);
    const evidenced = check({
      General: { Clean: 'NO', Exits: 'Pass' },
      Findings: {
        'General-Clean': {
          Note: 'Boxes in the hall',
          Photos: [{ LocalId: 'p1', Name: 'a.jpg', ContentDocumentId: '' }],
        },
      },
    });
    expect(evidenced.ok).toBe(true);
  });

  it('a failed question hidden by a rule needs nothing', () => {
    const shown = withScoring(def);
    const r = checkSubmission({
      schema: shown.schema,
      ui: shown.ui,
      data: { General: { Clean: 'YES', Exits: 'Pass', Lights: 'Fail', Show: 'no' } },
      version: 'scoring-test',
    });
    expect(r.ok).toBe(true);
  });

  it('a question shown by a visible rule needs its note only while shown and failing', () => {
    const visibleUi: UISchemaElement = {
      type: 'VerticalLayout',
      elements: [
        control('Exits', {
          rules: [{ type: 'visible', conditions: [{ field: 'General.Show', operator: '==', value: 'yes' }] }],
        }),
      ],
    };
    const shown = withScoring({ schema, ui: visibleUi, scoring: { failingRequires: { note: true } } });
    const check = (data: unknown) => checkSubmission({ schema: shown.schema, ui: shown.ui, data }).missing;
    expect(check({ General: { Exits: 'Fail', Show: 'no' } })).toEqual([]);
    expect(check({ General: { Exits: 'Pass', Show: 'yes' } })).toEqual([]);
    expect(check({ General: { Exits: 'Fail', Show: 'yes' } })).toEqual([findingPaths('General.Exits').note]);
  });

  it('only the note when only the note is asked for', () => {
    const shown = withScoring({ ...def, scoring: { failingRequires: { note: true } } });
    const r = checkSubmission({ schema: shown.schema, ui: shown.ui, data: { General: { Exits: 'Fail' } } });
    expect(r.missing).toEqual([findingPaths('General.Exits').note]);
  });

  it('scores a checklist merged from the org, its section weighted through the form section it was dropped in', () => {
    const q = (id: string, section: string, options: string) => ({
      Id: id,
      Name: id,
      cqext__Section__c: section,
      cqext__Question__c: `Question ${id}`,
      cqext__Result_Type__c: 'Color Code',
      cqext__Options__c: options,
      cqext__Order__c: 1,
    });
    const opts = 'Pass|Pass|green-white\nFail|Fail|red-white';
    const base: FormDefinition = {
      schema: { type: 'object', properties: { General: { type: 'object', properties: {} } } },
      ui: {
        type: 'VerticalLayout',
        elements: [{ type: 'Section', sectionId: 'section-1', label: 'A', elements: [] }],
      },
      queries: [{ type: 'DOCUMENTS', key: 'doc', sectionId: 'section-1', objectType: 'X', fields: [] }],
      scoring: { sections: { 'section-1': { weight: 3 } } },
    };
    const merged = applyStartingData(base, {
      doc: [
        {
          Id: 'D1',
          Name: 'DOC-1',
          cqext__Sections__r: {
            records: [{ Id: 'S1', cqext__Section_Title__c: 'Exits', cqext__Order__c: 1 }],
          },
          cqext__Questions__r: { records: [q('Q1', 'S1', opts)] },
        },
      ],
    });
    const shown = withScoring(merged);
    const plan = scoringPlan(shown.ui, shown.schema, shown.scoring ?? {});
    expect(plan.questions.map((x) => [x.path, x.questionId, x.sectionId])).toEqual([
      ['Checklist.Q1', 'Q1', 'S1'],
    ]);
    const r = computeScore(plan, { Checklist: { Q1: 'Pass' } });
    expect([r.score, r.maximum]).toEqual([3, 3]);
    const top = (shown.ui as { elements: UISchemaElement[] }).elements;
    expect(top.map((e) => e.type).slice(0, 2)).toEqual(['quicklinks', 'scoresummary']);
  });
});
