import { describe, expect, it } from 'vitest';
import { BffError, MESSAGES, setTextTranslator, type LocalSubmission } from 'shared-contracts';
import { apiError, callsOf, fakeHost, type FakeHost } from 'test-kit';
import { decideLaunch } from './decide';
import { launchErrorText, runLaunch, settledValue } from './run';

const FORM = 'a0F5g0000000001AAA';
const REC = 'a0G5g0000000002AAA';
const LOCAL = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';
const FORM_DEF = { formName: 'General Site Inspection', schema: {}, ui: {} };

const run = (host: FakeHost, path: string, search = '') =>
  runLaunch(decideLaunch(path), { host, search, settleMs: 5 });

function local(over: Partial<LocalSubmission> = {}): LocalSubmission {
  return {
    id: LOCAL,
    data: {},
    originalData: {},
    syncStatus: 'in sync',
    status: 'in progress',
    isUploading: false,
    formName: 'X',
    formId: FORM,
    formDef: FORM_DEF,
    createdOn: '2026-01-01T00:00:00.000Z',
    syncedOn: '',
    submittedOn: '',
    version: 2,
    error: [],
    errors: [],
    instanceUrl: 'https://demo.my.example.com',
    organizationId: '00D000000000001AAA',
    isSalesforceRecord: true,
    formSubmissionId: REC,
    ...over,
  };
}

describe('new submission (formId only)', () => {
  it('fetches the definition, creates a local submission and opens it with the query string kept', async () => {
    const host = fakeHost();
    host.routes.set('GET /api/schema', (q) => {
      expect(q).toEqual({ recordId: FORM });
      return { Id: FORM, Name: 'FORM-0001', formDef: FORM_DEF };
    });
    const out = await run(host, `/launchFromSF/${FORM}`, '?mode=readOnly&x=1');
    expect(out).toEqual({ to: '/form/new-submission-id?mode=readOnly&x=1' });
    const [[, input]] = callsOf(host, 'offline.create') as [[string, Record<string, unknown>]];
    expect(input).toEqual({ formId: FORM, formName: 'General Site Inspection', formDef: FORM_DEF });
  });

  it('uses the name from the URL when given', async () => {
    const host = fakeHost();
    host.routes.set('GET /api/schema', () => ({ Id: FORM, Name: 'FORM-0001', formDef: FORM_DEF }));
    await run(host, `/launchFromSF/${FORM}/My%20Checklist`);
    expect((callsOf(host, 'offline.create')[0]?.[1] as { formName: string }).formName).toBe('My Checklist');
  });

  it('starts offline from a form cached for offline, without calling the BFF', async () => {
    const host = fakeHost();
    host.onlineState.set(false);
    host.cachedFormsState.set([{ Id: FORM, formDef: FORM_DEF }]);
    expect(await run(host, `/launchFromSF/${FORM}`)).toEqual({ to: '/form/new-submission-id' });
    expect(callsOf(host, 'api.GET')).toHaveLength(0);
  });

  it("offline without a cached form: 'Error: Cannot connect to Internet'", async () => {
    const host = fakeHost();
    host.onlineState.set(false);
    expect(await run(host, `/launchFromSF/${FORM}`)).toEqual({ error: MESSAGES.cannotConnectToInternet });
    expect(callsOf(host, 'offline.create')).toHaveLength(0);
  });

  it('a network failure on the way is the same error', async () => {
    const host = fakeHost();
    host.routes.set('GET /api/schema', () => {
      throw apiError(0, MESSAGES.networkError, true);
    });
    expect(await run(host, `/launchFromSF/${FORM}`)).toEqual({ error: MESSAGES.cannotConnectToInternet });
  });

  it("a server error shows the server's message", async () => {
    const host = fakeHost();
    host.routes.set('GET /api/schema', () => {
      throw apiError(422, MESSAGES.schemaError);
    });
    expect(await run(host, `/launchFromSF/${FORM}`)).toEqual({ error: MESSAGES.schemaError });
  });

  it('a definition the org gives as a string shows that text and makes no record', async () => {
    const host = fakeHost();
    host.routes.set('GET /api/schema', () => ({ Name: 'FORM-1', formDef: 'Form not set up yet' }));
    expect(await run(host, `/launchFromSF/${FORM}`)).toEqual({ error: 'Form not set up yet' });
    expect(callsOf(host, 'offline.create')).toEqual([]);
  });

  it('a refused local write shows its message and opens nothing', async () => {
    const host = fakeHost();
    host.cachedFormsState.set([{ Id: FORM, formDef: FORM_DEF }]);
    host.offline.create = async () => ({ ok: false, message: 'disk full' });
    expect(await run(host, `/launchFromSF/${FORM}`)).toEqual({ error: 'disk full' });
  });
});

