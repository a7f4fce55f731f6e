import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedIn, startBff, DEMO, type Client, type RunningBff } from './helpers';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;
let partner: Client;
/** The builder's calls (objectInfo, checkFieldAvailability) are an admin's: the org lets them edit forms. */
let admin: Client;
type Rec = Record<string, unknown>;
let forms: Rec[] = [];

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  [c, partner, admin] = await Promise.all([
    signedIn(bff.base, DEMO.field),
    signedIn(bff.base, DEMO.partner),
    signedIn(bff.base, DEMO.admin),
  ]);
  forms = c.data<Rec[]>(await c.get('/api/forms'));
});
afterAll(() => bff.close());

const ok = async (p: Promise<{ status: number; json: unknown; text: string }>) => {
  const r = await p;
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return (r.json as { data: unknown }).data;
};

describe('end-user calls', () => {
  it('GET /api/getEnv/ gives login options, namespace and remotes, never secrets', async () => {
    const env = (await ok(c.get('/api/getEnv/'))) as Rec;
    expect(env).toMatchObject({
      clientId: DEMO.clientId,
      loginEnabled: true,
      namespace: 'cqext',
      csrfHeader: 'X-Requested-With',
    });
    expect(JSON.stringify(env)).not.toContain(DEMO.secret);
    expect((await c.get('/api/getEnv')).status).toBe(200);
  });

  it('GET /api/forms lists active forms without the namespace prefix', async () => {
    expect(forms.length).toBeGreaterThan(2);
    expect(Object.keys(forms[0] ?? {}).sort()).toEqual([
      'Id',
      'LastModifiedDate',
      'Name',
      'Supports_Offline__c',
      'Title__c',
    ]);
  });

  it('GET /api/search finds by name or title, LIKE wildcards are literal', async () => {
    const title = String(forms[0]?.Title__c);
    const found = (await ok(c.get(`/api/search?search=${encodeURIComponent(title.slice(0, 6))}`))) as Rec[];
    expect(found.map((f) => f.Id)).toContain(forms[0]?.Id);
    expect(await ok(c.get('/api/search?search=%25%25'))).toEqual([]);
    expect(await ok(c.get('/api/search?search=__'))).toEqual([]);
    expect((await c.get('/api/search?search=a')).status).toBe(400);
  });

  it('GET /api/schema and /api/formDefinition parse the definition', async () => {
    const s = (await ok(c.get(`/api/schema?recordId=${String(forms[0]?.Id)}`))) as {
      formDef: { schema: unknown; ui: unknown };
    };
    expect(s.formDef.schema).toBeTruthy();
    expect(s.formDef.ui).toBeTruthy();
    const d = (await ok(c.get(`/api/formDefinition?recordId=${String(forms[0]?.Id)}`))) as Rec;
    expect(d.Id).toBe(forms[0]?.Id);
    expect((await c.get('/api/schema?recordId=a0F000000000000AAA')).status).toBe(404);
    expect((await c.get('/api/schema?recordId=bad')).status).toBe(400);
  });

  it('GET /api/userDetails gives the two records; partner users carry network id and site URL', async () => {
    const [first, second] = (await ok(c.get('/api/userDetails'))) as Rec[];
    expect(first).toMatchObject({ Username: DEMO.field });
    expect(Object.keys(first ?? {}).sort()).toEqual([
      'LanguageLocaleKey',
      'LocaleSidKey',
      'Name',
      'SmallPhotoUrl',
      'TimeZoneSidKey',
      'Username',
    ]);
    expect(first).toMatchObject({ LanguageLocaleKey: 'en_US', LocaleSidKey: 'en_US' });
    expect(second).toMatchObject({ userType: 'STANDARD' });
    const [, p] = (await ok(partner.get('/api/userDetails'))) as Rec[];
    expect(p?.userType).toBe('POWER_PARTNER');
    expect(String(p?.networkId)).toMatch(/^0DB/);
    expect(String(p?.siteUrl)).toContain(emulatorUrl);
  });

  it('token calls: getToken/storeToken/authUser/accessTokenStatus/updateTokenTime/userContext/checkUserDetails', async () => {
    const handle = (await ok(c.get('/api/getToken'))) as string;
    expect(handle).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await ok(c.post('/api/storeToken', { token: handle }))).toMatchObject({
      token: handle,
      url: emulatorUrl,
    });
    expect((await c.post('/api/storeToken', { token: 'someone-elses' })).status).toBe(401);
    expect(await ok(c.post('/api/authUser', { accessToken: handle }))).toMatchObject({ token: handle });
    expect(await ok(c.post('/api/accessTokenStatus'))).toMatchObject({ active: true });
    // a partner has no View Setup either: the check must not lean on /limits
    expect(await ok(partner.post('/api/accessTokenStatus'))).toMatchObject({ active: true });
    expect(((await ok(c.get('/api/updateTokenTime'))) as Rec).expiresAt).toBeGreaterThan(Date.now());
    expect(await ok(c.get('/api/userContext'))).toMatchObject({ url: emulatorUrl });
    expect(await ok(c.get('/api/checkUserDetails'))).toMatchObject({ authorized: true });
  });

  it('GET /api/searchQuery/ assignedTasks: only my not-started tasks, latest first, at most 50', async () => {
    const r = (await ok(c.get('/api/searchQuery/?kind=assignedTasks'))) as { records: Rec[] };
    expect(r.records.length).toBeGreaterThan(0);
    expect(r.records.length).toBeLessThanOrEqual(50);
    for (const t of r.records) {
      expect(String(t.subject)).toMatch(/\(field\)$/);
      expect(t.status).toBe('Not Started');
    }
    const dates = r.records.map((t) => String(t.scheduledFor));
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('GET /api/searchQuery/ lookup by name prefix (default Account), recordById, controlledDocuments', async () => {
    const all = (await ok(c.get('/api/searchQuery/?kind=lookup'))) as { records: Rec[] };
    expect(all.records.length).toBe(50);
    const prefix = String(all.records[0]?.Name).slice(0, 3);
    const some = (await ok(c.get(`/api/searchQuery/?kind=lookup&name=${encodeURIComponent(prefix)}`))) as {
      records: Rec[];
    };
    expect(some.records.every((r) => String(r.Name).startsWith(prefix))).toBe(true);
    const one = (await ok(
      c.get(
        `/api/searchQuery/?kind=recordById&object=Account&id=${String(all.records[0]?.Id)}&fields=Name,Industry`,
      ),
    )) as {
      records: Rec[];
    };
    expect(one.records[0]?.Name).toBe(all.records[0]?.Name);
    const docs = (await ok(c.get('/api/searchQuery/?kind=controlledDocuments'))) as { records: Rec[] };
    expect(docs.records.length).toBeGreaterThan(0);
    for (const d of docs.records) expect(['Current', 'Pre-Release']).toContain(d.cqext__Document_Status__c);
    const criteria = String(docs.records[0]?.cqext__Criteria_Type__c);
    const byType = (await ok(
      c.get(`/api/searchQuery/?kind=controlledDocuments&criteriaType=${encodeURIComponent(criteria)}`),
    )) as { records: Rec[] };
    expect(byType.records.every((d) => d.cqext__Criteria_Type__c === criteria)).toBe(true);
  });

  it('GET /api/searchQuery/ never takes SOQL, unknown objects or fields', async () => {
    expect((await c.get('/api/searchQuery/?query=SELECT+Id+FROM+User')).status).toBe(400);
    expect((await c.get('/api/searchQuery/?kind=lookup&object=Organization')).status).toBe(400);
    expect(
      (
        await c.get(
          '/api/searchQuery/?kind=recordById&object=Account&id=001000000000001AAA&fields=Password__c',
        )
      ).status,
    ).toBe(400);
  });

  it('pending, scheduled and one pending submission; pending by form', async () => {
    const pending = (await ok(c.get('/api/pendingSubmissions'))) as Rec[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((p) => ['In Progress', 'Pending', 'Submitted'].includes(String(p.Status__c)))).toBe(
      true,
    );
    const scheduled = (await ok(c.get('/api/scheduledSubmissions'))) as Rec[];
    expect(scheduled.length).toBeGreaterThan(0);
    expect(scheduled.every((p) => p.Status__c === 'Scheduled')).toBe(true);
    const one = (await ok(c.get(`/api/syncPendingSubmissions?recordId=${String(pending[0]?.Id)}`))) as Rec;
    expect(one.Id).toBe(pending[0]?.Id);
    expect((one.formDefinition as Rec | null)?.formDef).toBeTruthy();
    const byForm = (await ok(
      c.get(`/api/pendingSubmissionByForm?formId=${String(pending[0]?.Form_Definition__c)}`),
    )) as Rec[];
    expect(Array.isArray(byForm)).toBe(true);
  });

  it('GET /api/checkFormStatus returns ids to purge', async () => {
    const active = String(forms[0]?.Id);
    const gone = 'a0F000000000999AAA';
    expect(await ok(c.get(`/api/checkFormStatus?recordIds=${active},${gone}`))).toEqual([gone]);
  });

  it('GET /api/selectedObjectFields and POST /api/objectInfo (section-5 mapping)', async () => {
    const meta = (await ok(c.get('/api/selectedObjectFields?selectedObject=cqext__SQX_Inspection__c'))) as {
      label: string;
      fields: Rec[];
    };
    expect(meta.label).toBe('Inspection');
    expect(meta.fields.find((f) => f.name === 'cqext__Account__c')).toMatchObject({
      type: 'reference',
      referenceTo: ['Account'],
    });
    expect((await c.post('/api/objectInfo', { objectType: 'Account', fields: ['Name'] })).status).toBe(403);
    const info = (await ok(
      admin.post('/api/objectInfo', {
        objectType: 'cqext__SQX_Inspection__c',
        fields: [
          'cqext__Account__c',
          'cqext__Category__c',
          'cqext__Sub_Category__c',
          'cqext__Score__c',
          'Name',
        ],
      }),
    )) as { properties: Record<string, { properties: Record<string, Rec> }> };
    const props = info.properties.cqext__SQX_Inspection__c?.properties ?? {};
    expect(props.cqext__Account__c).toMatchObject({ type: 'string', lookupTo: { object: 'Account' } });
    expect(props.cqext__Score__c).toMatchObject({ type: 'number' });
    expect(props.cqext__Sub_Category__c?.validFor).toMatchObject({
      Facility: ['Roof', 'Floor', 'Lighting'],
      Vehicle: ['Brakes', 'Tyres'],
    });
    expect((await c.get('/api/selectedObjectFields?selectedObject=Nope__c')).status).toBe(400);
    expect(
      await ok(
        admin.post('/api/checkFieldAvailability', {
          objectName: 'Account',
          fields: ['Name', 'Nope__c', 'Parent.Name'],
        }),
      ),
    ).toEqual({ missing: ['Nope__c'] });
  });

  it('POST /api/startingData runs structured queries and builds the lookup cache', async () => {
    const accounts = (await ok(c.get('/api/searchQuery/?kind=lookup'))) as { records: Rec[] };
    const id = String(accounts.records[0]?.Id);
    const r = (await ok(
      c.post(`/api/startingData?recordId=${id}`, {
        query: [
          {
            key: 'acct',
            objectType: 'Account',
            fields: ['Name', 'Industry'],
            filter: { field: 'Id', operator: 'eq', value: '$recordId' },
            relationships: [{ relationshipName: 'Contacts', fields: ['Id', 'Name'] }],
          },
        ],
        lookupCacheString: JSON.stringify([{ object: 'Account', ids: [id] }]),
      }),
    )) as { startingData: Record<string, Rec[]>; lookupCacheData: Record<string, Rec> };
    expect(r.startingData.acct?.[0]?.Name).toBe(accounts.records[0]?.Name);
    expect(r.lookupCacheData.Account?.[id]).toBe(accounts.records[0]?.Name);
  });

  it('POST /api/startingData as field.user: $recordId is the main record, a document comes with its sections and questions', async () => {
    const inspection = 'cqext__SQX_Safety_Inspection__c';
    const all = (await ok(
      c.post('/api/startingData?recordId=a0F000000000001AAA', {
        query: [{ key: 'all', objectType: inspection, fields: ['Name'] }],
      }),
    )) as { startingData: { all: Rec[] } };
    const [first, second] = all.startingData.all;
    expect(first?.Id && second?.Id).toBeTruthy();
    const docQuery = {
      type: 'DOCUMENTS',
      key: 'doc',
      sectionId: 'section-2',
      objectType: 'cqext__SQX_Controlled_Document__c',
      fields: ['Id', 'Name', 'cqext__Title__c'],
      filter: { field: 'Name', operator: 'eq', value: 'DOC-0001' },
      relationships: [
        {
          relationshipName: 'cqext__Sections__r',
          fields: ['Id', 'cqext__Section_Title__c', 'cqext__Order__c'],
        },
        {
          relationshipName: 'cqext__Questions__r',
          fields: [
            'Id',
            'cqext__Question__c',
            'cqext__Section__c',
            'cqext__Question_Type__c',
            'cqext__Required__c',
          ],
        },
      ],
      mappingData: {},
    };
    for (const main of [first, second]) {
      const r = (await ok(
        c.post(`/api/startingData?recordId=${String(main?.Id)}`, {
          query: [
            {
              key: 'main',
              objectType: inspection,
              fields: ['Name'],
              filter: { field: 'Id', operator: 'eq', value: '$recordId' },
            },
            docQuery,
          ],
          lookupCacheString: '',
        }),
      )) as { startingData: { main: Rec[]; doc: Rec[] } };
      // $recordId stands for the recordId of this call, each time.
      expect(r.startingData.main.map((x) => x.Id)).toEqual([main?.Id]);
      const doc = r.startingData.doc[0] as Rec & {
        cqext__Sections__r: Rec[];
        cqext__Questions__r: Rec[];
      };
      expect(doc.Name).toBe('DOC-0001');
      expect(doc.cqext__Sections__r).toHaveLength(3);
      expect(doc.cqext__Questions__r).toHaveLength(12);
      const q1 = doc.cqext__Questions__r.find((q) => String(q.cqext__Question__c).includes('1.1'));
      expect(q1).toMatchObject({ cqext__Question_Type__c: 'Picklist', cqext__Required__c: true });
    }
    // The filter value '$recordId' is only a placeholder: any other value is a literal.
    const literal = (await ok(
      c.post('/api/startingData?recordId=a0F000000000001AAA', {
        query: [
          {
            key: 'k',
            objectType: inspection,
            fields: ['Name'],
            filter: { field: 'Name', operator: 'eq', value: '$recordid2' },
          },
        ],
      }),
    )) as { startingData: { k: Rec[] } };
    expect(literal.startingData.k).toEqual([]);
  });

  it('GET /api/content/{fileName} accepts only ids or strict names', async () => {
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', '%2Fservices%2Fdata', 'a%20b', 'x'.repeat(130)]) {
      expect((await c.get(`/api/content/${bad}`)).status, bad).toBeLessThan(500);
      expect([400, 404]).toContain((await c.get(`/api/content/${bad}`)).status);
    }
    expect((await c.get('/api/content/no-such-file.json')).status).toBe(404);
  });
});

