import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, signedIn, startBff, type Client, type RunningBff } from './helpers';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let admin: Client;
type Rec = Record<string, unknown>;
let formId = '';

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  admin = await signedIn(bff.base, DEMO.admin);
  const forms = admin.data<Rec[]>(await admin.get('/api/forms'));
  formId = String(forms.at(-1)?.Id);
});
afterAll(() => bff.close());

const ok = async (p: Promise<{ status: number; json: unknown; text: string }>) => {
  const r = await p;
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return (r.json as { data: unknown }).data;
};
const withUrl = (extra: Rec = {}) => ({ instanceUrl: emulatorUrl, ...extra });

describe('builder persistence', () => {
  it('reads, autosaves (PUT) and saves (POST) the builder JSON', async () => {
    const saved = (await ok(admin.get(`/api/getSavedFormBuilderJSON?recordId=${formId}`))) as {
      formJSON: string;
      name: string | null;
      title: string | null;
    };
    expect(saved.formJSON.length).toBeGreaterThan(10);
    // The record's own name and title, for the builder's header (builder spec section 2).
    const [rec] = admin.data<Rec[]>(await admin.get('/api/forms')).filter((f) => f.Id === formId);
    expect(saved.name).toBe(rec!.Name);
    expect(saved.title).toBeTruthy();
    expect(Object.values(rec!)).toContain(saved.title);
    const json = JSON.parse(Buffer.from(saved.formJSON, 'base64').toString()) as Rec;
    json.note = 'autosaved';
    const b64 = Buffer.from(JSON.stringify(json)).toString('base64');
    expect(
      await ok(admin.call('PUT', `/api/saveFormBuilderJSON?recordId=${formId}`, { formJSON: b64 })),
    ).toBe('Success');
    const docs = (await ok(admin.get('/api/searchQuery/?kind=controlledDocuments'))) as { records: Rec[] };
    const ids = docs.records.slice(0, 2).map((d) => String(d.Id));
    expect(
      await ok(
        admin.post(`/api/saveFormBuilderJSON?recordId=${formId}`, {
          formJSON: b64,
          sectionIds: ids.join(','),
        }),
      ),
    ).toBe('Success');
    const again = (await ok(admin.get(`/api/getSavedFormBuilderJSON?recordId=${formId}`))) as {
      formJSON: string;
      selectedSICDocIds: string[];
    };
    expect(again.selectedSICDocIds).toEqual(ids);
    expect((JSON.parse(Buffer.from(again.formJSON, 'base64').toString()) as Rec).note).toBe('autosaved');
    expect(
      (
        await admin.post(`/api/saveFormBuilderJSON?recordId=${formId}`, {
          formJSON: Buffer.from('not json').toString('base64'),
        })
      ).status,
    ).toBe(400);
  });
});

