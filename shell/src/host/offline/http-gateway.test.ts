import { describe, expect, it } from 'vitest';
import { classify, HttpOrgGateway, toPending, UPLOAD_KEY_HEADER } from './http-gateway';

const fail = (errorCode: string, details?: unknown, messages = ['m']) => ({
  success: false,
  messages,
  errorType: 'server',
  errorCode,
  ...(details ? { details } : {}),
});

/** The submitted item the request tests send (a fresh object each time, so no test sees another's). */
const submittedItem = () => ({
  id: 'sid',
  formId: 'a0F1',
  formName: 'F',
  status: 'submitted' as const,
  version: 2,
  data: {},
  uniquenessKey: 'a0F1#sid',
});

describe('classify (BFF answers -> what the engine does)', () => {
  it('401 unauthorized, 409 conflict, 5xx/429 unavailable, other 4xx rejected', () => {
    expect(classify(401, fail('SESSION_EXPIRED')).kind).toBe('unauthorized');
    expect(classify(409, fail('VERSION_CONFLICT')).kind).toBe('conflict');
    expect(classify(502, fail('ORG_UNAVAILABLE')).kind).toBe('unavailable');
    expect(classify(503, '<html>proxy</html>').kind).toBe('unavailable');
    expect(classify(429, fail('RATE_LIMITED')).kind).toBe('unavailable');
    const r = classify(
      400,
      fail('ORG_ERROR', { errors: [{ message: 'Required', errorCode: 'REQUIRED_FIELD_MISSING' }] }, [
        'Save Failed',
      ]),
    );
    expect(r).toMatchObject({ kind: 'rejected', reason: 'Save Failed', data: [{ message: 'Required' }] });
  });
  it('an org 5xx passed on as a 4xx ORG_ERROR (e.g. SERVER_UNAVAILABLE) is transient', () => {
    expect(classify(400, fail('ORG_ERROR', { orgErrorCode: 'SERVER_UNAVAILABLE' })).kind).toBe('unavailable');
    expect(classify(400, fail('ORG_ERROR', { orgErrorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION' })).kind).toBe(
      'rejected',
    );
  });
  it('a success envelope with messages is a failure', () => {
    expect(classify(200, { success: true, data: 1, messages: ['nope'] })).toMatchObject({
      kind: 'rejected',
      message: 'nope',
    });
  });
});

describe('toPending (org record -> pending submission)', () => {
  it('takes the local id from the uniqueness key, the data from Submission_JSON, status lower-cased', () => {
    const p = toPending({
      Id: 'a0X000000000001AAA',
      Name: 'FS-1',
      Uniqueness_Constraint__c: 'a0F000000000001AAA#3f1c2a7e-8b4d-4c1e-9a2b-1234567890ab',
      Form_Definition__c: 'a0F000000000001AAA',
      Status__c: 'Submitted',
      Version__c: 4,
      Submission_JSON__c: JSON.stringify({ formName: 'Audit', data: { General: { a: 1 } } }),
      CreatedDate: '2026-11-20T09:00:00.000Z',
      LastModifiedDate: '2026-11-22T10:00:00.000Z',
    });
    expect(p).toEqual({
      id: '3f1c2a7e-8b4d-4c1e-9a2b-1234567890ab',
      formSubmissionId: 'a0X000000000001AAA',
      formId: 'a0F000000000001AAA',
      formName: 'Audit',
      status: 'submitted',
      version: 4,
      data: { General: { a: 1 } },
      createdDate: '2026-11-20T09:00:00.000Z',
      lastModifiedDate: '2026-11-22T10:00:00.000Z',
    });
    expect(toPending({ Id: 'x', Uniqueness_Constraint__c: null })).toBeNull();
    expect(
      toPending({
        Id: 'x',
        Uniqueness_Constraint__c: 'f#id',
        Status__c: 'Pending',
        Submission_JSON__c: 'not json',
      }),
    ).toMatchObject({
      status: 'in progress',
      data: {},
      version: 1,
    });
  });
});

describe('HttpOrgGateway requests', () => {
  it('carries the uniqueness key, the CSRF header, and the file key; a fetch failure is a Network Error', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const g = new HttpOrgGateway({
      baseUrl: 'http://bff.test',
      fetch: async (url, init) => {
        seen.push({ url, init });
        const data = url.includes('/api/files')
          ? { id: '069000000000001AAA', title: 'a' }
          : url.includes('/batch')
            ? [{ uniquenessKey: 'a0F1#sid', ok: true, id: 'a0X1', url: 'u', created: true, version: 2 }]
            : { id: 'a0X1', url: 'u' };
        return new Response(JSON.stringify({ success: true, data }), { status: 200 });
      },
    });
    const p = {
      ...submittedItem(),
      mainRecordId: 'a0I000000000001AAA',
      startingData: { doc: [{ Id: 'a0J1' }] },
    };
    await g.saveSubmission(p);
    await g.submitBatch([p]);
    // the record the form was launched for travels on both routes (the report's cover, follow-up tasks)
    expect(JSON.parse(String(seen[0]?.init.body)).mainRecordId).toBe('a0I000000000001AAA');
    expect(JSON.parse(String(seen[1]?.init.body)).items[0].mainRecordId).toBe('a0I000000000001AAA');
    expect(JSON.parse(String(seen[1]?.init.body)).items[0].startingData).toEqual({ doc: [{ Id: 'a0J1' }] });
    const cd = await g.uploadFile(
      {
        localId: 'L1',
        submissionId: 'sid',
        uniquenessKey: 'a0F1#sid',
        name: 'a.png',
        file: new Blob(['x']),
        token: 't',
      },
      () => undefined,
    );
    expect(cd).toBe('069000000000001AAA');
    expect(seen.map((s) => s.url)).toEqual([
      'http://bff.test/api/savesubmission?formSubmissionIdentifier=a0F1%23sid',
      'http://bff.test/api/submissions/batch',
      'http://bff.test/api/files',
    ]);
    for (const s of seen) expect((s.init.headers as Record<string, string>)['X-Requested-With']).toBe('cq');
    expect((seen[2]?.init.headers as Record<string, string>)[UPLOAD_KEY_HEADER]).toBe('L1');
    const down = new HttpOrgGateway({ fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    await expect(down.saveSubmission(p)).rejects.toMatchObject({ kind: 'network', message: 'Network Error' });
  });
});

describe('a submit the org refused (its validation rules)', () => {
  const errors = [
    { errorPath: 'cqext__SQX_Inspection__c/cqext__Score__c', message: 'Score must be between 0 and 100' },
  ];
  const answer = (data: unknown) => async () =>
    new Response(JSON.stringify({ success: true, data }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  const p = submittedItem();
  it("the BFF's own check (422) is a rejection carrying its errors by field", async () => {
    const fieldErrors = [
      {
        errorPath: 'General/When',
        message: 'When is missing required fields',
        errorCode: 'VALIDATION_FAILED',
      },
    ];
    const g = new HttpOrgGateway({
      fetch: answer([
        {
          uniquenessKey: 'a0F1#sid',
          ok: false,
          status: 422,
          errorCode: 'VALIDATION_FAILED',
          messages: ['Please fix the field validation before submitting'],
          details: { errors: ['When is missing required fields'], missing: ['General.When'], fieldErrors },
        },
      ]),
    });
    const [r] = await g.submitBatch([p]);
    expect(r).toMatchObject({ ok: false, error: { kind: 'rejected', status: 422, data: fieldErrors } });
  });
  it('a batch item answers ok without url and with the errors', async () => {
    const g = new HttpOrgGateway({
      fetch: answer([
        { uniquenessKey: 'a0F1#sid', ok: true, id: 'a0G1', url: null, created: false, version: 2, errors },
      ]),
    });
    expect(await g.submitBatch([p])).toEqual([
      { uniquenessKey: 'a0F1#sid', ok: true, url: null, formSubmissionId: 'a0G1', errors },
    ]);
  });
});
