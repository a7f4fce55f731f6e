// The org's security model as jsforce meets it: profiles, permission sets (from salesforce/ and from a
// deploy), field-level security and sharing, on every surface (REST, collections, tree, SOQL, describe,
// UI API, files, Metadata and Tooling APIs), refused with the org's codes and messages.
import { strToU8, zipSync } from 'fflate';
import type { Connection } from 'jsforce';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, expectSfError, http, login, orgForFile, PARTNER_USER } from './helpers.js';

type Rec = Record<string, unknown>;
const V = '/services/data/v60.0';
const SUB = 'cqext__SQX_Form_Submission__c';
const DEF = 'cqext__SQX_Form_Definition__c';
const PROBE = 'cqext__Probe__c';

const sf = orgForFile({ deployMs: 20 }, ADMIN);
let field: Connection;
let partner: Connection;
const tokenOf = (c: Connection): string => c.accessToken ?? '';

const PACKAGE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<Package xmlns="http://soap.sforce.com/2006/04/metadata"><types><members>*</members><name>CustomObject</name></types><types><members>*</members><name>PermissionSet</name></types><version>62.0</version></Package>`;
const PROBE_OBJECT = `<?xml version="1.0" encoding="UTF-8"?>
<CustomObject xmlns="http://soap.sforce.com/2006/04/metadata">
  <label>Probe</label><pluralLabel>Probes</pluralLabel>
  <nameField><label>Probe Name</label><type>Text</type></nameField>
  <deploymentStatus>Deployed</deploymentStatus>
  <sharingModel>Private</sharingModel><externalSharingModel>Private</externalSharingModel>
  <fields><fullName>Shown__c</fullName><label>Shown</label><type>Text</type><length>40</length></fields>
  <fields><fullName>Hidden__c</fullName><label>Hidden</label><type>Text</type><length>40</length></fields>
</CustomObject>`;
// Read/create/edit on the probe with one read-only field and one not granted; View All on submissions;
// Modify All on inspections.
const PROBE_PERMSET = `<?xml version="1.0" encoding="UTF-8"?>
<PermissionSet xmlns="http://soap.sforce.com/2006/04/metadata">
  <label>CQ Probe</label>
  <fieldPermissions><editable>false</editable><field>Probe__c.Shown__c</field><readable>true</readable></fieldPermissions>
  <objectPermissions><allowCreate>true</allowCreate><allowDelete>false</allowDelete><allowEdit>true</allowEdit><allowRead>true</allowRead><modifyAllRecords>false</modifyAllRecords><object>Probe__c</object><viewAllRecords>false</viewAllRecords></objectPermissions>
  <objectPermissions><allowCreate>false</allowCreate><allowDelete>false</allowDelete><allowEdit>false</allowEdit><allowRead>true</allowRead><modifyAllRecords>false</modifyAllRecords><object>SQX_Form_Submission__c</object><viewAllRecords>true</viewAllRecords></objectPermissions>
  <objectPermissions><allowCreate>false</allowCreate><allowDelete>false</allowDelete><allowEdit>true</allowEdit><allowRead>true</allowRead><modifyAllRecords>true</modifyAllRecords><object>SQX_Inspection__c</object><viewAllRecords>false</viewAllRecords></objectPermissions>
