// Starting a task on this device (issue 41.3): the one path for home's task cards and the launcher's
// links. The org's scheduled records are read, the task's own is picked and started under the local id
// its uniqueness key names (parsed here only), and the started record is kept for its owner.
import {
  MESSAGES_EN,
  SYNC_STATUS,
  splitUniquenessKey,
  type LocalSubmission,
  type Observable,
  type ScheduledRecord,
  type StartScheduledInput,
  type TaskStart,
  type TaskToStart,
  isBffError,
} from 'shared-contracts';
import type { OrgGateway } from './org-gateway';
import type { Owner } from './owner';
import type { OfflineStore } from './store';
import * as T from './transitions';

/**
 * The scheduled record of a task: of its form and for its record (the task's inspection program,
 * compared as 15-character Ids). Never another task's: two tasks of one form each start their own (review N3).
 */
export function scheduledOfTask(
  records: readonly ScheduledRecord[],
  task: { formId: string; mainRecordId?: string },
): ScheduledRecord | undefined {
  if (!task.formId || !task.mainRecordId) return undefined;
  const main = task.mainRecordId.slice(0, 15);
  return records.find(
    (r) => r.Form_Definition__c === task.formId && (r.Main_Record_Id__c ?? '').slice(0, 15) === main,
  );
}

/** What starting a scheduled record takes: its org Id and version, and the local id its key names. */
export function startInputOf(
  rec: ScheduledRecord,
  formId: string,
  formName: string,
  mainRecordId: string | null | undefined,
): StartScheduledInput {
  const key = splitUniquenessKey(rec.Uniqueness_Constraint__c);
  return {
    formId,
    formName,
    formSubmissionId: rec.Id,
    version: rec.Version__c ?? 0,
    ...(key ? { submissionId: key.submissionId } : {}),
    ...(mainRecordId ? { mainRecordId } : {}),
  };
}

export interface TaskStartDeps {
  store: OfflineStore;
  gateway: OrgGateway;
  online: Observable<boolean>;
  /** The signed-in owner, or a thrown signed-out error (a user write). */
  writer: () => Owner;
  ctx: () => T.Ctx;
  nowIso: () => string;
  uuid: () => string;
  /** Something was queued: the uploader runs. */
  queued: () => void;
}

/** No answer came (offline, the network gone), as opposed to the org's refusal. */
const isNoAnswer = (e: unknown): boolean => (isBffError(e) ? e.kind === 'network' : e instanceof TypeError);

export function createTaskStart(deps: TaskStartDeps) {
  /**
   * Starts the org's scheduled record on this device: saved to the org at once (its first sync); with no
   * answer it is kept queued and the uploader sends it later.
   */
  const startScheduled = async (input: StartScheduledInput): Promise<LocalSubmission> => {
    const o = deps.writer();
    const cached = await deps.store.getForm(o, input.formId);
    const formDef = cached?.formDef ?? (await deps.gateway.getFormDefinition(input.formId));
    const sub = {
      ...T.scheduledSubmission(
        { ...input, submissionId: input.submissionId ?? deps.uuid() },
        formDef,
        deps.ctx(),
      ),
      ...(input.mainRecordId ? { mainRecordId: input.mainRecordId } : {}),
    };
    let stored: LocalSubmission;
    const mine = (s: LocalSubmission): LocalSubmission => ({ ...s, userId: o.userId });
    try {
      const r = await deps.gateway.saveSubmission(T.toPayload(sub));
      stored = mine(
        T.scheduledStarted(
          { ...sub, ...(r.formSubmissionId ? { formSubmissionId: r.formSubmissionId } : {}) },
          deps.nowIso(),
        ),
      );
    } catch (e) {
      if (!isBffError(e) || (e.kind !== 'network' && e.kind !== 'unavailable')) throw e;
      stored = mine(T.scheduledQueued(sub));
    }
    await deps.store.putSubmission(o, stored);
    if (stored.syncStatus !== SYNC_STATUS.inSync) deps.queued();
    return stored;
  };

  const startTask = async (task: TaskToStart): Promise<TaskStart> => {
    if (!deps.online.get()) return { kind: 'unreachable' };
    let records: ScheduledRecord[];
    try {
      records = (await deps.gateway.scheduledSubmissions?.()) ?? [];
    } catch (e) {
      if (isNoAnswer(e)) return { kind: 'unreachable' };
      throw e;
    }
    if ('scheduledId' in task) {
      const rec = records.find((r) => r.Id === task.scheduledId);
      // no longer scheduled (started on another device): a pending submission now
      if (!rec) return { kind: 'notScheduled', ...(task.formId ? { formId: task.formId } : {}) };
      const formId = rec.Form_Definition__c ?? task.formId;
      if (!formId) throw new Error(MESSAGES_EN.noDataForSubmission);
      const name = task.formName ?? rec.Name ?? formId;
      return {
        kind: 'started',
        submission: await startScheduled(startInputOf(rec, formId, name, rec.Main_Record_Id__c)),
      };
    }
    const rec = scheduledOfTask(records, task);
    if (!rec) return { kind: 'notScheduled', formId: task.formId };
    return {
      kind: 'started',
      submission: await startScheduled(startInputOf(rec, task.formId, task.formName, task.mainRecordId)),
    };
  };

  return { startScheduled, startTask };
}
