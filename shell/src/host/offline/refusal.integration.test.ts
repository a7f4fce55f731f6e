// A refused submission always comes back to its owner with its errors (issue 40): whichever layer
// refuses it, the offline core over the HTTP gateway, against the real BFF and org-emulator, brings
// the record back in progress with the errors (by field where the refusal names one), tells the
// outcome (`delivery`), and does not send it again on its own.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uniquenessKey, type DeliveryOutcome, type LocalSubmission } from 'shared-contracts';
import type { OfflineServicesHandle } from './services';
import { systemServices } from '../../../test/offline/integration';
import { signedInForFile } from '../../../test/offline/signed-in-for-file';
import { Jar, bffGet, emulatorControl, jarFetch, type System } from '../../../test/offline/system';

const real = signedInForFile();
let sys: System;
let jar: Jar;
/** FORM-0001: Site and Inspection date required, main object SQX_Inspection__c (its Score rule). */
let siteForm = '';
const svcs: OfflineServicesHandle[] = [];

beforeAll(async () => {
  ({ sys, jar } = real);
  const forms = await bffGet<{ Id: string; Name: string }[]>(sys.bffUrl, jar, '/api/forms');
  siteForm = forms.find((f) => f.Name === 'FORM-0001')?.Id ?? '';
  expect(siteForm).not.toBe('');
  const [site] = await real.org.query<{ Id: string }>('SELECT Id FROM Account LIMIT 1');
  complete.cqext__Account__c_Id = site?.Id ?? '';
  expect(complete.cqext__Account__c_Id).not.toBe('');
});
afterEach(async () => {
  for (const s of svcs.splice(0)) await s.dispose();
  await emulatorControl(sys.emulatorUrl, 'DELETE', '/faults');
});

const services = (): OfflineServicesHandle => {
  const s = systemServices(sys, jarFetch(jar, sys.bffUrl));
  svcs.push(s);
  return s;
};

/** What the org holds under the submission's key, read at the org itself. */
async function orgStatus(id: string): Promise<string[]> {
  const rows = await real.org.query<Record<string, unknown>>(
    `SELECT cqext__Status__c FROM cqext__SQX_Form_Submission__c WHERE cqext__Uniqueness_Constraint__c = '${uniquenessKey(siteForm, id)}'`,
  );
  return rows.map((r) => String(r.cqext__Status__c));
}

/** Submits on the device, has the uploader deliver it once; answers the record and what was told. */
async function submitOnce(
  svc: OfflineServicesHandle,
  main: Record<string, unknown>,
): Promise<{ id: string; local: LocalSubmission | undefined; told: DeliveryOutcome }> {
  const c = await svc.create({ formId: siteForm, formName: 'General Site Inspection' });
  if (!c.ok) throw new Error(c.message);
  const s = await svc.submit(c.value.id, { cqext__SQX_Inspection__c: main, General: {} });
  if (!s.ok) throw new Error(s.message);
  await svc.engine.submissions.runOnce();
  const owner = svc.owner();
  const local = owner ? await svc.store.getSubmission(owner, c.value.id) : undefined;
  return { id: c.value.id, local, told: svc.delivery(c.value.id).get() };
}

/** After a refusal: the next runs send nothing (closing the form without an edit sends nothing either). */
async function sendsNothingMore(svc: OfflineServicesHandle, id: string): Promise<void> {
  const before = await orgStatus(id);
  await svc.engine.submissions.runOnce();
  expect(svc.delivery(id).get().kind).toBe('refused');
  expect(await orgStatus(id)).toEqual(before);
}

/** Site chosen in its lookup (the `_Id` companion: typed text alone does not fill a required lookup). */
const complete = {
  cqext__Account__c: 'Acme Plant',
  cqext__Account__c_Id: '',
  cqext__Inspection_Date__c: '2026-05-01',
};

describe('a refused submit comes back in progress with its errors, whichever layer refused it', () => {
  it("the org's validation rule: kept In Progress in the org, the error on the Score field", async () => {
    const svc = services();
    const { id, local, told } = await submitOnce(svc, { ...complete, cqext__Score__c: 150 });
    const errors = [
      {
        errorPath: 'cqext__SQX_Inspection__c/cqext__Score__c',
        message: 'Score must be between 0 and 100',
        errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      },
    ];
    expect(local).toMatchObject({ status: 'in progress', syncStatus: 'in sync', errors });
    expect(told).toMatchObject({ kind: 'refused', errors });
    expect(await orgStatus(id)).toEqual(['In Progress']);
    await sendsNothingMore(svc, id);
  });

  it("the BFF's check of the form (422 VALIDATION_FAILED): nothing in the org, the errors on the empty fields", async () => {
    const svc = services();
    const { id, local, told } = await submitOnce(svc, { cqext__Account__c: '   ' });
    const errors = [
      {
        errorPath: 'cqext__SQX_Inspection__c/cqext__Account__c',
        message: 'Site is missing required fields',
        errorCode: 'VALIDATION_FAILED',
        // kept with its code and words, so the screen says it in the user's language
        code: 'missingRequired',
        params: { field: 'Site' },
      },
      {
        errorPath: 'cqext__SQX_Inspection__c/cqext__Inspection_Date__c',
        message: 'Inspection date is missing required fields',
        errorCode: 'VALIDATION_FAILED',
        code: 'missingRequired',
        params: { field: 'Inspection date' },
      },
    ];
    expect(local).toMatchObject({ status: 'in progress', syncStatus: 'in error' });
    expect(local?.errors).toEqual(expect.arrayContaining(errors));
    expect(told).toMatchObject({ kind: 'refused' });
    expect(await orgStatus(id)).toEqual([]);
    await sendsNothingMore(svc, id);
  });

  it('a trigger (a DML error on the save): nothing in the org, the trigger’s message as the error', async () => {
    const svc = services();
    const message =
      'SQX_FormSubmissionTrigger: execution of BeforeUpdate caused by: System.DmlException: Insert failed.';
    // the org's answer to the record write: what a real org answers when the package's trigger fails
    await emulatorControl(sys.emulatorUrl, 'POST', '/faults', {
      errorRate: 1,
      errorStatus: 400,
      errorCode: 'CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY',
      errorMessage: message,
      pathPattern: '/composite/sobjects/',
      methods: ['PATCH'],
      times: 1,
    });
    const { id, local, told } = await submitOnce(svc, complete);
    expect(local).toMatchObject({ status: 'in progress', syncStatus: 'in error', errors: [message] });
    expect(told).toEqual({ kind: 'refused', version: 2, errors: [message] });
    expect(await orgStatus(id)).toEqual([]);
    await sendsNothingMore(svc, id);
  });
});
