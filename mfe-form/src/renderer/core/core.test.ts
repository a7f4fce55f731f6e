import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from 'shared-contracts';
import type { FormJsonSchema, FormRule } from 'shared-contracts';
import { deepEqual, getIn, pointerToPath, scopeToPath, setIn } from 'form-core/paths';
import {
  applyActionRules,
  evaluateCondition,
  evaluateElementRules,
  evaluateFormula,
  ruleDependencies,
} from 'form-core/rules';
import { applyDefaults, normalizeDates, normalizeIsoDate, resolveToken } from 'form-core/tokens';
import {
  ajvStats,
  checkBeforeSave,
  dropEmptyRows,
  failsPattern,
  getValidator,
  isEdited,
  listErrors,
  mapServerErrors,
  normaliseText,
  validateData,
} from './validation';
import {
  buildLookupRequest,
  dependentOptions,
  resolveLookupFilter,
  optionColors,
  validForHas,
} from './options';
import { optionsOf, resolveScope, toAjvSchema } from 'form-core/schema';

describe('paths', () => {
  it('maps scopes and pointers to data paths', () => {
    expect(scopeToPath('#/properties/General/properties/Name')).toBe('General.Name');
    expect(scopeToPath('#')).toBe('');
    expect(pointerToPath('/Persons/0/name')).toBe('Persons.0.name');
  });
  it('sets immutably with structural sharing', () => {
    const data = { a: { b: 1 }, c: { d: 2 } };
    const next = setIn(data, 'a.b', 3) as typeof data;
    expect(next.a.b).toBe(3);
    expect(next.c).toBe(data.c);
    expect(data.a.b).toBe(1);
    expect(setIn(data, 'a.b', 1)).toBe(data);
    expect(setIn({}, 'rows.0.x', 'y')).toEqual({ rows: [{ x: 'y' }] });
    expect(setIn({ a: 1, b: 2 }, 'a', undefined)).toEqual({ b: 2 });
    expect(getIn(next, 'a.b')).toBe(3);
  });
  it('compares deeply, ignoring undefined keys', () => {
    expect(deepEqual({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 2 })).toBe(false);
  });
});

describe('conditions', () => {
  const data = { s: 'Open', n: 5, e: '', d: '2024-03-10', b: true };
  it.each([
    [{ field: 's', operator: 'Exists' }, true],
    [{ field: 'e', operator: 'Exists' }, false],
    [{ field: 'missing', operator: 'IsEmpty' }, true],
    [{ field: 's', operator: 'IsEmpty' }, false],
    [{ field: 's', operator: '==', value: 'Open' }, true],
    [{ field: 's', operator: '!=', value: 'Open' }, false],
    [{ field: 'n', operator: '==', value: '5' }, true],
    [{ field: 'n', operator: '>=', value: 5 }, true],
    [{ field: 'n', operator: '>', value: 5 }, false],
    [{ field: 'n', operator: '<=', value: 4 }, false],
    [{ field: 'n', operator: '<', value: 10 }, true],
    [{ field: 'd', operator: '>', value: '2024-03-01' }, true],
    [{ field: 'missing', operator: '<', value: 3 }, false],
    [{ field: 'b', operator: '==', value: 'true' }, true],
  ] as const)('%o -> %s', (cond, expected) => {
    expect(evaluateCondition(cond, data)).toBe(expected);
  });
});

