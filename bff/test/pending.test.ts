import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { siteInspectionRequired, signedIn, startBff, type Client, type RunningBff } from './helpers';

/** Pending submissions as the app imports them: the form's title as formName, the stored field values. */
const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;
type Rec = Record<string, unknown>;
let titles = new Map<string, string>();
/** FORM-0001: a form on cqext__SQX_Inspection__c, whose org rule keeps the score within 0-100. */
let inspectionForm = '';
/** FORM-0001's required answers (Site, Inspection date): a submit without them is refused before the org. */
let required: Rec = {};

const ok = async (p: Promise<{ status: number; json: unknown; text: string }>) => {
  const r = await p;
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return (r.json as { data: unknown }).data;
};
const json = (r: Rec): Rec => JSON.parse(String(r.Submission_JSON__c)) as Rec;

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  c = await signedIn(bff.base);
  const active = (await ok(c.get('/api/forms'))) as Rec[];
  titles = new Map(
    active.map((f) => [
      String(f.Id),
      f.Title__c ? `${String(f.Name)} - ${String(f.Title__c)}` : String(f.Name),
    ]),
  );
  inspectionForm = String(active.find((f) => f.Name === 'FORM-0001')?.Id);
  required = await siteInspectionRequired(emulatorUrl);
});
afterAll(() => bff.close());

describe('GET /api/pendingSubmissions and /api/syncPendingSubmissions', () => {
  it('carry the form title as formName in each record’s JSON, also for records made in the org without JSON', async () => {
    const records = (await ok(c.get('/api/pendingSubmissions'))) as Rec[];
    expect(records.length).toBeGreaterThan(1);
    // Records made in the org (no JSON of the app: no data) get the form's title; the app's own keep theirs.
    const orgMade = records.filter((r) => json(r).data === undefined);
    expect(orgMade.length).toBeGreaterThan(0);
    for (const r of orgMade) {
      const title = titles.get(String(r.Form_Definition__c));
      expect(title, String(r.Name)).toBeTruthy();
      expect(json(r).formName, String(r.Name)).toBe(title);
    }
    for (const r of records) expect(typeof json(r).formName).toBe('string');
  });

  it('keep the stored field values of an in-progress record (what its home card shows)', async () => {
    const records = (await ok(c.get('/api/pendingSubmissions'))) as Rec[];
    const inProgress = records.find(
      (r) =>
        (json(r).data as Record<string, Rec> | undefined)?.General?.CQ_Form_What === 'Slipped on wet floor',
    ) as Rec;
    expect(inProgress.Status__c).toBe('In Progress');
    const data = json(inProgress).data as Record<string, Rec>;
    expect(data.General?.CQ_Form_What).toBe('Slipped on wet floor');
    expect(typeof data.General?.CQ_Form_When).toBe('string');
    expect(String(data.cqext__SQX_Inspection__c?.cqext__Contact__c_Id)).toMatch(/^003/);
    expect(json(inProgress).formName).toBe(titles.get(String(inProgress.Form_Definition__c)));
    expect(json(inProgress).formName).toMatch(/^FORM-0005/);
  });

  it('carry when each record was made (CreatedDate), which the app shows as Created (review N8)', async () => {
    const records = (await ok(c.get('/api/pendingSubmissions'))) as Rec[];
    for (const r of records) {
      expect(typeof r.CreatedDate, String(r.Name)).toBe('string');
      expect(Date.parse(String(r.CreatedDate)) <= Date.parse(String(r.LastModifiedDate))).toBe(true);
    }
    const pulled = (await ok(c.get(`/api/syncPendingSubmissions?recordId=${String(records[0]?.Id)}`))) as Rec;
    expect(pulled.CreatedDate).toBe(records[0]?.CreatedDate);
  });

  it('syncPendingSubmissions answers the same formName for one record', async () => {
    const records = (await ok(c.get('/api/pendingSubmissions'))) as Rec[];
    const one = records.find((r) => json(r).data === undefined) as Rec;
    const pulled = (await ok(c.get(`/api/syncPendingSubmissions?recordId=${String(one.Id)}`))) as Rec;
    expect(json(pulled).formName).toBe(json(one).formName);
  });
});

const SCORE_ERROR = 'Score must be between 0 and 100';
const submission = (id: string, version: number, status: string, score: number) => ({
  id,
  formId: inspectionForm,
  formName: 'FORM-0001 - General Site Inspection',
  status,
  version,
  data: { cqext__SQX_Inspection__c: { ...required, cqext__Score__c: score }, General: { note: id } },
});
const submit = (id: string, version: number, score: number) =>
  c.post(
    `/api/data?recordId=${inspectionForm}&submissionStatus=submitted&submissionId=${id}&version=${version}`,
    submission(id, version, 'submitted', score),
  );
const pendingKeys = async () =>
  ((await ok(c.get('/api/pendingSubmissions'))) as Rec[]).map((r) => String(r.Uniqueness_Constraint__c));

