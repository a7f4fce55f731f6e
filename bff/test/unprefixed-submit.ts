// What the BFF does for a field user's submit on an org whose package names carry no namespace (an
// unmanaged deploy): the org's rule refuses a Score of 150 on the unprefixed field path, and 80 is
// accepted. Shared by the namespace test and the README's deploy-then-submit test.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Client } from './helpers';

type Rec = Record<string, unknown>;

/** The data of a 200 answer (the spec's envelope), failing the test with the body otherwise. */
export async function okData(p: Promise<{ status: number; json: unknown; text: string }>): Promise<unknown> {
  const r = await p;
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return (r.json as { data: unknown }).data;
}

export async function expectScoreRuleOnUnprefixedSubmit(
  c: Client,
  formId: string,
  formName: string,
  /** The form's required answers on SQX_Inspection__c (a submit without them is refused before the org). */
  required: Rec = {},
): Promise<void> {
  const submit = (id: string, score: number) =>
    c.post(`/api/data?recordId=${formId}&submissionStatus=submitted&submissionId=${id}&version=1`, {
      id,
      formId,
      formName,
      status: 'submitted',
      version: 1,
      data: { SQX_Inspection__c: { ...required, Score__c: score }, General: { note: id } },
    });
  const refused = (await okData(submit(randomUUID(), 150))) as Rec;
  expect(refused.url).toBeNull();
  expect(refused.errors).toEqual([
    {
      errorPath: 'SQX_Inspection__c/Score__c',
      message: 'Score must be between 0 and 100',
      errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
    },
  ]);
  const accepted = (await okData(submit(randomUUID(), 80))) as Rec;
  expect(String(accepted.url)).toMatch(/\/a0G\w+$/);
}
