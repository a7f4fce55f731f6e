import { describe, expect, it } from 'vitest';
import { ADMIN, expectSfError, http, login, orgForFile } from './helpers.js';

type Rec = Record<string, unknown>;

const sf = orgForFile();

const SUB = 'cqext__SQX_Form_Submission__c';

describe('discovery', () => {
  it('lists versions and resources (incl. identity) and limits with Sforce-Limit-Info', async () => {
    const versions = await http(sf.emu, '/services/data');
    expect(versions.status).toBe(200);
    expect((versions.body as Rec[]).some((v) => v.version === '60.0')).toBe(true);
    const resources = await sf.conn.request<Rec>('/services/data/v60.0');
    expect(String(resources.identity)).toMatch(/\/id\/00D\w+\/005\w+$/);
    // /limits is the admin's (View Setup and Configuration)
    const admin = await login(sf.emu, ADMIN);
    const limits = await http(sf.emu, '/services/data/v60.0/limits', { token: admin.accessToken ?? '' });
    // the default org: Enterprise Edition with 10 Salesforce licences, 100,000 + 10 × 1,000
    expect((limits.body as Rec).DailyApiRequests).toMatchObject({ Max: 110000 });
    expect(limits.headers.get('sforce-limit-info')).toMatch(/^api-usage=\d+\/110000$/);
  });
});

describe('describe', () => {
  it('describeGlobal lists standard and cqext objects', async () => {
    const g = await sf.conn.describeGlobal();
    const names = g.sobjects.map((s) => s.name);
    for (const n of [
      'Account',
      'Contact',
      'User',
      'Task',
      'RecordType',
      'ContentVersion',
      'ContentDocument',
      'ContentDocumentLink',
      'Organization',
      SUB,
      'cqext__SQX_Form_Definition__c',
    ]) {
      expect(names).toContain(n);
    }
  });

  it('describes fields, child relationships, record types and dependent picklists (validFor MSB-first)', async () => {
    const d = await sf.conn.sobject('cqext__SQX_Safety_Inspection__c').describe();
    const field = (n: string) => d.fields.find((f) => f.name === n);
    expect(field('Name')).toMatchObject({ autoNumber: true, createable: false, type: 'string' });
    expect(field('cqext__Account__c')).toMatchObject({
      type: 'reference',
      referenceTo: ['Account'],
      relationshipName: 'cqext__Account__r',
      custom: true,
    });
    const dep = field('cqext__Hazard_Type__c');
    expect(dep?.controllerName).toBe('cqext__Hazard_Category__c');
    expect(dep?.dependentPicklist).toBe(true);
    const controller = field('cqext__Hazard_Category__c')?.picklistValues?.map((p) => p.value) ?? [];
    expect(controller).toEqual(['Fire', 'Electrical', 'Chemical']);
    const decode = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      return controller.filter((_c, i) => ((bytes[i >> 3] ?? 0) & (0x80 >> (i & 7))) !== 0);
    };
    const flammable = dep?.picklistValues?.find((p) => p.value === 'Flammable Storage');
    expect(decode(String(flammable?.validFor))).toEqual(['Fire', 'Chemical']);
    const wiring = dep?.picklistValues?.find((p) => p.value === 'Exposed Wiring');
    expect(decode(String(wiring?.validFor))).toEqual(['Electrical']);

    const sub = await sf.conn.sobject(SUB).describe();
    expect(sub.fields.find((f) => f.name === 'cqext__Uniqueness_Constraint__c')).toMatchObject({
      externalId: true,
      unique: true,
      length: 255,
    });
    expect(
      sub.fields.find((f) => f.name === 'cqext__Status__c')?.picklistValues?.map((p) => p.value),
    ).toEqual(['In Progress', 'Submitted', 'Scheduled', 'Pending']);
    const program = await sf.conn.sobject('cqext__SQX_Inspection_Program__c').describe();
    expect(program.childRelationships).toContainEqual(
      expect.objectContaining({ childSObject: 'Task', field: 'WhatId', relationshipName: 'Tasks' }),
    );
    const doc = await sf.conn.sobject('cqext__SQX_Controlled_Document__c').describe();
    expect(doc.recordTypeInfos.map((r) => (r as unknown as Rec).developerName)).toContain(
      'Safety_Inspection_Criteria',
    );
  });

  it('answers 405 METHOD_NOT_ALLOWED for unsupported methods', async () => {
    const res = await http(sf.emu, '/services/data/v60.0/limits', { method: 'DELETE', token: sf.token });
    expect(res.status).toBe(405);
    expect((res.body as Rec[])[0]?.errorCode).toBe('METHOD_NOT_ALLOWED');
    const odd = await http(sf.emu, '/services/data/v60.0/sobjects/Account', {
      method: 'PROPFIND',
      token: sf.token,
    });
    expect(odd.status).toBe(405);
    expect(odd.headers.get('sforce-limit-info')).toMatch(/^api-usage=/);
  });

  it('unknown object is NOT_FOUND', async () => {
    await expectSfError(sf.conn.sobject('Nope__c').describe(), 'NOT_FOUND');
  });
});