describe('pending submission (submissionId only)', () => {
  it('pulls it from the org and opens it', async () => {
    const host = fakeHost();
    const pulled: string[] = [];
    host.offline.pullPending = async (id) => {
      pulled.push(id);
      return local();
    };
    expect(await run(host, `/launchFromSF/-/-/-/-/${REC}`, '?a=1')).toEqual({ to: `/form/${LOCAL}?a=1` });
    expect(pulled).toEqual([REC]);
  });

  it("not found in the org: 'Couldn't find the matching submission.'", async () => {
    const host = fakeHost();
    expect(await run(host, `/launchFromSF/-/-/-/-/${REC}`)).toEqual({ error: MESSAGES.submissionNotFound });
  });

  it('offline: opens the copy on this device, or says it cannot connect', async () => {
    const host = fakeHost();
    host.onlineState.set(false);
    expect(await run(host, `/launchFromSF/-/-/-/-/${REC}`)).toEqual({
      error: MESSAGES.cannotConnectToInternet,
    });
    host.submissionsState.set([local()]);
    expect(await run(host, `/launchFromSF/-/-/-/-/${REC}`)).toEqual({ to: `/form/${LOCAL}` });
  });

  it('the org unreachable with a copy on this device: opens the copy', async () => {
    const host = fakeHost();
    host.submissionsState.set([local()]);
    host.offline.pullPending = async () => {
      throw new BffError({ kind: 'network', message: MESSAGES.networkError });
    };
    expect(await run(host, `/launchFromSF/-/-/-/-/${REC}`)).toEqual({ to: `/form/${LOCAL}` });
  });
});

