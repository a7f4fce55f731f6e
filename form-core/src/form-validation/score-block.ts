/**
 * The score a submit records (issue 43): the BFF computes it with the shared scorer from the saved form
 * definition and the submitted data and writes it into the Submission JSON as the top-level `score`
 * block, which the org's submit processing copies to the main record, the answer records and the
 * corrective-action tasks (salesforce/docs/submit-processing.md, "The score and the corrective
 * actions"), and the inspection report shows. Framework-free.
 */
import type { CorrectiveAction, CorrectiveActionSettings, FormDefinition } from 'shared-contracts';
import { computeScore, isQuestionHidden, chosenOption, scoringOf, scoringPlan } from './scoring';
import { findingKey, findingPaths } from './scoring';
import { getIn } from './paths';
import { generateUISchema } from './uischema';

/** Where the form screen keeps the proposed actions: data.CorrectiveActions[<question's data path>]. */
export const CORRECTIVE_ACTIONS_KEY = 'CorrectiveActions';
/** Days to the due date when the form does not say (CorrectiveActionSettings.dueDays). */
export const DEFAULT_DUE_DAYS = 7;

/** One scored answer, by its data path. */
export interface AnswerScoreEntry {
  /** Weighted by its section; 0 unanswered or failing. */
  points: number;
  max: number;
  failed: boolean;
  question: string;
  /** The option's value and label; '' unanswered. */
  answer: string;
  answerLabel: string;
  section?: string;
}

/** One task the org makes (an action of a failed item that was not dismissed). */
export interface ScoreActionItem {
  title: string;
  assigneeId?: string;
  assigneeName?: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  priority: 'High' | 'Normal' | 'Low';
  note?: string;
  /** The failed answer's photos (uploaded ContentDocument ids): the org links them to the task. */
  photos?: string[];
}

/** The Submission JSON's `score` block. */
export interface SubmissionScore {
  points: number;
  max: number;
  percent: number | null;
  passed: boolean | null;
  passMark: number | null;
  failedCount: number;
  /** Every scored question shown, in layout order. */
  answers: Record<string, AnswerScoreEntry>;
  /** Only when the form proposes corrective actions. */
  actions?: {
    assignee: CorrectiveActionSettings['assignee'];
    userId?: string;
    userName?: string;
    queueId?: string;
    queueName?: string;
    /** One per failed question whose action was not dismissed, by its data path. */
    items: Record<string, ScoreActionItem>;
  };
}

const round2 = (n: number): number => Math.round((n + Math.sign(n) * 1e-9) * 100) / 100;
const PRIORITIES = new Set(['High', 'Normal', 'Low']);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The action the form screen proposed for a question (by its path, or its findings key). */
export function proposedAction(data: unknown, path: string): Partial<CorrectiveAction> | undefined {
  const all = isRecord(data) ? data[CORRECTIVE_ACTIONS_KEY] : undefined;
  if (!isRecord(all)) return undefined;
  const a = all[path] ?? all[findingKey(path)];
  return isRecord(a) ? (a as Partial<CorrectiveAction>) : undefined;
}

/** `day` (YYYY-MM-DD) plus `days` days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The ContentDocument ids of the uploaded files among file nodes (a list, or one node). */
function uploadedIds(nodes: unknown): string[] {
  const list = Array.isArray(nodes) ? nodes : [nodes];
  return list.flatMap((n) => {
    const id = isRecord(n) ? text(n.ContentDocumentId) : '';
    return /^069[a-zA-Z0-9]{12}([a-zA-Z0-9]{3})?$/.test(id) ? [id] : [];
  });
}

/**
 * The score block of a submit, or undefined for a form without scoring. `definition` is the form as
 * the screen showed it (a checklist's questions merged in); `today` (YYYY-MM-DD) dates the actions.
 */
export function submissionScore(
  definition: FormDefinition,
  data: unknown,
  today: string,
): SubmissionScore | undefined {
  const config = scoringOf(definition);
  if (!config) return undefined;
  const plan = scoringPlan(definition.ui ?? generateUISchema(definition.schema), definition.schema, config);
  const result = computeScore(plan, data);
  const weights = new Map(plan.sections.map((s) => [s.sectionId, s.weight]));
  const answers: Record<string, AnswerScoreEntry> = {};
  for (const q of plan.questions) {
    if (isQuestionHidden(q, data)) continue;
    const chosen = chosenOption(q, getIn(data, q.path));
    if (chosen?.notApplicable) continue;
    const w = weights.get(q.sectionId) ?? 1;
    answers[q.path] = {
      points: round2(w * (chosen?.points ?? 0)),
      max: round2(w * q.maxPoints),
      failed: chosen?.failing === true,
      question: q.label,
      answer: chosen?.value ?? '',
      answerLabel: chosen?.label ?? '',
      ...(q.sectionLabel ? { section: q.sectionLabel } : {}),
    };
  }
  const block: SubmissionScore = {
    points: result.score,
    max: result.maximum,
    percent: result.percent,
    passed: result.passed,
    passMark: result.passMark,
    failedCount: result.failedCount,
    answers,
  };
  const settings = config.correctiveActions;
  if (settings?.enabled) {
    const days =
      typeof settings.dueDays === 'number' && Number.isFinite(settings.dueDays) && settings.dueDays >= 0
        ? Math.round(settings.dueDays)
        : DEFAULT_DUE_DAYS;
    const items: Record<string, ScoreActionItem> = {};
    for (const f of result.failedItems) {
      const a = proposedAction(data, f.path);
      if (a?.dismissed) continue;
      const paths = findingPaths(f.path);
      const note = text(a?.note) || text(getIn(data, paths.note));
      const photos = uploadedIds(getIn(data, paths.photos));
      const priority = PRIORITIES.has(String(a?.priority))
        ? (a?.priority as ScoreActionItem['priority'])
        : (settings.priority ?? 'Normal');
      items[f.path] = {
        title: (text(a?.title) || f.label).slice(0, 255),
        ...(text(a?.assigneeId) ? { assigneeId: text(a?.assigneeId) } : {}),
        ...(text(a?.assigneeName) ? { assigneeName: text(a?.assigneeName) } : {}),
        dueDate: /^\d{4}-\d\d-\d\d$/.test(text(a?.dueDate)) ? text(a?.dueDate) : addDays(today, days),
        priority,
        ...(note ? { note } : {}),
        ...(photos.length > 0 ? { photos } : {}),
      };
    }
    block.actions = {
      assignee: settings.assignee,
      ...(settings.userId ? { userId: settings.userId } : {}),
      ...(settings.userName ? { userName: settings.userName } : {}),
      ...(settings.queueId ? { queueId: settings.queueId } : {}),
      ...(settings.queueName ? { queueName: settings.queueName } : {}),
      items,
    };
  }
  return block;
}

/** The score block of a saved Submission JSON, if it has one. */
export function savedScore(json: unknown): SubmissionScore | undefined {
  const s = isRecord(json) ? json.score : undefined;
  return isRecord(s) && isRecord(s.answers) && typeof s.points === 'number'
    ? (s as unknown as SubmissionScore)
    : undefined;
}
