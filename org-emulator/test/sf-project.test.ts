// The repository's salesforce/ SFDX project with Salesforce's own CLI: converted offline, deployed
// (`sf project deploy start`, the Metadata API over SOAP as the CLI sends it by default) into a bare org
// (`--seed none`: standard objects only), which then has the package's schema, rules and submit
// processing; retrieved back (`sf project retrieve start`).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { ADMIN, FIELD_USER, http, login, start } from './helpers.js';
import { sfCli, type SfCli } from './sf-cli.js';

type Rec = Record<string, unknown>;
const PROJECT = fileURLToPath(new URL('../../salesforce', import.meta.url));
const SOURCE = join(PROJECT, 'force-app/main/default');

let emu: RunningEmulator;
let admin: Connection;
let sf: SfCli;
let work: string;

/** A copy of the SFDX project (sfdx-project.json + force-app), as a user's checkout. */
function project(): string {
  const dir = mkdtempSync(join(work, 'project-'));
  cpSync(join(PROJECT, 'sfdx-project.json'), join(dir, 'sfdx-project.json'));
  cpSync(join(PROJECT, '.forceignore'), join(dir, '.forceignore'));
  cpSync(join(PROJECT, 'force-app'), join(dir, 'force-app'), { recursive: true });
  cpSync(join(PROJECT, 'external-client-app'), join(dir, 'external-client-app'), { recursive: true });
  return dir;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sf-project-'));
  emu = await start({ seed: 'none', deployMs: 100 });
  admin = await login(emu, ADMIN);
  sf = sfCli();
  await sf.login(emu.url, admin.accessToken ?? '');
});
afterAll(async () => {
  await sf?.dispose();
  await emu?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const customObjects = async (): Promise<string[]> =>
  (await admin.describeGlobal()).sobjects
    .filter((s) => s.custom)
    .map((s) => s.name)
    .sort();

describe('sf project', () => {
  it('convert source: salesforce/ becomes a metadata-format package offline', async () => {
    const dir = project();
    const out = join(dir, 'mdapi');
    const result = await sf.ok<{ location: string }>(
      ['project', 'convert', 'source', '--source-dir', 'force-app', '--output-dir', 'mdapi'],
      { cwd: dir },
    );
    expect(result.location).toBe(out);
    const objects = readdirSync(join(out, 'objects')).sort();
    expect(objects).toEqual(
      readdirSync(join(SOURCE, 'objects'))
        .map((o) => `${o}.object`)
        .sort(),
    );
    const manifest = readFileSync(join(out, 'package.xml'), 'utf8');
    for (const type of [
      'CustomObject',
      'CustomField',
      'ValidationRule',
      'RecordType',
      'PermissionSet',
      'CustomTab',
      'ApexClass',
      'ApexTrigger',
    ]) {
      expect(manifest).toContain(`<name>${type}</name>`);
    }
  });

  it('deploy start: a bare org (--seed none) gets every custom object, field, rule and record type', async () => {
    expect(await customObjects()).toEqual([]);
    const dir = project();
    const result = await sf.ok<{ status: string; success: boolean; files: Rec[] }>(
      ['project', 'deploy', 'start', '--source-dir', 'force-app', '--target-org', 'emu', '--wait', '2'],
      { cwd: dir },
    );
    expect(result.status).toBe('Succeeded');
    expect(result.success).toBe(true);
    const deployedTypes = new Set(result.files.map((f) => f.type));
    for (const type of [
      'CustomObject',
      'CustomField',
      'PermissionSet',
      'CustomTab',
      'ApexClass',
      'ApexTrigger',
    ]) {
      expect(deployedTypes).toContain(type);
    }
    expect(result.files.every((f) => f.state !== 'Failed')).toBe(true);
    expect(await customObjects()).toEqual(
      readdirSync(join(SOURCE, 'objects'))
        .filter((o) => /__(?:c|mdt)$/.test(o))
        .map((o) => `cqext__${o}`)
        .sort(),
    );
    const cv = await admin.sobject('ContentVersion').describe();
    expect(cv.fields.map((f) => f.name)).toContain('cqext__Upload_Key__c');
    const doc = await admin.sobject('cqext__SQX_Controlled_Document__c').describe();
    expect(
      doc.recordTypeInfos.filter((r) => !r.master).map((r) => (r as unknown as Rec).developerName),
    ).toEqual(['Safety_Inspection_Criteria', 'Standard_Document']);
    const rts = await admin.query<Rec>(
      "SELECT DeveloperName FROM RecordType WHERE SobjectType = 'cqext__SQX_Controlled_Document__c' ORDER BY DeveloperName",
    );
    expect(rts.records.map((r) => r.DeveloperName)).toEqual([
      'Safety_Inspection_Criteria',
      'Standard_Document',
    ]);
  });

  it('org assign permset: the deployed permission sets are assigned to the field user', async () => {
    const result = await sf.ok<{ successes: Rec[]; failures: Rec[] }>([
      'org',
      'assign',
      'permset',
      '--name',
      'CQ_Field_User',
      '--on-behalf-of',
      FIELD_USER,
      '--target-org',
      'emu',
    ]);
    expect(result.failures).toEqual([]);
    expect(result.successes).toEqual([{ name: FIELD_USER, value: 'CQ_Field_User' }]);
    const assigned = await admin.query<Rec>(
      "SELECT PermissionSet.Name FROM PermissionSetAssignment WHERE Assignee.Username = 'field.user@demo.org'",
    );
    expect(assigned.records.map((r) => (r.PermissionSet as Rec).Name)).toEqual(['CQ_Field_User']);
    const builder = await sf.ok<{ successes: Rec[] }>([
      'org',
      'assign',
      'permset',
      '--name',
      'CQ_Form_Builder',
      '--on-behalf-of',
      ADMIN,
    ]);
    expect(builder.successes).toEqual([{ name: ADMIN, value: 'CQ_Form_Builder' }]);
  });

  it('the deployed org runs the package: a form submitted by a field user is held to the main object’s rules', async () => {
    const form = await admin.sobject('cqext__SQX_Form_Definition__c').create({
      Name: 'Site Inspection',
      cqext__Title__c: 'Site Inspection',
      cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
      cqext__Status__c: 'Active',
    });
    expect(form.success).toBe(true);
    const field = await login(emu, FIELD_USER);
    const submission = (key: string, status: string, score: number): Rec => ({
      cqext__Form_Definition__c: form.id,
      cqext__Uniqueness_Constraint__c: `${form.id}#${key}`,
      cqext__Status__c: status,
      cqext__Submission_JSON__c: JSON.stringify({
        data: { cqext__SQX_Inspection__c: { cqext__Score__c: score } },
      }),
    });
    const refused = await http(emu, '/services/data/v62.0/sobjects/cqext__SQX_Form_Submission__c', {
      method: 'POST',
      token: field.accessToken ?? '',
      body: JSON.stringify(submission('a', 'Submitted', 150)),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject([
      { message: 'Score must be between 0 and 100', errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION' },
    ]);
    const saved = await field
      .sobject('cqext__SQX_Form_Submission__c')
      .create(submission('b', 'Submitted', 80));
    expect(saved.success).toBe(true);
    const row = await field.sobject('cqext__SQX_Form_Submission__c').retrieve(saved.id ?? '');
    expect(row.Name).toMatch(/^FS-\d{5}$/);
  });

  it('retrieve start: what was deployed comes back as source', async () => {
    const dir = mkdtempSync(join(work, 'retrieve-'));
    cpSync(join(PROJECT, 'sfdx-project.json'), join(dir, 'sfdx-project.json'));
    mkdirSync(join(dir, 'force-app'));
    mkdirSync(join(dir, 'external-client-app'));
    const result = await sf.ok<{ files: Rec[] }>(
      [
        'project',
        'retrieve',
        'start',
        '--metadata',
        'CustomObject:SQX_Form_Submission__c',
        '--metadata',
        'ApexClass:SQX_SubmitProcessing',
        '--metadata',
        'PermissionSet:CQ_Field_User',
      ],
      { cwd: dir },
    );
    expect(result.files.length).toBeGreaterThan(0);
    const base = join(dir, 'force-app/main/default');
    const same = (path: string): void => {
      expect(existsSync(join(base, path)), path).toBe(true);
      expect(readFileSync(join(base, path), 'utf8')).toBe(readFileSync(join(SOURCE, path), 'utf8'));
    };
    same('classes/SQX_SubmitProcessing.cls');
    same('permissionsets/CQ_Field_User.permissionset-meta.xml');
    const fields = readdirSync(join(base, 'objects/SQX_Form_Submission__c/fields')).sort();
    expect(fields).toEqual(readdirSync(join(SOURCE, 'objects/SQX_Form_Submission__c/fields')).sort());
    same('objects/SQX_Form_Submission__c/fields/Uniqueness_Constraint__c.field-meta.xml');
  });

  it('a deploy that names an object the org does not have fails, all or nothing', async () => {
    const dir = project();
    const fieldDir = join(dir, 'force-app/main/default/objects/SQX_Inspection__c/fields');
    cpSync(join(fieldDir, 'Account__c.field-meta.xml'), join(fieldDir, 'Broken__c.field-meta.xml'));
    const broken = readFileSync(join(fieldDir, 'Broken__c.field-meta.xml'), 'utf8')
      .replace('<fullName>Account__c</fullName>', '<fullName>Broken__c</fullName>')
      .replace('<referenceTo>Account</referenceTo>', '<referenceTo>Missing__c</referenceTo>')
      .replace(
        '<relationshipName>Inspections</relationshipName>',
        '<relationshipName>Broken_Inspections</relationshipName>',
      );
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(fieldDir, 'Broken__c.field-meta.xml'), broken);
    const run = await sf.run<Rec>(
      [
        'project',
        'deploy',
        'start',
        '--source-dir',
        'force-app/main/default/objects/SQX_Inspection__c',
        '--wait',
        '2',
      ],
      { cwd: dir },
    );
    expect(run.json.status).not.toBe(0);
    expect(JSON.stringify(run.json)).toContain(
      "referenceTo value of 'Missing__c' does not resolve to a valid sObject type",
    );
    const described = await admin.sobject('cqext__SQX_Inspection__c').describe();
    expect(described.fields.map((f) => f.name)).not.toContain('cqext__Broken__c');
  });
});

describe('sf project deploy start into an org without a namespace (--namespace "")', () => {
  it('creates the same schema under unprefixed names', async () => {
    const plain = await start({ seed: 'none', deployMs: 100, namespace: '' });
    const cli = sfCli();
    try {
      const conn = await login(plain, ADMIN);
      await cli.login(plain.url, conn.accessToken ?? '', 'plain');
      const result = await cli.ok<{ status: string }>(
        ['project', 'deploy', 'start', '--source-dir', 'force-app', '--target-org', 'plain', '--wait', '2'],
        { cwd: project() },
      );
      expect(result.status).toBe('Succeeded');
      const custom = (await conn.describeGlobal()).sobjects.filter((s) => s.custom).map((s) => s.name);
      expect(custom.sort()).toEqual(
        readdirSync(join(SOURCE, 'objects'))
          .filter((o) => /__(?:c|mdt)$/.test(o))
          .sort(),
      );
      const fields = (await conn.sobject('SQX_Form_Submission__c').describe()).fields.map((f) => f.name);
      expect(fields).toEqual(expect.arrayContaining(['Uniqueness_Constraint__c', 'Submission_JSON__c']));
    } finally {
      await cli.dispose();
      await plain.close();
    }
  });
});
