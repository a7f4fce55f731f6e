// Salesforce's CLI as a field user and as a partner user: the org refuses them what a real org refuses
// (field-level security, object permissions, sharing), and the CLI reports the org's own error.
import type { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { ADMIN, FIELD_USER, login, PARTNER_USER, start } from './helpers.js';
import { sfCli, type SfCli } from './sf-cli.js';

type Rec = Record<string, unknown>;
interface QueryResult {
  totalSize: number;
  records: Rec[];
}
const SUB = 'cqext__SQX_Form_Submission__c';
const DEF = 'cqext__SQX_Form_Definition__c';

let emu: RunningEmulator;
let admin: Connection;
let sf: SfCli;

beforeAll(async () => {
  emu = await start();
  admin = await login(emu, ADMIN);
  sf = sfCli();
  await sf.login(emu.url, (await login(emu, FIELD_USER)).accessToken ?? '', 'field');
  await sf.login(emu.url, (await login(emu, PARTNER_USER)).accessToken ?? '', 'partner');
});
afterAll(async () => {
  await sf?.dispose();
  await emu?.close();
});

const ownerOf = async (username: string): Promise<string> =>
  String(
    (await admin.query<Rec>(`SELECT Id FROM ${SUB} WHERE Owner.Username = '${username}' LIMIT 1`)).records[0]
      ?.Id,
  );

describe('sf as a field user (Standard User + CQ_Field_User)', () => {
  it('fails `sf data query` of a field the user cannot read as an org does (INVALID_FIELD)', async () => {
    const bad = await sf.run([
      'data',
      'query',
      '--query',
      'SELECT Name, External_Id__c FROM Account',
      '-o',
      'field',
    ]);
    expect(bad.json.status).not.toBe(0);
    expect(bad.json.name).toBe('INVALID_FIELD');
    expect(bad.json.message).toContain("No such column 'External_Id__c' on entity 'Account'");
    const fine = await sf.ok<QueryResult>([
      'data',
      'query',
      '--query',
      'SELECT Name FROM Account LIMIT 2',
      '-o',
      'field',
    ]);
    expect(fine.totalSize).toBe(2);
  });

  it('fails `sf data update record` of a form definition (read-only to field users)', async () => {
    const [form] = (await admin.query<Rec>(`SELECT Id FROM ${DEF} LIMIT 1`)).records;
    const bad = await sf.run([
      'data',
      'update',
      'record',
      '--sobject',
      DEF,
      '--record-id',
      String(form?.Id),
      '--values',
      'cqext__Title__c=Hijacked',
      '-o',
      'field',
    ]);
    expect(bad.json.status).not.toBe(0);
    expect(bad.json.message).toContain('insufficient access rights on object id');
  });

  it('describes the form definition as not updateable for the field user (`sf sobject describe`)', async () => {
    const d = await sf.ok<{ updateable: boolean; createable: boolean }>([
      'sobject',
      'describe',
      '--sobject',
      DEF,
      '-o',
      'field',
    ]);
    expect([d.createable, d.updateable]).toEqual([false, false]);
  });
});

describe('sf as a partner user (Partner Community User + CQ_Field_User)', () => {
  it("queries only the partner's own submissions and cannot get another user's by id", async () => {
    const mine = await sf.ok<QueryResult>([
      'data',
      'query',
      '--query',
      `SELECT Id, Owner.Username FROM ${SUB}`,
      '-o',
      'partner',
    ]);
    expect(mine.records.map((r) => (r.Owner as Rec).Username)).toEqual([PARTNER_USER]);
    const other = await sf.run([
      'data',
      'get',
      'record',
      '--sobject',
      SUB,
      '--record-id',
      await ownerOf(FIELD_USER),
      '-o',
      'partner',
    ]);
    expect(other.json.status).not.toBe(0);
    expect(other.json.name).toBe('NOT_FOUND');
  });

  it('fails a query of an object the partner cannot read (INVALID_TYPE)', async () => {
    const bad = await sf.run([
      'data',
      'query',
      '--query',
      'SELECT Id FROM ApexPage',
      '--use-tooling-api',
      '-o',
      'partner',
    ]);
    expect(bad.json.status).not.toBe(0);
    expect(bad.json.name).toBe('INVALID_TYPE');
  });
});
