/**
 * The assignee's corrective actions on home (issue 43), framework-free: the org's open action tasks
 * (GET /api/correctiveActions) joined with what this device recorded for them and has not delivered
 * yet (completion records of the offline store: shared-contracts action-completion.ts), so an action
 * marked done offline says so at once and stays until the org has it.
 */
import {
  ACTION_DONE_MAX,
  ACTION_PHOTOS_MAX,
  SUBMISSION_STATUS,
  SYNC_STATUS,
  bffErrorText,
  completionOf,
  isActionCompletion,
  type CorrectiveActionTask,
  type LocalSubmission,
} from 'shared-contracts';
import { ACTION_TEXTS } from './texts';

/** What this device knows beyond the org's list. */
export type ActionLocalState =
  | { kind: 'open' }
  /** Marked done here; not in the org yet (offline, or queued). */
  | { kind: 'waiting'; done: string }
  /** Marked done here and refused by the org (already done, no longer the user's): the outbox says more. */
  | { kind: 'refused'; done: string; message: string };

export interface ActionCardModel extends CorrectiveActionTask {
  overdue: boolean;
  local: ActionLocalState;
}

/** Ids compare by their first 15 characters (15- and 18-character forms of one record). */
const key15 = (id: string): string => id.slice(0, 15);

/**
 * This device's completions by task: the newest submitted one per task. A record still in progress
 * was being written when the page went away: not marked done.
 */
export function completionsByTask(subs: readonly LocalSubmission[]): Map<string, LocalSubmission> {
  const out = new Map<string, LocalSubmission>();
  for (const s of subs) {
    if (!isActionCompletion(s.formId) || s.status !== SUBMISSION_STATUS.submitted) continue;
    const had = out.get(key15(s.formId));
    if (!had || s.createdOn > had.createdOn) out.set(key15(s.formId), s);
  }
  return out;
}

/** Why the org refused a completion, in its words when it said. */
export function refusalText(s: LocalSubmission): string {
  const fromErrors = [...s.errors, ...s.error].find(
    (e): e is { message: string } =>
      typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string',
  );
  const d = s.delivery;
  // the BFF's texts made of parts worded by code in the user's language (the card shows it as is)
  if (d?.lastError) return d.lastErrorWording ? bffErrorText(d.lastError, d.lastErrorWording) : d.lastError;
  return fromErrors?.message || ACTION_TEXTS.refused;
}

/** `dueDate` (YYYY-MM-DD) is before `today` (YYYY-MM-DD). */
export const isOverdue = (dueDate: string | null, today: string): boolean => !!dueDate && dueDate < today;

/** The cards: the org's open actions (its order: due date first), each with this device's state. */
export function actionCards(
  tasks: readonly CorrectiveActionTask[],
  subs: readonly LocalSubmission[],
  today: string,
): ActionCardModel[] {
  const local = completionsByTask(subs);
  return tasks.map((t) => {
    const c = local.get(key15(t.taskId));
    const done = c ? completionOf(c.data).done : '';
    const state: ActionLocalState = !c
      ? { kind: 'open' }
      : c.syncStatus === SYNC_STATUS.inError
        ? { kind: 'refused', done, message: refusalText(c) }
        : { kind: 'waiting', done };
    return { ...t, overdue: isOverdue(t.dueDate, today), local: state };
  });
}

/** What is wrong with a completion before it is stored, or null. */
export function completionProblem(done: string, photoCount: number): string | null {
  const text = done.trim();
  if (!text) return ACTION_TEXTS.doneRequired;
  if (text.length > ACTION_DONE_MAX) return ACTION_TEXTS.doneTooLong;
  if (photoCount > ACTION_PHOTOS_MAX) return ACTION_TEXTS.tooManyPhotos;
  return null;
}

/** Today (YYYY-MM-DD) in a time zone (the user's), else the browser's. */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
