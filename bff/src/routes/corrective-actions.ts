/**
 * The assignee's side of issue 43: GET /api/correctiveActions (the signed-in user's open
 * corrective-action tasks) and POST /api/correctiveActions/:taskId/complete (what was done, photos,
 * Completed). Both run as the user, so the org's sharing decides what a partner sees and may close.
 * The tasks are the org's (salesforce/docs/submit-processing.md, "The score and the corrective
 * actions"): keyed by CQ_Action_Key__c, their Description's lines name the question, the answer, the
 * note and the submission.
 */
import type {
  CompleteCorrectiveActionBody,
  CorrectiveActionTask,
  SubmissionBatchWireResult,
} from 'shared-contracts';
import { ACTION_DONE_MAX, ACTION_PHOTOS_MAX, API_MESSAGES, completionOf } from 'shared-contracts';
import { ApiError, toApiError } from '../http/errors';
import { eq, eqBool, eqId, fieldPath, inIds, isSfId, select } from '../org/soql';
import { queryAll, type SfRecord } from '../org/util';
import { orgName as n } from './ns';
import type { Call, Handler } from './types';

/** The most open actions listed at once. */
export const CORRECTIVE_ACTIONS_LIMIT = 2000;
export const ACTION_NOT_FOUND = API_MESSAGES.actionNotFound;
export const ACTION_ALREADY_DONE = API_MESSAGES.actionAlreadyDone;
export const PHOTO_NOT_ATTACHED = API_MESSAGES.actionPhotoNotAttached;
/** The line completing an action adds to its Description. */
export const DONE_PREFIX = 'Done: ';

/** The Description's labelled lines (`Question: …`), by label. */
export function descriptionLines(description: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of String(description ?? '').split(/\r?\n/)) {
    const m = /^(Question|Answer|Note|Submission): (.*)$/.exec(line);
    if (m?.[1] && !(m[1] in out)) out[m[1]] = m[2] ?? '';
  }
  return out;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Ids read in one query's IN list. */
const IDS_PER_QUERY = 200;
/** The most queues one user's actions are listed for. */
const QUEUES_LIMIT = 200;

/** The queues the user is a member of (a task a queue owns is its members'), by Id with their names. */
async function queuesOf(call: Call): Promise<Map<string, string>> {
  const rows = await queryAll(
    call.conn(),
    select({
      fields: ['GroupId', 'Group.Name'],
      from: 'GroupMember',
      where: [eqId('UserOrGroupId', call.auth().userId), eq('Group.Type', 'Queue')],
      limit: QUEUES_LIMIT,
    }),
  );
  return new Map(
    rows.flatMap((r) =>
      isSfId(r.GroupId) ? [[r.GroupId, str((r.Group as SfRecord | null | undefined)?.Name)] as const] : [],
    ),
  );
}

/** The photos linked to each task (the failed answer's, linked by the org at submit), by task Id. */
async function photosOf(
  call: Call,
  taskIds: string[],
): Promise<Map<string, { id: string; title: string }[]>> {
  const out = new Map<string, { id: string; title: string }[]>();
  for (let i = 0; i < taskIds.length; i += IDS_PER_QUERY) {
    const links = await queryAll(
      call.conn(),
      select({
        fields: ['ContentDocumentId', 'LinkedEntityId', 'ContentDocument.Title'],
        from: 'ContentDocumentLink',
        where: [inIds('LinkedEntityId', taskIds.slice(i, i + IDS_PER_QUERY))],
      }),
    );
    for (const l of links) {
      const task = String(l.LinkedEntityId).slice(0, 15);
      const doc = l.ContentDocument as SfRecord | null | undefined;
      out.set(task, [...(out.get(task) ?? []), { id: String(l.ContentDocumentId), title: str(doc?.Title) }]);
    }
  }
  return out;
}

async function listActions(call: Call): Promise<CorrectiveActionTask[]> {
  const key = n(call, 'CQ_Action_Key__c');
  const queues = await queuesOf(call);
  const rows = await queryAll(
    call.conn(),
    select({
      fields: [
        'Id',
        'Subject',
        'Description',
        'ActivityDate',
        'Priority',
        'Status',
        'OwnerId',
        'WhatId',
        'What.Name',
      ],
      from: 'Task',
      where: [
        inIds('OwnerId', [call.auth().userId, ...queues.keys()]),
        eqBool('IsClosed', false),
        `${fieldPath(key)} != null`,
      ],
      orderBy: { field: 'ActivityDate', direction: 'ASC', nulls: 'LAST' },
      limit: CORRECTIVE_ACTIONS_LIMIT,
    }),
  );
  const photos =
    rows.length > 0
      ? await photosOf(
          call,
          rows.map((t) => String(t.Id)),
        )
      : new Map();
  return rows.map((t): CorrectiveActionTask => {
    const lines = descriptionLines(t.Description);
    const what = t.What as SfRecord | null | undefined;
    return {
      taskId: String(t.Id),
      subject: str(t.Subject),
      whatId: isSfId(t.WhatId) ? t.WhatId : null,
      whatName: typeof what?.Name === 'string' ? what.Name : null,
      question: lines.Question ?? '',
      answer: lines.Answer ?? '',
      note: lines.Note ?? '',
      submission: lines.Submission ?? '',
      dueDate: typeof t.ActivityDate === 'string' ? t.ActivityDate : null,
      priority: str(t.Priority),
      status: str(t.Status),
      photos: photos.get(String(t.Id).slice(0, 15)) ?? [],
      queueName: queues.get(String(t.OwnerId)) ?? null,
    };
  });
}