describe('scheduled submission (submissionId + Scheduled)', () => {
  const scheduled = {
    Id: REC,
    Name: 'FS-00002',
    Uniqueness_Constraint__c: `${FORM}#${LOCAL}`,
    Form_Definition__c: FORM,
    Version__c: 3,
    Status__c: 'Scheduled',
    LastModifiedDate: '2026-01-01T00:00:00.000Z',
  };

  it('starts it with the org record, its version and its local id', async () => {
    const host = fakeHost();
    host.routes.set('GET /api/scheduledSubmissions', () => [scheduled]);
    const out = await run(host, `/launchFromSF/${FORM}/Site%20check/-/Scheduled/${REC}`, '?q=1');
    expect(out).toEqual({ to: `/form/${LOCAL}?q=1` });
    expect(callsOf(host, 'offline.startScheduled')[0]?.[1]).toEqual({
      formId: FORM,
      formName: 'Site check',
      formSubmissionId: REC,
      version: 3,
      submissionId: LOCAL,
    });
  });

  it("for the record it is scheduled for: its queries' $recordId (issue 40.4)", async () => {
    const host = fakeHost();
    host.routes.set('GET /api/scheduledSubmissions', () => [
      { ...scheduled, Main_Record_Id__c: 'a0P000000000001AAA' },
    ]);
    await run(host, `/launchFromSF/${FORM}/Site%20check/-/Scheduled/${REC}`);
    expect(callsOf(host, 'offline.startScheduled')[0]?.[1]).toMatchObject({
      formSubmissionId: REC,
      mainRecordId: 'a0P000000000001AAA',
    });
  });

  it('already started on this device: opens it without the org', async () => {
    const host = fakeHost();
    host.onlineState.set(false);
    host.submissionsState.set([local()]);
    expect(await run(host, `/launchFromSF/-/-/-/Scheduled/${REC}`)).toEqual({ to: `/form/${LOCAL}` });
    expect(callsOf(host, 'offline.startScheduled')).toHaveLength(0);
  });

  it("offline and not on this device: 'Error: Cannot connect to Internet'", async () => {
    const host = fakeHost();
    host.onlineState.set(false);
    expect(await run(host, `/launchFromSF/-/-/-/Scheduled/${REC}`)).toEqual({
      error: MESSAGES.cannotConnectToInternet,
    });
  });

  it('no longer scheduled in the org: pulled as a pending submission', async () => {
    const host = fakeHost();
    host.routes.set('GET /api/scheduledSubmissions', () => []);
    host.offline.pullPending = async () => local();
    expect(await run(host, `/launchFromSF/-/-/-/Scheduled/${REC}`)).toEqual({ to: `/form/${LOCAL}` });
  });

  it("no form definition: 'No Data found for form submission'", async () => {
    const host = fakeHost();
    host.routes.set('GET /api/scheduledSubmissions', () => [scheduled]);
    host.offline.startScheduled = async () => {
      throw new Error(MESSAGES.noDataForSubmission);
    };
    expect(await run(host, `/launchFromSF/-/-/-/Scheduled/${REC}`)).toEqual({
      error: MESSAGES.noDataForSubmission,
    });
  });
});

describe('nothing to launch', () => {
  it('goes home', async () => {
    expect(await run(fakeHost(), '/launchFromSF')).toEqual({ to: '/' });
  });
});

describe('settledValue', () => {
  it("answers a live query's first emission, or its value after the wait", async () => {
    const host = fakeHost();
    host.submissionsState.set([local()]);
    expect(await settledValue(host.offline.submissions, 5)).toHaveLength(1);
    const emitting = {
      get: () => 0,
      subscribe(l: (v: number) => void) {
        setTimeout(() => l(7), 1);
        return () => undefined;
      },
    };
    expect(await settledValue(emitting, 1000)).toBe(7);
  });
});

// Issue 44: a BFF text made of parts shows in the user's language by its code and params.
describe('launchErrorText', () => {
  it("a definition the org could not give: the launcher words it by the host's code and params", async () => {
    const host = fakeHost();
    host.offline.formDefinition = () =>
      Promise.resolve({
        kind: 'unreachable',
        network: false,
        message: 'Unknown object: Nope__c',
        wording: { code: 'UNKNOWN_OBJECT', params: { object: 'Nope__c' } },
      });
    setTextTranslator((key, args, english) =>
      key === 'bffErrors.unknownObject' ? `Objeto desconocido: ${String(args[0])}` : english(),
    );
    try {
      expect(await run(host, `/launchFromSF/${FORM}`)).toEqual({ error: 'Objeto desconocido: Nope__c' });
    } finally {
      setTextTranslator(null);
    }
    expect(callsOf(host, 'offline.create')).toEqual([]);
  });

  it("words the BFF's text by its code, English without a translator", () => {
    const e = new BffError({
      kind: 'rejected',
      status: 400,
      message: 'Unknown object: Nope__c',
      code: 'UNKNOWN_OBJECT',
      params: { object: 'Nope__c' },
    });
    expect(launchErrorText(e)).toBe('Unknown object: Nope__c');
    setTextTranslator((key, args, english) =>
      key === 'bffErrors.unknownObject' ? `Objeto desconocido: ${String(args[0])}` : english(),
    );
    try {
      expect(launchErrorText(e)).toBe('Objeto desconocido: Nope__c');
    } finally {
      setTextTranslator(null);
    }
  });
});
