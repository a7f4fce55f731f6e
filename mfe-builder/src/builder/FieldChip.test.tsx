// A table chip's Edit: API name (checked like a field's), Required and Read Only, saved to the form.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import { createField } from '../model/field-factory';
import { addField } from '../model/layout';
import { generalPalette } from '../model/palette';
import { emptyForm } from '../model/reader';
import { FieldChip } from './FieldChip';
import { BuilderStore } from './store';

afterEach(cleanup);

const item = (kind: string) => generalPalette().find((p) => p.general === kind)!;

function setup() {
  let form = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c', primaryLabel: 'Inspection' });
  for (const kind of ['text', 'table']) form = addField(form, 0, createField(form, item(kind)));
  const store = new BuilderStore(form, '');
  const table = Object.values(form.fields).find((f) => f.kind === 'table')!;
  render(
    <ChakraProvider>
      <FieldChip id={table.id} store={store} onEdit={() => undefined} />
    </ChakraProvider>,
  );
  return { store, id: table.id };
}

describe('table chip Edit', () => {
  it('edits the API name (valid, unique), Required and Read Only', async () => {
    const { store, id } = setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Table 1' }));
    const dialog = await screen.findByRole('dialog', { name: /edit table/i });
    const name = within(dialog).getByLabelText(/^API Name/) as HTMLInputElement;
    expect(name.value).toBe('G_Table_1');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    fireEvent.change(name, { target: { value: 'cq_form_text_field' } });
    expect(await within(dialog).findByText(M.duplicateApiName)).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'Parts list' } });
    expect(await within(dialog).findByText(M.apiNameInvalid)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Parts' } });
    await user.click(within(dialog).getByLabelText('Required'));
    await user.click(within(dialog).getByLabelText('Read Only'));
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getForm().fields[id]).toMatchObject({ key: 'Parts', required: true, readOnly: true });
    expect(store.getForm().fields[id]!.definition?.relationshipName).toBe('Parts__r');
    expect(screen.getByText(/Table · Parts · read-only/)).toBeTruthy();
  });
});