/**
 * Closes one action as the user: the photos linked first (all or none; ones a lost answer already
 * linked are not linked again), then `Done: …` added and Status Completed. `retry`: a closed task whose
 * Description already says this was done is this completion delivered before (its answer lost): done.
 */
async function closeAction(
  call: Call,
  taskId: string,
  done: string,
  documents: string[],
  retry: boolean,
): Promise<{ id: string; status: string; linked: number }> {
  if (!done) throw new ApiError('BAD_REQUEST', API_MESSAGES.actionDoneRequired);
  const conn = call.conn();
  const key = n(call, 'CQ_Action_Key__c');
  // As the user: a task the org does not share with them is not found.
  const [task] = await queryAll(
    conn,
    select({
      fields: ['Id', 'Description', 'IsClosed', key],
      from: 'Task',
      where: [eqId('Id', taskId)],
      limit: 1,
    }),
  );
  if (!task || !task[key]) throw new ApiError('NOT_FOUND', ACTION_NOT_FOUND);
  const doneLine = `${DONE_PREFIX}${done}`;
  if (task.IsClosed === true) {
    if (retry && str(task.Description).split(/\r?\n/).includes(doneLine))
      return { id: String(task.Id), status: 'Completed', linked: documents.length };
    throw new ApiError('VERSION_CONFLICT', ACTION_ALREADY_DONE);
  }
  let toLink = documents;
  if (retry && documents.length > 0) {
    const linked = await queryAll(
      conn,
      select({
        fields: ['ContentDocumentId'],
        from: 'ContentDocumentLink',
        where: [eqId('LinkedEntityId', String(task.Id)), inIds('ContentDocumentId', documents)],
      }),
    );
    const have = new Set(linked.map((l) => String(l.ContentDocumentId).slice(0, 15)));
    toLink = documents.filter((d) => !have.has(d.slice(0, 15)));
  }
  // The photos first, all or none: a photo that cannot be attached leaves the action open.
  if (toLink.length > 0) {
    const results = await conn.sobject('ContentDocumentLink').create(
      toLink.map((d) => ({ ContentDocumentId: d, LinkedEntityId: String(task.Id), ShareType: 'V' })),
      { allOrNone: true },
    );
    const failed = results.filter((r) => !r.success);
    if (failed.length > 0)
      throw new ApiError('BAD_REQUEST', PHOTO_NOT_ATTACHED, { errors: failed.flatMap((r) => r.errors) });
  }
  const description = [str(task.Description), doneLine].filter(Boolean).join('\n');
  await conn
    .sobject('Task')
    .update({ Id: String(task.Id), Status: 'Completed', Description: description.slice(0, 32000) });
  return { id: String(task.Id), status: 'Completed', linked: documents.length };
}

async function completeAction(call: Call): Promise<{ id: string; status: string; linked: number }> {
  const body = call.body as unknown as CompleteCorrectiveActionBody;
  const documents = [...new Set(body.contentDocumentIds ?? [])];
  return closeAction(call, call.params.taskId ?? '', body.done.trim(), documents, false);
}

const versionOf = (item: SfRecord): number => (typeof item.version === 'number' ? item.version : 1);

/**
 * An item of the one delivery path (POST /api/submissions/batch) that completes an action: a record of
 * the device's outbox whose formId is the task's Id (shared-contracts action-completion.ts), its photos
 * uploaded before it is sent. Idempotent: a retry after a lost answer is answered as delivered.
 */
export async function completeQueued(call: Call, item: SfRecord): Promise<SubmissionBatchWireResult> {
  const taskId = String(item.formId);
  const uniquenessKey = `${taskId}#${String(item.id)}`;
  try {
    // Stored on the device but not yet marked done (the uploader may send it between the two writes):
    // nothing to do in the org, answered as a draft in sync.
    if (String(item.status).toLowerCase() !== 'submitted')
      return { uniquenessKey, ok: true, id: taskId, url: null, created: false, version: versionOf(item) };
    const { done, contentDocumentIds, pending } = completionOf(item.data);
    if (pending > 0) throw new ApiError('BAD_REQUEST', PHOTO_NOT_ATTACHED);
    if (done.length > ACTION_DONE_MAX) throw new ApiError('BAD_REQUEST', API_MESSAGES.actionDoneTooLong);
    const r = await closeAction(call, taskId, done, contentDocumentIds.slice(0, ACTION_PHOTOS_MAX), true);
    return {
      uniquenessKey,
      ok: true,
      id: r.id,
      url: `${call.auth().instanceUrl}/${r.id}`,
      created: false,
      version: versionOf(item),
    };
  } catch (e) {
    const error = toApiError(e);
    return {
      uniquenessKey,
      ok: false,
      status: error.status,
      errorCode: error.code,
      messages: [error.message],
      ...(error.details === undefined ? {} : { details: error.details }),
    };
  }
}

export const correctiveActionHandlers: Record<string, Handler> = {
  correctiveActions: listActions,
  completeCorrectiveAction: completeAction,
};
