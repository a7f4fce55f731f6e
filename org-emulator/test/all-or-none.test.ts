import type { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { ADMIN, FIELD_USER, login, start } from './helpers.js';

// All or none as an org does it (issue 40): an sObject Collections call with allOrNone and one bad
// record writes nothing and answers every record as failed (the bad one with its own error, the others
// ALL_OR_NONE_OPERATION_ROLLED_BACK, each with a null id); a Composite call with allOrNone rolls back the
// subrequests before a failure and answers them, and those after it, 400 PROCESSING_HALTED. The
// product's exactly-once proofs run against this org, so it must not be kinder than a real one.

type Rec = Record<string, unknown>;
type SaveResult = { id?: string | null; success: boolean; errors: Rec[]; created?: boolean };
type Answer = { body: unknown; httpHeaders: Rec; httpStatusCode: number; referenceId: string };

const V = '/services/data/v60.0';
const INSPECTION = 'cqext__SQX_Inspection__c';
const ROLLED_BACK = {
  statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
  message: 'Record rolled back because not all records were valid and the request was using AllOrNone header',
  fields: [],
};
/** The submit processing's validation rule on inspections (salesforce/…/CQ_Score_Range). */
const SCORE_RULE = {
  statusCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
  message: 'Score must be between 0 and 100',
  fields: ['cqext__Score__c'],
};
const HALTED = (referenceId: string): Answer => ({
  body: [
    {
      errorCode: 'PROCESSING_HALTED',
      message: 'The transaction was rolled back since another operation in the same transaction failed.',
    },
  ],
  httpHeaders: {},
  httpStatusCode: 400,
  referenceId,
});

let emu: RunningEmulator;
const conns: Record<string, Connection> = {};
beforeAll(async () => {
  emu = await start();
  conns[FIELD_USER] = await login(emu, FIELD_USER);
  conns[ADMIN] = await login(emu, ADMIN);
});
afterAll(async () => emu.close());

const composite = async (conn: Connection, body: unknown): Promise<Answer[]> =>
  (
    (await conn.request({
      method: 'POST',
      url: `${V}/composite`,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    })) as { compositeResponse: Answer[] }
  ).compositeResponse;

const inspectionsNoted = async (conn: Connection, notes: string): Promise<Rec[]> =>
  (await conn.query<Rec>(`SELECT Id, cqext__Score__c FROM ${INSPECTION} WHERE cqext__Notes__c = '${notes}'`))
    .records;

const accountsNamed = async (conn: Connection, prefix: string): Promise<number> =>
  (await conn.query(`SELECT Id FROM Account WHERE Name LIKE '${prefix}%'`)).totalSize;

describe.each([
  ['a field user (not an admin)', FIELD_USER],
  ['an admin', ADMIN],
])('sObject Collections with allOrNone, as %s', (_who, username) => {
  const conn = () => conns[username] as Connection;
  const tag = (what: string) => `aon ${what} ${username}`;

  it('create: a record refused by a validation rule writes none; every record answered failed, its id null', async () => {
    const notes = tag('create');
    const results = (await conn().create(
      INSPECTION,
      [
        { cqext__Score__c: 50, cqext__Notes__c: notes },
        { cqext__Score__c: 120, cqext__Notes__c: notes },
        { cqext__Score__c: 70, cqext__Notes__c: notes },
      ],
      { allOrNone: true },
    )) as SaveResult[];
    expect(results).toEqual([
      { id: null, success: false, errors: [ROLLED_BACK] },
      { id: null, success: false, errors: [SCORE_RULE] },
      { id: null, success: false, errors: [ROLLED_BACK] },
    ]);
    expect(await inspectionsNoted(conn(), notes)).toEqual([]);
    // without allOrNone the valid ones are saved, each with its id
    const partial = (await conn().create(INSPECTION, [
      { cqext__Score__c: 50, cqext__Notes__c: notes },
      { cqext__Score__c: 120, cqext__Notes__c: notes },
    ])) as SaveResult[];
    expect(partial[0]).toEqual({ id: expect.any(String), success: true, errors: [] });
    expect(partial[1]).toEqual({ id: null, success: false, errors: [SCORE_RULE] });
    expect(await inspectionsNoted(conn(), notes)).toHaveLength(1);
  });

  it('update: an earlier record of the call is not changed when a later one is refused', async () => {
    const notes = tag('update');
    const made = (await conn().create(INSPECTION, [
      { cqext__Score__c: 10, cqext__Notes__c: notes },
      { cqext__Score__c: 20, cqext__Notes__c: notes },
    ])) as SaveResult[];
    const [a, b] = made.map((r) => r.id ?? '');
    const results = (await conn().update(
      INSPECTION,
      [
        { Id: a ?? '', cqext__Score__c: 11 },
        { Id: b ?? '', cqext__Score__c: 999 },
      ],
      { allOrNone: true },
    )) as SaveResult[];
    expect(results).toEqual([
      { id: null, success: false, errors: [ROLLED_BACK] },
      { id: null, success: false, errors: [SCORE_RULE] },
    ]);
    const scores = (await inspectionsNoted(conn(), notes)).map((r) => r.cqext__Score__c).sort();
    expect(scores).toEqual([10, 20]);
  });

  it('upsert: neither the new nor the existing record is written; created is false on every result', async () => {
    const key = (n: string) => `aon-${username}#${n}`;
    const ext = 'cqext__Uniqueness_Constraint__c';
    const type = 'cqext__SQX_Form_Submission__c';
    await conn().upsert(type, [{ [ext]: key('existing'), cqext__Status__c: 'In Progress' }], ext);
    const results = (await conn().upsert(
      type,
      [
        { [ext]: key('existing'), cqext__Status__c: 'Pending' },
        { [ext]: key('new'), cqext__Status__c: 'In Progress' },
        { [ext]: key('bad'), cqext__Status__c: 'Not a status' },
      ],
      ext,
      { allOrNone: true },
    )) as SaveResult[];
    expect(results[0]).toEqual({ id: null, success: false, errors: [ROLLED_BACK], created: false });
    expect(results[1]).toEqual({ id: null, success: false, errors: [ROLLED_BACK], created: false });
    expect(results[2]?.success).toBe(false);
    expect(results[2]?.created).toBe(false);
    expect(results[2]?.id).toBeNull();
    expect(results[2]?.errors[0]?.statusCode).toBe('INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST');
    const rows = (
      await conn().query<Rec>(
        `SELECT ${ext}, cqext__Status__c FROM ${type} WHERE ${ext} LIKE 'aon-${username}#%'`,
      )
    ).records;
    expect(rows.map((r) => [r[ext], r.cqext__Status__c])).toEqual([[key('existing'), 'In Progress']]);
  });

  it('delete: a record that cannot be deleted keeps the others', async () => {
    const prefix = tag('delete');
    const made = (await conn().create('Account', [
      { Name: `${prefix} 1` },
      { Name: `${prefix} 2` },
    ])) as SaveResult[];
    const results = (await conn().destroy(
      'Account',
      [made[0]?.id ?? '', '001000000000000AAA', made[1]?.id ?? ''],
      { allOrNone: true },
    )) as SaveResult[];
    expect(results.map((r) => r.success)).toEqual([false, false, false]);
    expect(results[0]).toEqual({ id: null, success: false, errors: [ROLLED_BACK] });
    expect(results[2]).toEqual({ id: null, success: false, errors: [ROLLED_BACK] });
    expect(results[1]?.errors[0]?.statusCode).not.toBe(ROLLED_BACK.statusCode);
    expect(await accountsNamed(conn(), prefix)).toBe(2);
  });
});

describe.each([
  ['a field user (not an admin)', FIELD_USER],
  ['an admin', ADMIN],
])('Composite with allOrNone, as %s', (_who, username) => {
  const conn = () => conns[username] as Connection;
  const tag = (what: string) => `aon composite ${what} ${username}`;

  it('a failing subrequest rolls back the ones before it; every other subrequest answers PROCESSING_HALTED', async () => {
    const name = tag('rollback');
    const answers = await composite(conn(), {
      allOrNone: true,
      compositeRequest: [
        { method: 'POST', url: `${V}/sobjects/Account`, referenceId: 'acct', body: { Name: name } },
        {
          method: 'POST',
          url: `${V}/sobjects/${INSPECTION}`,
          referenceId: 'good',
          body: { cqext__Account__c: '@{acct.id}', cqext__Score__c: 40, cqext__Notes__c: name },
        },
        {
          method: 'POST',
          url: `${V}/sobjects/${INSPECTION}`,
          referenceId: 'bad',
          body: { cqext__Account__c: '@{acct.id}', cqext__Score__c: 140, cqext__Notes__c: name },
        },
        { method: 'GET', url: `${V}/sobjects/Account/@{acct.id}`, referenceId: 'after' },
      ],
    });
    expect(answers).toEqual([
      HALTED('acct'),
      HALTED('good'),
      {
        body: [
          {
            errorCode: SCORE_RULE.statusCode,
            message: SCORE_RULE.message,
            fields: SCORE_RULE.fields,
          },
        ],
        httpHeaders: {},
        httpStatusCode: 400,
        referenceId: 'bad',
      },
      HALTED('after'),
    ]);
    expect(await accountsNamed(conn(), name)).toBe(0);
    expect(await inspectionsNoted(conn(), name)).toEqual([]);
  });

  it('all succeed: committed, each answer its own', async () => {
    const name = tag('commit');
    const answers = await composite(conn(), {
      allOrNone: true,
      compositeRequest: [
        { method: 'POST', url: `${V}/sobjects/Account`, referenceId: 'acct', body: { Name: name } },
        {
          method: 'PATCH',
          url: `${V}/sobjects/Account/@{acct.id}`,
          referenceId: 'edit',
          body: { BillingCity: 'Oslo' },
        },
      ],
    });
    expect(answers.map((a) => a.httpStatusCode)).toEqual([201, 204]);
    expect(answers[0]?.httpHeaders.Location).toMatch(/\/sobjects\/Account\/001/);
    const rows = (await conn().query<Rec>(`SELECT BillingCity FROM Account WHERE Name = '${name}'`)).records;
    expect(rows).toEqual([expect.objectContaining({ BillingCity: 'Oslo' })]);
  });

  it("the call's allOrNone overrides a collection subrequest's own: its good record is rolled back too", async () => {
    const name = tag('collection');
    const answers = await composite(conn(), {
      allOrNone: true,
      compositeRequest: [
        { method: 'POST', url: `${V}/sobjects/Account`, referenceId: 'acct', body: { Name: name } },
        {
          method: 'POST',
          url: `${V}/composite/sobjects`,
          referenceId: 'rows',
          body: {
            allOrNone: false,
            records: [
              { attributes: { type: INSPECTION }, cqext__Score__c: 30, cqext__Notes__c: name },
              { attributes: { type: INSPECTION }, cqext__Score__c: -5, cqext__Notes__c: name },
            ],
          },
        },
        {
          method: 'POST',
          url: `${V}/sobjects/Account`,
          referenceId: 'later',
          body: { Name: `${name} later` },
        },
      ],
    });
    expect(answers).toEqual([
      HALTED('acct'),
      {
        body: [
          { id: null, success: false, errors: [ROLLED_BACK] },
          { id: null, success: false, errors: [SCORE_RULE] },
        ],
        httpHeaders: {},
        httpStatusCode: 200,
        referenceId: 'rows',
      },
      HALTED('later'),
    ]);
    expect(await accountsNamed(conn(), name)).toBe(0);
    expect(await inspectionsNoted(conn(), name)).toEqual([]);
  });

  it('an unresolvable reference fails the call: what ran before it is rolled back', async () => {
    const name = tag('reference');
    const answers = await composite(conn(), {
      allOrNone: true,
      compositeRequest: [
        { method: 'POST', url: `${V}/sobjects/Account`, referenceId: 'acct', body: { Name: name } },
        { method: 'GET', url: `${V}/sobjects/Account/@{nobody.id}`, referenceId: 'broken' },
      ],
    });
    expect(answers[0]).toEqual(HALTED('acct'));
    expect(answers[1]?.httpStatusCode).toBe(400);
    expect(JSON.stringify(answers[1]?.body)).toContain('nobody.id');
    expect(await accountsNamed(conn(), name)).toBe(0);
  });

  it('without allOrNone a failure leaves the earlier subrequests saved', async () => {
    const name = tag('partial');
    const answers = await composite(conn(), {
      allOrNone: false,
      compositeRequest: [
        { method: 'POST', url: `${V}/sobjects/Account`, referenceId: 'acct', body: { Name: name } },
        {
          method: 'POST',
          url: `${V}/sobjects/${INSPECTION}`,
          referenceId: 'bad',
          body: { cqext__Score__c: 500 },
        },
      ],
    });
    expect(answers.map((a) => a.httpStatusCode)).toEqual([201, 400]);
    expect(await accountsNamed(conn(), name)).toBe(1);
  });
});

describe('Composite with allOrNone beside other requests', () => {
  it("other callers' writes made meanwhile are neither rolled back with it nor lost", async () => {
    const conn = conns[FIELD_USER] as Connection;
    const admin = conns[ADMIN] as Connection;
    const failing = () =>
      composite(conn, {
        allOrNone: true,
        compositeRequest: [
          ...Array.from({ length: 20 }, (_, i) => ({
            method: 'POST',
            url: `${V}/sobjects/Account`,
            referenceId: `a${i}`,
            body: { Name: `aon busy rolled ${i}` },
          })),
          {
            method: 'POST',
            url: `${V}/sobjects/${INSPECTION}`,
            referenceId: 'bad',
            body: { cqext__Score__c: 101 },
          },
        ],
      });
    let done = false;
    const calls = Promise.all([failing(), failing()]).finally(() => {
      done = true;
    });
    // other users and requests keep writing and reading while the calls run
    const others: Promise<unknown>[] = [];
    let kept = 0;
    while (!done) {
      others.push(admin.sobject('Account').create({ Name: `aon busy kept ${kept++}` }));
      others.push(conn.query('SELECT Id FROM Account LIMIT 1').then((r) => r.totalSize));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const answers = await calls;
    await Promise.all(others);
    expect(answers.map((a) => a.at(-1)?.httpStatusCode)).toEqual([400, 400]);
    expect(kept).toBeGreaterThan(0);
    expect(await accountsNamed(conn, 'aon busy kept')).toBe(kept);
    expect(await accountsNamed(conn, 'aon busy rolled')).toBe(0);
  });

  it('a Composite subrequest may not itself be a Composite call', async () => {
    const conn = conns[FIELD_USER] as Connection;
    const answers = await composite(conn, {
      allOrNone: true,
      compositeRequest: [
        {
          method: 'POST',
          url: `${V}/composite`,
          referenceId: 'inner',
          body: {
            allOrNone: true,
            compositeRequest: [{ method: 'GET', url: `${V}/limits`, referenceId: 'x' }],
          },
        },
      ],
    });
    expect(answers[0]?.httpStatusCode).toBe(400);
  });
});