describe('rules', () => {
  it('evaluates hidden, visible, readonly, required and lookupFilter', () => {
    const rules: FormRule[] = [
      { type: 'hidden', conditions: [{ field: 'x', operator: '==', value: 'hide' }] },
      { type: 'readonly', conditions: [{ field: 'y', operator: 'Exists' }] },
      { type: 'required', conditions: [{ field: 'z', operator: '>', value: 1 }] },
      { type: 'lookupFilter', filters: [{ field: 'Type', operator: 'eq', valueFrom: 'x' }] },
    ];
    const s = evaluateElementRules(rules, { x: 'hide', y: 1, z: 2 });
    expect(s).toMatchObject({ hidden: true, readonly: true, required: true });
    expect(s.filters).toHaveLength(1);
    expect(
      evaluateElementRules([{ type: 'visible', conditions: [{ field: 'v', operator: 'Exists' }] }], {})
        .hidden,
    ).toBe(true);
    expect(
      evaluateElementRules([{ type: 'visible', conditions: [{ field: 'v', operator: 'Exists' }] }], { v: 1 })
        .hidden,
    ).toBe(false);
    expect(ruleDependencies(rules[3] as FormRule)).toEqual(['x']);
  });
  it('match any', () => {
    const r: FormRule = {
      type: 'hidden',
      match: 'any',
      conditions: [
        { field: 'a', operator: 'Exists' },
        { field: 'b', operator: 'Exists' },
      ],
    };
    expect(evaluateElementRules([r], { b: 1 }).hidden).toBe(true);
  });
  it('formula hyperlink and image', () => {
    const s = evaluateElementRules(
      [
        { type: 'formula hyperlink', formula: 'https://x.test/{Id}', label: 'Open' },
        { type: 'image', formula: '/img/{Code}.png' },
      ],
      { Id: '001', Code: 'A' },
    );
    expect(s.hyperlink).toEqual({ href: 'https://x.test/001', label: 'Open' });
    expect(s.image).toBe('/img/A.png');
    expect(evaluateFormula('{a.b}-{c}', { a: { b: 1 } })).toBe('1-');
  });
  it('setValues (clear, addDays, setCurrentUser), transfer and invoke fire on the transition', () => {
    const ctx = { now: new Date(2024, 0, 30), currentUser: { Name: 'Ada Lovelace', Email: 'ada@x.test' } };
    const rules: FormRule[] = [
      {
        type: 'setValues',
        conditions: [{ field: 'status', operator: '==', value: 'Done' }],
        values: [
          { field: 'note', fn: 'clear' },
          { field: 'due', fn: 'addDays', days: 3 },
          { field: 'due2', fn: 'addDays', days: -1, from: 'start' },
          { field: 'by', fn: 'setCurrentUser' },
          { field: 'mail', fn: 'setCurrentUser', userField: 'Email' },
          { field: 'lit', value: '$today-1' },
        ],
      },
      {
        type: 'transfer',
        conditions: [{ field: 'status', operator: '==', value: 'Done' }],
        transfer: [{ from: 'a', to: 'b' }],
      },
      { type: 'invoke', conditions: [{ field: 'status', operator: '==', value: 'Done' }], action: 'flow1' },
    ];
    const prev = { status: 'Open', note: 'x', start: '2024-03-01', a: 7 };
    const next = { ...prev, status: 'Done' };
    const { data, invokes } = applyActionRules(rules, prev, next, ctx);
    expect(data).toEqual({
      status: 'Done',
      start: '2024-03-01',
      a: 7,
      b: 7,
      due: '2024-02-02',
      due2: '2024-02-29',
      by: 'Ada Lovelace',
      mail: 'ada@x.test',
      lit: '2024-01-29',
    });
    expect(invokes.map((r) => r.action)).toEqual(['flow1']);
    // no transition: nothing fires again
    expect(applyActionRules(rules, next, { ...next, note: 'y' }, ctx).data).toEqual({ ...next, note: 'y' });
  });
});

