import { describe, expect, it, vi } from 'vitest';
import type { FormJsonSchema, FormRule, UISchemaElement } from 'shared-contracts';
import { FormStore } from './store';
import { getValidator } from './validation';
import { resolveScope } from 'form-core/schema';

const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    note: { type: 'string', minLength: 2 },
    due: { type: 'string' },
    other: { type: 'string' },
    people: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
  },
  required: ['status'],
};
const validate = getValidator(schema, 'store-test@1');

describe('FormStore rule re-evaluation', () => {
  const noteEl: UISchemaElement = {
    type: 'Control',
    scope: '#/properties/note',
    rules: [{ type: 'hidden', conditions: [{ field: 'status', operator: '==', value: 'Closed' }] }],
  };
  const personEl: UISchemaElement = {
    type: 'Control',
    scope: '#/properties/due',
    rules: [{ type: 'hidden', conditions: [{ field: 'people.0.name', operator: 'Exists' }] }],
  };

  it('a write notifies the rules reading that path, through ancestors and replaced subtrees', () => {
    const store = new FormStore({ schema, validator: () => validate, data: {} });
    const onNote = vi.fn();
    const onPerson = vi.fn();
    store.subscribeRule('note|1', noteEl, '', onNote);
    store.subscribeRule('due|2', personEl, '', onPerson);
    store.set('other', 'x');
    expect(onNote).not.toHaveBeenCalled();
    store.set('status', 'Closed');
    expect(onNote).toHaveBeenCalledTimes(1);
    expect(store.ruleState('note|1', noteEl, '').hidden).toBe(true);
    expect(onPerson).not.toHaveBeenCalled();
    // A replaced array (a row added) reaches the rule reading a path inside it.
    store.set('people', [{ name: 'Ada' }]);
    expect(onPerson).toHaveBeenCalledTimes(1);
    expect(store.ruleState('due|2', personEl, '').hidden).toBe(true);
    // A whole new data object reaches every rule.
    store.replaceData({ status: 'Open' });
    expect(store.ruleState('note|1', noteEl, '').hidden).toBe(false);
    expect(store.ruleState('due|2', personEl, '').hidden).toBe(false);
  });

  it('an unsubscribed rule is no longer evaluated', () => {
    const store = new FormStore({ schema, validator: () => validate, data: {} });
    const on = vi.fn();
    const off = store.subscribeRule('note|1', noteEl, '', on);
    off();
    store.set('status', 'Closed');
    expect(on).not.toHaveBeenCalled();
  });

  it('a field written by a setValues rule notifies its own value listeners', () => {
    const rule: FormRule = {
      type: 'setValues',
      conditions: [{ field: 'status', operator: '==', value: 'Closed' }],
      values: [{ field: 'due', value: '2024-01-03' }],
    };
    const store = new FormStore({ schema, validator: () => validate, data: {}, actionRules: [rule] });
    const onDue = vi.fn();
    const onOther = vi.fn();
    store.subscribeValue('due', onDue);
    store.subscribeValue('other', onOther);
    store.set('status', 'Closed');
    expect(store.get('due')).toBe('2024-01-03');
    expect(onDue).toHaveBeenCalledTimes(1);
    expect(onOther).not.toHaveBeenCalled();
  });
});

describe('FormStore validation schedule', () => {
  it('the first validation waits for the schedule and does not report a change', () => {
    const runs: Array<() => void> = [];
    const store = new FormStore({
      schema,
      validator: () => validate,
      data: { note: 'x' },
      scheduleValidation: (r) => runs.push(r),
    });
    const onData = vi.fn();
    store.subscribeData(onData);
    expect(runs).toHaveLength(1);
    runs[0]?.();
    expect(onData).not.toHaveBeenCalled();
    // Errors are known (for onChange and submit) once it has run.
    expect(
      store
        .getErrors()
        .map((e) => e.path)
        .sort(),
    ).toEqual(['note', 'status']);
    store.set('note', 'long enough');
    expect(onData).not.toHaveBeenCalled();
    runs[1]?.();
    expect(onData).toHaveBeenCalledTimes(1);
    expect(store.getErrors().map((e) => e.path)).toEqual(['status']);
  });

  it('asks for the validator (the Ajv compile) at the first validation, not when the form is built, and once', () => {
    const runs: Array<() => void> = [];
    const validator = vi.fn(() => validate);
    const store = new FormStore({ schema, validator, data: {}, scheduleValidation: (r) => runs.push(r) });
    expect(validator).not.toHaveBeenCalled();
    runs[0]?.();
    expect(validator).toHaveBeenCalledTimes(1);
    store.set('note', 'x');
    runs[1]?.();
    store.submit();
    expect(validator).toHaveBeenCalledTimes(1);
  });

  it('getErrors flushes a pending first validation', () => {
    const store = new FormStore({
      schema,
      validator: () => validate,
      data: {},
      scheduleValidation: () => undefined,
    });
    expect(store.getErrors().map((e) => e.path)).toEqual(['status']);
  });

  it('without a schedule the first validation runs at once', () => {
    const store = new FormStore({ schema, validator: () => validate, data: {} });
    store.set('status', 'x');
    store.set('status', undefined);
    const touched = store.getMeta('status');
    expect(touched.errors.length).toBe(1);
  });
});

describe('resolveScope cache', () => {
  it('returns the same sub-schema object for repeated scopes and keeps roots apart', () => {
    const a = resolveScope('#/properties/note', schema, schema);
    expect(a).toBe(schema.properties?.note);
    expect(resolveScope('#/properties/note', schema, schema)).toBe(a);
    expect(resolveScope('#/properties/missing', schema, schema)).toBeUndefined();
    const refRoot: FormJsonSchema = { definitions: { n: { type: 'number' } } };
    const refSchema: FormJsonSchema = { properties: { x: { $ref: '#/definitions/n' } } };
    expect(resolveScope('#/properties/x', refSchema, refRoot)?.type).toBe('number');
    expect(resolveScope('#/properties/x', refSchema, refSchema)).toBeUndefined();
  });
});

describe('FormStore submit with empty rows before an error (issue 31)', () => {
  const tableSchema: FormJsonSchema = {
    type: 'object',
    properties: {
      T: {
        type: 'array',
        items: {
          type: 'object',
          properties: { A: { type: 'string' }, N: { type: 'string', pattern: '^[0-9]*$', title: 'Reading' } },
        },
      },
    },
  };
  const v = getValidator(tableSchema, 'store-test-rows@1');

  it('numbers and places the error by the row on screen, not by its place among the rows kept', () => {
    const rows: Record<string, string>[] = Array.from({ length: 300 }, () => ({}));
    rows[59] = { A: 'kept' };
    rows[249] = { A: 'far', N: 'abc' };
    const store = new FormStore({ schema: tableSchema, validator: () => v, data: { T: rows } });
    const check = store.submit();
    expect(check.ok).toBe(false);
    expect([...check.byPath.keys()]).toEqual(['T.249.N']);
    expect(check.messages).toEqual([expect.stringMatching(/^Reading .*\(row 250\)$/)]);
    // What is submitted is still without the empty rows.
    expect(check.data).toEqual({ T: [{ A: 'kept' }, { A: 'far', N: 'abc' }] });
  });
});
