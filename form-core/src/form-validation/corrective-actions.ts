/**
 * Corrective actions on the form screen (issue 43): when a scored form's `scoring.correctiveActions`
 * is enabled, each failed item proposes one action, kept in the submission's data under
 * `data.CorrectiveActions[<the question's data path>]` (the key is the path as written, dots and all),
 * so it travels through drafts, the offline queue and batch sync like any answer. The org side turns
 * each action that is not dismissed into a Task at submit, resolving what is left absent (the assignee
 * by the form's default rule, the due date as submit date + dueDays).
 *
 * Framework-free: which actions the data holds for the failed items now, and the defaults shown.
 */
import type { CorrectiveAction, CorrectiveActionSettings, ScoringConfig } from 'shared-contracts';
import { addDays, formatDate } from './tokens';

export const CORRECTIVE_ACTIONS_KEY = 'CorrectiveActions';

export const CORRECTIVE_DEFAULTS = { dueDays: 7, priority: 'Normal' } as const;
export const CORRECTIVE_PRIORITIES = ['High', 'Normal', 'Low'] as const;
export const CORRECTIVE_LIMITS = { maxDueDays: 365 } as const;

export type CorrectiveActions = Record<string, CorrectiveAction>;

export const CORRECTIVE_TEXTS = {
  panel: 'Corrective action',
  title: 'Title',
  assignee: 'Assignee',
  dueDate: 'Due date',
  priority: 'Priority',
  note: 'Note',
  dismiss: 'Dismiss',
  dismissReason: 'Reason for dismissing',
  confirmDismiss: 'Dismiss action',
  cancel: 'Cancel',
  reopen: 'Reopen',
  dismissed: (reason: string) => `Dismissed: ${reason}`,
  assigneeDefault: (rule: string) => `Default: ${rule}`,
  dueDefault: (days: number) => `Default: ${days} days after the submit`,
  rule: { inspector: 'the inspector', recordOwner: "the record's owner", user: 'a chosen user' },
} as const;

const isRec = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The form's corrective action settings when failed items propose actions, else undefined. */
export const correctiveSettingsOf = (
  config: ScoringConfig | undefined,
): CorrectiveActionSettings | undefined => {
  const s = config?.correctiveActions;
  return isRec(s) && s.enabled === true ? s : undefined;
};

/** The actions a form's data holds (by question data path). */
export const actionsOf = (data: unknown): CorrectiveActions => {
  const a = isRec(data) ? data[CORRECTIVE_ACTIONS_KEY] : undefined;
  return isRec(a) ? (a as CorrectiveActions) : {};
};

/**
 * The actions for the failed items now: a new failed item gets one titled after its question; an item
 * that no longer fails (answered otherwise, hidden by a rule) loses its own, dismissed or not. Returns
 * `current` itself when nothing changes (so the data is not rewritten), undefined when none is left.
 */
export function syncActions(
  current: CorrectiveActions | undefined,
  failed: readonly { path: string; label: string }[],
): CorrectiveActions | undefined {
  const before = current ?? {};
  const next: CorrectiveActions = {};
  let changed = false;
  for (const f of failed) {
    const own = before[f.path];
    if (own) next[f.path] = own;
    else {
      next[f.path] = { title: f.label };
      changed = true;
    }
  }
  if (Object.keys(before).some((k) => !(k in next))) changed = true;
  if (!changed) return current;
  return Object.keys(next).length > 0 ? next : undefined;
}

/** The due date shown before one is chosen: today + the form's dueDays (YYYY-MM-DD, the device's date). */
export const defaultDueDate = (settings: CorrectiveActionSettings | undefined, now: Date): string =>
  formatDate(addDays(now, dueDaysOf(settings)));

export const dueDaysOf = (settings: CorrectiveActionSettings | undefined): number => {
  const d = settings?.dueDays;
  return typeof d === 'number' && Number.isInteger(d) && d >= 0 ? d : CORRECTIVE_DEFAULTS.dueDays;
};

export const priorityOf = (
  action: CorrectiveAction | undefined,
  settings: CorrectiveActionSettings | undefined,
): 'High' | 'Normal' | 'Low' => action?.priority ?? settings?.priority ?? CORRECTIVE_DEFAULTS.priority;

/** Who the action goes to when the inspector chooses no one: the form's rule in words. */
export const defaultAssigneeText = (settings: CorrectiveActionSettings | undefined): string => {
  if (settings?.assignee === 'user' && settings.userName) return settings.userName;
  if (settings?.assignee === 'queue' && settings.queueName) return settings.queueName;
  return CORRECTIVE_TEXTS.rule[settings?.assignee === 'recordOwner' ? 'recordOwner' : 'inspector'];
};

/** An action with some of its fields set; a field set to undefined or '' is removed (the default applies). */
export function editAction(action: CorrectiveAction, patch: Partial<CorrectiveAction>): CorrectiveAction {
  const out: Record<string, unknown> = { ...action };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || (v === '' && k !== 'title')) delete out[k];
    else out[k] = v;
  }
  return out as unknown as CorrectiveAction;
}

/** The actions with one replaced (the others the same objects). */
export const withAction = (
  actions: CorrectiveActions,
  path: string,
  action: CorrectiveAction,
): CorrectiveActions => ({ ...actions, [path]: action });

/**
 * The assignee's lookup: Users by name, through the form screen's record search, so offline it
 * searches the copy "Download for offline" keeps (lookup-cache.ts lists it for such forms).
 */
export const ASSIGNEE_LOOKUP = { object: 'User', titleField: 'Name', valueField: 'Id' } as const;
