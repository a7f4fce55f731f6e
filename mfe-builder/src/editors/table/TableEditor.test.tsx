import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import { TableEditor } from './TableEditor';
import { createTable, updateColumn, type TableModel } from '../../model/table';
import { validationFor } from '../../model/validation-presets';

// jsdom has no PointerEvent: fireEvent.pointer* would drop clientX. A MouseEvent with pointerId does.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(initial: TableModel = createTable('G_Table_1', 'Parts')) {
  const changes: TableModel[] = [];
  const onDelete = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <TableEditor
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        onDelete={onDelete}
      />
    );
  }
  render(
    <ChakraProvider>
      <Harness />
    </ChakraProvider>,
  );
  const last = () => changes[changes.length - 1]!;
  return { changes, last, onDelete, user: userEvent.setup() };
}

const button = (name: string) => screen.getByRole('button', { name });
const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const rowCount = () => screen.getAllByRole('row').length - 1;

describe('TableEditor', () => {
  it('shows the default 3 x 3 table: Column 1..3, width 250', () => {
    setup();
    expect(headers()).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(rowCount()).toBe(3);
    expect(screen.getAllByRole('separator').map((s) => s.getAttribute('aria-valuenow'))).toEqual([
      '250',
      '250',
      '250',
    ]);
    expect(screen.getByTestId('table-header-title').textContent).toBe('Parts');
  });

  it('adds and removes rows, keeping at least 2', async () => {
    const { user, last } = setup();
    await user.click(button('Add Row'));
    expect(rowCount()).toBe(4);
    await user.click(button('Remove Row'));
    await user.click(button('Remove Row'));
    expect(rowCount()).toBe(2);
    expect(last().rows).toHaveLength(2);
    expect(button('Remove Row')).toHaveProperty('disabled', true);
    expect(button('Remove Row').getAttribute('title')).toBe(M.minRows);
  });

  it('adds columns, removes the selected one (renumbering default names) or the last, keeping at least 3', async () => {
    const { user, last } = setup();
    expect(button('Remove Column')).toHaveProperty('disabled', true);
    await user.click(button('Add Column'));
    await user.click(button('Add Column'));
    expect(headers()).toEqual(['Column 1', 'Column 2', 'Column 3', 'Column 4', 'Column 5']);
    await user.click(screen.getByRole('checkbox', { name: 'Select column Column 2' }));
    await user.click(button('Remove Column'));
    expect(headers()).toEqual(['Column 1', 'Column 2', 'Column 3', 'Column 4']);
    expect(last().columns.map((c) => c.name)).toEqual(['C1', 'C2', 'C3', 'C4']);
    await user.click(button('Remove Column'));
    expect(headers()).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(button('Remove Column')).toHaveProperty('disabled', true);
    expect(button('Remove Column').getAttribute('title')).toBe(M.minColumns);
  });

  it('removing several selected columns is refused when fewer than 3 would be left', async () => {
    const { user } = setup();
    await user.click(button('Add Column'));
    await user.click(screen.getByRole('checkbox', { name: 'Select column Column 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select column Column 3' }));
    expect(button('Remove Column')).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Select column Column 1' }));
    await user.click(button('Remove Column'));
    expect(headers()).toEqual(['Column 1', 'Column 2', 'Column 3']);
  });

  it('double-click on a column header edits its name and rule; an empty name is refused', async () => {
    const { user, last, changes } = setup();
    await user.dblClick(screen.getByText('Column 2'));
    const dialog = await screen.findByRole('dialog', { name: /edit column/i });
    const name = within(dialog).getByLabelText(/^Column Name/);
    fireEvent.change(name, { target: { value: '  ' } });
    expect(await within(dialog).findByText('Column value cannot be empty')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    // A submit while invalid (Enter in the field) is stopped by Formik's validation too.
    fireEvent.submit(dialog);
    await waitFor(() => expect(within(dialog).getByText('Column value cannot be empty')).toBeTruthy());
    expect(changes).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'Quantity' } });
    await user.selectOptions(within(dialog).getByLabelText('Validation Rule'), 'Numeric');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(headers()).toEqual(['Column 1', 'Quantity', 'Column 3']);
    expect(last().columns[1]).toMatchObject({
      title: 'Quantity',
      regexRuleName: 'Numeric Only',
      errorMessage: 'Field Validation : Numeric Only',
    });
  });

  it('Update Header changes the table title; an empty one is refused', async () => {
    const { user, last } = setup();
    await user.click(button('Update Header'));
    const dialog = await screen.findByRole('dialog', { name: /update header/i });
    fireEvent.change(within(dialog).getByLabelText(/^Header/), { target: { value: ' ' } });
    expect(await within(dialog).findByText(M.labelRequired)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText(/^Header/), { target: { value: 'Spare parts' } });
    await waitFor(() => expect(within(dialog).queryByText(M.labelRequired)).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('table-header-title').textContent).toBe('Spare parts');
    expect(last().title).toBe('Spare parts');
  });

  it('resizes columns by keyboard and by pointer drag, never below 50', () => {
    const { last, changes } = setup();
    const handle = screen.getByRole('separator', { name: 'Resize column Column 1' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(last().columns[0]!.width).toBe(260);
    fireEvent.pointerDown(handle, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 40, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('200');
    const before = changes.length;
    fireEvent.pointerMove(handle, { clientX: -400, pointerId: 1 });
    expect(changes.length).toBe(before); // live width only, no model change per move
    fireEvent.pointerUp(handle, { clientX: -400, pointerId: 1 });
    expect(last().columns[0]!.width).toBe(50);
  });

  it('cells: pattern check while typing, red border and warning; the message shows for 3000 ms', async () => {
    const t = updateColumn(createTable('G_Table_1'), 'C2', validationFor('Numeric'));
    const { user, last } = setup(t);
    const cell = screen.getByLabelText('Column 2 row 1');
    await user.type(cell, '12a');
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Show error of Column 2 row 1' }));
    expect(screen.getByRole('alert').textContent).toBe('Field Validation : Numeric Only');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
    vi.useRealTimers();
    fireEvent.change(cell, { target: { value: '12.5' } });
    expect(cell.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(cell);
    expect(last().rows[0]).toEqual({ C2: 12.5 });
  });

  it('commits a cell once on blur, not per keystroke', async () => {
    const { user, changes, last } = setup();
    await user.type(screen.getByLabelText('Column 1 row 2'), 'abc');
    expect(changes).toHaveLength(0);
    await user.tab();
    expect(changes).toHaveLength(1);
    expect(last().rows[1]).toEqual({ C1: 'abc' });
  });

  it('the delete icon calls onDelete', async () => {
    const { user, onDelete } = setup();
    await user.click(button('Delete table'));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('Update Header edits the relationship name when asked: ends in __r, not the table name, unique', async () => {
    const onRel = vi.fn();
    render(
      <ChakraProvider>
        <TableEditor
          value={createTable('G_Table_2', 'Parts')}
          onChange={() => undefined}
          onDelete={() => undefined}
          relationshipName="G_Table_2__r"
          takenNames={['CQ_Form_Name', 'G_Table_1__r']}
          onRelationshipNameChange={onRel}
        />
      </ChakraProvider>,
    );
    const user = userEvent.setup();
    await user.click(button('Update Header'));
    const dialog = await screen.findByRole('dialog', { name: /update header/i });
    const rel = within(dialog).getByLabelText(/^Relationship Name/);
    expect((rel as HTMLInputElement).value).toBe('G_Table_2__r');
    const saveButton = within(dialog).getByRole('button', { name: 'Save' });
    fireEvent.change(rel, { target: { value: 'G_Table_2' } });
    expect(await within(dialog).findByText(M.sameApiAndRelationshipName)).toBeTruthy();
    expect(saveButton).toHaveProperty('disabled', true);
    fireEvent.change(rel, { target: { value: 'Parts' } });
    expect(await within(dialog).findByText(M.relationshipNameSuffix)).toBeTruthy();
    fireEvent.change(rel, { target: { value: 'g_table_1__r' } });
    expect(await within(dialog).findByText(M.relationshipNameConflict)).toBeTruthy();
    fireEvent.submit(dialog);
    await waitFor(() => expect(within(dialog).getByText(M.relationshipNameConflict)).toBeTruthy());
    expect(onRel).not.toHaveBeenCalled();
    fireEvent.change(rel, { target: { value: 'Parts__r' } });
    await waitFor(() => expect(saveButton).toHaveProperty('disabled', false));
    await user.click(saveButton);
    expect(onRel).toHaveBeenCalledWith('Parts__r');
  });

  it('Update Header without onRelationshipNameChange shows no relationship name', async () => {
    const { user } = setup();
    await user.click(button('Update Header'));
    const dialog = await screen.findByRole('dialog', { name: /update header/i });
    expect(within(dialog).queryByLabelText(/^Relationship Name/)).toBeNull();
  });
});
