import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
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

const QUEUES = [{ id: '00G000000000001AAA', name: 'Site Maintenance' }];
const USERS = [
  { id: '005000000000001AAA', name: 'Field User' },
  { id: '005000000000002AAA', name: 'Fiona Admin' },
];

function setup(value: ScoringConfig | undefined) {
  const onSave = vi.fn<(c: ScoringConfig | undefined) => void>();
  const searchUsers = vi.fn(async (name: string) => USERS.filter((u) => u.name.startsWith(name)));
  const searchQueues = vi.fn(async (name: string) => QUEUES.filter((q) => q.name.startsWith(name)));
  render(
    <ChakraProvider>
      <ScoringModal
        form={form}
        value={value}
        onSave={onSave}
        onClose={() => undefined}
        searchUsers={searchUsers}
        searchQueues={searchQueues}
      />
    </ChakraProvider>,
  );
  return {
    onSave,
    searchUsers,
    searchQueues,
    save: () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement,
  };
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

  it('a failed item proposes a corrective action: assignee rule, a chosen user, due days, priority', async () => {
    const { onSave, save, searchUsers } = setup({ passMark: 50 });
    fireEvent.click(screen.getByLabelText('A failed item proposes a corrective action'));
    expect((screen.getByLabelText('The inspector') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Due in (days after the submit)') as HTMLInputElement).value).toBe('7');
    expect((screen.getByLabelText('Priority') as HTMLSelectElement).value).toBe('Normal');
    fireEvent.click(screen.getByLabelText('A chosen user'));
    // a chosen user must be chosen
    expect(screen.getByText('Choose a user.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'Fi' } });
    const list = await screen.findByRole('listbox');
    expect(searchUsers).toHaveBeenLastCalledWith('Fi');
    fireEvent.mouseDown(within(list).getByRole('option', { name: 'Field User' }));
    expect((screen.getByLabelText('User') as HTMLInputElement).value).toBe('Field User');
    expect(save().disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Due in (days after the submit)'), { target: { value: '400' } });
    expect(screen.getByText('Enter a number from 0 to 365.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Due in (days after the submit)'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'High' } });
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith({
      passMark: 50,
      correctiveActions: {
        enabled: true,
        assignee: 'user',
        userId: '005000000000001AAA',
        userName: 'Field User',
        dueDays: 3,
        priority: 'High',
      },
    });
  });

  it('a queue as the default assignee: chosen by name among the queues, kept by its id and name', async () => {
    const { onSave, save, searchQueues } = setup({});
    fireEvent.click(screen.getByLabelText('A failed item proposes a corrective action'));
    fireEvent.click(screen.getByLabelText('A queue'));
    expect(screen.getByText('Choose a queue.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Queue'), { target: { value: 'Site' } });
    const list = await screen.findByRole('listbox');
    expect(searchQueues).toHaveBeenLastCalledWith('Site');
    fireEvent.mouseDown(within(list).getByRole('option', { name: 'Site Maintenance' }));
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith({
      correctiveActions: {
        enabled: true,
        assignee: 'queue',
        queueId: '00G000000000001AAA',
        queueName: 'Site Maintenance',
        dueDays: 7,
        priority: 'Normal',
      },
    });
  });

  it('reopened with corrective actions on, shows them; turned off, the settings go', () => {
    const { onSave, save } = setup({
      correctiveActions: { enabled: true, assignee: 'recordOwner', dueDays: 10, priority: 'Low' },
    });
    expect((screen.getByLabelText("The record's owner") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Due in (days after the submit)') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Priority') as HTMLSelectElement).value).toBe('Low');
    fireEvent.click(screen.getByLabelText('A failed item proposes a corrective action'));
    expect(screen.queryByLabelText('Priority')).toBeNull();
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith({});
  });
});
