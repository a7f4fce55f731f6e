import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from 'shared-contracts';
import type { FormJsonSchema, UISchemaElement } from 'shared-contracts';
import { renderForm } from './helpers';

const few = {
  oneOf: [
    { const: 'Y', title: 'Yes', color: 'green-white' },
    { const: 'N', title: 'No' },
  ],
};
const many = {
  oneOf: ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'].map((t) => ({
    const: t.toLowerCase(),
    title: t,
  })),
};
const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    Few: { type: 'string', title: 'Few', ...few },
    Many: { type: 'string', title: 'Many', ...many },
    Country: { type: 'string', title: 'Country', oneOf: [{ const: 'US' }, { const: 'CA' }] },
    State: {
      type: 'string',
      title: 'State',
      dependent: 'Country',
      oneOf: [
        { const: 'NY', title: 'New York', validFor: 'gA==' },
        { const: 'ON', title: 'Ontario', validFor: 'QA==' },
      ],
    },
    Pick: { type: 'string', title: 'Pick', enum: ['a', 'b'] },
  },
};
const ui: UISchemaElement = {
  type: 'VerticalLayout',
  elements: [
    { type: 'select', scope: '#/properties/Few' },
    { type: 'select', scope: '#/properties/Many' },
    { type: 'select', scope: '#/properties/Country' },
    { type: 'dependent', scope: '#/properties/State' },
    { type: 'radio', scope: '#/properties/Pick' },
  ],
};

describe('select, combobox, dependent select, radio', () => {
  it('renders buttons for 4 or fewer options with colours, toggling the value', () => {
    const f = renderForm(schema, ui, {});
    const yes = screen.getByRole('radio', { name: 'Yes' });
    fireEvent.click(yes);
    expect(f.data()).toMatchObject({ Few: 'Y' });
    expect(yes.getAttribute('aria-checked')).toBe('true');
  });

  it('renders a combobox for more than 4 options showing 5 items; Invalid value for unmatched text', () => {
    const f = renderForm(schema, ui, {});
    const combo = screen.getAllByRole('combobox')[0] as HTMLInputElement;
    fireEvent.focus(combo);
    const list = screen.getByRole('listbox');
    expect(list.style.maxHeight || getComputedStyle(list).maxHeight).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(6);
    fireEvent.change(combo, { target: { value: 'Zulu' } });
    fireEvent.blur(combo);
    expect(screen.getByText(MESSAGES.invalidValue)).toBeTruthy();
    expect(f.last()?.errors).toContainEqual({ path: 'Many', message: MESSAGES.invalidValue });
    let res: { messages: string[] } | undefined;
    act(() => {
      res = f.ref.current?.submit();
    });
    expect(res?.messages).toContain('Many Invalid value');
    fireEvent.focus(combo);
    fireEvent.change(combo, { target: { value: 'ech' } });
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Echo' }));
    expect(f.data()).toMatchObject({ Many: 'echo' });
    expect(screen.queryByText(MESSAGES.invalidValue)).toBeNull();
    expect(f.last()?.errors.some((e) => e.message === MESSAGES.invalidValue)).toBe(false);
  });

  it('narrows a dependent select by validFor of the controlling value', () => {
    renderForm(schema, ui, {});
    expect(screen.queryByRole('radio', { name: 'New York' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'US' }));
    expect(screen.getByRole('radio', { name: 'New York' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Ontario' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'CA' }));
    expect(screen.getByRole('radio', { name: 'Ontario' })).toBeTruthy();
  });

  it('radio control edits and is disabled when read-only', () => {
    const f = renderForm(schema, ui, {});
    fireEvent.click(screen.getByLabelText('b'));
    expect(f.data()).toMatchObject({ Pick: 'b' });
  });

  it('read-only selects cannot change', () => {
    renderForm(schema, ui, {}, { readOnly: true });
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('a') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('lookup', () => {
  const lookupSchema: FormJsonSchema = {
    type: 'object',
    properties: {
      Type: { type: 'string' },
      Account: {
        type: 'string',
        title: 'Account',
        lookupTo: { object: 'Account' },
        pattern: '^[A-Za-z ]*$',
        errorMessage: 'Letters only',
      },
    },
  };
  const lookupUi: UISchemaElement = {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'lookup',
        scope: '#/properties/Account',
        rules: [{ type: 'lookupFilter', filters: [{ field: 'Type', operator: 'eq', valueFrom: 'Type' }] }],
      },
    ],
  };
  it('searches records through the host service with the 50 limit and filters, and stores the _Id', async () => {
    const searchRecords = vi.fn().mockResolvedValue([
      { Id: '001A', Name: 'Acme' },
      { Id: '001B', Name: 'Acme Two' },
    ]);
    const f = renderForm(lookupSchema, lookupUi, { Type: 'Customer' }, { services: { searchRecords } });
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'Ac' } });
    await waitFor(() => expect(searchRecords).toHaveBeenCalled());
    expect(searchRecords.mock.calls[0]?.[0]).toEqual({
      object: 'Account',
      search: 'Ac',
      titleField: 'Name',
      valueField: 'Id',
      filters: [{ field: 'Type', operator: 'eq', value: 'Customer' }],
      limit: 50,
    });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Acme Two' }));
    expect(f.data()).toMatchObject({ Account: 'Acme Two', Account_Id: '001B' });
  });
  it("shows the host's line about where it searched (offline, the device's copy) with the records, or alone", async () => {
    const searchRecords = vi
      .fn()
      .mockResolvedValueOnce({
        records: [{ Id: '001A', Name: 'Acme' }],
        note: 'Offline: searching the 1 record kept on this device.',
      })
      .mockResolvedValueOnce({
        records: [],
        note: 'Offline: no match among the 1 record kept on this device.',
      });
    const f = renderForm(lookupSchema, lookupUi, {}, { services: { searchRecords } });
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'Ac' } });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Offline: searching the 1 record kept on this device.',
    );
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Acme' }));
    expect(f.data()).toMatchObject({ Account: 'Acme', Account_Id: '001A' });
    fireEvent.change(input, { target: { value: 'Zz' } });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Offline: no match among the 1 record kept on this device.',
      ),
    );
    expect(screen.queryByRole('option')).toBeNull();
  });
  it('tests the pattern on the lookup input', () => {
    renderForm(lookupSchema, lookupUi, {});
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'A1' } });
    expect(screen.getByTestId('pattern-warning')).toBeTruthy();
  });
});

