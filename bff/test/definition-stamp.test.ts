// A form changed in the org after the BFF read it (issue 47: what instances must agree on): the submit
// check holds a parsed definition by its LastModifiedDate, read beside the submit, so it checks
// against the org's current definition whichever instance read the old one and whether or not a forms
// hint reached it (no home is open here, so no hint comes). Over HTTP against the emulated org.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, passwordToken, signedIn, startBff, type Client, type RunningBff } from './helpers';

type Rec = Record<string, unknown>;
const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let field: Client;

/** A form with one text field, required or not. */
const formJson = (required: boolean) => ({
  cqFormType: 'cqext__SQX_Inspection__c',
  formName: 'Stamped check',
  version: '2.0.0',
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: { CQ_Form_Notes: { type: 'string', title: 'Notes' } },
        ...(required ? { required: ['CQ_Form_Notes'] } : {}),
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
        elements: [{ type: 'Control', scope: '#/properties/General/properties/CQ_Form_Notes' }],
      },
    ],
  },
});

async function adminCall(method: string, path: string, body?: unknown): Promise<Rec> {
  const token = await passwordToken(emulatorUrl, DEMO.admin);
  const res = await fetch(`${emulatorUrl}/services/data/v62.0${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.status === 204 ? {} : ((await res.json()) as Rec);
}

const submit = (formId: string, id: string, data: Rec) =>
  field.post(`/api/data?recordId=${formId}&submissionStatus=submitted&submissionId=${id}&version=1`, {
    id,
    formId,
    status: 'submitted',
    version: 1,
    data,
  });

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  field = await signedIn(bff.base, DEMO.field);
});
afterAll(() => bff.close());

describe('a form changed in the org after the BFF read it', () => {
  it('the submit check reads it again: a field made required since is refused (422, its name)', async () => {
    const formId = String(
      (
        await adminCall('POST', '/sobjects/cqext__SQX_Form_Definition__c', {
          Name: `FORM-STAMP-${randomUUID().slice(0, 8)}`,
          cqext__Title__c: 'Stamped check',
          cqext__Form_JSON__c: JSON.stringify(formJson(false)),
          cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
          cqext__Status__c: 'Active',
        })
      ).id,
    );
    // The field user opens the form (kept for the submit that follows) and submits it as it was.
    expect((await field.get(`/api/schema?recordId=${formId}`)).status).toBe(200);
    const first = await submit(formId, randomUUID(), { General: {} });
    expect(first.status, first.text.slice(0, 300)).toBe(200);
    // The admin makes Notes required.
    await adminCall('PATCH', `/sobjects/cqext__SQX_Form_Definition__c/${formId}`, {
      cqext__Form_JSON__c: JSON.stringify(formJson(true)),
    });
    const r = await submit(formId, randomUUID(), { General: {} });
    expect(r.status, r.text.slice(0, 300)).toBe(422);
    expect(r.json).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
    expect(((r.json as Rec).details as { errors: string[] }).errors).toEqual([
      'Notes is missing required fields',
    ]);
  });
});
