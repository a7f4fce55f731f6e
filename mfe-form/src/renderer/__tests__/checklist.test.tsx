import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { applyStartingData } from 'form-core';
import type { FormDefinition, FormJsonSchema } from 'shared-contracts';
import { colourQuestion, renderForm } from './helpers';

const COLOURS = 'Pass|Pass|green-white\nFail|Fail|red-white\nN/A|Not Applicable|grey-black';
const q = colourQuestion(COLOURS);

const merged = (): FormDefinition =>
  applyStartingData(
    {
      schema: { type: 'object', properties: { General: { type: 'object', properties: {} } } },
      ui: {
        type: 'VerticalLayout',
        elements: [{ type: 'Section', sectionId: 'main', label: 'Main', elements: [] }],
      },
      queries: [{ type: 'DOCUMENTS', key: 'doc', sectionId: 'main', objectType: 'x', fields: ['Id'] }],
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
              q('Q1', 'S1', 1, 'Picklist', { cqext__Required__c: true }),
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

const count = (name: string) =>
  screen
    .getByRole('button', { name: new RegExp(`^${name}: \\d+ of \\d+ answered$`) })
    .getAttribute('aria-label');

describe('a document checklist in the renderer', () => {
  it('renders Picklist as option buttons, Radio as radios, colours with labels, and required as the question says', async () => {
    const def = merged();
    const r = renderForm(def.schema, def.ui, {});
    // Picklist (3 options): option buttons; Radio: radio inputs; every option keeps its label.
    const pass = screen.getAllByRole('radio', { name: 'Pass' });
    expect(pass.map((e) => e.tagName)).toEqual(['BUTTON', 'INPUT']);
    expect(screen.getAllByRole('radio', { name: /Not Applicable/ })).toHaveLength(2);
    // Radio options of a Color Code result carry a swatch of their colour beside the label.
    expect(document.querySelector('[data-swatch="#c53030"]')).not.toBeNull();
    // The Text result has no colours.
    expect(
      screen.getByRole('radio', { name: 'Yes' }).closest('label')?.querySelector('[data-swatch]'),
    ).toBeNull();
    const result = r.ref.current!.submit();
    expect(result.ok).toBe(false);
    expect(result.messages).toEqual(['Question Q1? is missing required fields']);
  });

  it('moves the quick-links counts as questions are answered', async () => {
    const def = merged();
    const r = renderForm(def.schema, def.ui, {});
    expect(count('General Conditions')).toBe('General Conditions: 0 of 2 answered');
    expect(count('Equipment')).toBe('Equipment: 0 of 1 answered');
    fireEvent.click(screen.getAllByRole('radio', { name: 'Fail' })[0]!);
    await waitFor(() => expect(count('General Conditions')).toBe('General Conditions: 1 of 2 answered'));
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(count('Equipment')).toBe('Equipment: 1 of 1 answered'));
    expect(r.data()).toEqual({ Checklist: { Q1: 'Fail', Q3: 'No' } });
    // The section a link names is there to jump to.
    expect(document.getElementById('section-S2')).not.toBeNull();
  });

  it('a guide conditioned on a third field updates when that field changes', async () => {
    const schema: FormJsonSchema = {
      type: 'object',
      properties: {
        a: { type: 'string', title: 'A' },
        b: { type: 'string', title: 'B' },
        c: { type: 'string', title: 'C', oneOf: [{ const: 'x', title: 'Ex' }] },
      },
    };
    const ui = {
      type: 'VerticalLayout' as const,
      elements: [
        {
          type: 'guide' as const,
          options: {
            guides: [
              { field: 'a', operator: 'eq' as const, value: 'x', text: 'Guide A' },
              { field: 'b', operator: 'eq' as const, value: 'x', text: 'Guide B' },
              { field: 'c', operator: 'eq' as const, value: 'x', text: 'Guide C' },
            ],
          },
        },
        { type: 'select' as const, scope: '#/properties/c' },
      ],
    };
    renderForm(schema, ui, {});
    expect(screen.queryByText('Guide C')).toBeNull();
    act(() => fireEvent.click(screen.getByRole('radio', { name: 'Ex' })));
    await waitFor(() => expect(screen.getByText('Guide C')).toBeTruthy());
  });
});
