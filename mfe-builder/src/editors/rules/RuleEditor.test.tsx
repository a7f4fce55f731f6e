import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormRule } from 'shared-contracts';
import { LayoutEventsEditor, RuleEditor } from './RuleEditor';
import { cleanEvents, cleanRule, RULE_TEXTS, type EditableEvents } from './rule-model';
import { activateLanguage } from 'ui-kit/i18n';
import { CATALOGS } from '../../i18n/catalogs';
import { RULE_EDITOR_TEXTS as R } from './texts';

afterEach(cleanup);

const FIELDS = [
  { path: 'General.CQ_Form_Status', label: 'Status' },
  { path: 'General.CQ_Form_Due', label: 'Due' },
];

function setupRules(initial: FormRule[] = []) {
  const out: { rules: FormRule[] } = { rules: initial };
  function Harness() {
    const [rules, setRules] = useState<FormRule[]>(initial);
    return (
      <RuleEditor
        value={rules}
        fields={FIELDS}
        onChange={(next) => {
          out.rules = next;
          setRules(next);
        }}
      />
    );
  }
  render(
    <ChakraProvider>
      <Harness />
    </ChakraProvider>,
  );
  return { out, user: userEvent.setup() };
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RuleEditor', () => {
  it('builds a visible rule with a condition in the renderer shape', async () => {
    const { out, user } = setupRules();
    await user.selectOptions(screen.getByLabelText('New rule type'), 'visible');
    await user.click(screen.getByRole('button', { name: 'Add Rule' }));
    expect(screen.getByText('Always applies')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Condition' }));
    expect(screen.getByText(RULE_TEXTS.fieldRequired)).toBeTruthy();
    fill('Condition 1 field', 'General.CQ_Form_Status');
    await user.selectOptions(screen.getByLabelText('Condition 1 operator'), '!=');
    fill('Condition 1 value', 'Closed');
    expect(out.rules.map(cleanRule)).toEqual([
      { type: 'visible', conditions: [{ field: 'General.CQ_Form_Status', operator: '!=', value: 'Closed' }] },
    ]);
    // the path input suggests the form's fields
    const list = document.getElementById(screen.getByLabelText('Condition 1 field').getAttribute('list')!)!;
    expect([...list.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual(
      FIELDS.map((f) => f.path),
    );
  });

  it('offers the eight operators; Exists and IsEmpty take no value; two conditions can match any', async () => {
    const { out, user } = setupRules([
      { type: 'required', conditions: [{ field: 'General.A', operator: '==', value: '1' }] },
    ]);
    expect(
      within(screen.getByLabelText('Condition 1 operator'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Exists', 'IsEmpty', '==', '!=', '>=', '>', '<=', '<']);
    await user.selectOptions(screen.getByLabelText('Condition 1 operator'), 'Exists');
    expect(screen.queryByLabelText('Condition 1 value')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Condition' }));
    fill('Condition 2 field', 'General.B');
    await user.selectOptions(screen.getByLabelText('Condition 2 operator'), '>=');
    fill('Condition 2 value', '5');
    await user.selectOptions(screen.getByLabelText('Rule 1 match'), 'any');
    expect(cleanRule(out.rules[0]!)).toEqual({
      type: 'required',
      match: 'any',
      conditions: [
        { field: 'General.A', operator: 'Exists' },
        { field: 'General.B', operator: '>=', value: '5' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(out.rules[0]!.conditions).toEqual([{ field: 'General.B', operator: '>=', value: '5' }]);
  });

  it('setValues: value, clear, addDays, setCurrentUser', async () => {
    const { out, user } = setupRules();
    await user.selectOptions(screen.getByLabelText('New rule type'), 'setValues');
    await user.click(screen.getByRole('button', { name: 'Add Rule' }));
    fill('Set 1 field', 'General.CQ_Form_Due');
    await user.selectOptions(screen.getByLabelText('Set 1 function'), 'addDays');
    fill('Set 1 days', '2');
    await user.click(screen.getByRole('button', { name: 'Add Value' }));
    fill('Set 2 field', 'General.Owner');
    await user.selectOptions(screen.getByLabelText('Set 2 function'), 'setCurrentUser');
    await user.click(screen.getByRole('button', { name: 'Add Value' }));
    fill('Set 3 field', 'General.Note');
    await user.selectOptions(screen.getByLabelText('Set 3 function'), 'clear');
    await user.click(screen.getByRole('button', { name: 'Add Value' }));
    fill('Set 4 field', 'General.Stamp');
    fill('Set 4 value', '$today');
    expect(cleanRule(out.rules[0]!)).toEqual({
      type: 'setValues',
      values: [
        { field: 'General.CQ_Form_Due', fn: 'addDays', days: 2 },
        { field: 'General.Owner', fn: 'setCurrentUser' },
        { field: 'General.Note', fn: 'clear' },
        { field: 'General.Stamp', value: '$today' },
      ],
    });
  });

  it('lookupFilter, dynamicSource, transfer, invoke (JSON params), formula hyperlink, image', async () => {
    const { out, user } = setupRules();
    const add = async (type: string) => {
      await user.selectOptions(screen.getByLabelText('New rule type'), type);
      await user.click(screen.getByRole('button', { name: 'Add Rule' }));
    };
    await add('lookupFilter');
    fill('Filter 1 lookup field', 'Type');
    await user.selectOptions(screen.getByLabelText('Filter 1 operator'), 'startswith');
    fill('Filter 1 value from field', 'General.CQ_Form_Status');
    await add('dynamicSource');
    fill('Options from field', 'General.Options');
    await add('transfer');
    fill('Copy 1 from', 'Context.Name');
    fill('Copy 1 to', 'General.Name');
    await add('invoke');
    fill('Action', 'CQ_Flow');
    fill('Parameters (JSON)', '{"id": ');
    expect(screen.getByText(RULE_TEXTS.paramsInvalid)).toBeTruthy();
    fill('Parameters (JSON)', '{"id": "{General.Id}"}');
    expect(screen.queryByText(RULE_TEXTS.paramsInvalid)).toBeNull();
    await add('formula hyperlink');
    fill('Link formula', 'https://x.org/{General.Id}');
    fill('Link text', 'Open');
    await add('image');
    fill('Image URL formula', 'https://img.org/{General.Pic}.png');
    expect(out.rules.map(cleanRule)).toEqual([
      {
        type: 'lookupFilter',
        filters: [{ field: 'Type', operator: 'startswith', valueFrom: 'General.CQ_Form_Status' }],
      },
      { type: 'dynamicSource', source: 'General.Options' },
      { type: 'transfer', transfer: [{ from: 'Context.Name', to: 'General.Name' }] },
      { type: 'invoke', action: 'CQ_Flow', params: { id: '{General.Id}' } },
      { type: 'formula hyperlink', formula: 'https://x.org/{General.Id}', label: 'Open' },
      { type: 'image', formula: 'https://img.org/{General.Pic}.png' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove Rule 1' }));
    expect(out.rules.map((r) => r.type)).toEqual([
      'dynamicSource',
      'transfer',
      'invoke',
      'formula hyperlink',
      'image',
    ]);
  });

  it('changing a rule type keeps its conditions', async () => {
    const { out, user } = setupRules([
      { type: 'hidden', conditions: [{ field: 'General.A', operator: 'IsEmpty' }] },
    ]);
    await user.selectOptions(screen.getByLabelText('Rule 1 type'), 'readonly');
    expect(out.rules).toEqual([
      { type: 'readonly', conditions: [{ field: 'General.A', operator: 'IsEmpty' }] },
    ]);
  });
});

describe('LayoutEventsEditor', () => {
  it('edits afterSave redirectTo, onInit invoke and onLoad rules (invoke, setValues, transfer only)', async () => {
    const out: { ev?: EditableEvents } = {};
    function Harness() {
      const [ev, setEv] = useState<EditableEvents>();
      return (
        <LayoutEventsEditor
          value={ev}
          fields={FIELDS}
          onChange={(next) => {
            out.ev = next;
            setEv(next);
          }}
        />
      );
    }
    render(
      <ChakraProvider>
        <Harness />
      </ChakraProvider>,
    );
    const user = userEvent.setup();
    fill('After save: redirect to', '/');
    await user.click(screen.getByRole('button', { name: 'Add On Init Action' }));
    expect(screen.getByText(RULE_TEXTS.actionRequired)).toBeTruthy();
    fill('On init 1 action', 'CQ_Init');
    const types = within(screen.getByLabelText('New rule type'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(types).toEqual(['invoke', 'setValues', 'transfer']);
    await user.selectOptions(screen.getByLabelText('New rule type'), 'setValues');
    await user.click(screen.getByRole('button', { name: 'Add Rule' }));
    fill('Set 1 field', 'General.CQ_Form_Due');
    fill('Set 1 value', '$today');
    expect(cleanEvents(out.ev)).toEqual({
      afterSave: { redirectTo: '/' },
      onInit: [{ type: 'invoke', action: 'CQ_Init' }],
      onLoad: [{ type: 'setValues', values: [{ field: 'General.CQ_Form_Due', value: '$today' }] }],
    });
  });
});

// Issue 44: what the editor shows is in the user's language; what it writes stays the rule language.
describe('RuleEditor in another language', () => {
  afterEach(() => activateLanguage('en', CATALOGS));

  const shown = (label: string) =>
    [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => [o.value, o.text]);

  it('shows rule types, operators and the user-field hint in Hebrew and writes the same values', async () => {
    await activateLanguage('he', CATALOGS);
    const { out, user } = setupRules();
    expect(shown(R.newRuleType)).toContainEqual(['lookupFilter', 'מסנן חיפוש']);
    expect(shown(R.newRuleType)).toContainEqual(['formula hyperlink', 'קישור מנוסחה']);
    await user.selectOptions(screen.getByLabelText(R.newRuleType), 'מסנן חיפוש');
    await user.click(screen.getByRole('button', { name: R.addRule }));
    expect(shown(R.filterOperator(1))).toContainEqual(['contains', 'מכיל']);
    await user.selectOptions(screen.getByLabelText(R.filterOperator(1)), 'מכיל');
    await user.click(screen.getByRole('button', { name: R.addCondition }));
    // words translate; symbols are the same in every language
    expect(shown(R.conditionOperator(1))).toEqual(
      expect.arrayContaining([
        ['IsEmpty', 'ריק'],
        ['Exists', 'קיים'],
        ['>=', '>='],
      ]),
    );
    await user.selectOptions(screen.getByLabelText(R.conditionOperator(1)), 'ריק');
    expect(out.rules.map(cleanRule)).toEqual([
      {
        type: 'lookupFilter',
        conditions: [{ field: '', operator: 'IsEmpty' }],
        filters: [{ field: '', operator: 'contains', value: '' }],
      },
    ]);

    await user.selectOptions(screen.getByLabelText(R.ruleType(1)), 'הגדרת ערכים');
    await user.selectOptions(screen.getByLabelText(R.setFunction(1)), R.fnSetCurrentUser);
    expect(screen.getByLabelText(R.setUserField(1)).getAttribute('placeholder')).toBe(
      'שדה של המשתמש, למשל Name',
    );
    expect(out.rules.map(cleanRule)[0]).toMatchObject({
      type: 'setValues',
      values: [{ fn: 'setCurrentUser' }],
    });
  });
});