describe('default-value tokens', () => {
  const ctx = {
    now: new Date(2024, 1, 28),
    currentUser: { Name: 'Ada Lovelace', Email: 'ada@x.test', Title: '' },
    documentName: 'Safety Walk',
    context: { Account: { Name: 'Acme' }, Id: '001' },
  };
  it.each([
    ['$today', '2024-02-28'],
    ['$today+2', '2024-03-01'],
    ['$today - 28', '2024-01-31'],
    ['$currentuser.Email', 'ada@x.test'],
    ['$currentuser.Title', 'Ada Lovelace'],
    ['$currentuser.Missing', 'Ada Lovelace'],
    ['$currentuser', 'Ada Lovelace'],
    ['$documentname', 'Safety Walk'],
    ['$context.Account.Name', 'Acme'],
    ['plain', 'plain'],
  ])('%s -> %s', (token, expected) => {
    expect(resolveToken(token, ctx)).toBe(expected);
  });
  it('fills defaults where data has none', () => {
    const schema: FormJsonSchema = {
      type: 'object',
      properties: {
        General: {
          type: 'object',
          properties: {
            d: { type: 'string', default: '$today' },
            n: { type: 'string', default: '$documentname' },
          },
        },
        keep: { type: 'string', default: 'x' },
      },
    };
    expect(applyDefaults(schema, { keep: 'mine' }, ctx)).toEqual({
      keep: 'mine',
      General: { d: '2024-02-28', n: 'Safety Walk' },
    });
  });
  it('normalises ISO dates with offsets to UTC', () => {
    expect(normalizeIsoDate('2024-03-10T10:00:00+02:00')).toBe('2024-03-10T08:00:00.000Z');
    expect(normalizeIsoDate('2024-03-10T10:00:00.5-0130')).toBe('2024-03-10T11:30:00.500Z');
    expect(normalizeIsoDate('2024-03-10T10:00Z')).toBe('2024-03-10T10:00:00.000Z');
    expect(normalizeIsoDate('2024-03-10')).toBe('2024-03-10');
    expect(normalizeIsoDate('2024-03-10T10:00:00')).toBe('2024-03-10T10:00:00');
    const data = { a: { b: ['2024-03-10T00:00:00+01:00'] }, c: 'x' };
    const out = normalizeDates(data) as typeof data;
    expect(out.a.b[0]).toBe('2024-03-09T23:00:00.000Z');
    expect(out.c).toBe('x');
  });
});

const formSchema: FormJsonSchema = {
  type: 'object',
  required: ['General'],
  properties: {
    General: {
      type: 'object',
      title: 'General',
      required: ['Name'],
      properties: {
        Name: { type: 'string', title: 'Full Name' },
        Zip: {
          type: 'string',
          title: 'ZIP',
          pattern: '^\\d{5}$',
          errorMessage: 'Field Validation : ZIP Code Only',
          id: 2,
        },
        Count: { type: 'number', title: 'Count', maximum: 10 },
      },
    },
    Rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: { C1: { type: 'string', title: 'Column 1', pattern: '^[a-z]+$', id: 1 } },
      },
    },
  },
};

