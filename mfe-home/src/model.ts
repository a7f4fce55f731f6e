import { serverErrorTexts } from 'form-core/server-errors';
import {
  FORMS_LISTED,
  MESSAGES,
  SUBMISSION_STATUS,
  bffErrorText,
  SYNC_STATUS,
  isActionCompletion,
  formTitle as sharedFormTitle,
  type AssignedTask,
  type LocalSubmission,
  type OrgForm,
} from 'shared-contracts';

/** A task assigned to the user (the host's list: GET /api/searchQuery/?kind=assignedTasks). */
export type { AssignedTask } from 'shared-contracts';
/** A form the user may fill in (the host's list: GET /api/forms; GET /api/search). */
export type FormListItem = OrgForm;

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
    // a corrective action marked done on this device is shown on its action's card, not as a form
    if (isActionCompletion(s.formId)) continue;
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
  const d = s.delivery;
  return [d?.lastError ? bffErrorText(d.lastError, d.lastErrorWording) : MESSAGES.submitFailedWithErrors];
}

/** Link to a record in the org (partner users: through their site). */
export function orgRecordUrl(base: string, id: string): string {
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(id)}`;
}
