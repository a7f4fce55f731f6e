// Salesforce's own CLI against a running emulator, over HTTP, as a new user would drive it: log in with
// an access token, then the data, sobject and limits commands. Each `sf` is a Node process (~2-4 s), so
// commands that only read run side by side.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { ADMIN, login, start } from './helpers.js';
import { sfCli, type SfCli } from './sf-cli.js';

interface QueryResult {
  totalSize: number;
  done: boolean;
  records: Record<string, unknown>[];
}
interface SaveResult {
  id: string;
  success: boolean;
  errors: unknown[];
}

let emu: RunningEmulator;
let conn: Connection;
let sf: SfCli;
let loggedIn: Record<string, unknown>;

beforeAll(async () => {
  emu = await start();
  conn = await login(emu, ADMIN);
  sf = sfCli();
  loggedIn = (await sf.login(emu.url, conn.accessToken ?? '')) as Record<string, unknown>;
});
afterAll(async () => {
  await sf?.dispose();
  await emu?.close();
});

const orgId = async (): Promise<string> =>
  String((await conn.query<{ Id: string }>('SELECT Id FROM Organization')).records[0]?.Id);

describe('sf org', () => {
  it('logs in with an access token (org login access-token) and displays the org as Connected', async () => {
    expect(loggedIn).toMatchObject({ username: ADMIN, orgId: await orgId(), instanceUrl: `${emu.url}/` });
    const shown = await sf.ok<Record<string, unknown>>(['org', 'display', '--target-org', 'emu']);
    expect(shown).toMatchObject({
      id: await orgId(),
      username: ADMIN,
      instanceUrl: `${emu.url}/`,
      connectedStatus: 'Connected',
      alias: 'emu',
    });
    expect(shown.apiVersion).toMatch(/^\d+\.0$/);
  });

  it('lists the org limits (org list limits)', async () => {
    const limits = await sf.ok<{ name: string; max: number; remaining: number }[]>(['org', 'list', 'limits']);
    const daily = limits.find((l) => l.name === 'DailyApiRequests');
    expect(daily?.max).toBe(110000);
    expect(daily?.remaining).toBeLessThan(110000);
  });
});

describe('sf data query', () => {
  it('runs plain, COUNT() and child-subquery queries, and lays out their columns', async () => {
    const acme = "FROM Account WHERE Name LIKE 'Acme%'";
    const [plain, count, sub, table, tooling] = await Promise.all([
      sf.ok<QueryResult>(['data', 'query', '-q', `SELECT Id, Name, Owner.Name ${acme} ORDER BY Name`]),
      sf.ok<QueryResult>(['data', 'query', '-q', `SELECT COUNT() ${acme}`]),
      sf.ok<QueryResult>([
        'data',
        'query',
        '-q',
        `SELECT Name, (SELECT LastName FROM Contacts) ${acme} ORDER BY Name`,
      ]),
      sf.text([
        'data',
        'query',
        '-q',
        `SELECT Name, Owner.Name, (SELECT LastName FROM Contacts) ${acme} ORDER BY Name`,
      ]),
      sf.ok<QueryResult>([
        'data',
        'query',
        '--use-tooling-api',
        '-q',
        'SELECT Id, DeveloperName FROM LightningComponentBundle',
      ]),
    ]);
    expect(tooling.records.map((r) => r.DeveloperName)).toContain('cqFormRenderer');
    const expected = await conn.query<{ Id: string; Name: string }>(`SELECT Id, Name ${acme} ORDER BY Name`);
    expect(expected.totalSize).toBeGreaterThan(1);
    expect(plain.totalSize).toBe(expected.totalSize);
    expect(plain.records.map((r) => r.Name)).toEqual(expected.records.map((r) => r.Name));
    expect(plain.records[0]).toMatchObject({ Owner: { Name: 'Ada Admin' } });
    expect(count).toMatchObject({ totalSize: expected.totalSize, records: [] });
    const withContacts = sub.records.find((r) => r.Contacts !== null) as
      { Contacts: QueryResult } | undefined;
    expect(withContacts?.Contacts.records[0]).toHaveProperty('LastName');
    // The table's header comes from the query's column metadata (query?columns=true).
    expect(table).toMatch(/NAME\s+│\s+OWNER\.NAME\s+│\s+CONTACTS\.LASTNAME/);
    expect(table).toContain(String(expected.records[0]?.Name));
    expect(table).toContain(`Total number of records retrieved: ${expected.totalSize}.`);
  });
});