describe('validation', () => {
  it('compiles once per schema identity and per version', () => {
    const before = ajvStats.compiles;
    const v1 = getValidator(formSchema);
    const v2 = getValidator(formSchema);
    expect(v1).toBe(v2);
    const s1 = JSON.parse(JSON.stringify(formSchema)) as FormJsonSchema;
    const s2 = JSON.parse(JSON.stringify(formSchema)) as FormJsonSchema;
    getValidator(s1, 'form-1@3');
    getValidator(s2, 'form-1@3');
    expect(ajvStats.compiles - before).toBe(2);
    expect(JSON.stringify(toAjvSchema(formSchema))).not.toContain('"id"');
  });
  it("checks a choice's options as an enum: the same values pass, a stray one gets one error", () => {
    const choice = (extra: Record<string, unknown> = {}): FormJsonSchema =>
      ({
        type: 'object',
        properties: {
          Q: {
            type: 'string',
            oneOf: [
              { const: 'Pass', title: 'Pass', color: 'green-white', ...extra },
              { const: 'Fail', title: 'Fail', color: 'red-white' },
            ],
          },
        },
      }) as FormJsonSchema;
    const plain = choice();
    expect(JSON.stringify(toAjvSchema(plain))).toContain('"enum":["Pass","Fail"]');
    // the form's own schema keeps its options (titles and colours are what the screen shows)
    expect(plain.properties?.Q?.oneOf).toHaveLength(2);
    const validate = getValidator(plain);
    expect(validateData(validate, { Q: 'Fail' })).toEqual([]);
    expect(validateData(validate, {})).toEqual([]);
    expect(validateData(validate, { Q: 'Maybe' }).map((e) => e.keyword)).toEqual(['enum']);
    // an option that validates more than its value stays a oneOf
    expect(JSON.stringify(toAjvSchema(choice({ minLength: 2 })))).not.toContain('"enum"');
  });
  it('lists errors as {field title} {message} with row numbers and required texts', () => {
    const validate = getValidator(formSchema);
    const errors = validateData(validate, {
      General: { Zip: '12', Count: 11 },
      Rows: [{ C1: 'ok' }, { C1: 'BAD' }],
    });
    const list = listErrors(errors, formSchema);
    expect(list).toContain('Full Name is missing required fields');
    expect(list).toContain('ZIP Field Validation : ZIP Code Only');
    expect(list).toContain('Count must be <= 10');
    expect(list).toContain('Column 1 must match pattern "^[a-z]+$" (row 2)');
  });
  it("knows the builder's table format: no console warning, and the table's rows are still validated", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const schema = {
        type: 'object',
        properties: {
          General: {
            type: 'object',
            properties: {
              G_Table_9: {
                type: 'array',
                format: 'table',
                items: { type: 'object', properties: { C1: { type: 'string', pattern: '^[0-9]+$' } } },
              },
            },
          },
        },
      } as unknown as FormJsonSchema;
      const errors = validateData(getValidator(schema), { General: { G_Table_9: [{ C1: 'x' }] } });
      expect(errors.map((e) => e.keyword)).toEqual(['pattern']);
      expect(warn.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringMatching(/format/));
    } finally {
      warn.mockRestore();
    }
  });
  it('ignores pattern errors on undefined or empty data', () => {
    const validate = getValidator(formSchema);
    expect(validateData(validate, { General: { Name: 'a', Zip: '' } })).toEqual([]);
    const res = checkBeforeSave({ validate, data: { General: { Name: 'a', Zip: '' } }, schema: formSchema });
    expect(res.ok).toBe(true);
  });
  it('save check gives the spec alerts', () => {
    const validate = getValidator(formSchema);
    const bad = checkBeforeSave({ validate, data: { General: {} }, schema: formSchema });
    expect(bad).toMatchObject({ ok: false, alert: MESSAGES.fixFieldValidation });
    expect(bad.byPath.get('General.Name')).toBeTruthy();
    const extra = checkBeforeSave({
      validate,
      data: { General: { Name: 'a' } },
      schema: formSchema,
      extraErrors: new Map([['General.Zip', [MESSAGES.invalidValue]]]),
    });
    expect(extra.messages).toEqual(['ZIP Invalid value']);
    const prior = checkBeforeSave({
      validate,
      data: { General: { Name: 'a' } },
      schema: formSchema,
      submissionErrors: ['x'],
    });
    expect(prior).toMatchObject({ ok: false, alert: MESSAGES.fixErrorsBeforeSubmitting });
  });
  it('maps server errors by errorPath and by nested objects up to depth 5', () => {
    const m = mapServerErrors([
      { errorPath: 'General.Name', message: 'bad name' },
      { errorPath: '/Rows/1/C1', message: 'bad cell' },
    ]);
    expect(m.get('General.Name')).toEqual(['bad name']);
    expect(m.get('Rows.1.C1')).toEqual(['bad cell']);
    const deep = mapServerErrors({
      a: { b: { c: { d: { e: 'five' } } } },
      x: { y: { z: { u: { v: { w: 'six' } } } } },
    });
    expect(deep.get('a.b.c.d.e')).toEqual(['five']);
    expect(deep.has('x.y.z.u.v.w')).toBe(false);
  });
  it('edited flag differs from both the original and the default', () => {
    expect(isEdited('b', 'a', 'c')).toBe(true);
    expect(isEdited('a', 'a', 'c')).toBe(false);
    expect(isEdited('c', 'a', 'c')).toBe(false);
    expect(isEdited('', undefined, undefined)).toBe(false);
  });
  it('drops empty table rows', () => {
    const data = { t: [{ a: '', b: null }, { a: 'x' }, {}], keep: { y: 1 } };
    const out = dropEmptyRows(data) as typeof data;
    expect(out.t).toEqual([{ a: 'x' }]);
    expect(out.keep).toBe(data.keep);
  });
  it('pattern and whitespace helpers', () => {
    expect(failsPattern('12', { pattern: '^\\d{5}$' })).toBe(true);
    expect(failsPattern('', { pattern: '^\\d{5}$' })).toBe(false);
    expect(normaliseText('   ')).toBeUndefined();
    expect(normaliseText(' a ')).toBe(' a ');
  });
});

