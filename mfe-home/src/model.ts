import { serverErrorTexts } from 'form-core/server-errors';
import {
  FORMS_LISTED,
  MESSAGES,
  SUBMISSION_STATUS,
  SYNC_STATUS,
  formTitle as sharedFormTitle,
  type LocalSubmission,
} from 'shared-contracts';

/** A record of GET /api/searchQuery/?kind=assignedTasks. */
export interface AssignedTask {
  taskId: string;
  checklist: string;
  subject: string | null;
  scheduledFor: string | null;
  programId?: string;
  formId?: string | null;
  status?: string;
}

/** A record of GET /api/forms and GET /api/search. */
export interface FormListItem {
  Id: string;
  Name: string;
  Title__c?: string | null;
  LastModifiedDate: string;
  Supports_Offline__c?: boolean;
}

/** A record of GET /api/scheduledSubmissions (namespace stripped). */
export interface ScheduledRecord {
  Id: string;
  Form_Definition__c?: string | null;
  Uniqueness_Constraint__c?: string | null;
  Version__c?: number | null;
  /** The record it is scheduled for (an assigned task's inspection program). */
  Main_Record_Id__c?: string | null;
}

/**
 * The scheduled record of this task: of its form and for its record (the task's inspection program).
 * Never another task's: two tasks of one form each start their own (review N3).
 */
export function scheduledOfTask(
  records: readonly ScheduledRecord[],
  task: Pick<AssignedTask, 'formId' | 'programId'>,
): ScheduledRecord | undefined {
  if (!task.formId || !task.programId) return undefined;
  const main = task.programId.slice(0, 15);
  return records.find(
    (r) => r.Form_Definition__c === task.formId && (r.Main_Record_Id__c ?? '').slice(0, 15) === main,
  );
}

/** The records a form may be launched for from home: its assigned tasks' inspection programs. */
export function taskRecordsOf(tasks: readonly AssignedTask[], formId: string): string[] {
  return [
    ...new Set(tasks.filter((t) => t.formId === formId && t.programId).map((t) => t.programId as string)),
  ];
}

/** Title built from the form's name and title. */
/** The form card's title (one rule for the whole product, in shared-contracts). */
export const formTitle = (form: FormListItem): string => sharedFormTitle(form);

export function firstForms(forms: readonly FormListItem[]): FormListItem[] {
  return forms.slice(0, FORMS_LISTED);
}

/** Submissions by createdOn, newest first (spec section 9). Keeps the input when already in order. */
export function sortByCreatedDesc(subs: readonly LocalSubmission[]): readonly LocalSubmission[] {
  let sorted = true;
  for (let i = 1; i < subs.length; i++) {
    if ((subs[i - 1] as LocalSubmission).createdOn < (subs[i] as LocalSubmission).createdOn) {
      sorted = false;
      break;
    }
  }
  if (sorted) return subs;
  return [...subs].sort((a, b) => (a.createdOn < b.createdOn ? 1 : a.createdOn > b.createdOn ? -1 : 0));
}

/** Assigned tasks by scheduledFor, latest first (spec section 9); tasks without a date last. */
export function sortTasks(tasks: readonly AssignedTask[]): AssignedTask[] {
  return [...tasks].sort((a, b) => {
    const x = a.scheduledFor ?? '';
    const y = b.scheduledFor ?? '';
    return x < y ? 1 : x > y ? -1 : 0;
  });
}

export interface Partitioned {
  inProgress: readonly LocalSubmission[];
  submitted: readonly LocalSubmission[];
  latestSync: string;
}

/** One pass: the In Progress tab (in progress and scheduled) and the Submitted tab. */
export function partition(subs: readonly LocalSubmission[]): Partitioned {
  const sorted = sortByCreatedDesc(subs);
  const inProgress: LocalSubmission[] = [];
  const submitted: LocalSubmission[] = [];
  let latestSync = '';
  for (const s of sorted) {
    if (s.status === SUBMISSION_STATUS.submitted) submitted.push(s);
    else inProgress.push(s);
    if (s.syncedOn && s.syncedOn > latestSync) latestSync = s.syncedOn;
  }
  return { inProgress, submitted, latestSync };
}

/** The special card: submitted items whose sync status is out of sync or file unsynced. */
export function isOutOfSyncSubmitted(s: LocalSubmission): boolean {
  return (
    s.status === SUBMISSION_STATUS.submitted &&
    (s.syncStatus === SYNC_STATUS.outOfSync || s.syncStatus === SYNC_STATUS.fileUnsynced)
  );
}

export function hasErrors(s: LocalSubmission): boolean {
  return (
    s.syncStatus === SYNC_STATUS.inError ||
    (Array.isArray(s.errors) && s.errors.length > 0) ||
    (Array.isArray(s.error) && s.error.length > 0)
  );
}

/**
 * What a record's error toast tells: the refused submit's messages (errorPath and message, as the form
 * lists them), else why its last delivery failed, else the spec's submit-failed text.
 */
export function errorTextsOf(s: LocalSubmission): string[] {
  const texts = serverErrorTexts(Array.isArray(s.errors) && s.errors.length > 0 ? s.errors : s.error);
  if (texts.length > 0) return texts;
  return [s.delivery?.lastError || MESSAGES.submitFailedWithErrors];
}

/** Link to a record in the org (partner users: through their site). */
export function orgRecordUrl(base: string, id: string): string {
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(id)}`;
}