</PermissionSet>`;

async function deploy(token: string, files: Record<string, string>): Promise<{ status: number; body: Rec }> {
  const form = new FormData();
  form.append('json', JSON.stringify({ deployOptions: { singlePackage: true } }));
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
  form.append('file', new Blob([Buffer.from(zip)], { type: 'application/zip' }), 'deploy.zip');
  const res = await http(sf.emu, `${V}/metadata/deployRequest`, { method: 'POST', body: form, token });
  return { status: res.status, body: res.body as Rec };
}

async function deployed(id: string): Promise<Rec> {
  for (let i = 0; i < 200; i++) {
    const res = await http(sf.emu, `${V}/metadata/deployRequest/${id}`, { token: sf.token });
    const result = (res.body as { deployResult: Rec }).deployResult;
    if (result.done === true) return result;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('deploy never finished');
}

const submissionsOf = async (c: Connection): Promise<Rec[]> =>
  (await c.query<Rec>(`SELECT Id, OwnerId FROM ${SUB}`)).records;

beforeAll(async () => {
  field = await login(sf.emu);
  partner = await login(sf.emu, PARTNER_USER);
});

describe('personas', () => {
  it('assigns the package permission sets as PermissionSetAssignment records, on the three profiles', async () => {
    const rows = await sf.conn.query<Rec>(
      'SELECT Assignee.Username, Assignee.Profile.Name, PermissionSet.Name FROM PermissionSetAssignment ORDER BY Assignee.Username',
    );
    expect(
      rows.records.map((r) => [
        (r.Assignee as Rec).Username,
        ((r.Assignee as Rec).Profile as Rec).Name,
        (r.PermissionSet as Rec).Name,
      ]),
    ).toEqual([
      ['admin@demo.org', 'System Administrator', 'CQ_Form_Builder'],
      ['field.user@demo.org', 'Standard User', 'CQ_Field_User'],
      ['partner.user@demo.org', 'Partner Community User', 'CQ_Field_User'],
    ]);
  });
});

describe('object permissions', () => {
  it('refuses a field user who edits, creates or deletes a form definition (read-only in CQ_Field_User)', async () => {
    const [form] = (await field.query<Rec>(`SELECT Id, Name FROM ${DEF} WHERE Name = 'FORM-0001'`)).records;
    const id = String(form?.Id);
    const e = await expectSfError(
      field.sobject(DEF).update({ Id: id, cqext__Title__c: 'Hijacked' }),
      'INSUFFICIENT_ACCESS_OR_READONLY',
    );
    expect(e.message).toBe('insufficient access rights on object id');
    await expectSfError(
      field.sobject(DEF).create({ cqext__Title__c: 'Mine' }),
      'INSUFFICIENT_ACCESS_OR_READONLY',
    );
    await expectSfError(field.sobject(DEF).destroy(id), 'INSUFFICIENT_ACCESS_OR_READONLY');
    const after = await sf.conn.sobject(DEF).retrieve(id);
    expect(after.cqext__Title__c).not.toBe('Hijacked');
    // The admin (CQ_Form_Builder, Modify All Data) may.
    await sf.conn.sobject(DEF).update({ Id: id, cqext__Title__c: String(after.cqext__Title__c) });
  });

  it('describes the object per user: createable, updateable, deletable and each field', async () => {
    const asField = await field.sobject(DEF).describe();
    expect([asField.createable, asField.updateable, asField.deletable]).toEqual([false, false, false]);
    expect(asField.fields.find((f) => f.name === 'cqext__Title__c')).toMatchObject({
      createable: false,
      updateable: false,
    });
    const asAdmin = await sf.conn.sobject(DEF).describe();
    expect([asAdmin.createable, asAdmin.updateable, asAdmin.deletable]).toEqual([true, true, true]);
    const sub = await field.sobject(SUB).describe();
    expect([sub.createable, sub.updateable, sub.deletable]).toEqual([true, true, true]);
    expect(sub.fields.find((f) => f.name === 'cqext__Status__c')?.updateable).toBe(true);
  });

  it('answers the UI API object info per user', async () => {
    const res = await http(sf.emu, `${V}/ui-api/object-info/${DEF}`, { token: tokenOf(field) });
    const body = res.body as { updateable: boolean; fields: Record<string, { updateable: boolean }> };
    expect(body.updateable).toBe(false);
    expect(body.fields.cqext__Title__c?.updateable).toBe(false);
  });

  it('refuses a record tree and collections the user may not create', async () => {
    const tree = await http(sf.emu, `${V}/composite/tree/${DEF}`, {
      method: 'POST',
      token: tokenOf(field),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        records: [{ attributes: { type: DEF, referenceId: 'f1' }, cqext__Title__c: 'Tree' }],
      }),
    });
    expect(tree.status).toBe(400);
    expect(tree.body).toEqual({
      hasErrors: true,
      results: [
        {
          referenceId: 'f1',
          errors: [
            {
              statusCode: 'INSUFFICIENT_ACCESS_OR_READONLY',
              message: 'insufficient access rights on object id',
              fields: [],
            },
          ],
        },
      ],
    });
    const batch = await field.sobject(DEF).create([{ cqext__Title__c: 'A' }], { allOrNone: false });
    expect(batch[0]).toMatchObject({ success: false });
  });
});

describe('the tooling and metadata APIs are setup', () => {
  it('answers a field user INVALID_TYPE for tooling objects and refuses a deploy with INSUFFICIENT_ACCESS', async () => {
    await expectSfError(field.tooling.query('SELECT Id FROM ApexPage'), 'INVALID_TYPE');
    const res = await deploy(tokenOf(field), { 'package.xml': PACKAGE_XML });
    expect(res.status).toBe(403);
    expect(res.body).toEqual([
      {
        errorCode: 'INSUFFICIENT_ACCESS',
        message:
          'use of the Metadata API requires a user with the ModifyAllData or ModifyMetadata permissions',
      },
    ]);
    await expect(field.metadata.checkDeployStatus('0Af000000000000AAA')).rejects.toThrow(
      /ModifyAllData or ModifyMetadata/,
    );
  });

  it('answers /limits to View Setup only: the admin reads it, field and partner users get INSUFFICIENT_ACCESS', async () => {
    const admin = await http(sf.emu, `${V}/limits`, { token: sf.token });
    expect(admin.status).toBe(200);
    expect((admin.body as Record<string, { Max: number }>).DailyApiRequests?.Max).toBeGreaterThan(0);
    for (const c of [field, partner]) {
      await expectSfError(c.request(`${V}/limits`), 'INSUFFICIENT_ACCESS');
      // the version's resource list stays open to every API user (the BFF's token check)
      expect((await http(sf.emu, `${V}/`, { token: tokenOf(c) })).status).toBe(200);
    }
  });
});

describe('a permission set from a deploy, field-level security', () => {
  it('hides an object until it is granted (INVALID_TYPE), then holds its fields (INVALID_FIELD, read-only)', async () => {
    const started = await deploy(sf.token, {
      'package.xml': PACKAGE_XML,
      'objects/Probe__c.object': PROBE_OBJECT,
      'permissionsets/CQ_Probe.permissionset': PROBE_PERMSET,
    });
    expect(started.status).toBe(201);
    expect(await deployed(String(started.body.id))).toMatchObject({ status: 'Succeeded' });
    await sf.conn.sobject(PROBE).create({ Name: 'by admin', cqext__Hidden__c: 'x', cqext__Shown__c: 'y' });

    const e = await expectSfError(field.query(`SELECT Id FROM ${PROBE}`), 'INVALID_TYPE');
    expect(e.message).toContain(`sObject type '${PROBE}' is not supported`);
    await expectSfError(field.sobject(PROBE).describe(), 'NOT_FOUND');

    const [set] = (await sf.conn.query<Rec>("SELECT Id FROM PermissionSet WHERE Name = 'CQ_Probe'")).records;
    for (const user of ['field.user@demo.org', PARTNER_USER]) {
      const [u] = (await sf.conn.query<Rec>(`SELECT Id FROM User WHERE Username = '${user}'`)).records;
      await sf.conn
        .sobject('PermissionSetAssignment')
        .create({ AssigneeId: u?.Id, PermissionSetId: set?.Id });
    }

    // Private sharing: the admin's probe is not the field user's.
    expect((await field.query(`SELECT Id, cqext__Shown__c FROM ${PROBE}`)).totalSize).toBe(0);
    const hidden = await expectSfError(field.query(`SELECT cqext__Hidden__c FROM ${PROBE}`), 'INVALID_FIELD');
    expect(hidden.message).toContain(`No such column 'cqext__Hidden__c' on entity '${PROBE}'`);
    const desc = await field.sobject(PROBE).describe();
    expect(desc.fields.map((f) => f.name)).not.toContain('cqext__Hidden__c');
    expect(desc.fields.find((f) => f.name === 'cqext__Shown__c')).toMatchObject({
      createable: false,
      updateable: false,
    });
    const ro = await expectSfError(
      field.sobject(PROBE).create({ Name: 'mine', cqext__Shown__c: 'v' }),
      'INVALID_FIELD_FOR_INSERT_UPDATE',
    );
    expect(ro.message).toBe(
      'Unable to create/update fields: cqext__Shown__c. Please check the security settings of this field and verify that it is read/write for your profile or permission set.',
    );
    await expectSfError(
      field.sobject(PROBE).create({ Name: 'mine', cqext__Hidden__c: 'v' }),
      'INVALID_FIELD',
    );
    const mine = await field.sobject(PROBE).create({ Name: 'mine' });
    expect(mine.success).toBe(true);
    expect((await field.query(`SELECT Id FROM ${PROBE}`)).totalSize).toBe(1);
  });

  it('gives View All on an object: the partner then sees every submission, but may not edit others’', async () => {
    // Runs after the assignment above (CQ_Probe grants View All on submissions).
    const all = await submissionsOf(partner);
    expect(all.length).toBe(5);
    const others = all.find((r) => r.OwnerId !== partner.userInfo?.id);
    const e = await expectSfError(
      partner.sobject(SUB).update({ Id: String(others?.Id), cqext__Status__c: 'Submitted' }),
      'INSUFFICIENT_ACCESS_OR_READONLY',
    );
    expect(e.message).toBe('insufficient access rights on object id');
  });

  it('gives Modify All on an object: the partner then edits the field user’s inspections', async () => {
    const [inspection] = (await field.query<Rec>('SELECT Id FROM cqext__SQX_Inspection__c LIMIT 1')).records;
    const saved = await partner.sobject('cqext__SQX_Inspection__c').update({
      Id: String(inspection?.Id),
      cqext__Notes__c: 'checked by the contractor',
    });
    expect(saved.success).toBe(true);
  });
});

describe('sharing', () => {
  let fieldSubmission: string;
  let partnerSubmission: string;
  let fresh: Connection;

  beforeAll(async () => {
    // A partner session on an org without the probe permission set: a second emulator is not needed,
    // the first file-level assignment is removed.
    const assignments = await sf.conn.query<Rec>(
      "SELECT Id FROM PermissionSetAssignment WHERE PermissionSet.Name = 'CQ_Probe'",
    );
    for (const a of assignments.records)
      await sf.conn.sobject('PermissionSetAssignment').destroy(String(a.Id));
    fresh = await login(sf.emu, PARTNER_USER);
    const all = await sf.conn.query<Rec>(`SELECT Id, Owner.Username FROM ${SUB}`);
    fieldSubmission = String(
      all.records.find((r) => (r.Owner as Rec).Username === 'field.user@demo.org')?.Id,
    );
    partnerSubmission = String(all.records.find((r) => (r.Owner as Rec).Username === PARTNER_USER)?.Id);
  });

  it('shows a partner (external sharing Private) only their own submissions', async () => {
    const rows = await submissionsOf(fresh);
    expect(rows.map((r) => r.Id)).toEqual([partnerSubmission]);
    await expectSfError(fresh.sobject(SUB).retrieve(fieldSubmission), 'NOT_FOUND');
    await expectSfError(
      fresh.sobject(SUB).update({ Id: fieldSubmission, cqext__Status__c: 'Submitted' }),
      'NOT_FOUND',
    );
    const byCollection = await http(
      sf.emu,
      `${V}/composite/sobjects/${SUB}?ids=${fieldSubmission},${partnerSubmission}&fields=Id`,
      {
        token: tokenOf(fresh),
      },
    );
    expect((byCollection.body as (Rec | null)[]).map((r) => r?.Id ?? null)).toEqual([
      null,
      partnerSubmission,
    ]);
    expect((await fresh.query(`SELECT COUNT() FROM ${SUB}`)).totalSize).toBe(1);
  });

  it('shows internal users every submission (internal sharing Public Read/Write)', async () => {
    expect((await submissionsOf(field)).length).toBe(5);
  });

  it('lets a partner read form definitions and controlled documents with their sections (external Read, controlled by parent)', async () => {
    expect((await fresh.query(`SELECT Id FROM ${DEF}`)).totalSize).toBeGreaterThan(0);
    const docs = await fresh.query<Rec>(
      'SELECT Id, (SELECT Id FROM cqext__Sections__r) FROM cqext__SQX_Controlled_Document__c',
    );
    expect(docs.records.some((d) => d.cqext__Sections__r !== null)).toBe(true);
  });

  it('refuses a lookup to a record the user cannot see (INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY)', async () => {
    const [inspection] = (await field.query<Rec>('SELECT Id FROM cqext__SQX_Inspection__c LIMIT 1')).records;
    const e = await expectSfError(
      fresh.sobject('Task').create({ Subject: 'peek', WhatId: inspection?.Id }),
      'INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY',
    );
    expect(e.message).toBe('insufficient access rights on cross-reference id');
  });

  it('keeps files to those who can see the record they are attached to', async () => {
    const files = await sf.conn.query<Rec>(
      "SELECT ContentDocumentId FROM ContentVersion WHERE PathOnClient = 'wet-floor.png'",
    );
    const doc = String(files.records[0]?.ContentDocumentId);
    expect((await http(sf.emu, `${V}/connect/files/${doc}`, { token: tokenOf(field) })).status).toBe(200);
    const denied = await http(sf.emu, `${V}/connect/files/${doc}/content`, { token: tokenOf(fresh) });
    expect(denied.status).toBe(404);
    expect(
      (await fresh.query("SELECT Id FROM ContentVersion WHERE PathOnClient = 'wet-floor.png'")).totalSize,
    ).toBe(0);
  });
});
