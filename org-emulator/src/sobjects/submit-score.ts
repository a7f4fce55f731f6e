// The score and the corrective actions of a submitted form, as salesforce/docs/submit-processing.md
// ("The score and the corrective actions") describes them and the Apex class SQX_CorrectiveActions
// does them on a real org: after a form submission is saved as Submitted, its JSON's `score` block (the
// app's scorer wrote it) is copied to the main record, and each corrective action it lists becomes one
// Task keyed by `{submission's external id}:{question path}` (created once, updated by a resubmit).
// Task changes keep the related record's count of open actions. Runs as the org's trigger does (system
// mode: the submitter needs no right on tasks that others own).
import type { ObjectMeta, Registry } from '../metadata/registry.js';
import type { Org } from '../org.js';
import { sfDateTime } from '../org.js';
import type { SRecord } from '../store/records.js';
import { normalizeId } from '../ids.js';
import { submittedJson } from './submitted.js';
import { isQueueFor } from './queues.js';

const isRec = (v: unknown): v is SRecord => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** One answer's part of the score block. */
export interface AnswerScore {
  points: number | null;
  failed: boolean;
}

/** The JSON's `score` block, or undefined (no JSON, no block). */
export function scoreBlock(json: unknown): SRecord | undefined {
  if (typeof json !== 'string' || json.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    return isRec(parsed) && isRec(parsed.score) ? parsed.score : undefined;
  } catch {
    return undefined;
  }
}

/** The score of one answer by its data path (`Checklist.{question Id}`), if the block has it. */
export function answerScore(block: SRecord | undefined, path: string): AnswerScore | undefined {
  const answers = block && isRec(block.answers) ? block.answers : undefined;
  const a = answers?.[path];
  return isRec(a) ? { points: num(a.points), failed: a.failed === true } : undefined;
}

/** The Task's description: the question, the answer, the note and the submission, one per line. */
export function actionDescription(
  question: string,
  answer: string,
  note: string,
  submission: string,
): string {
  return [
    `Question: ${question}`,
    `Answer: ${answer}`,
    ...(note ? [`Note: ${note}`] : []),
    `Submission: ${submission}`,
  ].join('\n');
}

const PRIORITIES = new Set(['High', 'Normal', 'Low']);
const DATE = /^\d{4}-\d\d-\d\d$/;

interface Context {
  org: Org;
  registry: Registry;
  insert: (meta: ObjectMeta, values: SRecord) => SRecord;
  n: (name: string) => string;
}

/** A system-mode update of fields of a stored record (as a trigger's DML does). */
function patch(ctx: Context, sobject: string, rec: SRecord, values: SRecord, userId: string): void {
  const now = sfDateTime();
  const next: SRecord = {
    ...rec,
    ...values,
    LastModifiedDate: now,
    LastModifiedById: userId,
    SystemModstamp: now,
  };
  if (sobject === 'Task') next.IsClosed = next.Status === 'Completed';
  ctx.org.store.put(sobject, next);
}

const liveRecord = (org: Org, id: unknown): { sobject: string; data: SRecord } | undefined => {
  const norm = typeof id === 'string' ? normalizeId(id) : undefined;
  const hit = norm ? org.store.get(norm) : undefined;
  return hit && hit.data.IsDeleted !== true ? hit : undefined;
};

/**
 * After a form submission's save: when it is Submitted (and, on an update, its JSON or its status
 * changed) and its JSON has a score block, the main record gets the score and the actions become tasks.
 */
export function applySubmittedScore(
  org: Org,
  registry: Registry,
  meta: ObjectMeta,
  record: SRecord,
  before: SRecord | undefined,
  userId: string,
  /** The org's raw insert (dml.ts insertRaw): no permission check, as a trigger writes. */
  insert: (meta: ObjectMeta, values: SRecord) => SRecord,
): void {
  const n = (name: string): string => registry.naming.qualify(name);
  const saved = submittedJson(registry, meta, record, before);
  if (!saved) return;
  const block = scoreBlock(saved.json);
  if (!block) return;
  const ctx: Context = { org, registry, insert, n };
  const main = liveRecord(org, record[n('Main_Record_Id__c')]);
  const mainMeta = main ? registry.get(main.sobject) : undefined;
  if (main && mainMeta) {
    const values: SRecord = {};
    const put = (field: string, value: unknown) => {
      if (mainMeta.field(n(field))) values[n(field)] = value;
    };
    put('Score_Points__c', num(block.points));
    put('Score_Max__c', num(block.max));
    put('Score_Percent__c', num(block.percent));
    put('Score_Passed__c', block.passed === true);
    if (Object.keys(values).length > 0) patch(ctx, main.sobject, main.data, values, userId);
  }
  writeActionTasks(ctx, record, block, main, userId);
}

