import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { ADMIN, FIELD_USER, login, start } from './helpers.js';

// The answers of a submitted checklist (salesforce/docs/submit-processing.md, "The answers") on the one
// fixture the Apex test uses too: salesforce/.../classes/SQX_SubmitFixture.cls, read from that file.

type Rec = Record<string, unknown>;
interface Expected {
  ref: string;
  Answer__c: string;
  Answer_Label__c: string;
  Question_Text__c: string;
}
interface Fixture {
  questions: Array<{ ref: string; question: string; options: string[] }>;
  answers: Record<string, unknown>;
  expected: Expected[];
  resubmitted: Record<string, unknown>;
  expectedAfterResubmit: Expected[];
}

/** The JSON of SQX_SubmitFixture.JSON_TEXT: its string literals joined (the fixture has no quote or escape). */
function apexFixture(): Fixture {
  const file = fileURLToPath(
    new URL('../../salesforce/force-app/main/default/classes/SQX_SubmitFixture.cls', import.meta.url),
  );
  const text = readFileSync(file, 'utf8');
  const expr = text.slice(text.indexOf('JSON_TEXT ='), text.indexOf(';', text.indexOf('JSON_TEXT =')));
  return JSON.parse([...expr.matchAll(/'([^']*)'/g)].map((m) => m[1]).join('')) as Fixture;
}

const fixture = apexFixture();
let emu: RunningEmulator;
let admin: Connection;
let field: Connection;
let formId: string;
const byRef = new Map<string, string>();

beforeAll(async () => {
  emu = await start();
  [admin, field] = await Promise.all([login(emu, ADMIN), login(emu, FIELD_USER)]);
  const doc = await admin
    .sobject('cqext__SQX_Controlled_Document__c')
    .create({ Name: 'DOC-T1', cqext__Title__c: 'Fixture' });
  const section = await admin.sobject('cqext__SQX_Document_Section__c').create({
    Name: 'DOC-T1-S1',
    cqext__Controlled_Document__c: doc.id,
    cqext__Section_Title__c: 'General',
    cqext__Order__c: 1,
  });
  for (const q of fixture.questions) {
    const r = await admin.sobject('cqext__SQX_Document_Question__c').create({
      Name: q.ref,
      cqext__Controlled_Document__c: doc.id,
      cqext__Section__c: section.id,
      cqext__Question__c: q.question,
      cqext__Question_Type__c: 'Radio',
      cqext__Result_Type__c: 'Text',
      cqext__Options__c: q.options.join('\n'),
    });
    byRef.set(q.ref, String(r.id));
  }
  const forms = await field.query<{ Id: string }>(
    "SELECT Id FROM cqext__SQX_Form_Definition__c WHERE Name = 'FORM-0002'",
  );
  formId = forms.records[0]?.Id ?? '';
});
afterAll(async () => emu.close());

/** data.Checklist with the fixture's refs replaced by the question Ids (unknown refs stay as they are). */
const submissionJson = (answers: Record<string, unknown>): string =>
  JSON.stringify({
    data: {
      Checklist: Object.fromEntries(Object.entries(answers).map(([ref, v]) => [byRef.get(ref) ?? ref, v])),
    },
  });

async function answersOf(submissionId: string): Promise<Rec[]> {
  const r = await field.query<Rec>(
    `SELECT cqext__Question__c, cqext__Question_Text__c, cqext__Answer__c, cqext__Answer_Label__c FROM cqext__SQX_Inspection_Answer__c WHERE cqext__Form_Submission__c = '${submissionId}'`,
  );
  return r.records;
}

const expectAnswers = async (submissionId: string, expected: Expected[]) => {
  const rows = await answersOf(submissionId);
  const shape = (e: Expected) => ({
    cqext__Question__c: byRef.get(e.ref),
    cqext__Question_Text__c: e.Question_Text__c,
    cqext__Answer__c: e.Answer__c,
    cqext__Answer_Label__c: e.Answer_Label__c,
  });
  const strip = (r: Rec) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'attributes'));
  const byQuestion = (a: Rec, b: Rec) =>
    String(a.cqext__Question__c).localeCompare(String(b.cqext__Question__c));
  expect(rows.map(strip).sort(byQuestion)).toEqual(expected.map(shape).sort(byQuestion));
};

describe('answers of a submitted checklist (shared fixture with SQX_SubmitAnswersTest)', () => {
  it('a submitted checklist gets one answer record per answered question, written for the field user', async () => {
    const r = await field.sobject('cqext__SQX_Form_Submission__c').create({
      cqext__Form_Definition__c: formId,
      cqext__Uniqueness_Constraint__c: `${formId}#fixture-1`,
      cqext__Status__c: 'Submitted',
      cqext__Submission_JSON__c: submissionJson(fixture.answers),
    });
    expect(r.success).toBe(true);
    await expectAnswers(String(r.id), fixture.expected);
  });

  it('a draft gets no answers; submitting writes them and submitting again replaces them', async () => {
    const r = await field.sobject('cqext__SQX_Form_Submission__c').create({
      cqext__Form_Definition__c: formId,
      cqext__Uniqueness_Constraint__c: `${formId}#fixture-2`,
      cqext__Status__c: 'In Progress',
      cqext__Submission_JSON__c: submissionJson(fixture.answers),
    });
    const id = String(r.id);
    expect(await answersOf(id)).toEqual([]);
    await field.sobject('cqext__SQX_Form_Submission__c').update({ Id: id, cqext__Status__c: 'Submitted' });
    await expectAnswers(id, fixture.expected);
    await field
      .sobject('cqext__SQX_Form_Submission__c')
      .update({ Id: id, cqext__Submission_JSON__c: submissionJson(fixture.resubmitted) });
    await expectAnswers(id, fixture.expectedAfterResubmit);
  });
});
