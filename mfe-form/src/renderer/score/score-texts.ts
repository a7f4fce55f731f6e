/**
 * The words of the live score (issue 43). Numbers as the model rounds them (scoring.ts: points to 2
 * decimals, percent to 1), written without trailing zeros.
 */
import type { ScoreResult, SectionScore } from 'form-core/scoring';

const num = (n: number): string => String(Number(n.toFixed(2)));

export const SCORE_TEXTS = {
  score: 'Score',
  noScore: 'No score yet',
  passed: 'Passed',
  failed: 'Failed',
  failedItem: 'Failed item',
} as const;

/** '7 of 12 points (58.3%)'; without a maximum, 'No score yet'. */
export const pointsLine = (r: Pick<ScoreResult, 'score' | 'maximum' | 'percent'>): string =>
  r.percent === null
    ? SCORE_TEXTS.noScore
    : `${num(r.score)} of ${num(r.maximum)} point${r.maximum === 1 ? '' : 's'} (${num(r.percent)}%)`;

/** 'Passed (pass mark 80%)' / 'Failed (pass mark 80%)', or undefined with no verdict. */
export const verdictLine = (r: Pick<ScoreResult, 'passed' | 'passMark'>): string | undefined =>
  r.passed === null || r.passMark === null
    ? undefined
    : `${r.passed ? SCORE_TEXTS.passed : SCORE_TEXTS.failed} (pass mark ${num(r.passMark)}%)`;

/** '2 failed items', '1 failed item', 'No failed items'. */
export const failedLine = (n: number): string =>
  n === 0 ? 'No failed items' : `${n} failed item${n === 1 ? '' : 's'}`;

/** A section's line: '3 of 4 points (75%) · 1 failed item'. */
export const sectionLine = (s: SectionScore): string =>
  s.failedCount > 0 ? `${pointsLine(s)} · ${failedLine(s.failedCount)}` : pointsLine(s);

/** What the mark under a failed answer says. */
export const failedMarkText = (answerLabel: string | undefined): string =>
  answerLabel ? `${SCORE_TEXTS.failedItem}: ${answerLabel}` : SCORE_TEXTS.failedItem;