describe('org metadata for the builder', () => {
  it('controlled documents: searched in the org by name, number or title; saved ones found by id whatever their status', async () => {
    type Docs = { done: boolean; records: Rec[] };
    const all = (await ok(admin.get('/api/searchQuery/?kind=controlledDocuments'))) as Docs;
    expect(all.done).toBe(true);
    expect(all.records.map((d) => d.Name)).toEqual(['DOC-0001', 'DOC-0002', 'DOC-0003']);
    const found = (await ok(admin.get('/api/searchQuery/?kind=controlledDocuments&name=chemical'))) as Docs;
    expect(found.records.map((d) => d.Name)).toEqual(['DOC-0003']);
    const byNumber = (await ok(admin.get('/api/searchQuery/?kind=controlledDocuments&name=0002'))) as Docs;
    expect(byNumber.records.map((d) => d.Name)).toEqual(['DOC-0002']);
    // An obsolete document a form still names is found by its id, with its title.
    const obsolete = (await ok(
      admin.get('/api/searchQuery/?kind=lookup&object=cqext__SQX_Controlled_Document__c&name=DOC-0004'),
    )) as Docs;
    const id = String(obsolete.records[0]!.Id);
    const named = (await ok(admin.get(`/api/searchQuery/?kind=controlledDocuments&ids=${id}`))) as Docs;
    expect(named.records).toMatchObject([{ Id: id, cqext__Title__c: 'Legacy Fire Criteria' }]);
    expect((await admin.get('/api/searchQuery/?kind=controlledDocuments&ids=not-an-id')).status).toBe(400);
  });

  it('orgInfo, userInfo, objects, picklists, layouts, fields', async () => {
    expect(await ok(admin.post('/api/sf/orgInfo', withUrl()))).toMatchObject({
      Id: expect.stringMatching(/^00D/),
    });
    expect(await ok(admin.post('/api/sf/userInfo', withUrl()))).toMatchObject({ Username: DEMO.admin });
    const objects = (await ok(admin.post('/api/sf/object', withUrl()))) as Rec[];
    expect(objects.map((o) => o.name)).toContain('cqext__SQX_Inspection__c');
    expect(objects.every((o) => String(o.name).startsWith('cqext__'))).toBe(true);
    expect(await ok(admin.get('/api/objects'))).toEqual(objects);
    const pick = (await ok(
      admin.post(
        '/api/sf/getPicklistValues',
        withUrl({ objectName: 'cqext__SQX_Inspection__c', fieldName: 'cqext__Sub_Category__c' }),
      ),
    )) as Rec;
    expect(pick.controllerName).toBe('cqext__Category__c');
    const layouts = (await ok(admin.post('/api/sf/layouts', withUrl({ objectName: 'Account' })))) as Rec[];
    expect(layouts.length).toBeGreaterThan(0);
    expect(
      await ok(admin.post('/api/sf/layout', withUrl({ objName: 'Account', layoutName: 'Account Layout' }))),
    ).toMatchObject({ objectName: 'Account' });
    const fields = (await ok(
      admin.post(
        '/api/sf/getObjectFields',
        withUrl({ objectName: 'cqext__SQX_Inspection__c', hasParent: true }),
      ),
    )) as { fields: Rec[]; parents: Rec[] };
    expect(fields.fields.some((f) => f.name === 'cqext__Notes__c')).toBe(true);
    expect(fields.parents.some((p) => p.field === 'cqext__Account__c')).toBe(true);
    // Fields the org sets itself come only when asked for (includeNonUpdateable), flagged read-only.
    expect(fields.fields.some((f) => f.name === 'CreatedDate')).toBe(false);
    const all = (await ok(
      admin.post(
        '/api/sf/getObjectFields',
        withUrl({ objectName: 'cqext__SQX_Inspection__c', includeNonUpdateable: true }),
      ),
    )) as { fields: Rec[] };
    expect(all.fields.find((f) => f.name === 'CreatedDate')).toMatchObject({ updateable: false });
    expect(all.fields.find((f) => f.name === 'cqext__Notes__c')).toMatchObject({ updateable: true });
    // RecordTypeId comes with the object's record types, to be chosen by name (not the master type).
    const docFields = (await ok(
      admin.post('/api/sf/getObjectFields', withUrl({ objectName: 'cqext__SQX_Controlled_Document__c' })),
    )) as { fields: Rec[] };
    const rt = docFields.fields.find((f) => f.name === 'RecordTypeId') as
      { recordTypes: { id: string; name: string }[] } | undefined;
    expect(rt?.recordTypes.map((r) => r.name).sort()).toEqual([
      'Safety Inspection Criteria',
      'Standard Document',
    ]);
    expect(rt?.recordTypes.every((r) => /^012/.test(r.id))).toBe(true);
    expect((await admin.post('/api/sf/orgInfo', { instanceUrl: 'https://evil.example.com' })).status).toBe(
      403,
    );
  });

  it('tooling lists: components, flows, LWCs, VF pages, base class, package', async () => {
    expect(
      Array.isArray(
        await ok(admin.post('/api/sf/getComponent', withUrl({ interfaceName: 'cqext.DynamicFilter' }))),
      ),
    ).toBe(true);
    expect(
      Array.isArray(await ok(admin.post('/api/sf/getAutoLaunchedFlow', withUrl({ labelPrefix: 'CQ' })))),
    ).toBe(true);
    expect(
      Array.isArray(await ok(admin.post('/api/sf/getLWCList', withUrl({ developerName: '', limit: 10 })))),
    ).toBe(true);
    expect(Array.isArray(await ok(admin.post('/api/sf/getVFPages', withUrl({ name: '', limit: 10 }))))).toBe(
      true,
    );
    expect(await ok(admin.post('/api/sf/getDefaultBaseClassJSON', withUrl()))).toMatchObject({
      name: 'cqFormBase',
    });
    expect(
      await ok(admin.post('/api/sf/retrievePackage', withUrl({ developerName: 'nothingHere' }))),
    ).toMatchObject({ exists: false });
  });
});

// Templates and publishing: test/publish.test.ts (two private emulated orgs, fault injection).
