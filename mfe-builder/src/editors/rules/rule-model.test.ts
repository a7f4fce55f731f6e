import { describe, expect, it } from 'vitest';
import type { FormRule } from 'shared-contracts';
import {
  changeRuleType,
  cleanEvents,
  cleanRule,
  newRule,
  parseParams,
  RULE_TEXTS,
  RULE_TYPES,
  rulesValid,
  validateEvents,
  validateRule,
} from './rule-model';

describe('rule model', () => {
  it('offers every rule type the renderer runs', () => {
    expect(RULE_TYPES).toEqual([
      'hidden',
      'readonly',
      'visible',
      'required',
      'lookupFilter',
      'dynamicSource',
      'transfer',
      'setValues',
      'invoke',
      'formula hyperlink',
      'image',
    ]);
    for (const t of RULE_TYPES) expect(newRule(t).type).toBe(t);
  });

  it('writes the renderer README shape: conditions, values, filters, no unused keys', () => {
    const visible: FormRule = {
      type: 'visible',
      match: 'all',
      conditions: [{ field: ' General.Status ', operator: '==', value: 'Closed' }],
    };
    expect(cleanRule(visible)).toEqual({
      type: 'visible',
      conditions: [{ field: 'General.Status', operator: '==', value: 'Closed' }],
    });
    expect(
      cleanRule({
        type: 'setValues',
        match: 'any',
        conditions: [
          { field: 'General.Status', operator: '==', value: 'Closed' },
          { field: 'General.Note', operator: 'IsEmpty', value: 'ignored' },
        ],
        values: [
          { field: 'General.Due', fn: 'addDays', days: 2, value: 'x', from: '' },
          { field: 'General.Note', fn: 'clear', days: 3 },
          { field: 'General.Owner', fn: 'setCurrentUser', userField: 'Email' },
          { field: 'General.Stamp', value: '$today+1' },
        ],
      }),
    ).toEqual({
      type: 'setValues',
      match: 'any',
      conditions: [
        { field: 'General.Status', operator: '==', value: 'Closed' },
        { field: 'General.Note', operator: 'IsEmpty' },
      ],
      values: [
        { field: 'General.Due', fn: 'addDays', days: 2 },
        { field: 'General.Note', fn: 'clear' },
        { field: 'General.Owner', fn: 'setCurrentUser', userField: 'Email' },
        { field: 'General.Stamp', value: '$today+1' },
      ],
    });
    expect(
      cleanRule({
        type: 'lookupFilter',
        filters: [{ field: 'Type', operator: 'eq', value: 'x', valueFrom: 'General.Type' }],
      }),
    ).toEqual({
      type: 'lookupFilter',
      filters: [{ field: 'Type', operator: 'eq', valueFrom: 'General.Type' }],
    });
    expect(cleanRule({ type: 'invoke', action: ' flow1 ', params: {} })).toEqual({
      type: 'invoke',
      action: 'flow1',
    });
    expect(cleanRule({ type: 'hidden', conditions: [] })).toEqual({ type: 'hidden' });
  });

  it('changing the type keeps the conditions and drops the old parts', () => {
    const r: FormRule = {
      type: 'setValues',
      conditions: [{ field: 'a', operator: 'Exists' }],
      values: [{ field: 'b', fn: 'clear' }],
    };
    expect(changeRuleType(r, 'invoke')).toEqual({
      type: 'invoke',
      action: '',
      conditions: [{ field: 'a', operator: 'Exists' }],
    });
  });

  it('validates what each type needs', () => {
    expect(validateRule({ type: 'hidden', conditions: [{ field: '', operator: 'Exists' }] })).toEqual({
      'conditions.0.field': RULE_TEXTS.fieldRequired,
    });
    expect(validateRule(newRule('invoke'))).toEqual({ action: RULE_TEXTS.actionRequired });
    expect(validateRule(newRule('image'))).toEqual({ formula: RULE_TEXTS.formulaRequired });
    expect(validateRule(newRule('dynamicSource'))).toEqual({ source: RULE_TEXTS.sourceRequired });
    expect(validateRule({ type: 'transfer', transfer: [] })).toEqual({ transfer: RULE_TEXTS.stepRequired });
    expect(validateRule({ type: 'setValues', values: [{ field: 'a', fn: 'addDays', days: 1.5 }] })).toEqual({
      'values.0.days': RULE_TEXTS.daysInvalid,
    });
    expect(rulesValid([{ type: 'required' }, { type: 'invoke', action: 'x' }])).toBe(true);
    expect(rulesValid([newRule('invoke')])).toBe(false);
  });

  it('parameters typed as JSON: an error while the text is not an object, never written out', () => {
    const typed = { type: 'invoke' as const, action: 'CQ_Flow', params: { a: 1 }, paramsText: '{"a": 1, ' };
    expect(validateRule(typed)).toEqual({ params: RULE_TEXTS.paramsInvalid });
    expect(rulesValid([typed])).toBe(false);
    expect(cleanRule({ ...typed, paramsText: '{"a": 1}' })).toEqual({
      type: 'invoke',
      action: 'CQ_Flow',
      params: { a: 1 },
    });
    expect(validateEvents({ onInit: [{ type: 'invoke', action: 'x', paramsText: '[]' }] })).toEqual({
      'onInit.0.params': RULE_TEXTS.paramsInvalid,
    });
    expect(cleanEvents({ onInit: [{ type: 'invoke', action: 'x', paramsText: '' }] })).toEqual({
      onInit: [{ type: 'invoke', action: 'x' }],
    });
  });

  it('parses JSON parameters: object, empty, or not one', () => {
    expect(parseParams('{"a":1}')).toEqual({ a: 1 });
    expect(parseParams('  ')).toBeUndefined();
    expect(parseParams('[1]')).toBeNull();
    expect(parseParams('{a:1}')).toBeNull();
  });

  it('writes layout events: afterSave redirectTo, onInit invoke, onLoad rules; none when empty', () => {
    expect(cleanEvents({ afterSave: { redirectTo: ' ' }, onInit: [], onLoad: [] })).toBeUndefined();
    expect(
      cleanEvents({
        afterSave: { redirectTo: '/home' },
        onInit: [{ type: 'invoke', action: 'init', params: { a: 1 } }],
        onLoad: [{ type: 'transfer', conditions: [], transfer: [{ from: 'A.x', to: 'General.y' }] }],
      }),
    ).toEqual({
      afterSave: { redirectTo: '/home' },
      onInit: [{ type: 'invoke', action: 'init', params: { a: 1 } }],
      onLoad: [{ type: 'transfer', transfer: [{ from: 'A.x', to: 'General.y' }] }],
    });
    expect(validateEvents({ onInit: [{ type: 'invoke', action: '' }], onLoad: [newRule('invoke')] })).toEqual(
      {
        'onInit.0.action': RULE_TEXTS.actionRequired,
        'onLoad.0.action': RULE_TEXTS.actionRequired,
      },
    );
  });
});
