import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import { FieldEditModal } from './FieldEditModal';
import type { FieldDraft } from './field-draft';
import { NO_VALIDATION } from '../model/validation-presets';

afterEach(cleanup);

const draft = (patch: Partial<FieldDraft> = {}): FieldDraft => ({
  kind: 'text',
  label: 'Text Field',
  apiName: 'CQ_Form_Text_Field',
  defaultValue: '',
  validation: { ...NO_VALIDATION },
  options: [],
  required: false,
  readOnly: false,
  ...patch,
});

function setup(d: FieldDraft, taken: string[] = [], ruleFields?: Array<{ path: string; label: string }>) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <ChakraProvider>
      <FieldEditModal
        draft={d}
        takenNames={taken}
        onSave={onSave}
        onClose={onClose}
        ruleFields={ruleFields}
      />
    </ChakraProvider>,
  );
  return { onSave, onClose, user };
}

const save = () => screen.getByRole('button', { name: 'Save' });
const field = (name: RegExp | string) => screen.getByLabelText(name);
/** Sets an input's whole text at once (typing 49 characters one by one is slow under load). */
const fill = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('FieldEditModal', () => {
  it('derives the API name of a new field from its label, unique among taken names', async () => {
    const { user, onSave } = setup(draft({ label: '', apiName: '', isNew: true }), ['CQ_Form_Serial_No_']);
    await user.type(field(/^Label/), 'Serial No.');
    expect(field(/^API Name/)).toHaveProperty('value', 'CQ_Form_Serial_No_2');
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ label: 'Serial No.', apiName: 'CQ_Form_Serial_No_2' }),
    );
    expect(onSave.mock.calls[0]![0]).not.toHaveProperty('isNew');
  });

  it('shows label and API name limits and blocks Save', async () => {
    const { user, onSave } = setup(draft());
    fill(field(/^Label/), '');
    expect(await screen.findByText(M.labelRequired)).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    fill(field(/^Label/), 'x'.repeat(41));
    expect(await screen.findByText(M.labelTooLong)).toBeTruthy();
    fill(field(/^Label/), 'Fine');
    fill(field(/^API Name/), 'A'.repeat(49));
    expect(await screen.findByText(M.apiNameTooLong)).toBeTruthy();
    fill(field(/^API Name/), '9lives');
    expect(await screen.findByText(M.apiNameInvalid)).toBeTruthy();
    await user.click(save());
    expect(onSave).not.toHaveBeenCalled();
    // Formik's submit runs the same checks: a submit while invalid never reaches onSave.
    fireEvent.submit(screen.getByRole('dialog'));
    await waitFor(() => expect(screen.getByText(M.apiNameInvalid)).toBeTruthy());
    expect(onSave).not.toHaveBeenCalled();
  });

  it('duplicate API name: inline error, a toast, Save blocked (names compare case-insensitively)', async () => {
    const { user, onSave } = setup(draft(), ['CQ_Form_Other', 'CQ_Form_Parts__r']);
    fill(field(/^API Name/), 'cq_form_other');
    await waitFor(() => expect(screen.getAllByText(M.duplicateApiName).length).toBe(2));
    expect(save()).toHaveProperty('disabled', true);
    fill(field(/^API Name/), 'CQ_Form_Parts__r');
    expect(await within(screen.getByRole('dialog')).findByText(M.duplicateApiName)).toBeTruthy();
    fill(field(/^API Name/), 'CQ_Form_Mine');
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ apiName: 'CQ_Form_Mine' }));
  });

  it('default value: at most 48 characters', async () => {
    setup(draft());
    fill(field(/^Default Value/), 'd'.repeat(49));
    expect(await screen.findByText(M.defaultTooLong)).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
  });

  it('date default: Invalid Date Format. with the placeholder, until it matches MM/DD/YYYY hh:mm AM|PM', async () => {
    const { user, onSave } = setup(draft({ kind: 'date', label: 'Due', apiName: 'CQ_Form_Due' }));
    const input = field(/^Default Value/);
    expect(input.getAttribute('placeholder')).toBe('MM/DD/YYYY hh:mm AM|PM');
    await user.type(input, '2024-05-01');
    expect(screen.getByText('Invalid Date Format.')).toBeTruthy();
    expect(screen.getByText('MM/DD/YYYY hh:mm AM|PM')).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    await user.clear(input);
    await user.type(input, '05/01/2024 08:30 PM');
    expect(screen.queryByText('Invalid Date Format.')).toBeNull();
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ defaultValue: '05/01/2024 08:30 PM' }));
  });

  it('dropdown: values added ignoring empty and duplicates, deleted; default must be a title', async () => {
    const { user, onSave } = setup(
      draft({
        kind: 'dropdown',
        label: 'Status',
        apiName: 'CQ_Form_Status',
        options: [{ const: 'Open', title: 'Open' }],
      }),
    );
    const add = screen.getByRole('button', { name: 'Add' });
    await user.click(add);
    await user.type(screen.getByPlaceholderText('New value'), '   ');
    await user.click(add);
    await user.type(screen.getByPlaceholderText('New value'), 'open');
    await user.click(add);
    await user.type(screen.getByPlaceholderText('New value'), 'Closed{Enter}');
    const list = screen.getByRole('list', { name: 'Picklist values' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Open', 'Closed']);
    await user.type(field(/^Default Value/), 'Pending');
    expect(await screen.findByText(M.dropdownDefaultPlaceholder)).toBeTruthy();
    fill(field(/^Default Value/), 'Closed');
    await waitFor(() => expect(screen.queryByText(M.dropdownDefaultPlaceholder)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete value Closed' }));
    expect(await screen.findByText(M.dropdownDefaultPlaceholder)).toBeTruthy();
    fill(field(/^Default Value/), '');
    await user.click(screen.getByRole('button', { name: 'Delete value Open' }));
    expect(await screen.findByText(M.picklistEmpty)).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    await user.type(screen.getByPlaceholderText('New value'), 'Done{Enter}');
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ options: [{ const: 'Done', title: 'Done' }] }),
    );
  });

  it.each([
    ['Email Address', '^[A-Za-z0-9._%+-]+@', 'Field Validation : Email Address Only'],
    ['Phone Number', '^\\+?[1-9][0-9]{0,14}$', 'Field Validation : Phone Number Only'],
    ['Numeric', '^[0-9]+(\\.[0-9]+)?$', 'Field Validation : Numeric Only'],
    ['Alphanumeric', '^[A-Za-z0-9]+$', 'Field Validation : Alphanumeric Only'],
    ['Alphabetic', '^[A-Za-z]+$', 'Field Validation : Alphabetic Only'],
    ['ZIP Code', '^[0-9]{5}(-[0-9]{4})?$', 'Field Validation : ZIP Code Only'],
    ['URL', '^((https?|ftp):', 'Field Validation : URL Only'],
  ])(
    'preset %s fills the rule code and message (read-only) and saves them',
    async (label, pattern, message) => {
      const { user, onSave } = setup(draft());
      await user.selectOptions(field('Validation Rule'), label);
      const code = field('Rule Code') as HTMLInputElement;
      expect(code.value.startsWith(pattern)).toBe(true);
      expect(code.readOnly).toBe(true);
      expect((field('Error Message') as HTMLInputElement).value).toBe(message);
      await user.click(save());
      expect(onSave.mock.calls[0]![0].validation).toMatchObject({
        regexRuleName: `${label} Only`,
        errorMessage: message,
      });
    },
  );

  it('Custom needs a valid rule code and a message; None clears them', async () => {
    const { user, onSave } = setup(draft());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select an option',
      'Email Address',
      'Phone Number',
      'Numeric',
      'Alphanumeric',
      'Alphabetic',
      'ZIP Code',
      'URL',
      'Custom',
      'None',
    ]);
    await user.selectOptions(field('Validation Rule'), 'Custom');
    expect(await screen.findByText(M.customPatternRequired)).toBeTruthy();
    expect(screen.getByText(M.customMessageRequired)).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    fill(field('Rule Code'), '[a-');
    expect(await screen.findByText(M.customPatternInvalid)).toBeTruthy();
    fill(field('Rule Code'), '^AB\\d+$');
    await user.type(field('Error Message'), 'AB and digits');
    await waitFor(() => expect(save()).toHaveProperty('disabled', false));
    await user.selectOptions(field('Validation Rule'), 'None');
    expect(screen.queryByLabelText('Rule Code')).toBeNull();
    await user.click(save());
    expect(onSave.mock.calls[0]![0].validation).toEqual({
      regexRuleName: 'none',
      pattern: '',
      errorMessage: '',
    });
  });

  it('required and read-only toggles; Cancel closes without saving', async () => {
    const { user, onSave, onClose } = setup(draft());
    await user.click(field('Required'));
    await user.click(field('Read Only'));
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ required: true, readOnly: true }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('object fields keep their API name and are not checked against taken names', async () => {
    const { user, onSave } = setup(
      draft({ kind: 'object', label: 'Name', apiName: 'Name', dataType: 'string' }),
      ['Name'],
    );
    expect((field(/^API Name/) as HTMLInputElement).readOnly).toBe(true);
    await user.click(save());
    expect(onSave).toHaveBeenCalled();
  });

  it('with ruleFields, edits the field rules, blocks Save while a rule is incomplete, saves them cleaned', async () => {
    const { user, onSave } = setup(
      draft({ rules: [{ type: 'hidden', conditions: [] }] }),
      [],
      [{ path: 'General.CQ_Form_Status', label: 'Status' }],
    );
    await user.selectOptions(field('New rule type'), 'invoke');
    await user.click(screen.getByRole('button', { name: 'Add Rule' }));
    expect(save()).toHaveProperty('disabled', true);
    fill(field('Action'), 'CQ_Flow');
    fill(field('Parameters (JSON)'), '{"id": ');
    expect(screen.getByText('Parameters must be a JSON object')).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    fill(field('Parameters (JSON)'), '');
    await user.click(save());
    expect(onSave.mock.calls[0]![0].rules).toEqual([
      { type: 'hidden' },
      { type: 'invoke', action: 'CQ_Flow' },
    ]);
  });

  it('without ruleFields there is no rule editor and rules pass through', async () => {
    const rules = [
      { type: 'visible' as const, conditions: [{ field: 'General.A', operator: 'Exists' as const }] },
    ];
    const { user, onSave } = setup(draft({ rules }));
    expect(screen.queryByRole('button', { name: 'Add Rule' })).toBeNull();
    await user.click(save());
    // Formik works on a copy of the draft: equal rules, untouched.
    expect(onSave.mock.calls[0]![0].rules).toEqual(rules);
  });
});