function writeActionTasks(
  ctx: Context,
  record: SRecord,
  block: SRecord,
  main: { sobject: string; data: SRecord } | undefined,
  userId: string,
): void {
  const { org, registry, n } = ctx;
  const actions = isRec(block.actions) ? block.actions : undefined;
  const items = actions && isRec(actions.items) ? actions.items : undefined;
  const taskMeta = registry.get('Task');
  if (!actions || !items || !taskMeta) return;
  const keyField = n('CQ_Action_Key__c');
  const external = String(record[n('Uniqueness_Constraint__c')] ?? record.Id);
  // the default owner (docs: inspector = the submitter, recordOwner = the main record's owner, user,
  // queue: a queue that takes tasks, whose members then see the task)
  const submitter = String(record.LastModifiedById ?? userId);
  const rule = text(actions.assignee);
  const chosen = liveRecord(org, actions.userId);
  const queue = liveRecord(org, actions.queueId);
  const fallback =
    rule === 'recordOwner' && typeof main?.data.OwnerId === 'string'
      ? main.data.OwnerId
      : rule === 'user' && chosen?.sobject === 'User'
        ? String(chosen.data.Id)
        : rule === 'queue' && queue && isQueueFor(org, queue.data.Id, 'Task')
          ? String(queue.data.Id)
          : submitter;
  const whatId = main && registry.get(main.sobject)?.def.activities ? main.data.Id : record.Id;
  const existing = new Map<string, SRecord>();
  for (const t of org.store.list('Task')) {
    const key = t[keyField];
    if (t.IsDeleted !== true && typeof key === 'string') existing.set(key.toLowerCase(), t);
  }
  const answers = isRec(block.answers) ? block.answers : {};
  for (const path of Object.keys(items).sort()) {
    const item = items[path];
    if (!isRec(item)) continue;
    const answer = isRec(answers[path]) ? answers[path] : {};
    const owner = liveRecord(org, item.assigneeId);
    const values: SRecord = {
      Subject: (text(item.title) || text(answer.question) || path).slice(0, 255),
      Description: actionDescription(
        text(answer.question),
        text(answer.answerLabel) || text(answer.answer),
        text(item.note),
        String(record.Name ?? record.Id),
      ),
      OwnerId:
        (owner?.sobject === 'User' && owner.data.IsActive !== false) ||
        (owner && isQueueFor(org, owner.data.Id, 'Task'))
          ? owner.data.Id
          : fallback,
      WhatId: whatId,
      ActivityDate: DATE.test(text(item.dueDate)) ? text(item.dueDate) : null,
      Priority: PRIORITIES.has(text(item.priority)) ? text(item.priority) : 'Normal',
    };
    const key = `${external}:${path}`.slice(0, 255);
    const had = existing.get(key.toLowerCase());
    if (had) patch(ctx, 'Task', had, values, userId);
    const taskId = had ? String(had.Id) : String(ctx.insert(taskMeta, { ...values, [keyField]: key }).Id);
    linkPhotos(ctx, taskId, Array.isArray(item.photos) ? item.photos : []);
  }
  recountOpenActions(org, registry, [String(whatId)], userId);
}

/**
 * The failed answer's photos, linked to its task (once each), so whoever the org shares the task with
 * sees them: the assignee or a queue's members, who may not see the submission.
 */
function linkPhotos(ctx: Context, taskId: string, photos: unknown[]): void {
  const meta = ctx.registry.get('ContentDocumentLink');
  if (!meta) return;
  const linked = new Set(
    ctx.org.store
      .list('ContentDocumentLink')
      .filter((l) => l.LinkedEntityId === taskId)
      .map((l) => String(l.ContentDocumentId)),
  );
  for (const photo of photos) {
    const doc = liveRecord(ctx.org, photo);
    if (doc?.sobject !== 'ContentDocument' || linked.has(String(doc.data.Id))) continue;
    ctx.insert(meta, {
      ContentDocumentId: doc.data.Id,
      LinkedEntityId: taskId,
      ShareType: 'V',
      Visibility: 'AllUsers',
    });
    linked.add(String(doc.data.Id));
  }
}

/**
 * The open corrective actions of each record (tasks with an action key that are not closed), written
 * to its `Open_Actions__c` where its object has the field. Called after tasks change.
 */
export function recountOpenActions(org: Org, registry: Registry, whatIds: string[], userId: string): void {
  const n = (name: string): string => registry.naming.qualify(name);
  const keyField = n('CQ_Action_Key__c');
  const field = n('Open_Actions__c');
  const ids = new Set(whatIds.flatMap((id) => normalizeId(id) ?? []));
  if (ids.size === 0) return;
  const counts = new Map<string, number>([...ids].map((id) => [id, 0]));
  for (const t of org.store.list('Task')) {
    const what = typeof t.WhatId === 'string' ? normalizeId(t.WhatId) : undefined;
    if (!what || !counts.has(what) || t.IsDeleted === true || t.IsClosed === true || !t[keyField]) continue;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  for (const [id, count] of counts) {
    const hit = liveRecord(org, id);
    const meta = hit ? registry.get(hit.sobject) : undefined;
    if (!hit || !meta?.field(field) || hit.data[field] === count) continue;
    patch({ org, registry, insert: () => ({}), n }, hit.sobject, hit.data, { [field]: count }, userId);
  }
}

/** After a task's insert, update, delete or undelete: the open-action counts of what it was and is related to. */
export function afterTaskChange(
  org: Org,
  registry: Registry,
  meta: ObjectMeta,
  before: SRecord | undefined,
  after: SRecord | undefined,
  userId: string,
): void {
  if (meta.name !== 'Task') return;
  const keyField = registry.naming.qualify('CQ_Action_Key__c');
  if (!before?.[keyField] && !after?.[keyField]) return;
  const ids = [before?.WhatId, after?.WhatId].filter((x): x is string => typeof x === 'string');
  recountOpenActions(org, registry, ids, userId);
}
