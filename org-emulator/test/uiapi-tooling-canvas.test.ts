import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { ADMIN, CLIENT, expectSfError, FIELD_USER, http, login, PASSWORD, start } from './helpers.js';

type Rec = Record<string, unknown>;

let emu: RunningEmulator;
let conn: Connection;
/** The Tooling API is setup: an administrator's. */
let admin: Connection;
let token: string;
let canvasApp: Server;
let canvasUrl: string;
const received: string[] = [];

beforeAll(async () => {
  canvasApp = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      received.push(body);
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><p>canvas app</p>');
    });
  });
  await new Promise<void>((r) => canvasApp.listen(0, '127.0.0.1', r));
  canvasUrl = `http://127.0.0.1:${(canvasApp.address() as AddressInfo).port}/canvas`;
  emu = await start({ canvasUrl });
  conn = await login(emu);
  admin = await login(emu, ADMIN);
  token = conn.accessToken ?? '';
});
afterAll(async () => {
  await emu.close();
  await new Promise((r) => canvasApp.close(r));
});

describe('UI API', () => {
  it('returns object-info in Salesforce shape', async () => {
    const res = await http(emu, '/services/data/v57.0/ui-api/object-info/cqext__SQX_Safety_Inspection__c', {
      token,
    });
    expect(res.status).toBe(200);
    const body = res.body as Rec;
    expect(body).toMatchObject({
      apiName: 'cqext__SQX_Safety_Inspection__c',
      keyPrefix: 'a0M',
      nameFields: ['Name'],
    });
    const fields = body.fields as Record<string, Rec>;
    expect(fields.cqext__Account__c).toMatchObject({
      dataType: 'Reference',
      reference: true,
      referenceToInfos: [{ apiName: 'Account', nameFields: ['Name'] }],
    });
    expect(fields.cqext__Hazard_Type__c).toMatchObject({
      dataType: 'Picklist',
      controllerName: 'cqext__Hazard_Category__c',
      controllingFields: ['cqext__Hazard_Category__c'],
    });
    expect(body.dependentFields).toEqual({ cqext__Hazard_Category__c: { cqext__Hazard_Type__c: {} } });
    expect(Object.keys(body.recordTypeInfos as Rec)).toContain(body.defaultRecordTypeId);
    const doc = await http(emu, '/services/data/v57.0/ui-api/object-info/cqext__SQX_Controlled_Document__c', {
      token,
    });
    expect(
      Object.values((doc.body as Rec).recordTypeInfos as Record<string, Rec>).map((r) => r.name),
    ).toContain('Safety Inspection Criteria');
  });

  it('returns picklist values with controllerValues and validFor indexes', async () => {
    const info = (
      await http(emu, '/services/data/v57.0/ui-api/object-info/cqext__SQX_Safety_Inspection__c', { token })
    ).body as Rec;
    const rt = String(info.defaultRecordTypeId);
    const res = await http(
      emu,
      `/services/data/v57.0/ui-api/object-info/cqext__SQX_Safety_Inspection__c/picklist-values/${rt}/cqext__Hazard_Type__c`,
      { token },
    );
    const body = res.body as {
      controllerValues: Record<string, number>;
      values: { value: string; validFor: number[] }[];
    };
    expect(body.controllerValues).toEqual({ Fire: 0, Electrical: 1, Chemical: 2 });
    expect(body.values.find((v) => v.value === 'Flammable Storage')?.validFor).toEqual([0, 2]);
    const status = await http(
      emu,
      `/services/data/v57.0/ui-api/object-info/cqext__SQX_Form_Submission__c/picklist-values/012000000000000AAA/cqext__Status__c`,
      { token },
    );
    expect((status.body as { values: { value: string }[] }).values.map((v) => v.value)).toEqual([
      'In Progress',
      'Submitted',
      'Scheduled',
      'Pending',
    ]);
    expect(
      (
        await http(
          emu,
          `/services/data/v57.0/ui-api/object-info/Account/picklist-values/012000000000000AAA/Name`,
          { token },
        )
      ).status,
    ).toBe(404);
    expect((await http(emu, `/services/data/v57.0/ui-api/object-info/Nope__c`, { token })).status).toBe(400);
  });
});