describe('submissions are idempotent and versions only go forward', () => {
  // FORM-0003 (Equipment Checklist): no required field, so a submit of these bodies is complete.
  const formId = () => String(forms.find((f) => f.Name === 'FORM-0003')?.Id);
  const body = (id: string, version: number, status = 'in progress') => ({
    id,
    formId: formId(),
    formName: 'F',
    data: { General: { a: 1 } },
    status,
    version,
  });

  it('a retried save updates the same record (upsert by formId#submissionId)', async () => {
    const sid = randomUUID();
    const ident = encodeURIComponent(`${formId()}#${sid}`);
    const first = (await ok(
      c.post(`/api/savesubmission?formSubmissionIdentifier=${ident}`, body(sid, 1)),
    )) as Rec;
    const again = (await ok(
      c.post(`/api/savesubmission?formSubmissionIdentifier=${ident}`, body(sid, 1)),
    )) as Rec;
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.id).toBe(first.id);
    expect(String(first.url)).toBe(`${emulatorUrl}/${String(first.id)}`);
    const submitted = (await ok(
      c.post(
        `/api/data?recordId=${formId()}&submissionStatus=submitted&submissionId=${sid}&version=2`,
        body(sid, 2, 'submitted'),
      ),
    )) as Rec;
    expect(submitted.id).toBe(first.id);
    const retried = (await ok(
      c.post(
        `/api/data?recordId=${formId()}&submissionStatus=submitted&submissionId=${sid}&version=2`,
        body(sid, 2, 'submitted'),
      ),
    )) as Rec;
    expect(retried.id).toBe(first.id);
    const rec = (await ok(c.get(`/api/syncPendingSubmissions?recordId=${String(first.id)}`))) as Rec;
    expect(rec).toMatchObject({
      Status__c: 'Submitted',
      Version__c: 2,
      Uniqueness_Constraint__c: `${formId()}#${sid}`,
    });
  });

  it('concurrent first saves still make one record', async () => {
    const sid = randomUUID();
    const ident = encodeURIComponent(`${formId()}#${sid}`);
    const results = await Promise.all(
      [1, 2, 3].map(() => c.post(`/api/savesubmission?formSubmissionIdentifier=${ident}`, body(sid, 1))),
    );
    const ids = new Set(
      results.filter((r) => r.status === 200).map((r) => (r.json as { data: Rec }).data.id),
    );
    expect(ids.size).toBe(1);
  });

  it('an older version than the org holds is a 409 the client can show', async () => {
    const sid = randomUUID();
    const ident = encodeURIComponent(`${formId()}#${sid}`);
    await ok(c.post(`/api/savesubmission?formSubmissionIdentifier=${ident}`, body(sid, 3)));
    const stale = await c.post(`/api/savesubmission?formSubmissionIdentifier=${ident}`, body(sid, 2));
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      success: false,
      errorCode: 'VERSION_CONFLICT',
      details: { orgVersion: 3, sentVersion: 2 },
    });
    expect((stale.json as { messages: string[] }).messages[0]).toMatch(/newer version/);
  });

  it('POST /api/submissionJson stores the JSON for PDF rendering', async () => {
    const sid = randomUUID();
    const r = (await ok(
      c.post(`/api/submissionJson?formSubmissionIdentifier=${encodeURIComponent(`${formId()}#${sid}`)}`, {
        json: { pdf: true },
      }),
    )) as Rec;
    expect(String(r.id)).toMatch(/^a0G/);
  });
});
