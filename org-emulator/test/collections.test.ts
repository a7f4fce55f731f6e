import { describe, expect, it } from 'vitest';
import { http, orgForFile } from './helpers.js';

type Rec = Record<string, unknown>;
type Result = {
  id?: string | null;
  success: boolean;
  errors: { statusCode: string; message: string; fields: string[] }[];
};

const sf = orgForFile();

const countNamed = async (prefix: string): Promise<number> =>
  (await sf.conn.query(`SELECT Id FROM Account WHERE Name LIKE '${prefix}%'`)).totalSize;

describe('sObject Collections', () => {
  it('creates with partial failure (allOrNone false) and per-record statusCode errors', async () => {
    const results = (await sf.conn
      .sobject('Account')
      .create([{ Name: 'Coll A1' }, { BillingCity: 'no name' }, { Name: 'Coll A3' }])) as Result[];
    expect(results.map((r) => r.success)).toEqual([true, false, true]);
    expect(results[1]?.errors[0]).toEqual({
      statusCode: 'REQUIRED_FIELD_MISSING',
      message: 'Required fields are missing: [Name]',
      fields: ['Name'],
    });
    expect(await countNamed('Coll A')).toBe(2);
  });

  it('rolls everything back with allOrNone', async () => {
    const results = (await sf.conn
      .sobject('Account')
      .create([{ Name: 'Coll B1' }, { Name: 'x'.repeat(300) }], { allOrNone: true })
      .catch((e: unknown) => e)) as Result[] | Error;
    const raw = await http(sf.emu, '/services/data/v60.0/composite/sobjects', {
      method: 'POST',
      token: sf.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        allOrNone: true,
        records: [{ attributes: { type: 'Account' }, Name: 'Coll B2' }, { attributes: { type: 'Account' } }],
      }),
    });
    expect(raw.status).toBe(200);
    const body = raw.body as Result[];
    expect(body[0]?.errors[0]?.statusCode).toBe('ALL_OR_NONE_OPERATION_ROLLED_BACK');
    expect(body[1]?.errors[0]?.statusCode).toBe('REQUIRED_FIELD_MISSING');
    expect(results).toBeDefined();
    expect(await countNamed('Coll B')).toBe(0);
  });

  it('updates, retrieves and deletes in bulk', async () => {
    const created = (await sf.conn
      .sobject('Account')
      .create([{ Name: 'Coll C1' }, { Name: 'Coll C2' }])) as Result[];
    const ids = created.map((r) => String(r.id));
    const updated = (await sf.conn.sobject('Account').update([
      { Id: ids[0] ?? '', BillingCity: 'Lyon' },
      { Id: '001000000000000AAA', BillingCity: 'x' },
      { Id: ids[1] ?? '', BillingCity: 'Pune' },
    ])) as Result[];
    expect(
      updated.map((r) => r.success),
      JSON.stringify(updated),
    ).toEqual([true, false, true]);
    const got = (await sf.conn
      .sobject('Account')
      .retrieve([ids[0] ?? '', '001000000000000AAA', ids[1] ?? ''], {
        fields: ['Name', 'BillingCity'],
      })) as (Rec | null)[];
    expect(got[0]?.BillingCity).toBe('Lyon');
    expect(got[1]).toBeNull();
    expect(got[2]?.BillingCity).toBe('Pune');
    const deleted = (await sf.conn.sobject('Account').destroy([...ids, 'bogus'])) as Result[];
    expect(deleted.map((r) => r.success)).toEqual([true, true, false]);
    expect(deleted[2]?.errors[0]?.statusCode).toBe('MALFORMED_ID');
    expect(await countNamed('Coll C')).toBe(0);
  });

  it('upserts by external id idempotently and reports created flags', async () => {
    const recs = [
      { cqext__Uniqueness_Constraint__c: 'form1#sub-1', cqext__Status__c: 'In Progress' },
      { cqext__Uniqueness_Constraint__c: 'form1#sub-2', cqext__Status__c: 'In Progress' },
    ];
    const first = (await sf.conn
      .sobject('cqext__SQX_Form_Submission__c')
      .upsert(recs, 'cqext__Uniqueness_Constraint__c')) as (Result & { created: boolean })[];
    expect(first.map((r) => r.created)).toEqual([true, true]);
    const again = (await sf.conn.sobject('cqext__SQX_Form_Submission__c').upsert(
      recs.map((r) => ({ ...r, cqext__Status__c: 'Submitted' })),
      'cqext__Uniqueness_Constraint__c',
    )) as (Result & { created: boolean })[];
    expect(again.map((r) => r.created)).toEqual([false, false]);
    expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id));
    const q = await sf.conn.query(
      "SELECT Id FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c LIKE 'form1#%' AND cqext__Status__c = 'Submitted'",
    );
    expect(q.totalSize).toBe(2);
  });

  it('rejects more than 200 records and non-array bodies with 400', async () => {
    const many = Array.from({ length: 201 }, (_, i) => ({ attributes: { type: 'Account' }, Name: `n${i}` }));
    const res = await http(sf.emu, '/services/data/v60.0/composite/sobjects', {
      method: 'POST',
      token: sf.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ records: many }),
    });
    expect(res.status).toBe(400);
    expect((res.body as Rec[])[0]?.errorCode).toBe('EXCEEDED_ID_LIMIT');
    const wrong = await http(sf.emu, '/services/data/v60.0/composite/sobjects', {
      method: 'POST',
      token: sf.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ records: 'nope' }),
    });
    expect(wrong.status).toBe(400);
  });
});
