import { describe, expect, it } from 'vitest';
import type { ControlElement } from 'shared-contracts';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import {
  addPicklistValue,
  isReadOnlyControl,
  removePicklistValue,
  toggleInList,
  validateDraft,
  withReadOnly,
  type FieldDraft,
} from './field-draft';
import { takenNames } from '../model/api-name';
import { NO_VALIDATION, validationFor } from '../model/validation-presets';

const draft = (patch: Partial<FieldDraft>): FieldDraft => ({
  kind: 'text',
  label: 'L',
  apiName: 'CQ_Form_L',
  defaultValue: '',
  validation: { ...NO_VALIDATION },
  options: [],
  required: false,
  readOnly: false,
  ...patch,
});

describe('field draft', () => {
  it('picklist add ignores empty and duplicate (any case) values; delete by index', () => {
    const one = addPicklistValue([], ' Open ');
    expect(one).toEqual([{ const: 'Open', title: 'Open' }]);
    expect(addPicklistValue(one, '')).toBe(one);
    expect(addPicklistValue(one, 'OPEN')).toBe(one);
    const two = addPicklistValue(one, 'Closed');
    expect(removePicklistValue(two, 0)).toEqual([{ const: 'Closed', title: 'Closed' }]);
  });
  it('collects every error of a draft', () => {
    expect(
      validateDraft(draft({ label: '', apiName: 'CQ_Form_X' }), takenNames(['cq_form_x'])),
    ).toMatchObject({
      label: M.labelRequired,
      apiName: M.duplicateApiName,
    });
    expect(validateDraft(draft({ kind: 'date', defaultValue: 'soon' }), takenNames([])).defaultValue).toBe(
      'Invalid Date Format.',
    );
    expect(validateDraft(draft({ kind: 'dropdown' }), takenNames([])).options).toBe(M.picklistEmpty);
    expect(
      validateDraft(draft({ validation: validationFor('Custom', { pattern: '(' }) }), takenNames([])),
    ).toMatchObject({ pattern: M.customPatternInvalid, errorMessage: M.customMessageRequired });
    // a date object field checks date defaults; its API name is the object's and is not checked
    const objectErrors = validateDraft(
      draft({ kind: 'object', dataType: 'date-time', apiName: 'Due__c', defaultValue: 'x' }),
      takenNames(['due__c']),
    );
    expect(objectErrors.apiName).toBeUndefined();
    expect(objectErrors.defaultValue).toBe('Invalid Date Format.');
  });
  it('required adds or removes the name in the required list', () => {
    expect(toggleInList(['A'], 'B', true)).toEqual(['A', 'B']);
    expect(toggleInList(['A', 'B'], 'B', true)).toEqual(['A', 'B']);
    expect(toggleInList(['A', 'B'], 'A', false)).toEqual(['B']);
    expect(toggleInList(undefined, 'A', false)).toEqual([]);
  });
  it('read-only adds an unconditional readonly (disable) rule and removes only that one', () => {
    const conditional = {
      type: 'readonly' as const,
      conditions: [{ field: 'S', operator: 'Exists' as const }],
    };
    const c: ControlElement = {
      type: 'Control',
      scope: '#/properties/General/properties/A',
      rules: [conditional],
    };
    const on = withReadOnly(c, true);
    expect(on.rules).toEqual([conditional, { type: 'readonly' }]);
    expect(isReadOnlyControl(on)).toBe(true);
    expect(withReadOnly(on, true).rules).toHaveLength(2);
    const off = withReadOnly(on, false);
    expect(off.rules).toEqual([conditional]);
    expect(isReadOnlyControl(off)).toBe(false);
    expect(withReadOnly({ type: 'Control', scope: '#' }, false)).not.toHaveProperty('rules');
  });
});
