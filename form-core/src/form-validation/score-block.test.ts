import { describe, expect, it } from 'vitest';
import type { FormDefinition, ScoringConfig } from 'shared-contracts';
import type { UISchemaElement } from 'shared-contracts';
import { addDays, savedScore, submissionScore } from './score-block';

const colour = [
  { const: 'Pass', title: 'Pass', color: 'green-white' },
  { const: 'Fail', title: 'Fail', color: 'red-white' },
  { const: 'N/A', title: 'Not Applicable', color: 'grey-black' },
];
const control = (name: string): UISchemaElement =>
  ({ type: 'Control', scope: `#/properties/General/properties/${name}` }) as UISchemaElement;

const form = (scoring: ScoringConfig | undefined): FormDefinition =>
  ({
    schema: {
      type: 'object',
      properties: {
        General: {
          type: 'object',
          properties: {
            Exits: { type: 'string', title: 'Exits clear?', oneOf: colour },
            Lights: { type: 'string', title: 'Lights work?', oneOf: colour },
            Floor: { type: 'string', title: 'Floor dry?', oneOf: colour },
            Signs: { type: 'string', title: 'Signs up?', oneOf: colour },
          },
        },
      },
    },
    ui: {
      type: 'VerticalLayout',
      elements: [
        {
          type: 'Section',
          sectionId: 's1',
          label: 'Checks',
          elements: [control('Exits'), control('Lights'), control('Floor'), control('Signs')],
        },
      ],
    },
    ...(scoring ? { scoring } : {}),
  }) as unknown as FormDefinition;

const data = {
  General: { Exits: 'Pass', Lights: 'Fail', Floor: 'Fail', Signs: 'N/A' },
  CorrectiveActions: {
    'General.Lights': { title: 'Replace the bulbs', assigneeId: '0055g0000000003AAA', priority: 'High' },
    'General.Floor': { title: 'Mop', dismissed: { reason: 'Dried already' } },
  },
  Findings: { 'General-Lights': { Note: 'Two out' } },
};

describe('the score block a submit records', () => {
  it('a form without scoring has none', () => {
    expect(submissionScore(form(undefined), data, '2026-11-29')).toBeUndefined();
  });

  it('holds the totals and every scored answer shown (not-applicable ones aside), weighted', () => {
    const block = submissionScore(
      form({ passMark: 50, sections: { s1: { weight: 2 } } }),
      data,
      '2026-11-29',
    );
    expect(block).toMatchObject({
      points: 2,
      max: 6,
      percent: 33.3,
      passed: false,
      passMark: 50,
      failedCount: 2,
    });
    expect(block?.answers).toEqual({
      'General.Exits': {
        points: 2,
        max: 2,
        failed: false,
        question: 'Exits clear?',
        answer: 'Pass',
        answerLabel: 'Pass',
        section: 'Checks',
      },
      'General.Lights': {
        points: 0,
        max: 2,
        failed: true,
        question: 'Lights work?',
        answer: 'Fail',
        answerLabel: 'Fail',
        section: 'Checks',
      },
      'General.Floor': {
        points: 0,
        max: 2,
        failed: true,
        question: 'Floor dry?',
        answer: 'Fail',
        answerLabel: 'Fail',
        section: 'Checks',
      },
    });
    expect(block?.actions).toBeUndefined();
  });

  it('lists one action per failed item not dismissed: its own values, else the defaults and the finding note', () => {
    const block = submissionScore(
      form({ correctiveActions: { enabled: true, assignee: 'recordOwner', dueDays: 3, priority: 'Low' } }),
      {
        ...data,
        General: { ...data.General, Signs: 'Fail' },
      },
      '2026-11-29',
    );
    expect(block?.actions).toEqual({
      assignee: 'recordOwner',
      items: {
        'General.Lights': {
          title: 'Replace the bulbs',
          assigneeId: '0055g0000000003AAA',
          dueDate: '2026-12-02',
          priority: 'High',
          note: 'Two out',
        },
        'General.Signs': { title: 'Signs up?', dueDate: '2026-12-02', priority: 'Low' },
      },
    });
  });

  it("an action carries its failed answer's uploaded photos (not the ones still on the device) and the queue", () => {
    const block = submissionScore(
      form({
        correctiveActions: {
          enabled: true,
          assignee: 'queue',
          queueId: '00G5g0000000001AAA',
          queueName: 'Crew',
        },
      }),
      {
        ...data,
        Findings: {
          'General-Lights': {
            Note: 'Two out',
            Photos: [
              { ContentDocumentId: '0695g000000000AAAA', LocalId: 'a', Name: 'a.jpg' },
              { ContentDocumentId: 'Unsynced', LocalId: 'b', Name: 'b.jpg' },
            ],
          },
        },
      },
      '2026-11-29',
    );
    expect(block?.actions).toMatchObject({
      assignee: 'queue',
      queueId: '00G5g0000000001AAA',
      queueName: 'Crew',
    });
    expect(block?.actions?.items['General.Lights']?.photos).toEqual(['0695g000000000AAAA']);
    expect(block?.actions?.items['General.Floor']).toBeUndefined();
  });

  it('dates across a month end and reads a saved block back', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    const block = submissionScore(form({}), data, '2026-11-29');
    expect(savedScore(JSON.parse(JSON.stringify({ data, score: block })))).toEqual(block);
    expect(savedScore({ data })).toBeUndefined();
  });
});