describe('sf data … record', () => {
  it('creates, updates, reads and deletes a record', async () => {
    const created = await sf.ok<SaveResult>([
      'data',
      'create',
      'record',
      '-s',
      'Account',
      '-v',
      "Name='CLI Record' Industry=Energy",
    ]);
    expect(created).toMatchObject({ success: true, errors: [] });
    expect(created.id).toMatch(/^001\w{15}$/);
    await sf.ok(['data', 'update', 'record', '-s', 'Account', '-i', created.id, '-v', "Name='CLI Record 2'"]);
    const got = await sf.ok<Record<string, unknown>>([
      'data',
      'get',
      'record',
      '-s',
      'Account',
      '-i',
      created.id,
    ]);
    expect(got).toMatchObject({ Id: created.id, Name: 'CLI Record 2', Industry: 'Energy' });
    const deleted = await sf.ok<SaveResult>(['data', 'delete', 'record', '-s', 'Account', '-i', created.id]);
    expect(deleted).toMatchObject({ id: created.id, success: true });
    expect((await conn.query(`SELECT Id FROM Account WHERE Id = '${created.id}'`)).totalSize).toBe(0);
  });

  it('answers a bad record as an org does', async () => {
    const bad = await sf.run([
      'data',
      'create',
      'record',
      '-s',
      'Contact',
      '-v',
      'LastName=X AccountId=001XXX',
    ]);
    expect(bad.json.status).not.toBe(0);
    expect(bad.json.name).toBe('MALFORMED_ID');
    expect(bad.json.message).toBe('Account ID: id value of incorrect type: 001XXX');
  });
});

describe('sf data export tree / import tree', () => {
  it('exports accounts with their contacts as a plan and imports them back into the org', async () => {
    const soql =
      "SELECT Id, Name, Industry, (SELECT LastName, FirstName, Email FROM Contacts) FROM Account WHERE Name LIKE 'Acme%'";
    const count = async (): Promise<[number, number]> => [
      (await conn.query("SELECT Id FROM Account WHERE Name LIKE 'Acme%'")).totalSize,
      (await conn.query("SELECT Id FROM Contact WHERE Account.Name LIKE 'Acme%'")).totalSize,
    ];
    const [accounts, contacts] = await count();
    expect(contacts).toBeGreaterThan(0);
    const dir = join(sf.home, 'export');
    const plan = await sf.ok<{ sobject: string; files: string[] }[]>([
      'data',
      'export',
      'tree',
      '-q',
      soql,
      '--plan',
      '--output-dir',
      dir,
    ]);
    expect(plan).toEqual([
      { sobject: 'Account', files: ['Account.json'] },
      { sobject: 'Contact', files: ['Contact.json'] },
    ]);
    const exported = JSON.parse(readFileSync(join(dir, 'Contact.json'), 'utf8')) as {
      records: Record<string, unknown>[];
    };
    expect(exported.records).toHaveLength(contacts);
    expect(exported.records[0]?.AccountId).toMatch(/^@AccountRef\d+$/);

    const imported = await sf.ok<{ refId: string; type: string; id: string }[]>([
      'data',
      'import',
      'tree',
      '--plan',
      join(dir, 'Account-Contact-plan.json'),
    ]);
    expect(imported.filter((r) => r.type === 'Account')).toHaveLength(accounts);
    expect(imported.filter((r) => r.type === 'Contact')).toHaveLength(contacts);
    expect(await count()).toEqual([accounts * 2, contacts * 2]);

    // Without a plan the export nests each account's contacts under it; the import sends the tree as is.
    const one =
      "SELECT Id, Name, (SELECT LastName FROM Contacts) FROM Account WHERE Name = 'Acme Industries' LIMIT 1";
    const nestedDir = join(sf.home, 'nested');
    await sf.ok(['data', 'export', 'tree', '-q', one, '--output-dir', nestedDir]);
    const nested = await sf.ok<{ refId: string; type: string; id: string }[]>([
      'data',
      'import',
      'tree',
      '--files',
      join(nestedDir, 'Account-Contact.json'),
    ]);
    const account = nested.find((r) => r.type === 'Account');
    const kids = nested.filter((r) => r.type === 'Contact');
    expect(kids.length).toBeGreaterThan(0);
    const saved = await conn.query(`SELECT Id FROM Contact WHERE AccountId = '${String(account?.id)}'`);
    expect(saved.totalSize).toBe(kids.length);
  });
});

describe('sf sobject', () => {
  it('describes an object and lists the org objects', async () => {
    const [described, all, custom] = await Promise.all([
      sf.ok<{ name: string; keyPrefix: string; fields: { name: string }[] }>([
        'sobject',
        'describe',
        '-s',
        'Account',
      ]),
      sf.ok<string[]>(['sobject', 'list', '--sobject', 'all']),
      sf.ok<string[]>(['sobject', 'list', '--sobject', 'custom']),
    ]);
    expect(described).toMatchObject({ name: 'Account', keyPrefix: '001' });
    expect(described.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['Id', 'Name', 'OwnerId']));
    expect(all).toEqual(
      expect.arrayContaining(['Account', 'Contact', 'Organization', 'cqext__SQX_Form_Submission__c']),
    );
    expect(custom.length).toBeGreaterThan(0);
    // Custom objects and custom metadata types, as an org lists them.
    expect(custom.every((name) => /__(?:c|mdt)$/.test(name))).toBe(true);
  });
});