describe('CRUD', () => {
  it('creates, retrieves (?fields=), updates (204) and deletes (204)', async () => {
    const res = await sf.conn.sobject('Account').create({ Name: 'Emulator Test Co', BillingCity: 'Austin' });
    if (!res.success) throw new Error('create failed');
    expect(res.id).toMatch(/^001\w{15}$/);
    const rec = await sf.conn.sobject('Account').retrieve(res.id);
    expect(rec).toMatchObject({
      Name: 'Emulator Test Co',
      BillingCity: 'Austin',
      OwnerId: expect.stringMatching(/^005/),
    });
    const some = await http(sf.emu, `/services/data/v60.0/sobjects/Account/${res.id}?fields=Name`, {
      token: sf.token,
    });
    expect(Object.keys(some.body as Rec)).toEqual(['attributes', 'Name']);
    const patch = await http(sf.emu, `/services/data/v60.0/sobjects/Account/${res.id}`, {
      method: 'PATCH',
      token: sf.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ BillingCity: 'Denver' }),
    });
    expect(patch.status).toBe(204);
    expect((await sf.conn.sobject('Account').retrieve(res.id)).BillingCity).toBe('Denver');
    const del = await http(sf.emu, `/services/data/v60.0/sobjects/Account/${res.id}`, {
      method: 'DELETE',
      token: sf.token,
    });
    expect(del.status).toBe(204);
    await expectSfError(sf.conn.sobject('Account').retrieve(res.id), 'ENTITY_IS_DELETED');
    await expectSfError(sf.conn.sobject('Account').retrieve('001000000000000AAA'), 'NOT_FOUND');
  });

  it('enforces required fields, lengths, types, picklists, references and uniqueness with Salesforce codes', async () => {
    const e1 = await expectSfError(
      sf.conn.sobject('Account').create({ BillingCity: 'x' }),
      'REQUIRED_FIELD_MISSING',
    );
    expect(e1.message).toBe('Required fields are missing: [Name]');
    const e2 = await expectSfError(
      sf.conn.sobject('Account').create({ Name: 'x'.repeat(256) }),
      'STRING_TOO_LONG',
    );
    expect(e2.message).toContain('max length=255');
    await expectSfError(
      sf.conn.sobject('Account').create({ Name: 'x', NumberOfEmployees: 'many' }),
      'INVALID_TYPE_ON_FIELD_IN_RECORD',
    );
    await expectSfError(
      sf.conn.sobject(SUB).create({ cqext__Scheduled_Date__c: '2024-13-45' }),
      'INVALID_TYPE_ON_FIELD_IN_RECORD',
    );
    await expectSfError(
      sf.conn.sobject(SUB).create({ cqext__Version__c: { a: 1 } }),
      'INVALID_TYPE_ON_FIELD_IN_RECORD',
    );
    await expectSfError(
      sf.conn.sobject(SUB).create({ cqext__Status__c: 'Bogus' }),
      'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
    );
    await expectSfError(sf.conn.sobject('Account').create({ Name: 'x', Bogus__c: 1 }), 'INVALID_FIELD');
    await expectSfError(
      sf.conn.sobject('Account').create({ Name: 'x', CreatedDate: '2020-01-01T00:00:00Z' }),
      'INVALID_FIELD_FOR_INSERT_UPDATE',
    );
    await expectSfError(
      sf.conn.sobject(SUB).create({ cqext__Form_Definition__c: 'not-an-id' }),
      'MALFORMED_ID',
    );
    await expectSfError(
      sf.conn.sobject(SUB).create({ cqext__Form_Definition__c: '001000000000000AAA' }),
      'FIELD_INTEGRITY_EXCEPTION',
    );
    await expectSfError(
      sf.conn.sobject('Contact').create({ LastName: 'x', Email: 'not-an-email' }),
      'INVALID_EMAIL_ADDRESS',
    );
    const key = `a0F#${Date.now()}`;
    await sf.conn.sobject(SUB).create({ cqext__Uniqueness_Constraint__c: key });
    const dup = await expectSfError(
      sf.conn.sobject(SUB).create({ cqext__Uniqueness_Constraint__c: key.toUpperCase() }),
      'DUPLICATE_VALUE',
    );
    expect(dup.message).toMatch(
      /^duplicate value found: cqext__Uniqueness_Constraint__c duplicates value on record with id: a0G/,
    );
    const bad = await http(sf.emu, '/services/data/v60.0/sobjects/Account', {
      method: 'POST',
      token: sf.token,
      headers: { 'content-type': 'application/json' },
      body: '{"Name": ',
    });
    expect(bad.status).toBe(400);
    expect((bad.body as Rec[])[0]?.errorCode).toBe('JSON_PARSER_ERROR');
  });

  it('auto-numbers Name and fills audit fields', async () => {
    const res = await sf.conn.sobject(SUB).create({ cqext__Status__c: 'In Progress', cqext__Version__c: 1 });
    if (!res.success) throw new Error('create failed');
    const rec = await sf.conn.sobject(SUB).retrieve(res.id);
    expect(String(rec.Name)).toMatch(/^FS-\d{5}$/);
    expect(String(rec.CreatedDate)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);
  });
});

