/**
 * The builder's side of scores (issue 43): which questions of the form can be scored, what each option
 * is worth now (the defaults of form-core scoring.ts under the form's own settings), and the
 * edits of the form's `scoring` block. The block is a key of the saved JSON the builder writes back as
 * it is (`BuilderForm.extra`), so the reader and writer need nothing new and a form without it stays
 * without a score.
 */
import {
  type CorrectiveActionSettings,
  type FieldScoring,
  type OneOfOption,
  type OptionScoring,
  type ScoringConfig,
} from 'shared-contracts';
import { checklistSections } from 'form-core';
import { optionsOf } from 'form-core/schema';
import { defaultOptionScoring, resolveOptions } from 'form-core/scoring';
import type { BuilderForm } from './types';

export interface ScoringOptionRow {
  value: string;
  label: string;
  points: number;
  failing: boolean;
  notApplicable: boolean;
}

export interface ScoringQuestionRow {
  /** The answer's data path, the key of its settings. */
  path: string;
  label: string;
  /** Where it is: the form section's title (a checklist's: document and section). */
  where: string;
  /** Whether it counts in the score now. */
  scored: boolean;
  options: ScoringOptionRow[];
}

export const scoringOf = (form: BuilderForm): ScoringConfig | undefined => {
  const s = form.extra.scoring;
  return s && typeof s === 'object' && !Array.isArray(s) ? (s as ScoringConfig) : undefined;
};

/** The form with its scoring settings (undefined: no score). */
export function withScoringConfig(form: BuilderForm, config: ScoringConfig | undefined): BuilderForm {
  const { scoring: _old, ...rest } = form.extra;
  return { ...form, extra: config ? { ...rest, scoring: config } : rest };
}

const rowsOf = (options: readonly OneOfOption[], field: FieldScoring | undefined): ScoringOptionRow[] =>
  options.map((o) => {
    const value = String(o.const);
    const s: OptionScoring = { ...defaultOptionScoring(o, options), ...field?.options?.[value] };
    const failing = s.failing === true;
    return {
      value,
      label: o.title ?? value,
      points: failing ? 0 : Math.max(0, typeof s.points === 'number' ? s.points : 0),
      failing,
      notApplicable: s.notApplicable === true && !failing,
    };
  });

/** Every choice question of the form in canvas order (fields, then each document's questions). */
export function scoringQuestions(form: BuilderForm, config: ScoringConfig): ScoringQuestionRow[] {
  const out: ScoringQuestionRow[] = [];
  for (const section of form.sections) {
    for (const id of section.rows.flat()) {
      const f = form.fields[id];
      if (!f || f.kind === 'table' || f.kind === 'kept') continue;
      const options = optionsOf(f.schema);
      if (options.length === 0) continue;
      const path = `${f.objectKey}.${f.key}`;
      const field = config.fields?.[path];
      out.push({
        path,
        label: f.schema.title ?? f.key,
        where: section.title,
        scored: resolveOptions(options, field) !== undefined,
        options: rowsOf(options, field),
      });
    }
  }
  for (const s of checklistSections({ queries: form.queries }, form.startingData)) {
    for (const q of s.questions) {
      const path = `Checklist.${q.id}`;
      const field = config.fields?.[path];
      out.push({
        path,
        label: q.text,
        where: `${s.documentName} · ${s.title}`,
        scored: resolveOptions(q.options, field) !== undefined,
        options: rowsOf(q.options, field),
      });
    }
  }
  return out;
}

/** One option's points or failing flag set. */
export function setOptionScoring(
  config: ScoringConfig,
  path: string,
  value: string,
  patch: OptionScoring,
): ScoringConfig {
  const field = config.fields?.[path] ?? {};
  const own = { ...field.options?.[value], ...patch };
  return {
    ...config,
    fields: { ...config.fields, [path]: { ...field, options: { ...field.options, [value]: own } } },
  };
}

/** A question counted or left out of the score. */
export function setQuestionScored(config: ScoringConfig, path: string, scored: boolean): ScoringConfig {
  const field = config.fields?.[path] ?? {};
  return { ...config, fields: { ...config.fields, [path]: { ...field, scored } } };
}

/** A section's weight (1 is the default and is not written). */
export function setSectionWeight(config: ScoringConfig, sectionId: string, weight: number): ScoringConfig {
  const sections = { ...config.sections };
  if (weight === 1) delete sections[sectionId];
  else sections[sectionId] = { weight };
  return { ...config, sections };
}

export const SCORING_LIMITS = { maxPoints: 1000, maxWeight: 100 } as const;

/** What the settings' number inputs may hold; the message for one that is out of range. */
export function numberError(text: string, max: number, optional = false): string | undefined {
  if (text.trim() === '') return optional ? undefined : 'Enter a number.';
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > max) return `Enter a number from 0 to ${max}.`;
  return undefined;
}

/**
 * What a failed item proposes (issue 43): the form's `scoring.correctiveActions`. Off, the key goes;
 * on, the assignee rule is kept with only the user or queue it names (the 'user' rule a user, the
 * 'queue' rule a queue, the others none).
 */
export function setCorrectiveActions(
  config: ScoringConfig,
  settings: CorrectiveActionSettings | undefined,
): ScoringConfig {
  const { correctiveActions: _old, ...rest } = config;
  if (!settings?.enabled) return rest;
  const { userId, userName, queueId, queueName, ...own } = settings;
  return {
    ...rest,
    correctiveActions:
      settings.assignee === 'user'
        ? { ...own, ...(userId ? { userId } : {}), ...(userName ? { userName } : {}) }
        : settings.assignee === 'queue'
          ? { ...own, ...(queueId ? { queueId } : {}), ...(queueName ? { queueName } : {}) }
          : own,
  };
}

/** Why the corrective action settings cannot be saved, or undefined. */
export const correctiveActionsError = (settings: CorrectiveActionSettings | undefined): string | undefined =>
  !settings?.enabled
    ? undefined
    : settings.assignee === 'user' && !settings.userId
      ? 'Choose a user.'
      : settings.assignee === 'queue' && !settings.queueId
        ? 'Choose a queue.'
        : undefined;
