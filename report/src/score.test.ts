import { describe, expect, it } from 'vitest';
import { submissionScore } from 'form-core/score-block';
import type { FormDefinition } from 'shared-contracts';
import { reportDocument } from './document';
import { reportModel } from './model';
import { renderReportPdf } from './pdf-node';
import { pdfPages } from './testing/pdf-text';
import { formDef, submission } from './testing/fixture';

// Issue 43 in the report: the cover shows the score (points / maximum, percent, pass or fail) and a
// scored form's failed items come first with their corrective actions, from the score block the
// submit recorded in the Submission JSON.

const display = { timeZone: 'America/New_York', locale: 'en-US' };
const scoredDef = {
  ...formDef,
  scoring: { passMark: 80, correctiveActions: { enabled: true, assignee: 'recordOwner' } },
} as FormDefinition;
const data = {
  ...(submission.data as Record<string, unknown>),
  CorrectiveActions: {
    'Checklist.q1': {
      title: 'Clear the east exit',
      assigneeId: '0055g0000000003AAA',
      assigneeName: 'Paula Partner',
      dueDate: '2026-11-30',
    },
  },
};
// what the BFF recorded at submit (Submission_JSON__c's `score`)
const score = submissionScore(scoredDef, data, '2026-11-23');
const scored = reportModel({
  submission: { ...submission, data, score },
  formDef: formDef,
  identifier: 'FS-00042',
  display,
});

describe('a scored inspection’s report', () => {
  it('shows the recorded score on the cover and the failed item with its action', () => {
    expect(score).toMatchObject({ points: 1.5, max: 3, percent: 50, passed: false });
    expect(scored.cover.score).toEqual({ points: '1.5 / 3', percent: '50%', result: 'Fail' });
    expect(scored.failed).toEqual([
      {
        question: 'Exits clear?',
        answer: 'Fail',
        section: 'Checks',
        action: {
          title: 'Clear the east exit',
          assignee: 'Paula Partner',
          dueDate: 'Nov 30, 2026',
          priority: 'Normal',
        },
      },
    ]);
    // listed once: not again among the colour-flagged answers
    expect(scored.flagged.map((f) => f.label)).toEqual(['Extinguisher tagged?']);
  });

  it('reads the score from the record, not from the definition (the block is what the org holds)', () => {
    const recorded = { ...score, points: 0, percent: 0 };
    const m = reportModel({ submission: { ...submission, data, score: recorded }, formDef });
    expect(m.cover.score?.points).toBe('0 / 3');
  });

  it('without a block, a scored definition is scored as the submit would (the device’s copy); unscored: none', () => {
    const device = reportModel({ submission: { ...submission, data }, formDef: scoredDef, display });
    expect(device.cover.score).toEqual(scored.cover.score);
    expect(device.failed).toEqual(scored.failed);
    const plain = reportModel({ submission, formDef });
    expect(plain.cover.score).toBeUndefined();
    expect(plain.failed).toEqual([]);
  });

  it('prints the score on the cover and the failed items with their actions first', async () => {
    const doc = JSON.stringify(reportDocument(scored).content);
    expect(doc.indexOf('Failed items and corrective actions')).toBeLessThan(
      doc.indexOf('Failed and flagged items'),
    );
    const text = (await pdfPages(await renderReportPdf(scored))).join('\n');
    for (const t of [
      'Score',
      '1.5 / 3',
      '50%',
      'Result',
      'Fail',
      'Clear the east exit',
      'Paula Partner',
      'due Nov 30, 2026',
    ])
      expect(text).toContain(t);
    expect(text.indexOf('Clear the east exit')).toBeLessThan(text.indexOf('Failed and flagged items'));
  });
});
