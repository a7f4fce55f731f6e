import { describe, expect, it } from 'vitest';
import { ADMIN, expectSfError, http, orgForFile } from './helpers.js';

type Rec = Record<string, unknown>;

// Queries across every user's records: an administrator's view (View All Data).
const sf = orgForFile({}, ADMIN);

describe('SOQL via jsforce', () => {
  it('selects parent relationship fields and child subqueries (null when empty)', async () => {
    const res = await sf.conn.query<Rec>(
      "SELECT Id, Name, Owner.Name, (SELECT Id, Subject, Owner.Username FROM Tasks WHERE Status = 'Not Started' ORDER BY Subject) FROM cqext__SQX_Inspection_Program__c ORDER BY Name",
    );
    expect(res.totalSize).toBe(4);
    const first = res.records[0] as Rec;
    expect((first.Owner as Rec).Name).toBe('Ada Admin');
    const tasks = first.Tasks as { totalSize: number; records: Rec[] };
    expect(tasks.totalSize).toBe(3);
    expect(tasks.records.map((t) => (t.Owner as Rec).Username)).toContain('field.user@demo.org');
    const none = await sf.conn.query<Rec>(
      "SELECT Id, (SELECT Id FROM Tasks WHERE Subject = 'no such task') FROM cqext__SQX_Inspection_Program__c LIMIT 1",
    );
    expect((none.records[0] as Rec).Tasks).toBeNull();
  });

  it('rebuilds AND/OR/NOT precedence from the flattened parse', async () => {
    const count = async (where: string): Promise<number> =>
      (await sf.conn.query(`SELECT Id FROM Account WHERE ${where}`)).totalSize;
    const acme = await count("Name LIKE 'Acme%'");
    const globex = await count("Name LIKE 'Globex%'");
    const energy = await count("Name LIKE '%Energy'");
    expect(acme).toBe(8);
    expect(await count("(Name LIKE 'Acme%' OR Name LIKE 'Globex%') AND Name LIKE '%Energy'")).toBe(2);
    expect(await count("Name LIKE 'Acme%' OR Name LIKE 'Globex%' AND Name LIKE '%Energy'")).toBe(acme + 1);
    expect(await count("NOT (Name LIKE 'Acme%' OR Name LIKE 'Globex%')")).toBe(320 - acme - globex);
    expect(await count("NOT Name LIKE 'Acme%' AND Name LIKE '%Energy'")).toBe(energy - 1);
    expect(await count("((Name = 'Acme Energy'))")).toBe(1);
  });

  it('supports comparison operators, IN/NOT IN, null, booleans, numbers and case-insensitive equality', async () => {
    const q = async (soql: string): Promise<number> => (await sf.conn.query(soql)).totalSize;
    expect(await q("SELECT Id FROM Account WHERE Name = 'acme energy'")).toBe(1);
    expect(await q("SELECT Id FROM Account WHERE Name IN ('Acme Energy', 'Globex Foods')")).toBe(2);
    expect(await q("SELECT Id FROM Account WHERE Name NOT IN ('Acme Energy')")).toBe(319);
    expect(await q('SELECT Id FROM Account WHERE ParentId = null')).toBe(320);
    expect(await q('SELECT Id FROM Account WHERE ParentId != null')).toBe(0);
    expect(
      await q('SELECT Id FROM cqext__SQX_Form_Definition__c WHERE cqext__Supports_Offline__c = true'),
    ).toBe(4);
    expect(
      await q('SELECT Id FROM cqext__SQX_Form_Definition__c WHERE cqext__Supports_Offline__c = false'),
    ).toBe(2);
    const big = await q('SELECT Id FROM Account WHERE NumberOfEmployees >= 2500');
    const small = await q('SELECT Id FROM Account WHERE NumberOfEmployees < 2500');
    expect(big + small).toBe(320);
    expect(await q("SELECT Id FROM Contact WHERE LastName = 'O\\'Brien'")).toBeGreaterThan(0);
  });

  it('honours escapes in string and LIKE literals (backslash, quote, % and _)', async () => {
    const name = "50% Off_Co \\ O'Hara";
    const created = await sf.conn.sobject('Account').create({ Name: name });
    const esc = (v: string): string => v.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
    const like = (v: string): string => esc(v).replace(/%/g, '\\%').replace(/_/g, '\\_');
    const eq = await sf.conn.query<Rec>(`SELECT Name FROM Account WHERE Name = '${esc(name)}'`);
    expect(eq.records[0]?.Name).toBe(name);
    expect(
      (await sf.conn.query(`SELECT Id FROM Account WHERE Name LIKE '${like('50% Off_')}%'`)).totalSize,
    ).toBe(1);
    expect(
      (await sf.conn.query(`SELECT Id FROM Account WHERE Name LIKE '${like('50_ Off')}%'`)).totalSize,
    ).toBe(0);
    if (created.success) await sf.conn.sobject('Account').destroy(created.id);
  });

  it('handles date, datetime and relative date literals', async () => {
    const q = async (where: string): Promise<number> =>
      (await sf.conn.query(`SELECT Id FROM Task WHERE ${where}`)).totalSize;
    const all = await q('Id != null');
    const past = await q('ActivityDate < TODAY');
    const today = await q('ActivityDate = TODAY');
    const future = await q('ActivityDate > TODAY');
    expect(past + today + future).toBe(all);
    expect(await q('ActivityDate = NEXT_N_DAYS:400')).toBe(future);
    expect(await q('ActivityDate >= 2000-01-01')).toBe(all);
    expect(await q('CreatedDate > 2000-01-01T00:00:00Z')).toBe(all);
    expect(await q('CreatedDate = TODAY')).toBe(all);
    expect(await q('CreatedDate = LAST_N_DAYS:3')).toBe(all);
  });

  it('orders with NULLS FIRST/LAST, LIMIT and OFFSET', async () => {
    const asc = await sf.conn.query<Rec>('SELECT Name FROM Account ORDER BY Name ASC LIMIT 5 OFFSET 2');
    const names = asc.records.map((r) => String(r.Name));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(asc.records).toHaveLength(5);
    const first = await sf.conn.query<Rec>(
      'SELECT cqext__Scheduled_Date__c FROM cqext__SQX_Form_Submission__c ORDER BY cqext__Scheduled_Date__c ASC NULLS FIRST',
    );
    expect(first.records[0]?.cqext__Scheduled_Date__c).toBeNull();
    const last = await sf.conn.query<Rec>(
      'SELECT cqext__Scheduled_Date__c FROM cqext__SQX_Form_Submission__c ORDER BY cqext__Scheduled_Date__c ASC NULLS LAST',
    );
    expect(last.records[last.records.length - 1]?.cqext__Scheduled_Date__c).toBeNull();
  });

  it('answers COUNT() and aggregates', async () => {
    const res = await sf.conn.query('SELECT COUNT() FROM Account');
    expect(res.totalSize).toBe(320);
    expect(res.records).toEqual([]);
    const agg = await sf.conn.query<Rec>('SELECT Status, COUNT(Id) n FROM Task GROUP BY Status');
    expect(agg.records.find((r) => r.Status === 'Not Started')?.n).toBeGreaterThan(0);
  });

  it('pages with queryMore (batch size 2000 and Sforce-Query-Options)', async () => {
    const first = await sf.conn.query<Rec>('SELECT Id FROM Contact', { autoFetch: false });
    expect(first.done).toBe(true);
    const paged = await sf.conn.query<Rec>('SELECT Id, Name FROM Account ORDER BY Name', {
      autoFetch: false,
      headers: { 'Sforce-Query-Options': 'batchSize=200' },
    });
    expect(paged.done).toBe(false);
    expect(paged.records).toHaveLength(200);
    expect(paged.totalSize).toBe(320);
    const more = await sf.conn.queryMore<Rec>(paged.nextRecordsUrl ?? '');
    expect(more.done).toBe(true);
    expect(more.records).toHaveLength(120);
    // jsforce follows nextRecordsUrl by itself (it keeps only the locator segment).
    const all = await sf.conn.query('SELECT Id FROM Account', {
      autoFetch: true,
      maxFetch: 1000,
      headers: { 'Sforce-Query-Options': 'batchSize=200' },
    });
    expect(all.records).toHaveLength(320);
    expect(new Set(all.records.map((r) => r.Id)).size).toBe(320);
    await expectSfError(sf.conn.queryMore('01gBOGUSBOGUSBOG-200'), 'INVALID_QUERY_LOCATOR');
  });

  it('queryAll sees deleted records', async () => {
    const created = await sf.conn.sobject('Account').create({ Name: 'To be deleted' });
    if (!created.success) throw new Error('create failed');
    await sf.conn.sobject('Account').destroy(created.id);
    const q = `SELECT Id, IsDeleted FROM Account WHERE Id = '${created.id}'`;
    expect((await sf.conn.query(q)).totalSize).toBe(0);
    const all = await sf.conn.query<Rec>(q, { scanAll: true });
    expect(all.totalSize).toBe(1);
    expect(all.records[0]?.IsDeleted).toBe(true);
  });

  it('reports INVALID_TYPE, INVALID_FIELD and MALFORMED_QUERY like Salesforce', async () => {
    const t = await expectSfError(sf.conn.query('SELECT Id FROM Nope__c'), 'INVALID_TYPE');
    expect(t.message).toContain("sObject type 'Nope__c' is not supported");
    const f = await expectSfError(sf.conn.query('SELECT Id, Nme FROM Account'), 'INVALID_FIELD');
    expect(f.message).toContain("No such column 'Nme' on entity 'Account'");
    expect(f.message).toContain('ERROR at Row:1:Column:12');
    await expectSfError(sf.conn.query('SELECT Id, Foo.Name FROM Account'), 'INVALID_FIELD');
    await expectSfError(sf.conn.query('SELECT Id, (SELECT Id FROM Nothings) FROM Account'), 'INVALID_FIELD');
    await expectSfError(sf.conn.query('SELECT Id FROM Account WHERE Name = 5'), 'INVALID_FIELD');
    await expectSfError(sf.conn.query('SELECT FROM Account'), 'MALFORMED_QUERY');
    await expectSfError(sf.conn.query('SELECT Id FROM Account WHERE (Name = 1'), 'MALFORMED_QUERY');
  });

  it('accepts any vNN.N version and semi-joins', async () => {
    const { token } = { token: sf.conn.accessToken ?? '' };
    const res = await http(
      sf.emu,
      `/services/data/v42.0/query?q=${encodeURIComponent('SELECT Id FROM Account LIMIT 1')}`,
      { token },
    );
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('/services/data/v42.0/sobjects/Account/');
    const bad = await http(sf.emu, `/services/data/latest/query?q=x`, { token });
    expect(bad.status).toBe(404);
    const semi = await sf.conn.query(
      "SELECT Id FROM cqext__SQX_Inspection_Program__c WHERE Id IN (SELECT WhatId FROM Task WHERE Subject LIKE '%(partner)')",
    );
    expect(semi.totalSize).toBe(4);
  });
});
