/**
 * The words of the live score (issue 43), through the translation layer (issue 44). Numbers as the
 * model rounds them (scoring.ts: points to 2 decimals, percent to 1), written without trailing zeros.
 */
import type { ScoreResult, SectionScore } from 'form-core/scoring';
import { defineTexts } from 'shared-contracts';

const num = (n: number): number => Number(n.toFixed(2));

export const SCORE_TEXTS = defineTexts('score', {
  score: 'Score',
  noScore: 'No score yet',
  failedItem: 'Failed item',
  /** '7 of 12 points (58.3%)'. */
  points: (score: number, maximum: number, percent: number): string =>
    `${score} of ${maximum} point${maximum === 1 ? '' : 's'} (${percent}%)`,
  /** 'Passed (pass mark 80%)'. */
  passedVerdict: (passMark: number): string => `Passed (pass mark ${passMark}%)`,
  /** 'Failed (pass mark 80%)'. */
  failedVerdict: (passMark: number): string => `Failed (pass mark ${passMark}%)`,
  /** '2 failed items', '1 failed item', 'No failed items'. */
  failedCount: (n: number): string => (n === 0 ? 'No failed items' : `${n} failed item${n === 1 ? '' : 's'}`),
  /** What the mark under a failed answer says: 'Failed item: No'. */
  failedAnswer: (answerLabel: string): string => `Failed item: ${answerLabel}`,
});

/** '7 of 12 points (58.3%)'; without a maximum, 'No score yet'. */
export const pointsLine = (r: Pick<ScoreResult, 'score' | 'maximum' | 'percent'>): string =>
  r.percent === null ? SCORE_TEXTS.noScore : SCORE_TEXTS.points(num(r.score), num(r.maximum), num(r.percent));

/** 'Passed (pass mark 80%)' / 'Failed (pass mark 80%)', or undefined with no verdict. */
export const verdictLine = (r: Pick<ScoreResult, 'passed' | 'passMark'>): string | undefined =>
  r.passed === null || r.passMark === null
    ? undefined
    : (r.passed ? SCORE_TEXTS.passedVerdict : SCORE_TEXTS.failedVerdict)(num(r.passMark));

/** '2 failed items', '1 failed item', 'No failed items'. */
export const failedLine = (n: number): string => SCORE_TEXTS.failedCount(n);

/** A section's line: '3 of 4 points (75%) · 1 failed item'. */
export const sectionLine = (s: SectionScore): string =>
  s.failedCount > 0 ? `${pointsLine(s)} · ${failedLine(s.failedCount)}` : pointsLine(s);

/** What the mark under a failed answer says. */
export const failedMarkText = (answerLabel: string | undefined): string =>
  answerLabel ? SCORE_TEXTS.failedAnswer(answerLabel) : SCORE_TEXTS.failedItem;
