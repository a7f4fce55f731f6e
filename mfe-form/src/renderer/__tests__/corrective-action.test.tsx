/** A failed item's "Corrective action" panel (issue 43): shown only while failing, kept in data.CorrectiveActions. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormDefinition } from 'shared-contracts';
import { withScoring } from 'form-core/scoring-layout';
import { renderForm } from './helpers';

const colours = [
  { const: 'Pass', title: 'Pass', color: 'green-white' },
  { const: 'Fail', title: 'Fail', color: 'red-white' },
];
const def = (enabled: boolean): FormDefinition => ({
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: {
          Exits: { type: 'string', title: 'Exits clear?', oneOf: colours },
          Lights: { type: 'string', title: 'Lights work?', oneOf: colours },
        },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      { type: 'Control', scope: '#/properties/General/properties/Exits' },
      { type: 'Control', scope: '#/properties/General/properties/Lights' },
    ],
  },
  scoring: {
    correctiveActions: { enabled, assignee: 'recordOwner', dueDays: 3, priority: 'High' },
  },
});

const panel = (question: string) => screen.getByRole('region', { name: `Corrective action: ${question}` });
const now = () => new Date(2026, 10, 29, 10, 0);

describe('the corrective action panel', () => {
  it('is not there when the form proposes no actions', async () => {
    const shown = withScoring(def(false));
    const r = renderForm(shown.schema, shown.ui, {}, { services: { now } });
    fireEvent.click(screen.getAllByRole('radio', { name: 'Fail' })[0]!);
    await waitFor(() => expect(document.querySelector('[data-element="failed-mark"]')).not.toBeNull());
    expect(screen.queryByRole('region', { name: /Corrective action/ })).toBeNull();
    expect(r.data()).not.toHaveProperty('CorrectiveActions');
  });

  it('a failed item proposes an action: prefilled, edited, dismissed with a reason, reopened, dropped when passing', async () => {
    const users = [{ Id: '005000000000001AAA', Name: 'Field User' }];
    const searchRecords = vi.fn(async () => ({ records: users, note: 'Searched on this device' }));
    const shown = withScoring(def(true));
    const r = renderForm(shown.schema, shown.ui, {}, { services: { now, searchRecords } });
    expect(screen.queryByRole('region', { name: /Corrective action/ })).toBeNull();
    fireEvent.click(screen.getAllByRole('radio', { name: 'Fail' })[0]!);
    fireEvent.click(screen.getAllByRole('radio', { name: 'Fail' })[1]!);
    const exits = await waitFor(() => panel('Exits clear?'));
    expect(r.data()).toMatchObject({
      CorrectiveActions: {
        'General.Exits': { title: 'Exits clear?' },
        'General.Lights': { title: 'Lights work?' },
      },
    });
    const p = within(exits);
    // prefilled: the question, the form's defaults
    expect((p.getByLabelText('Title') as HTMLInputElement).value).toBe('Exits clear?');
    expect((p.getByLabelText('Due date') as HTMLInputElement).value).toBe('2026-12-02');
    expect((p.getByLabelText('Priority') as HTMLSelectElement).value).toBe('High');
    expect(p.getByText("Default: the record's owner")).toBeTruthy();
    fireEvent.change(p.getByLabelText('Title'), { target: { value: 'Clear the east exit' } });
    fireEvent.change(p.getByLabelText('Due date'), { target: { value: '2026-12-10' } });
    fireEvent.change(p.getByLabelText('Priority'), { target: { value: 'Low' } });
    fireEvent.change(p.getByLabelText('Note'), { target: { value: 'Pallets' } });
    fireEvent.change(p.getByLabelText('Assignee'), { target: { value: 'Fie' } });
    const option = await p.findByRole('option', { name: 'Field User' });
    expect(searchRecords).toHaveBeenCalledWith(
      expect.objectContaining({ object: 'User', titleField: 'Name', valueField: 'Id', search: 'Fie' }),
    );
    expect(p.getByRole('status').textContent).toBe('Searched on this device');
    fireEvent.mouseDown(option);
    fireEvent.blur(p.getByLabelText('Assignee'));
    expect((p.getByLabelText('Assignee') as HTMLInputElement).value).toBe('Field User');

    const lights = within(panel('Lights work?'));
    fireEvent.click(lights.getByRole('button', { name: 'Dismiss' }));
    const confirm = lights.getByRole('button', { name: 'Dismiss action' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(lights.getByLabelText('Reason for dismissing'), { target: { value: 'Fixed on site' } });
    fireEvent.click(confirm);
    expect(lights.getByText('Dismissed: Fixed on site')).toBeTruthy();
    expect(r.data()).toMatchObject({
      CorrectiveActions: {
        'General.Exits': {
          title: 'Clear the east exit',
          dueDate: '2026-12-10',
          priority: 'Low',
          note: 'Pallets',
          assigneeId: '005000000000001AAA',
          assigneeName: 'Field User',
        },
        'General.Lights': { title: 'Lights work?', dismissed: { reason: 'Fixed on site' } },
      },
    });
    fireEvent.click(lights.getByRole('button', { name: 'Reopen' }));
    expect(lights.getByLabelText('Title')).toBeTruthy();
    expect(
      (r.data() as { CorrectiveActions: Record<string, unknown> }).CorrectiveActions['General.Lights'],
    ).toEqual({
      title: 'Lights work?',
    });

    // the form's own Save check takes the actions as they are
    expect(r.ref.current!.submit().ok).toBe(true);

    // passing again: the panel and the action go
    fireEvent.click(screen.getAllByRole('radio', { name: 'Pass' })[1]!);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Corrective action: Lights work?' })).toBeNull(),
    );
    await waitFor(() =>
      expect(Object.keys((r.data() as { CorrectiveActions: object }).CorrectiveActions)).toEqual([
        'General.Exits',
      ]),
    );
    fireEvent.click(screen.getAllByRole('radio', { name: 'Pass' })[0]!);
    await waitFor(() => expect(r.data()).not.toHaveProperty('CorrectiveActions'));
    expect(r.ref.current!.submit().ok).toBe(true);
  });

  it('an emptied title is the question again', async () => {
    const shown = withScoring(def(true));
    renderForm(shown.schema, shown.ui, { General: { Exits: 'Fail' } }, { services: { now } });
    const p = within(await waitFor(() => panel('Exits clear?')));
    fireEvent.change(p.getByLabelText('Title'), { target: { value: ' ' } });
    fireEvent.blur(p.getByLabelText('Title'));
    expect((p.getByLabelText('Title') as HTMLInputElement).value).toBe('Exits clear?');
  });

  it('read-only (a submitted record viewed): shown as kept, nothing to change, nothing written', async () => {
    const shown = withScoring(def(true));
    const data = {
      General: { Exits: 'Fail', Lights: 'Fail' },
      CorrectiveActions: { 'General.Lights': { title: 'Lights', dismissed: { reason: 'Fixed on site' } } },
    };
    const r = renderForm(shown.schema, shown.ui, data, { services: { now }, readOnly: true });
    const lights = within(panel('Lights work?'));
    expect(lights.getByText('Dismissed: Fixed on site')).toBeTruthy();
    expect(lights.queryByRole('button')).toBeNull();
    // the keeper writes nothing in a read-only view (no action made for Exits)
    expect(screen.queryByRole('region', { name: 'Corrective action: Exits clear?' })).toBeNull();
    expect(r.data()).toEqual(data);
  });
});
