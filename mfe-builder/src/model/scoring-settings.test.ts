import { describe, expect, it } from 'vitest';
import { computeScore, scoringPlan } from 'form-core/scoring';
import type { BuilderForm, CanvasField } from './types';
import { fromFormJson } from './reader';
import {
  correctiveActionsError,
  numberError,
  setCorrectiveActions,
  scoringOf,
  scoringQuestions,
  setOptionScoring,
  setQuestionScored,
  setSectionWeight,
  withScoringConfig,
} from './scoring-settings';
import { toFormJson } from './writer';

const field = (
  id: number,
  key: string,
  schema: CanvasField['schema'],
  kind: CanvasField['kind'],
): CanvasField => ({
  id,
  key,
  kind,
  objectKey: 'General',
  schema,
  uiType: 'select',
  options: {},
  required: false,
  readOnly: false,
});

const form: BuilderForm = {
  meta: {
    cqFormType: 'cqext__SQX_Inspection__c',
    primaryLabel: 'Inspection',
    contextObject: '',
    contextLabel: '',
    contextObjectRelationshipName: '',
    formName: 'F',
    logo: '',
    backgroundColor: '',
    activityField: '',
  },
  sections: [
    { sectionId: 'section-1', title: 'Section 1', rows: [[100, 200], [300]], tables: [], documents: [] },
  ],
  fields: {
    100: field(
      100,
      'CQ_Form_Clean',
      {
        type: 'string',
        title: 'Clean?',
        oneOf: [
          { const: 'YES', title: 'Yes' },
          { const: 'NO', title: 'No' },
        ],
      },
      'yesno',
    ),
    200: field(
      200,
      'CQ_Form_Weather',
      { type: 'string', title: 'Weather', oneOf: [{ const: 'Sun' }, { const: 'Rain' }] },
      'dropdown',
    ),
    300: field(300, 'CQ_Form_Name', { type: 'string', title: 'Name' }, 'text'),
  },
  signatures: [],
  files: false,
  queries: [],
  lookupCache: {},
  extra: {},
};

describe('scoring settings in the builder', () => {
  it('lists the choice questions with the defaults: Yes full, No failing; a plain dropdown not scored', () => {
    const rows = scoringQuestions(form, {});
    expect(rows.map((r) => [r.path, r.scored])).toEqual([
      ['General.CQ_Form_Clean', true],
      ['General.CQ_Form_Weather', false],
    ]);
    expect(rows[0]?.options).toEqual([
      { value: 'YES', label: 'Yes', points: 1, failing: false, notApplicable: false },
      { value: 'NO', label: 'No', points: 0, failing: true, notApplicable: false },
    ]);
  });

  it('points, failing flags and weights land in the saved JSON and score as set', () => {
    let c = setOptionScoring({ passMark: 75 }, 'General.CQ_Form_Weather', 'Sun', { points: 4 });
    c = setOptionScoring(c, 'General.CQ_Form_Weather', 'Rain', { failing: true });
    c = setOptionScoring(c, 'General.CQ_Form_Clean', 'YES', { points: 2 });
    c = setSectionWeight(c, 'section-1', 2);
    const rows = scoringQuestions(form, c);
    expect(rows.map((r) => r.scored)).toEqual([true, true]);
    const json = toFormJson(withScoringConfig(form, c)) as unknown as {
      scoring: unknown;
      schema: never;
      ui: never;
    };
    expect(json.scoring).toEqual(c);
    const r = computeScore(scoringPlan(json.ui, json.schema, c), {
      General: { CQ_Form_Clean: 'YES', CQ_Form_Weather: 'Rain' },
    });
    expect([r.score, r.maximum, r.percent, r.passed, r.failedCount]).toEqual([4, 12, 33.3, false, 1]);
    expect(scoringOf(withScoringConfig(form, undefined))).toBeUndefined();
    expect(setSectionWeight(c, 'section-1', 1).sections).toEqual({});
    expect(scoringQuestions(form, setQuestionScored(c, 'General.CQ_Form_Clean', false))[0]?.scored).toBe(
      false,
    );
  });

  it('refuses numbers out of range with a message', () => {
    expect(numberError('80', 100)).toBeUndefined();
    expect(numberError('', 100, true)).toBeUndefined();
    expect(numberError('', 100)).toBe('Enter a number.');
    expect(numberError('101', 100)).toBe('Enter a number from 0 to 100.');
    expect(numberError('-1', 100)).toBe('Enter a number from 0 to 100.');
    expect(numberError('x', 100)).toBe('Enter a number from 0 to 100.');
  });

  it('corrective actions: saved in scoring.correctiveActions, kept on reopen; off, the key goes', () => {
    const on = setCorrectiveActions(
      { passMark: 80 },
      {
        enabled: true,
        assignee: 'user',
        userId: '005000000000001AAA',
        userName: 'Field User',
        dueDays: 3,
        priority: 'High',
      },
    );
    const json = toFormJson(withScoringConfig(form, on));
    expect((json as { scoring?: unknown }).scoring).toEqual({
      passMark: 80,
      correctiveActions: {
        enabled: true,
        assignee: 'user',
        userId: '005000000000001AAA',
        userName: 'Field User',
        dueDays: 3,
        priority: 'High',
      },
    });
    const reopened = fromFormJson(JSON.parse(JSON.stringify(json)) as never);
    expect(scoringOf(reopened)).toEqual(on);
    expect(toFormJson(reopened)).toEqual(json);
    // a rule other than 'user' names no user
    expect(
      setCorrectiveActions(on, { ...on.correctiveActions!, assignee: 'recordOwner' }).correctiveActions,
    ).toEqual({ enabled: true, assignee: 'recordOwner', dueDays: 3, priority: 'High' });
    expect(setCorrectiveActions(on, { enabled: false, assignee: 'inspector' })).toEqual({ passMark: 80 });
    expect(correctiveActionsError({ enabled: true, assignee: 'user' })).toBe('Choose a user.');
    expect(correctiveActionsError(on.correctiveActions)).toBeUndefined();
    expect(correctiveActionsError({ enabled: false, assignee: 'user' })).toBeUndefined();
  });
});
