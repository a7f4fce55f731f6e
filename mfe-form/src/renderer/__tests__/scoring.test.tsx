/** The live score in the renderer (issue 43): summary, section lines, quick links, failed mark, note required. */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { applyStartingData } from 'form-core';
import type { FormDefinition } from 'shared-contracts';
import { withScoring } from 'form-core/scoring-layout';
import { colourQuestion, renderForm } from './helpers';

const COLOURS = 'Pass|Pass|green-white\nNeeds Attention|Needs Attention|yellow-black\nFail|Fail|red-white';
const q = colourQuestion(COLOURS);

const checklist = (scoring: FormDefinition['scoring']): FormDefinition =>
  applyStartingData(
    {
      schema: {
        type: 'object',
        properties: {
          General: { type: 'object', properties: { Notes: { type: 'string', title: 'Notes' } } },
        },
      },
      ui: {
        type: 'VerticalLayout',
        elements: [
          {
            type: 'Section',
            sectionId: 'main',
            label: 'Main',
            elements: [{ type: 'Control', scope: '#/properties/General/properties/Notes' }],
          },
        ],
      },
      queries: [{ type: 'DOCUMENTS', key: 'doc', sectionId: 'main', objectType: 'x', fields: ['Id'] }],
      ...(scoring ? { scoring } : {}),
    },
    {
      doc: [
        {
          Id: 'DOC1',
          Name: 'DOC-0001',
          cqext__Sections__r: {
            records: [
              { Id: 'S1', cqext__Section_Title__c: 'General Conditions', cqext__Order__c: 1 },
              { Id: 'S2', cqext__Section_Title__c: 'Equipment', cqext__Order__c: 2 },
            ],
          },
          cqext__Questions__r: {
            records: [
              q('Q1', 'S1', 1, 'Picklist'),
              q('Q2', 'S1', 2, 'Radio'),
              q('Q3', 'S2', 1, 'Radio', {
                cqext__Result_Type__c: 'Text',
                cqext__Options__c: 'Yes|Yes\nNo|No',
              }),
            ],
          },
        },
      ],
    },
  );

const text = (id: string) => screen.getByTestId(id).textContent;

describe('a scored checklist in the renderer', () => {
  it('shows no score for a form without scoring', () => {
    const def = withScoring(checklist(undefined));
    renderForm(def.schema, def.ui, {});
    expect(screen.queryByTestId('score-points')).toBeNull();
    expect(screen.queryByTestId('section-score')).toBeNull();
  });

  it('follows the answers: points, percent, pass/fail, failed count per section and in the quick links', async () => {
    const def = withScoring(checklist({ passMark: 60, failingRequires: { note: true } }));
    const r = renderForm(def.schema, def.ui, {});
    expect(text('score-points')).toBe('0 of 3 points (0%)');
    expect(text('score-verdict')).toBe('Failed (pass mark 60%)');
    expect(text('score-failed')).toBe('No failed items');
    fireEvent.click(screen.getAllByRole('radio', { name: 'Pass' })[0]!);
    fireEvent.click(screen.getAllByRole('radio', { name: 'Needs Attention' })[1]!);
    await waitFor(() => expect(text('score-points')).toBe('1.5 of 3 points (50%)'));
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(text('score-points')).toBe('2.5 of 3 points (83.3%)'));
    expect(text('score-verdict')).toBe('Passed (pass mark 60%)');
    expect(screen.queryByText(/^Failed item/)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(text('score-failed')).toBe('1 failed item'));
    expect(text('score-points')).toBe('1.5 of 3 points (50%)');
    expect(text('score-verdict')).toBe('Failed (pass mark 60%)');
    // marked by text and icon under the question
    const mark = document.querySelector('[data-element="failed-mark"]')!;
    expect(mark.textContent).toBe('Failed item: No');
    expect(mark.querySelector('svg')).not.toBeNull();
    // per section, in its header and its quick link
    const sections = screen.getAllByTestId('section-score').map((e) => e.textContent);
    expect(sections).toEqual(['1.5 of 2 points (75%)', '0 of 1 point (0%) · 1 failed item']);
    expect(screen.getByRole('button', { name: 'Equipment: 1 of 1 answered, 1 failed item' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Quick links' })).getByTestId('quicklink-failed')
        .textContent,
    ).toBe('1 failed item');

    // the note is required like a required field; filled, Save passes
    const refused = r.ref.current!.submit();
    expect(refused.ok).toBe(false);
    expect(refused.messages).toEqual(['Note on failed item "Question Q3?" is missing required fields']);
    const note = screen.getByLabelText(/^Note(?!s)/);
    expect(note.tagName).toBe('TEXTAREA');
    fireEvent.change(note, { target: { value: 'Guard missing' } });
    const saved = r.ref.current!.submit();
    expect(saved.ok).toBe(true);
    expect(r.data()).toMatchObject({ Findings: { 'Checklist-Q3': { Note: 'Guard missing' } } });
  });
});
