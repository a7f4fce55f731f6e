// The answers of a submitted checklist, as salesforce/docs/submit-processing.md ("The answers")
// describes them and the Apex class SQX_SubmitAnswers writes them on a real org: after a form
// submission is saved as Submitted, one SQX_Inspection_Answer__c per answered question of the
// submission JSON's `data.Checklist`, replacing the answers an earlier save wrote. Runs as the org's
// trigger does (system mode: the submitter needs no create right on the answer object).
import type { ObjectMeta, Registry } from '../metadata/registry.js';
import type { Org } from '../org.js';
import type { SRecord } from '../store/records.js';
import { normalizeId } from '../ids.js';
import { answerScore, scoreBlock, type AnswerScore } from './submit-score.js';
import { submittedJson } from './submitted.js';

export const CHECKLIST_KEY = 'Checklist';
const LIMIT = 255;

const isRec = (v: unknown): v is SRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `data.Checklist` of the submission JSON, or undefined (no JSON, no data, no checklist). */
export function checklistAnswers(json: unknown): SRecord | undefined {
  if (typeof json !== 'string' || json.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  const data = isRec(parsed) ? parsed.data : undefined;
  const answers = isRec(data) ? data[CHECKLIST_KEY] : undefined;
  return isRec(answers) ? answers : undefined;
}

/** A text, number or boolean answer as text; anything else is no answer. */
export function answerText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return '';
}

/** The label of an answer: the option line `value|label|colour` whose value it is, else the value. */
export function answerLabel(options: unknown, value: string): string {
  for (const line of String(options ?? '').split(/\r?\n/)) {
    const [v = '', label] = line.split('|');
    if (v.trim() === value) return label?.trim() || value;
  }
  return value;
}

/**
 * After a form submission's save: when it is Submitted (and, on an update, its JSON or its status
 * changed), its answers are written anew.
 */
export function writeSubmittedAnswers(
  org: Org,
  registry: Registry,
  meta: ObjectMeta,
  record: SRecord,
  before: SRecord | undefined,
  /** The org's raw insert (dml.ts insertRaw): no permission check, as a trigger writes. */
  insert: (meta: ObjectMeta, values: SRecord) => void,
): void {
  const n = (name: string): string => registry.naming.qualify(name);
  const saved = submittedJson(registry, meta, record, before);
  if (!saved) return;
  const answers = checklistAnswers(saved.json);
  if (!answers) return;
  const answerMeta = registry.get(n('SQX_Inspection_Answer__c'));
  if (!answerMeta) return;
  const submissionField = n('Form_Submission__c');
  for (const old of org.store.list(answerMeta.name)) {
    if (old[submissionField] === record.Id) org.store.put(answerMeta.name, { ...old, IsDeleted: true });
  }
  const questionObject = n('SQX_Document_Question__c');
  // a scored form's points and failed flag per answer (the JSON's score block, by data path)
  const score = scoreBlock(saved.json);
  for (const key of Object.keys(answers).sort()) {
    const id = normalizeId(key);
    const hit = id ? org.store.get(id) : undefined;
    if (!hit || hit.sobject.toLowerCase() !== questionObject.toLowerCase() || hit.data.IsDeleted === true)
      continue;
    const value = answerText(answers[key]).slice(0, LIMIT);
    if (!value) continue;
    insert(answerMeta, {
      [submissionField]: record.Id,
      [n('Question__c')]: hit.data.Id,
      [n('Question_Text__c')]: String(hit.data[n('Question__c')] ?? '').slice(0, LIMIT) || null,
      [n('Answer__c')]: value,
      [n('Answer_Label__c')]: answerLabel(hit.data[n('Options__c')], value).slice(0, LIMIT),
      ...scoreFields(n, answerScore(score, `${CHECKLIST_KEY}.${key}`)),
    });
  }
}

/** Points__c and Failed__c of a scored answer (none for an answer the score block does not name). */
function scoreFields(n: (name: string) => string, score: AnswerScore | undefined): SRecord {
  return score ? { [n('Points__c')]: score.points, [n('Failed__c')]: score.failed } : {};
}