describe('pending means not submitted', () => {
  it('a submitted record is never pending (home must not bring it back as In Progress); it stays readable by id', async () => {
    const sid = randomUUID();
    const ident = encodeURIComponent(`${inspectionForm}#${sid}`);
    await ok(
      c.post(`/api/savesubmission?formSubmissionIdentifier=${ident}`, submission(sid, 1, 'in progress', 5)),
    );
    expect(await pendingKeys()).toContain(`${inspectionForm}#${sid}`);
    const done = (await ok(submit(sid, 2, 5))) as Rec;
    expect(String(done.url)).toMatch(/\/a0G\w+$/);
    expect(await pendingKeys()).not.toContain(`${inspectionForm}#${sid}`);
    const one = (await ok(c.get(`/api/syncPendingSubmissions?recordId=${String(done.id)}`))) as Rec;
    expect(one).toMatchObject({ Status__c: 'Submitted', Version__c: 2 });
    const all = (await ok(c.get('/api/pendingSubmissions'))) as Rec[];
    expect(all.every((r) => ['In Progress', 'Pending'].includes(String(r.Status__c)))).toBe(true);
  });
});

describe("a submit the org's validation refuses", () => {
  it('answers no url and the errors with their errorPath in the data; the org keeps it In Progress with the data', async () => {
    const sid = randomUUID();
    const r = (await ok(submit(sid, 2, 150))) as Rec;
    expect(r.url).toBeNull();
    expect(r.errors).toEqual([
      {
        errorPath: 'cqext__SQX_Inspection__c/cqext__Score__c',
        message: SCORE_ERROR,
        errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      },
    ]);
    const rec = (await ok(c.get(`/api/syncPendingSubmissions?recordId=${String(r.id)}`))) as Rec;
    expect(rec).toMatchObject({ Status__c: 'In Progress', Version__c: 2 });
    expect(json(rec).data).toMatchObject({ cqext__SQX_Inspection__c: { cqext__Score__c: 150 } });
    expect(await pendingKeys()).toContain(`${inspectionForm}#${sid}`);
    // fixed and submitted again: accepted
    const fixed = (await ok(submit(sid, 3, 90))) as Rec;
    expect(String(fixed.url)).toMatch(/\/a0G\w+$/);
    expect(fixed.errors).toBeUndefined();
  });

  it('in a batch, that item answers ok without url and with the errors; the others are submitted', async () => {
    const [bad, good] = [randomUUID(), randomUUID()];
    const r = await c.post('/api/submissions/batch', {
      items: [submission(bad, 2, 'submitted', -4), submission(good, 2, 'submitted', 40)],
    });
    const [refused, accepted] = (r.json as { data: Rec[] }).data;
    expect(refused).toMatchObject({
      uniquenessKey: `${inspectionForm}#${bad}`,
      ok: true,
      url: null,
      errors: [{ errorPath: 'cqext__SQX_Inspection__c/cqext__Score__c', message: SCORE_ERROR }],
    });
    expect(accepted).toMatchObject({ ok: true, url: expect.stringMatching(/\/a0G\w+$/) });
    expect(accepted?.errors).toBeUndefined();
    const stored = (await ok(c.get(`/api/syncPendingSubmissions?recordId=${String(refused?.id)}`))) as Rec;
    expect(stored).toMatchObject({ Status__c: 'In Progress', Version__c: 2 });
    const keys = await pendingKeys();
    expect(keys).toContain(`${inspectionForm}#${bad}`);
    expect(keys).not.toContain(`${inspectionForm}#${good}`);
  });
});

describe('POST /api/discardSubmission (the org copy of a discarded draft)', () => {
  const discard = (sid: string) =>
    c.post(
      `/api/discardSubmission?formSubmissionIdentifier=${encodeURIComponent(`${inspectionForm}#${sid}`)}`,
    );

  it("deletes the user's own In Progress draft once; again, or for a draft never synced, answers deleted false", async () => {
    const sid = randomUUID();
    const ident = encodeURIComponent(`${inspectionForm}#${sid}`);
    await ok(
      c.post(`/api/savesubmission?formSubmissionIdentifier=${ident}`, submission(sid, 1, 'in progress', 5)),
    );
    expect(await pendingKeys()).toContain(`${inspectionForm}#${sid}`);
    expect(await ok(discard(sid))).toEqual({ deleted: true });
    expect(await pendingKeys()).not.toContain(`${inspectionForm}#${sid}`);
    expect(await ok(discard(sid))).toEqual({ deleted: false });
    expect(await ok(discard(randomUUID()))).toEqual({ deleted: false });
  });

  it('never deletes a submitted record, nor another user’s draft', async () => {
    const sid = randomUUID();
    const done = (await ok(submit(sid, 2, 5))) as Rec;
    expect(await ok(discard(sid))).toEqual({ deleted: false });
    const still = (await ok(c.get(`/api/syncPendingSubmissions?recordId=${String(done.id)}`))) as Rec;
    expect(still).toMatchObject({ Status__c: 'Submitted' });

    const theirs = randomUUID();
    const ident = encodeURIComponent(`${inspectionForm}#${theirs}`);
    await ok(
      c.post(
        `/api/savesubmission?formSubmissionIdentifier=${ident}`,
        submission(theirs, 1, 'in progress', 5),
      ),
    );
    const other = await signedIn(bff.base, 'partner.user@demo.org');
    const r = await other.post(`/api/discardSubmission?formSubmissionIdentifier=${ident}`);
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect((r.json as { data: unknown }).data).toEqual({ deleted: false });
    expect(await pendingKeys()).toContain(`${inspectionForm}#${theirs}`);
  });

  it('refuses a malformed identifier with a 400 envelope', async () => {
    const r = await c.post('/api/discardSubmission?formSubmissionIdentifier=not-a-key');
    expect(r.status).toBe(400);
    expect((r.json as { success: boolean }).success).toBe(false);
  });
});
