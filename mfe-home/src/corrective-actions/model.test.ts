import { describe, expect, it } from 'vitest';
import type { CorrectiveActionTask } from 'shared-contracts';
import { submission } from '../test/fixtures';
import { partition } from '../model';
import { actionCards, completionProblem, completionsByTask, isOverdue, todayIn } from './model';
import { ACTION_TEXTS } from './texts';

const task = (n: number, over: Partial<CorrectiveActionTask> = {}): CorrectiveActionTask => ({
  taskId: `00T5g00000000${n}AAAA`.slice(0, 18),
  subject: `Fix ${n}`,
  whatId: 'a0N5g0000000001EAA',
  whatName: 'INS-0001',
  question: 'Lights work?',
  answer: 'Fail',
  note: 'Two out',
  submission: 'FS-00001',
  dueDate: '2026-12-01',
  priority: 'High',
  status: 'Not Started',
  photos: [],
  queueName: null,
  ...over,
});

const completion = (taskId: string, over: Parameters<typeof submission>[0] = {}) =>
  submission({
    formId: taskId,
    formName: 'Fix',
    status: 'submitted',
    syncStatus: 'out of sync',
    data: { Done: 'Replaced the bulbs', Photos: [] },
    ...over,
  });

describe('the assignee’s action cards', () => {
  it('are the org’s open actions in its order, overdue when due before today', () => {
    const cards = actionCards(
      [task(1, { dueDate: '2026-11-28' }), task(2, { dueDate: null })],
      [],
      '2026-11-29',
    );
    expect(cards.map((c) => [c.subject, c.overdue, c.local.kind])).toEqual([
      ['Fix 1', true, 'open'],
      ['Fix 2', false, 'open'],
    ]);
    expect(isOverdue('2026-11-29', '2026-11-29')).toBe(false);
  });

  it('say an action marked done on this device waits to sync, by its 15- or 18-character id', () => {
    const t = task(1);
    const cards = actionCards([t, task(2)], [completion(t.taskId.slice(0, 15))], '2026-11-29');
    expect(cards[0]?.local).toEqual({ kind: 'waiting', done: 'Replaced the bulbs' });
    expect(cards[1]?.local.kind).toBe('open');
  });

  it('say the org refused a completion, in its words', () => {
    const t = task(1);
    const refused = completion(t.taskId, {
      syncStatus: 'in error',
      delivery: { attempts: 1, nextAttemptAt: 0, lastError: 'This corrective action is already completed.' },
    });
    expect(actionCards([t], [refused], '2026-11-29')[0]?.local).toEqual({
      kind: 'refused',
      done: 'Replaced the bulbs',
      message: 'This corrective action is already completed.',
    });
  });

  it('take the newest submitted completion of a task and ignore one still being written', () => {
    const t = task(1);
    const old = completion(t.taskId, { createdOn: '2026-11-01T00:00:00.000Z', data: { Done: 'old' } });
    const newer = completion(t.taskId, { createdOn: '2026-11-02T00:00:00.000Z', data: { Done: 'new' } });
    const writing = completion(t.taskId, { status: 'in progress', createdOn: '2026-11-03T00:00:00.000Z' });
    expect(completionsByTask([old, writing, newer]).get(t.taskId.slice(0, 15))?.data).toEqual({
      Done: 'new',
    });
  });

  it('completions are not forms: not in In Progress or Submitted', () => {
    const form = submission({ status: 'submitted' });
    const { inProgress, submitted } = partition([
      form,
      completion(task(1).taskId),
      completion(task(2).taskId, { status: 'in progress' }),
    ]);
    expect(inProgress).toEqual([]);
    expect(submitted).toEqual([form]);
  });
});

describe('a completion before it is stored', () => {
  it('needs what was done, at most 4000 characters, and at most 10 photos', () => {
    expect(completionProblem('  ', 0)).toBe(ACTION_TEXTS.doneRequired);
    expect(completionProblem('x'.repeat(4001), 0)).toBe(ACTION_TEXTS.doneTooLong);
    expect(completionProblem('Fixed', 11)).toBe(ACTION_TEXTS.tooManyPhotos);
    expect(completionProblem('Fixed', 10)).toBeNull();
    expect(ACTION_TEXTS.doneRequired).toBe('Say what was done.');
  });
});

describe('today in the user’s time zone', () => {
  it('is the day there, not in UTC', () => {
    const now = new Date('2026-11-29T02:00:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-11-28');
    expect(todayIn('Europe/London', now)).toBe('2026-11-29');
    expect(todayIn('Not/AZone', now)).toBe('2026-11-29');
  });
});
