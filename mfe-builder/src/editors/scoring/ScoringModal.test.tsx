import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ScoringConfig } from 'shared-contracts';
import type { BuilderForm } from '../../model/types';
import { ScoringModal } from './ScoringModal';

afterEach(cleanup);

const form = {
  meta: {},
  sections: [{ sectionId: 'section-1', title: 'Site', rows: [[100]], tables: [], documents: [] }],
  fields: {
    100: {
      id: 100,
      key: 'CQ_Form_Q1',
      kind: 'dropdown',
      objectKey: 'General',
      schema: {
        type: 'string',
        title: 'Exits clear?',
        oneOf: [
          { const: 'Pass', title: 'Pass', color: 'green-white' },
          { const: 'Fail', title: 'Fail', color: 'red-white' },
          { const: 'Blocked', title: 'Blocked' },
        ],
      },
      uiType: 'select',
      options: {},
      required: false,
      readOnly: false,
    },
  },
  signatures: [],
  files: false,
  queries: [],
  lookupCache: {},
  extra: {},
} as unknown as BuilderForm;

function setup(value: ScoringConfig | undefined) {
  const onSave = vi.fn<(c: ScoringConfig | undefined) => void>();
  render(
    <ChakraProvider>
      <ScoringModal form={form} value={value} onSave={onSave} onClose={() => undefined} />
    </ChakraProvider>,
  );
  return { onSave, save: () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement };
}

describe('ScoringModal', () => {
  it('scores a form: pass mark, note required, weights, points and a failing option', () => {
    const { onSave, save } = setup(undefined);
    fireEvent.click(screen.getByLabelText('Score this form'));
    fireEvent.change(screen.getByLabelText('Pass mark (%)'), { target: { value: '80' } });
    fireEvent.click(screen.getByLabelText('A failing answer requires a note'));
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: '2' } });
    // prefilled with the defaults
    const pass = screen.getByLabelText('Points for Pass (Exits clear?)') as HTMLInputElement;
    expect(pass.value).toBe('1');
    expect((screen.getByLabelText('Fail fails (Exits clear?)') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(pass, { target: { value: '5' } });
    fireEvent.click(screen.getByLabelText('Blocked fails (Exits clear?)'));
    expect((screen.getByLabelText('Points for Blocked (Exits clear?)') as HTMLInputElement).disabled).toBe(
      true,
    );
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith({
      passMark: 80,
      failingRequires: { note: true },
      sections: { 'section-1': { weight: 2 } },
      fields: { 'General.CQ_Form_Q1': { options: { Pass: { points: 5 }, Blocked: { failing: true } } } },
    });
  });

  it('blocks Save on a pass mark out of range with its message; unticked, the form has no score', () => {
    const { onSave, save } = setup({ passMark: 50 });
    fireEvent.change(screen.getByLabelText('Pass mark (%)'), { target: { value: '120' } });
    expect(screen.getByText('Enter a number from 0 to 100.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Score this form'));
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith(undefined);
  });
});
