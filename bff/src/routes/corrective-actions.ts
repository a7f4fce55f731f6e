/**
 * The assignee's side of issue 43: GET /api/correctiveActions (the signed-in user's open
 * corrective-action tasks) and POST /api/correctiveActions/:taskId/complete (what was done, photos,
 * Completed). Both run as the user, so the org's sharing decides what a partner sees and may close.
 * The tasks are the org's (salesforce/docs/submit-processing.md, "The score and the corrective
 * actions"): keyed by CQ_Action_Key__c, their Description's lines name the question, the answer, the
 * note and the submission.
 */
import type { CompleteCorrectiveActionBody, CorrectiveActionTask } from 'shared-contracts';
import { ApiError } from '../http/errors';
import { eqBool, eqId, fieldPath, isSfId, select } from '../org/soql';
import { queryAll, type SfRecord } from '../org/util';
import { orgName as n } from './ns';
import type { Call, Handler } from './types';

/** The most open actions listed at once. */
export const CORRECTIVE_ACTIONS_LIMIT = 2000;
export const ACTION_NOT_FOUND = 'This corrective action does not exist or is not yours.';
export const ACTION_ALREADY_DONE = 'This corrective action is already completed.';
export const PHOTO_NOT_ATTACHED = 'A photo could not be attached to this corrective action.';
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

async function listActions(call: Call): Promise<CorrectiveActionTask[]> {
  const key = n(call, 'CQ_Action_Key__c');
  const rows = await queryAll(
    call.conn(),
    select({
      fields: ['Id', 'Subject', 'Description', 'ActivityDate', 'Priority', 'Status', 'WhatId', 'What.Name'],
      from: 'Task',
      where: [eqId('OwnerId', call.auth().userId), eqBool('IsClosed', false), `${fieldPath(key)} != null`],
      orderBy: { field: 'ActivityDate', direction: 'ASC', nulls: 'LAST' },
      limit: CORRECTIVE_ACTIONS_LIMIT,
    }),
  );
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
    };
  });
}

async function completeAction(call: Call): Promise<{ id: string; status: string; linked: number }> {
  const taskId = call.params.taskId ?? '';
  const body = call.body as unknown as CompleteCorrectiveActionBody;
  const done = body.done.trim();
  if (!done) throw new ApiError('BAD_REQUEST', 'Say what was done.');
  const documents = [...new Set(body.contentDocumentIds ?? [])];
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
  if (task.IsClosed === true) throw new ApiError('VERSION_CONFLICT', ACTION_ALREADY_DONE);
  // The photos first, all or none: a photo that cannot be attached leaves the action open.
  if (documents.length > 0) {
    const results = await conn.sobject('ContentDocumentLink').create(
      documents.map((d) => ({ ContentDocumentId: d, LinkedEntityId: String(task.Id), ShareType: 'V' })),
      { allOrNone: true },
    );
    const failed = results.filter((r) => !r.success);
    if (failed.length > 0)
      throw new ApiError('BAD_REQUEST', PHOTO_NOT_ATTACHED, { errors: failed.flatMap((r) => r.errors) });
  }
  const description = [str(task.Description), `${DONE_PREFIX}${done}`].filter(Boolean).join('\n');
  await conn
    .sobject('Task')
    .update({ Id: String(task.Id), Status: 'Completed', Description: description.slice(0, 32000) });
  const linked = documents.length;
  return { id: String(task.Id), status: 'Completed', linked };
}

export const correctiveActionHandlers: Record<string, Handler> = {
  correctiveActions: listActions,
  completeCorrectiveAction: completeAction,
};
