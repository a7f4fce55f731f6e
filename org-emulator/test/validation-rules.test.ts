import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import type { ValidationRule } from '../src/metadata/types.js';
import { ruleError } from '../src/sobjects/validation-rules.js';
import { http, login, start } from './helpers.js';

// Org-side validation rules answer like a real org: 400 [{message, errorCode:
// FIELD_CUSTOM_VALIDATION_EXCEPTION, fields}] on single writes, per record in Collections; a Submitted
// form submission's data for the form's object is held to that object's rules.

type Rec = Record<string, unknown>;
let emu: RunningEmulator;
let token: string;
let inspectionFormId: string;

const V = '/services/data/v60.0';
const SUB = 'cqext__SQX_Form_Submission__c';
const json = (body: unknown): RequestInit => ({
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
});
const RULE_ERROR = [
  {
    message: 'Score must be between 0 and 100',
    errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
    fields: ['cqext__Score__c'],
  },
];

beforeAll(async () => {
  emu = await start();
  const conn = await login(emu);
  token = conn.accessToken ?? '';
  const forms = await conn.query<{ Id: string }>(
    "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0001'",
  );
  inspectionFormId = forms.records[0]?.Id ?? '';
});
afterAll(async () => emu.close());

const submission = (key: string, status: string, score: unknown): Rec => ({
  cqext__Form_Definition__c: inspectionFormId,
  cqext__Status__c: status,
  cqext__Submission_JSON__c: JSON.stringify({
    id: key,
    data: { cqext__SQX_Inspection__c: { cqext__Score__c: score, cqext__Account__c_Id: 'x' }, General: {} },
  }),
});

describe('validation rules', () => {
  it("a record breaking its object's rule is refused with the field; a valid one and an update back in range save", async () => {
    const bad = await http(emu, `${V}/sobjects/cqext__SQX_Inspection__c`, {
      method: 'POST',
      token,
      ...json({ cqext__Score__c: 120 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(RULE_ERROR);
    const good = await http(emu, `${V}/sobjects/cqext__SQX_Inspection__c`, {
      method: 'POST',
      token,
      ...json({ cqext__Score__c: 100 }),
    });
    expect(good.status).toBe(201);
    const id = (good.body as Rec).id as string;
    const update = await http(emu, `${V}/sobjects/cqext__SQX_Inspection__c/${id}`, {
      method: 'PATCH',
      token,
      ...json({ cqext__Score__c: -1 }),
    });
    expect(update.status).toBe(400);
    expect(update.body).toEqual(RULE_ERROR);
  });

  it('a Submitted submission whose main-object data breaks a rule is refused; In Progress with the same data saves', async () => {
    const key = `${inspectionFormId}#vr-${Date.now()}`;
    const path = `${V}/sobjects/${SUB}/cqext__Uniqueness_Constraint__c/${encodeURIComponent(key)}`;
    const draft = await http(emu, path, {
      method: 'PATCH',
      token,
      ...json(submission(key, 'In Progress', 150)),
    });
    expect(draft.status).toBe(201);
    const submit = await http(emu, path, {
      method: 'PATCH',
      token,
      ...json(submission(key, 'Submitted', 150)),
    });
    expect(submit.status).toBe(400);
    expect(submit.body).toEqual(RULE_ERROR);
    const fixed = await http(emu, path, {
      method: 'PATCH',
      token,
      ...json(submission(key, 'Submitted', 80)),
    });
    expect(fixed.status).toBe(200);
  });

  it('Collections answer the rule per record and save the others (allOrNone false)', async () => {
    const keys = [`${inspectionFormId}#vr-a-${Date.now()}`, `${inspectionFormId}#vr-b-${Date.now()}`];
    const res = await http(emu, `${V}/composite/sobjects/${SUB}/cqext__Uniqueness_Constraint__c`, {
      method: 'PATCH',
      token,
      ...json({
        allOrNone: false,
        records: [
          {
            attributes: { type: SUB },
            cqext__Uniqueness_Constraint__c: keys[0],
            ...submission('a', 'Submitted', 101),
          },
          {
            attributes: { type: SUB },
            cqext__Uniqueness_Constraint__c: keys[1],
            ...submission('b', 'Submitted', 7),
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const [first, second] = res.body as Rec[];
    expect(first).toMatchObject({
      success: false,
      errors: [
        {
          statusCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
          message: 'Score must be between 0 and 100',
          fields: ['cqext__Score__c'],
        },
      ],
    });
    expect(second).toMatchObject({ success: true, created: true });
  });
});

describe('a record breaking several rules', () => {
  const rule = (name: string, field: string | undefined, active = true): ValidationRule => ({
    object: 'Thing__c',
    fullName: `Thing__c.${name}`,
    active,
    errorConditionFormula: `ISBLANK(${field ?? 'Name'})`,
    ...(field ? { errorDisplayField: field } : {}),
    errorMessage: `${name} broken`,
    violated: (r) => !r[field ?? 'Name'],
  });
  const rules = [rule('A', 'A__c'), rule('Off', 'A__c', false), rule('B', undefined), rule('C', 'C__c')];

  it('is answered with one item per active rule it breaks, in rule order, and top-of-page rules name no field', () => {
    const err = ruleError(rules, 'thing__c', { A__c: '', C__c: '' });
    expect(err?.status).toBe(400);
    expect(err?.toBody()).toEqual([
      { message: 'A broken', errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', fields: ['A__c'] },
      { message: 'B broken', errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', fields: [] },
      { message: 'C broken', errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', fields: ['C__c'] },
    ]);
    expect(err?.toCollectionErrors().map((e) => [e.statusCode, e.fields])).toEqual([
      ['FIELD_CUSTOM_VALIDATION_EXCEPTION', ['A__c']],
      ['FIELD_CUSTOM_VALIDATION_EXCEPTION', []],
      ['FIELD_CUSTOM_VALIDATION_EXCEPTION', ['C__c']],
    ]);
  });

  it('is not refused when it breaks none, or only rules of another object', () => {
    expect(ruleError(rules, 'Thing__c', { A__c: 'a', Name: 'n', C__c: 'c' })).toBeUndefined();
    expect(ruleError(rules, 'Other__c', {})).toBeUndefined();
  });
});