describe('upsert by external id', () => {
  it('answers 201 created, then 200 updated (idempotent), and 300 when ambiguous', async () => {
    const key = `a0F5g0000000001EAA#${crypto.randomUUID()}`;
    const path = `/services/data/v60.0/sobjects/${SUB}/cqext__Uniqueness_Constraint__c/${encodeURIComponent(key)}`;
    const body = JSON.stringify({ cqext__Status__c: 'In Progress', cqext__Version__c: 1 });
    const init = { method: 'PATCH', token: sf.token, headers: { 'content-type': 'application/json' }, body };
    const first = await http(sf.emu, path, init);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, created: true, errors: [] });
    const second = await http(sf.emu, path, {
      ...init,
      body: JSON.stringify({ cqext__Status__c: 'Submitted', cqext__Version__c: 2 }),
    });
    expect(second.status).toBe(200);
    expect((second.body as Rec).id).toBe((first.body as Rec).id);
    expect((second.body as Rec).created).toBe(false);
    const count = await sf.conn.query(
      `SELECT Id FROM ${SUB} WHERE cqext__Uniqueness_Constraint__c = '${key}'`,
    );
    expect(count.totalSize).toBe(1);
    // Account.External_Id__c is the emulator's own fixture field: no permission set grants it, so an admin's.
    const admin = await login(sf.emu, ADMIN);
    const viaJsforce = await admin
      .sobject('Account')
      .upsert({ Name: 'Ext A', External_Id__c: 'EXT-1' }, 'External_Id__c');
    expect(viaJsforce.success).toBe(true);
    await admin.sobject('Account').create({ Name: 'Ext B', External_Id__c: 'EXT-1' });
    const ambiguous = await http(sf.emu, '/services/data/v60.0/sobjects/Account/External_Id__c/EXT-1', {
      method: 'PATCH',
      token: admin.accessToken ?? '',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Name: 'Ext C' }),
    });
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.body).toHaveLength(2);
    const byExt = await http(sf.emu, `${path}?fields=cqext__Version__c`, { token: sf.token });
    expect((byExt.body as Rec).cqext__Version__c).toBe(2);
    const noField = await http(sf.emu, `/services/data/v60.0/sobjects/${SUB}/Name/x`, { ...init });
    expect(noField.status).toBe(404);
  });
});
