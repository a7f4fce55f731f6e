// Issue 43 at the BFF's guard: on a form with scoring, a failing answer's note (and photo) the form
// requires are required fields of a submission sent as Submitted: 422 with the spec's texts, nothing
// written; given, the submission goes. Over HTTP against the emulated org, as the field user.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, passwordToken, signedIn, startBff, type Client, type RunningBff } from './helpers';

type Rec = Record<string, unknown>;
const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let field: Client;
let formId = '';

const formJson = {
  cqFormType: 'cqext__SQX_Inspection__c',
  formName: 'Scored site check',
  version: '2.0.0',
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: {
          CQ_Form_Clean: {
            type: 'string',
            title: 'Area clean and tidy?',
            oneOf: [
              { const: 'YES', title: 'Yes' },
              { const: 'NO', title: 'No' },
            ],
          },
        },
      },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Section',
        sectionId: 'section-1',
        label: 'Site',
        elements: [{ type: 'select', scope: '#/properties/General/properties/CQ_Form_Clean' }],
      },
    ],
  },
  scoring: { passMark: 80, failingRequires: { note: true, photo: true } },
};

async function adminCall(method: string, path: string, body?: unknown): Promise<Rec> {
  const token = await passwordToken(emulatorUrl, DEMO.admin);
  const res = await fetch(`${emulatorUrl}/services/data/v62.0${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Rec;
}

const orgRecords = async (key: string): Promise<Rec[]> =>
  (
    (await adminCall(
      'GET',
      `/query?q=${encodeURIComponent(
        `SELECT Id, cqext__Status__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${key}'`,
      )}`,
    )) as { records: Rec[] }
  ).records;

const submit = (id: string, data: Rec, form = formId, extra: Rec = {}) =>
  field.post(`/api/data?recordId=${form}&submissionStatus=submitted&submissionId=${id}&version=1`, {
    id,
    formId: form,
    status: 'submitted',
    version: 1,
    data,
    ...extra,
  });

const makeForm = async (json: unknown): Promise<string> =>
  String(
    (
      await adminCall('POST', '/sobjects/cqext__SQX_Form_Definition__c', {
        Name: `FORM-SCORE-${randomUUID().slice(0, 8)}`,
        cqext__Title__c: 'Scored site check',
        cqext__Form_JSON__c: JSON.stringify(json),
        cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
        cqext__Status__c: 'Active',
      })
    ).id,
  );

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  field = await signedIn(bff.base, DEMO.field);
  formId = await makeForm(formJson);
});
afterAll(() => bff.close());

describe('a scored form at the BFF’s submit check', () => {
  it('refuses a failing answer without its note and photo: 422 with the texts, nothing in the org', async () => {
    const id = randomUUID();
    const r = await submit(id, { General: { CQ_Form_Clean: 'NO' } });
    expect(r.status, r.text.slice(0, 300)).toBe(422);
    expect(r.json).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
    expect(((r.json as Rec).details as { errors: string[] }).errors).toEqual([
      'Note on failed item "Area clean and tidy?" is missing required fields',
      'Photo of failed item "Area clean and tidy?" is missing required fields',
    ]);
    expect(await orgRecords(`${formId}#${id}`)).toEqual([]);
  });

  it('accepts a passing answer as it is, and a failing one with its note and photo', async () => {
    const pass = randomUUID();
    expect((await submit(pass, { General: { CQ_Form_Clean: 'YES' } })).status).toBe(200);
    const fail = randomUUID();
    const r = await submit(fail, {
      General: { CQ_Form_Clean: 'NO' },
      Findings: {
        'General-CQ_Form_Clean': {
          Note: 'Pallets in the aisle',
          Photos: [{ LocalId: 'p1', Name: 'aisle.jpg', ContentDocumentId: '069000000000001AAA' }],
        },
      },
    });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect((await orgRecords(`${formId}#${fail}`)).map((x) => x.cqext__Status__c)).toEqual(['Submitted']);
  });

  it('a failed checklist question (its questions from the starting data the submission carries) needs its note too', async () => {
    const checklistForm = await makeForm({
      ...formJson,
      queries: [{ type: 'DOCUMENTS', key: 'doc', sectionId: 'section-1', objectType: 'x', fields: ['Id'] }],
      scoring: { failingRequires: { note: true } },
    });
    const startingData = {
      doc: [
        {
          Id: 'DOC1',
          Name: 'DOC-1',
          cqext__Sections__r: {
            records: [{ Id: 'S1', cqext__Section_Title__c: 'Exits', cqext__Order__c: 1 }],
          },
          cqext__Questions__r: {
            records: [
              {
                Id: 'Q1',
                cqext__Section__c: 'S1',
                cqext__Question__c: 'Exit doors unlocked?',
                cqext__Result_Type__c: 'Color Code',
                cqext__Options__c: 'Pass|Pass|green-white\nFail|Fail|red-white',
                cqext__Order__c: 1,
              },
            ],
          },
        },
      ],
    };
    const id = randomUUID();
    const data = { General: { CQ_Form_Clean: 'YES' }, Checklist: { Q1: 'Fail' } };
    const r = await submit(id, data, checklistForm, { formDef: { startingData } });
    expect(r.status, r.text.slice(0, 300)).toBe(422);
    expect(((r.json as Rec).details as { errors: string[] }).errors).toEqual([
      'Note on failed item "Exit doors unlocked?" is missing required fields',
    ]);
    const noted = await submit(
      id,
      { ...data, Findings: { 'Checklist-Q1': { Note: 'Chained shut' } } },
      checklistForm,
      { formDef: { startingData } },
    );
    expect(noted.status, noted.text.slice(0, 300)).toBe(200);

    // the outbox's batch sends the starting data on its own (not a whole kept definition): the same check
    const viaBatch = (items: Rec[]) => field.post('/api/submissions/batch', { items });
    const other = randomUUID();
    const item = {
      id: other,
      formId: checklistForm,
      formName: 'Scored',
      status: 'submitted',
      version: 1,
      startingData,
    };
    const refused = await viaBatch([{ ...item, data }]);
    expect(refused.status, refused.text.slice(0, 300)).toBe(200);
    expect(field.data<Rec[]>(refused)[0]).toMatchObject({
      ok: false,
      status: 422,
      details: { errors: ['Note on failed item "Exit doors unlocked?" is missing required fields'] },
    });
    const ok = await viaBatch([
      { ...item, data: { ...data, Findings: { 'Checklist-Q1': { Note: 'Chained shut' } } } },
    ]);
    expect(field.data<Rec[]>(ok)[0], ok.text.slice(0, 300)).toMatchObject({ ok: true });
    // and its score counts the checklist question, failed
    const [rec] = (
      (await adminCall(
        'GET',
        `/query?q=${encodeURIComponent(
          `SELECT cqext__Submission_JSON__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${checklistForm}#${other}'`,
        )}`,
      )) as { records: Rec[] }
    ).records;
    const score = JSON.parse(String(rec?.cqext__Submission_JSON__c)).score as {
      answers: Record<string, Rec>;
    };
    expect(score.answers['Checklist.Q1']).toMatchObject({ failed: true });
  });
});