describe('lookup that depends on another lookup (options.dependsOn)', () => {
  const schema: FormJsonSchema = {
    type: 'object',
    properties: {
      Inspection: {
        type: 'object',
        properties: {
          Account__c: { type: 'string', title: 'Account', lookupTo: { object: 'Account' } },
          Contact__c: { type: 'string', title: 'Contact', lookupTo: { object: 'Contact' } },
        },
      },
    },
  };
  const ui = (dependsOn: string): UISchemaElement => ({
    type: 'VerticalLayout',
    elements: [
      { type: 'lookup', scope: '#/properties/Inspection/properties/Account__c', label: 'Account' },
      {
        type: 'lookup',
        scope: '#/properties/Inspection/properties/Contact__c',
        label: 'Contact',
        options: { lookupTo: 'Contact', dependsOn, dependsOnField: 'AccountId' },
      },
    ],
  });

  it.each(['Inspection.Account__c', 'Account__c'])(
    'searches only the records of the chosen one (dependsOn %s), and clears its choice when that changes',
    async (dependsOn) => {
      const searchRecords = vi.fn().mockResolvedValue([{ Id: '003A', Name: 'Ann' }]);
      const f = renderForm(
        schema,
        ui(dependsOn),
        { Inspection: { Account__c: 'Acme', Account__c_Id: '001A' } },
        { services: { searchRecords } },
      );
      const contact = screen.getAllByRole('combobox')[1] as HTMLInputElement;
      fireEvent.change(contact, { target: { value: 'An' } });
      await waitFor(() => expect(searchRecords).toHaveBeenCalled());
      expect(searchRecords.mock.calls[0]?.[0]).toMatchObject({
        object: 'Contact',
        filters: [{ field: 'AccountId', operator: 'eq', value: '001A' }],
      });
      fireEvent.mouseDown(await screen.findByRole('option', { name: 'Ann' }));
      expect(f.data()).toMatchObject({ Inspection: { Contact__c: 'Ann', Contact__c_Id: '003A' } });

      // Another account: the contact chosen for the first one goes.
      searchRecords.mockResolvedValue([{ Id: '001B', Name: 'Beta' }]);
      fireEvent.change(screen.getAllByRole('combobox')[0] as HTMLInputElement, { target: { value: 'Be' } });
      fireEvent.mouseDown(await screen.findByRole('option', { name: 'Beta' }));
      await waitFor(() =>
        expect(f.data()).toMatchObject({ Inspection: { Account__c: 'Beta', Account__c_Id: '001B' } }),
      );
      const inspection = (f.data() as { Inspection: Record<string, unknown> }).Inspection;
      expect(inspection.Contact__c).toBeUndefined();
      expect(inspection.Contact__c_Id).toBeUndefined();
    },
  );

  it('keeps its choice when the data sets both at once (an onLoad event), not a change of the other', async () => {
    const layout = ui('Inspection.Account__c') as UISchemaElement & { events?: unknown };
    const values = [
      ['Inspection.Account__c', 'Acme'],
      ['Inspection.Account__c_Id', '001A'],
      ['Inspection.Contact__c', 'Ann'],
      ['Inspection.Contact__c_Id', '003A'],
    ].map(([field, value]) => ({ field, value }));
    layout.events = { onLoad: [{ type: 'setValues', values }] };
    const f = renderForm(schema, layout, {}, { services: { searchRecords: vi.fn().mockResolvedValue([]) } });
    await waitFor(() =>
      expect(f.data()).toMatchObject({ Inspection: { Account__c_Id: '001A', Contact__c_Id: '003A' } }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(f.data()).toMatchObject({ Inspection: { Contact__c: 'Ann', Contact__c_Id: '003A' } });
  });

  it('does not narrow the search while nothing is chosen in the lookup it depends on', async () => {
    const searchRecords = vi.fn().mockResolvedValue([]);
    renderForm(schema, ui('Inspection.Account__c'), {}, { services: { searchRecords } });
    fireEvent.change(screen.getAllByRole('combobox')[1] as HTMLInputElement, { target: { value: 'An' } });
    await waitFor(() => expect(searchRecords).toHaveBeenCalled());
    expect(searchRecords.mock.calls[0]?.[0]).toMatchObject({ object: 'Contact', filters: [] });
  });
});
