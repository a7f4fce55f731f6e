// Custom metadata types as an org serves them: the demo org's device policy (salesforce/customMetadata),
// read through SOQL by the users a permission set grants it to, refused to others, never written
// through DML, and changed by deploying its record (what an admin's edit in Setup is).
import { strToU8 } from 'fflate';
import type { Connection } from 'jsforce';
import { deployMetadata } from 'test-kit/metadata-deploy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { ADMIN, FIELD_USER, http, login, PARTNER_USER, start } from './helpers.js';

type Rec = Record<string, unknown>;
const POLICY = 'cqext__CQ_Device_Policy__mdt';
const SOQL = `SELECT DeveloperName, MasterLabel, QualifiedApiName, cqext__PIN_Required__c, cqext__PIN_Length__c, cqext__Lock_After_Minutes__c FROM ${POLICY}`;

let emu: RunningEmulator;
let admin: Connection;
let field: Connection;

beforeAll(async () => {
  emu = await start({ deployMs: 50 });
  admin = await login(emu, ADMIN);
  field = await login(emu, FIELD_USER);
});
afterAll(async () => {
  await emu.close();
});

const deploy = async (files: Record<string, Uint8Array>): Promise<Rec> =>
  (await deployMetadata(emu.url, admin.accessToken ?? '', files, { apiVersion: '62.0', pollMs: 20 })) as Rec;

const record = (name: string, values: Record<string, string>) =>
  strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<CustomMetadata xmlns="http://soap.sforce.com/2006/04/metadata" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
    <label>${name}</label>
    <protected>false</protected>
${Object.entries(values)
  .map(([f, v]) => `    <values><field>${f}</field><value xsi:type="xsd:string">${v}</value></values>`)
  .join('\n')}
</CustomMetadata>`);

describe('custom metadata types', () => {
  it('a field user and a partner user read the device policy through SOQL, as the permission set grants', async () => {
    for (const conn of [field, await login(emu, PARTNER_USER)]) {
      const rows = (await conn.query<Rec>(SOQL)).records;
      expect(rows.map(({ attributes: _a, ...r }) => r)).toEqual([
        {
          DeveloperName: 'Default',
          MasterLabel: 'Default',
          QualifiedApiName: 'Default',
          cqext__PIN_Required__c: false,
          cqext__PIN_Length__c: 6,
          cqext__Lock_After_Minutes__c: 15,
        },
      ]);
    }
    const d = (await field.describe(POLICY)) as unknown as Rec & { fields: { name: string }[] };
    expect([d.createable, d.updateable, d.deletable]).toEqual([false, false, false]);
    expect(String(d.keyPrefix)).toMatch(/^m0/);
  });

  it('DML on a custom metadata type is refused; the record stays', async () => {
    const res = await http(emu, `/services/data/v62.0/sobjects/${POLICY}`, {
      method: 'POST',
      token: admin.accessToken ?? '',
      body: JSON.stringify({ DeveloperName: 'Other', MasterLabel: 'Other' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      {
        message: `entity type cannot be inserted: ${POLICY}`,
        errorCode: 'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
      },
    ]);
    expect((await field.query(SOQL)).totalSize).toBe(1);
  });

  it('a deployed record is what users read next; a type nobody was granted is not there for them', async () => {
    const PACKAGE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<Package xmlns="http://soap.sforce.com/2006/04/metadata"><types><members>*</members><name>CustomMetadata</name></types><types><members>*</members><name>CustomObject</name></types><version>62.0</version></Package>`;
    const done = await deploy({
      'package.xml': strToU8(PACKAGE_XML),
      'customMetadata/CQ_Device_Policy.Default.md': record('Default', {
        PIN_Required__c: 'true',
        PIN_Length__c: '4',
        Lock_After_Minutes__c: '5',
      }),
      'objects/Probe__mdt.object': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><CustomObject xmlns="http://soap.sforce.com/2006/04/metadata"><label>Probe</label><pluralLabel>Probes</pluralLabel><visibility>Public</visibility><fields><fullName>Level__c</fullName><label>Level</label><type>Text</type><length>20</length></fields></CustomObject>`,
      ),
      'customMetadata/Probe.One.md': record('One', { Level__c: 'high' }),
    });
    expect(done.status).toBe('Succeeded');
    const row = (await field.query<Rec>(SOQL)).records[0];
    expect([
      row?.cqext__PIN_Required__c,
      row?.cqext__PIN_Length__c,
      row?.cqext__Lock_After_Minutes__c,
    ]).toEqual([true, 4, 5]);
    expect(
      (await admin.query<Rec>('SELECT cqext__Level__c FROM cqext__Probe__mdt')).records[0]?.cqext__Level__c,
    ).toBe('high');
    await expect(field.query('SELECT Id FROM cqext__Probe__mdt')).rejects.toMatchObject({
      errorCode: 'INVALID_TYPE',
    });

    const bad = await deploy({
      'package.xml': strToU8(PACKAGE_XML),
      'customMetadata/CQ_Device_Policy.Default.md': record('Default', { No_Such__c: '1' }),
    });
    expect(bad.status).toBe('Failed');
    expect(JSON.stringify(bad.details)).toContain(
      'no CustomField named CQ_Device_Policy__mdt.No_Such__c found',
    );
  });
});