describe('Tooling API', () => {
  it('creates and queries LightningComponentBundle and LightningComponentResource', async () => {
    const bundle = await admin.tooling.sobject('LightningComponentBundle').create({
      FullName: 'cqInspectionForm',
      Metadata: {
        apiVersion: 60,
        isExposed: true,
        masterLabel: 'CQ Inspection Form',
        description: 'generated',
      },
    });
    if (!bundle.success) throw new Error('bundle create failed');
    expect(bundle.id).toMatch(/^0Rb/);
    const res = await admin.tooling.sobject('LightningComponentResource').create({
      LightningComponentBundleId: bundle.id,
      FilePath: 'lwc/cqInspectionForm/cqInspectionForm.js',
      Format: 'js',
      Source: 'export default class CqInspectionForm {}',
    });
    expect(res.success).toBe(true);
    const q = await admin.tooling.query<Rec>(
      "SELECT Id, DeveloperName, MasterLabel, ApiVersion FROM LightningComponentBundle WHERE DeveloperName LIKE 'cq%' ORDER BY DeveloperName",
    );
    expect(q.records.map((r) => r.DeveloperName)).toEqual(['cqFormRenderer', 'cqInspectionForm']);
    const files = await admin.tooling.query<Rec>(
      `SELECT FilePath, Format FROM LightningComponentResource WHERE LightningComponentBundleId = '${bundle.id}'`,
    );
    expect(files.records[0]).toMatchObject({
      FilePath: 'lwc/cqInspectionForm/cqInspectionForm.js',
      Format: 'js',
    });
    await expectSfError(
      admin.tooling.sobject('LightningComponentBundle').create({ FullName: 'cqInspectionForm' }),
      'DUPLICATE_VALUE',
    );
  });

  it('queries ApexPage and FlowDefinitionView; they are not data-API objects', async () => {
    const pages = await admin.tooling.query<Rec>(
      "SELECT Id, Name, MasterLabel FROM ApexPage WHERE Name LIKE 'CQ%' LIMIT 10",
    );
    expect(pages.totalSize).toBe(2);
    const flows = await admin.tooling.query<Rec>(
      "SELECT ApiName, Label FROM FlowDefinitionView WHERE ProcessType = 'AutoLaunchedFlow' AND Label LIKE 'CQ%'",
    );
    expect(flows.records.map((r) => r.ApiName).sort()).toEqual([
      'CQ_Create_Followups',
      'CQ_Submit_Inspection',
    ]);
    await expectSfError(admin.query('SELECT Id FROM ApexPage'), 'INVALID_TYPE');
  });
});

describe('Canvas record page', () => {
  it('requires a session, then embeds the app with a signed request and a message log', async () => {
    const account = (await conn.query<Rec>("SELECT Id FROM Account WHERE Name = 'Acme Energy'"))
      .records[0] as Rec;
    const page = `/lightning/r/Account/${String(account.Id)}/view?formId=FORM-0001`;
    const anon = await http(emu, page);
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toContain('/login?startURL=');
    const loginRes = await fetch(`${emu.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: FIELD_USER, password: PASSWORD, startURL: page }).toString(),
      redirect: 'manual',
    });
    expect(loginRes.status).toBe(302);
    const cookie = (loginRes.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const html = await (await fetch(`${emu.url}${page}`, { headers: { cookie } })).text();
    expect(html).toContain('<ol id="canvas-messages"></ol>');
    expect(html).toContain(`action="${canvasUrl}"`);
    expect(html).toContain('<iframe id="canvas-frame" name="canvas-frame"');
    const signed = /name="signed_request" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const [sig, encoded] = signed.split('.');
    expect(
      createHmac('sha256', CLIENT.clientSecret)
        .update(encoded ?? '')
        .digest('base64'),
    ).toBe(sig);
    const envelope = JSON.parse(Buffer.from(encoded ?? '', 'base64').toString('utf8')) as Rec;
    const client = envelope.client as Rec;
    const context = envelope.context as Rec;
    expect(envelope.algorithm).toBe('HMACSHA256');
    expect(client.instanceUrl).toBe(emu.url);
    expect(client.targetOrigin).toBe(emu.url);
    expect((context.environment as Rec).parameters as Rec).toMatchObject({
      recordId: account.Id,
      objectApiName: 'Account',
      formId: 'FORM-0001',
    });
    expect((context.user as Rec).userName).toBe(FIELD_USER);
    const viaCanvasToken = new Connection({
      instanceUrl: String(client.instanceUrl),
      accessToken: String(client.oauthToken),
    });
    expect((await viaCanvasToken.query('SELECT Id FROM User')).totalSize).toBe(3);
  });
});