describe('options', () => {
  it('reads validFor bits MSB first', () => {
    // 0b10100000 = 'oA==' -> bits 0 and 2
    expect(validForHas('oA==', 0)).toBe(true);
    expect(validForHas('oA==', 1)).toBe(false);
    expect(validForHas('oA==', 2)).toBe(true);
    expect(validForHas('oA==', 9)).toBe(false);
  });
  it('narrows dependent options by controller value', () => {
    const ctrl = [{ const: 'US' }, { const: 'CA' }, { const: 'MX' }];
    const opts = [
      { const: 'NY', validFor: 'gA==' },
      { const: 'ON', validFor: 'QA==' },
      { const: 'Both', validFor: 'wA==' },
    ];
    expect(dependentOptions(opts, 'US', ctrl).map((o) => o.const)).toEqual(['NY', 'Both']);
    expect(dependentOptions(opts, 'CA', ctrl).map((o) => o.const)).toEqual(['ON', 'Both']);
    expect(dependentOptions(opts, 'MX', ctrl)).toEqual([]);
    expect(dependentOptions(opts, undefined, ctrl)).toEqual([]);
    expect(dependentOptions(opts, 'US', ctrl, { US: ['ON'] }).map((o) => o.const)).toEqual(['ON']);
  });
  it('option colours a-b', () => {
    expect(optionColors({ const: 'x', color: 'red-white' })).toEqual({
      backgroundColor: 'red',
      textColor: 'white',
    });
    expect(optionColors({ const: 'x', color: 'red-white', textColor: 'black' }).textColor).toBe('black');
  });
  it('resolves lookup filters of every operator against the data, dropping empty ones', () => {
    const data = { acc: "O'Brien", n: 0 };
    expect(resolveLookupFilter({ field: 'Name', operator: 'eq', valueFrom: 'acc' }, data)).toEqual({
      field: 'Name',
      operator: 'eq',
      value: "O'Brien",
    });
    expect(resolveLookupFilter({ field: 'N', operator: 'gte', valueFrom: 'n' }, data)?.value).toBe(0);
    for (const operator of ['neq', 'lt', 'lte', 'gt', 'startswith', 'endswith', 'contains'] as const)
      expect(resolveLookupFilter({ field: 'N', operator, value: 'a_' })).toEqual({
        field: 'N',
        operator,
        value: 'a_',
      });
    expect(resolveLookupFilter({ field: 'N', operator: 'eq', valueFrom: 'none' }, {})).toBeUndefined();
    expect(resolveLookupFilter({ field: 'N', operator: 'eq', value: '' })).toBeUndefined();
    const req = buildLookupRequest({
      search: "Ac'",
      filters: [
        { field: 'Type', operator: 'eq', value: 'Customer' },
        { field: 'Industry', operator: 'eq', valueFrom: 'missing' },
      ],
    });
    expect(req).toEqual({
      object: 'Account',
      search: "Ac'",
      titleField: 'Name',
      valueField: 'Id',
      filters: [{ field: 'Type', operator: 'eq', value: 'Customer' }],
      limit: 50,
    });
  });
  it('schema helpers', () => {
    expect(optionsOf({ oneOf: [{ const: 'a', title: 'A' }, { const: 'b' }] })).toEqual([
      { const: 'a', title: 'A' },
      { const: 'b', title: 'b' },
    ]);
    expect(optionsOf({ enum: ['x'] })).toEqual([{ const: 'x', title: 'x' }]);
    const root: FormJsonSchema = {
      definitions: { T: { type: 'string', title: 'T' } },
      properties: { a: { $ref: '#/definitions/T' } },
    };
    expect(resolveScope('#/properties/a', root, root)?.title).toBe('T');
  });
});