describe('FieldEditModal: a lookup that depends on another (dependsOn)', () => {
  const lookupDraft = draft({
    kind: 'object',
    label: 'Contact',
    apiName: 'cqext__Contact__c',
    lookupTo: 'Contact',
    dependsOn: '',
    dependsOnField: '',
  });
  const render2 = (
    fieldsOf: () => Promise<Array<{ name: string; label: string; type: string; referenceTo?: string[] }>>,
  ) => {
    const onSave = vi.fn();
    render(
      <ChakraProvider>
        <FieldEditModal
          draft={lookupDraft}
          takenNames={[]}
          onSave={onSave}
          onClose={vi.fn()}
          lookups={{
            choices: [{ path: 'Obj.cqext__Account__c', label: 'Account (Section 1)', lookupTo: 'Account' }],
            fieldsOf,
          }}
        />
      </ChakraProvider>,
    );
    return { onSave, user: userEvent.setup() };
  };

  it('chooses the only field of the object that refers to the chosen lookup, and saves both', async () => {
    const fieldsOf = vi.fn().mockResolvedValue([
      { name: 'AccountId', label: 'Account ID', type: 'reference', referenceTo: ['Account'] },
      { name: 'ReportsToId', label: 'Reports To', type: 'reference', referenceTo: ['Contact'] },
    ]);
    const { onSave, user } = render2(fieldsOf);
    await user.selectOptions(field('Depends on'), 'Obj.cqext__Account__c');
    await waitFor(() =>
      expect(field(/^Field of Contact that holds it/)).toHaveProperty('value', 'AccountId'),
    );
    expect(fieldsOf).toHaveBeenCalledWith('Contact');
    await waitFor(() => expect(save()).toHaveProperty('disabled', false));
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ dependsOn: 'Obj.cqext__Account__c', dependsOnField: 'AccountId' }),
    );
  });

  it('says when no field of the object refers to it, and blocks Save', async () => {
    const { onSave, user } = render2(async () => [
      { name: 'ReportsToId', label: 'Reports To', type: 'reference', referenceTo: ['Contact'] },
    ]);
    await user.selectOptions(field('Depends on'), 'Obj.cqext__Account__c');
    expect(await screen.findByText('No field of Contact refers to Account.')).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    expect(onSave).not.toHaveBeenCalled();
  });
});
