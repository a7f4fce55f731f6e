import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { renderForm } from './helpers';

// Issue 19: a refused Save takes the user to the first field to fix, in layout order, opening the
// section that hides it; the counter hears of each change in what is left, not of every keystroke.

const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    Main: {
      type: 'object',
      properties: { Late: { type: 'string', title: 'Late field' } },
      required: ['Late'],
    },
    General: {
      type: 'object',
      properties: {
        Early: { type: 'string', title: 'Early field' },
        Status: { type: 'string', title: 'Status' },
        Reason: { type: 'string', title: 'Reason' },
      },
      required: ['Early', 'Reason'],
    },
  },
};
const ui: UISchemaElement = {
  type: 'VerticalLayout',
  elements: [
    {
      type: 'Section',
      label: 'Closed section',
      options: { collapsed: true },
      elements: [
        { type: 'Control', scope: '#/properties/General/properties/Early' },
        { type: 'Control', scope: '#/properties/General/properties/Status' },
        {
          type: 'Control',
          scope: '#/properties/General/properties/Reason',
          rules: [
            { type: 'visible', conditions: [{ field: 'General.Status', operator: '==', value: 'Closed' }] },
          ],
        },
      ],
    },
    { type: 'Control', scope: '#/properties/Main/properties/Late' },
  ],
} as UISchemaElement;

describe('refused Save', () => {
  it('opens the closed section of the first field in layout order and focuses it', async () => {
    const counts: number[] = [];
    const { ref } = renderForm(schema, ui, {}, { onRequiredLeftChange: (n) => counts.push(n) });
    // Reason is hidden by its rule: not counted.
    expect(counts).toEqual([2]);
    expect(screen.queryByLabelText(/Early field/)).toBeNull();
    let ok: boolean | undefined;
    act(() => {
      ok = ref.current?.submit().ok;
    });
    expect(ok).toBe(false);
    // Listed in schema order, focused in layout order: Early comes first on screen.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Early field/)));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
  });

  it('counts only changes in what is left, and a rule showing a required field adds it', async () => {
    const counts: number[] = [];
    const { ref } = renderForm(
      schema,
      ui,
      { General: { Early: 'x' } },
      { onRequiredLeftChange: (n) => counts.push(n) },
    );
    expect(counts).toEqual([1]);
    act(() => {
      const check = ref.current!.submit();
      expect(check.messages).toEqual(['Late field is missing required fields']);
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Late field/)));
    fireEvent.click(screen.getByRole('button', { name: /Closed section/ }));
    const status = screen.getByLabelText(/Status/);
    fireEvent.change(status, { target: { value: 'Closed' } });
    fireEvent.blur(status);
    // The rule shows Reason, which is required and empty: one more left, heard once.
    await waitFor(() => expect(counts).toEqual([1, 2]));
  });
});
