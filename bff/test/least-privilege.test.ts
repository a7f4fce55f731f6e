// The product for users who are not admins (issue 29), over HTTP against the emulated org that now
// enforces profiles, permission sets and sharing: per persona, who may build and publish (the org's
// describe of SQX_Form_Definition__c decides, 403 with the org's reason otherwise), what each sees,
// and the BFF's guard on submissions sent as Submitted (422 with the spec's texts, nothing written).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, passwordToken, signedIn, startBff, type Client, type RunningBff } from './helpers';

type Rec = Record<string, unknown>;
const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
const users: Record<'field' | 'partner' | 'admin', Client> = {} as never;
let siteForm = '';
let incidentForm = '';

const ok = async (p: Promise<{ status: number; json: unknown; text: string }>) => {
  const r = await p;
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return (r.json as { data: unknown }).data;
};

/** What the org holds under an external id, asked as the admin (who sees every record). */
async function orgRecords(key: string): Promise<Rec[]> {
  const token = await passwordToken(emulatorUrl, DEMO.admin);
  const q = encodeURIComponent(
    `SELECT Id, cqext__Status__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${key}'`,
  );
  const res = await fetch(`${emulatorUrl}/services/data/v62.0/query?q=${q}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { records: Rec[] }).records;
}

const submit = (c: Client, formId: string, id: string, status: string, data: Rec) =>
  c.post(`/api/data?recordId=${formId}&submissionStatus=${status}&submissionId=${id}&version=1`, {
    id,
    formId,
    status,
    version: 1,
    data,
  });

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  users.field = await signedIn(bff.base, DEMO.field);
  users.partner = await signedIn(bff.base, DEMO.partner);
  users.admin = await signedIn(bff.base, DEMO.admin);
  const forms = (await ok(users.field.get('/api/forms'))) as Rec[];
  siteForm = String(forms.find((f) => f.Name === 'FORM-0001')?.Id);
  incidentForm = String(forms.find((f) => f.Name === 'FORM-0005')?.Id);
});
afterAll(() => bff.close());

describe('the builder is for those the org lets edit forms', () => {
  it('answers GET /api/formBuilderAccess from the org, per persona', async () => {
    expect(await ok(users.admin.get('/api/formBuilderAccess'))).toEqual({ allowed: true, reason: null });
    for (const c of [users.field, users.partner]) {
      const access = (await ok(c.get('/api/formBuilderAccess'))) as Rec;
      expect(access.allowed).toBe(false);
      expect(String(access.reason)).toContain('insufficient access rights on object id');
    }
  });

  it('answers builder and publish calls of a field or partner user 403 in the error envelope with the org’s reason', async () => {
    for (const c of [users.field, users.partner]) {
      const saved = await c.get(`/api/getSavedFormBuilderJSON?recordId=${siteForm}`);
      expect(saved.status).toBe(403);
      expect(saved.json).toMatchObject({
        success: false,
        errorCode: 'FORBIDDEN',
        messages: ["You don't have access to the form builder"],
        details: { orgErrorCode: 'INSUFFICIENT_ACCESS_OR_READONLY' },
      });
      const save = await c.post(`/api/saveFormBuilderJSON?recordId=${siteForm}`, {
        formJSON: Buffer.from('{}').toString('base64'),
      });
      expect(save.status).toBe(403);
      const publish = await c.post('/api/templates/publish/lwc/cqFormRenderer', {});
      expect(publish.status).toBe(403);
      expect((publish.json as Rec).errorCode).toBe('FORBIDDEN');
      expect((await c.get('/api/objects')).status).toBe(403);
    }
    // The admin builds.
    expect((await users.admin.get(`/api/getSavedFormBuilderJSON?recordId=${siteForm}`)).status).toBe(200);
  });
});

describe('each persona sees what the org shares with them', () => {
  it('shows the partner their own pending submissions only, and every active form', async () => {
    const mine = (await ok(users.partner.get('/api/pendingSubmissions'))) as Rec[];
    expect(mine.length).toBeGreaterThan(0);
    const field = (await ok(users.field.get('/api/pendingSubmissions'))) as Rec[];
    const fieldIds = new Set(field.map((r) => r.Id));
    expect(mine.some((r) => fieldIds.has(r.Id))).toBe(false);
    const forms = (await ok(users.partner.get('/api/forms'))) as Rec[];
    expect(forms.map((f) => f.Name)).toEqual(expect.arrayContaining(['FORM-0001', 'FORM-0005']));
  });
});

describe('a submission sent as Submitted is checked against its form', () => {
  for (const persona of ['field', 'partner'] as const) {
    it(`refuses a direct /api/data submit with empty required fields from the ${persona} user: 422, nothing in the org`, async () => {
      const id = randomUUID();
      const r = await submit(users[persona], siteForm, id, 'submitted', {
        General: { CQ_Form_Weather: 'Sunny' },
        cqext__SQX_Inspection__c: { cqext__Account__c: '   ' },
      });
      expect(r.status).toBe(422);
      expect(r.json).toMatchObject({
        success: false,
        errorCode: 'VALIDATION_FAILED',
        messages: ['Please fix the field validation before submitting'],
      });
      const errors = ((r.json as Rec).details as { errors: string[] }).errors;
      expect(errors).toEqual(
        expect.arrayContaining([
          'Site is missing required fields',
          'Inspection date is missing required fields',
        ]),
      );
      // each field's error: its English text, and its code and parameters for the screen's language
      const fieldErrors = ((r.json as Rec).details as { fieldErrors: Rec[] }).fieldErrors;
      expect(fieldErrors).toContainEqual({
        errorPath: 'cqext__SQX_Inspection__c/cqext__Inspection_Date__c',
        message: 'Inspection date is missing required fields',
        errorCode: 'VALIDATION_FAILED',
        code: 'missingRequired',
        params: { field: 'Inspection date' },
      });
      expect(fieldErrors.map((f) => f.message)).toEqual(errors);
      expect(fieldErrors.every((f) => typeof f.code === 'string' && typeof f.params === 'object')).toBe(true);
      expect(await orgRecords(`${siteForm}#${id}`)).toEqual([]);
    });
  }

  it('refuses a required lookup holding typed text with no record chosen (issue 40.9): 422, nothing in the org', async () => {
    const id = randomUUID();
    const r = await submit(users.field, siteForm, id, 'submitted', {
      cqext__SQX_Inspection__c: {
        cqext__Account__c: 'Acme typed, nothing chosen',
        cqext__Inspection_Date__c: '2026-05-01',
      },
    });
    expect(r.status).toBe(422);
    expect(((r.json as Rec).details as { errors: string[] }).errors).toEqual([
      'Site is missing required fields',
    ]);
    expect(await orgRecords(`${siteForm}#${id}`)).toEqual([]);
  });

  it('accepts the same data as a draft (In Progress), and the completed form as Submitted', async () => {
    const id = randomUUID();
    const draft = (await ok(
      submit(users.field, incidentForm, id, 'in progress', { General: { CQ_Form_What: 'Ladder slipped' } }),
    )) as Rec;
    expect(draft.id).toBeTruthy();
    const refused = await submit(users.field, incidentForm, id, 'submitted', {
      General: { CQ_Form_What: 'Ladder slipped' },
    });
    expect(refused.status).toBe(422);
    expect(((refused.json as Rec).details as { errors: string[] }).errors).toEqual([
      'When did it happen? is missing required fields',
    ]);
    expect((await orgRecords(`${incidentForm}#${id}`)).map((r) => r.cqext__Status__c)).toEqual([
      'In Progress',
    ]);
    const done = (await ok(
      submit(users.field, incidentForm, id, 'submitted', {
        General: { CQ_Form_What: 'Ladder slipped', CQ_Form_When: '2026-05-01T10:00:00.000Z' },
      }),
    )) as Rec;
    expect(done.url).toBeTruthy();
    expect((await orgRecords(`${incidentForm}#${id}`)).map((r) => r.cqext__Status__c)).toEqual(['Submitted']);
  });

  it('refuses the same in the offline outbox’s batch, item by item, and writes only the valid ones', async () => {
    const bad = randomUUID();
    const good = randomUUID();
    const item = (id: string, data: Rec) => ({
      id,
      formId: incidentForm,
      status: 'submitted',
      version: 1,
      data,
    });
    const results = (await ok(
      users.partner.post('/api/submissions/batch', {
        items: [
          item(bad, { General: { CQ_Form_What: '' } }),
          item(good, { General: { CQ_Form_What: 'Spill', CQ_Form_When: '2026-05-01T10:00:00.000Z' } }),
        ],
      }),
    )) as Rec[];
    expect(results[0]).toMatchObject({
      ok: false,
      status: 422,
      errorCode: 'VALIDATION_FAILED',
      details: {
        fieldErrors: [
          {
            errorPath: 'General/CQ_Form_When',
            message: 'When did it happen? is missing required fields',
            errorCode: 'VALIDATION_FAILED',
            code: 'missingRequired',
            params: { field: 'When did it happen?' },
          },
          {
            errorPath: 'General/CQ_Form_What',
            message: 'What happened? is missing required fields',
            errorCode: 'VALIDATION_FAILED',
            code: 'missingRequired',
            params: { field: 'What happened?' },
          },
        ],
      },
    });
    expect(results[1]).toMatchObject({ ok: true });
    expect(await orgRecords(`${incidentForm}#${bad}`)).toEqual([]);
    expect(await orgRecords(`${incidentForm}#${good}`)).toHaveLength(1);
  });
});
