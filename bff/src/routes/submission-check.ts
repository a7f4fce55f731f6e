/**
 * The guard on what reaches the org: a submission sent as Submitted is checked against its form with
 * the browser's own rules (form-core: required fields at any depth, hidden and
 * read-only fields exempt, `required` rules, the schema's types, formats and patterns; on a scored form
 * the note and photo a failing answer requires: scoring-layout.ts). A failure is a
 * 422 with the spec's texts (`errors`) and the same texts by field (`fieldErrors`, {errorPath,
 * message}, as the org's refusals are answered, with each text's `code` and `params`:
 * shared-contracts field-errors), and nothing is written; a draft is never checked.
 */
import { MESSAGES, type FormDefinition } from 'shared-contracts';
import { applyStartingData, documentQueries } from 'form-core';
import { checkSubmission } from 'form-core/submission';
import { withScoring } from 'form-core/scoring-layout';
import { submissionScore, type SubmissionScore } from 'form-core/score-block';
import { TtlCache } from '../cache/ttl-cache';
import { ApiError } from '../http/errors';
import { inIds, isSfId, select } from '../org/soql';
import type { SfRecord } from '../org/util';
import { orgName as n } from './ns';
import type { Call } from './types';

/** Loads a form definition record with its parsed definition (`formDef`), as GET /api/formDefinition does. */
export type FormLoader = (call: Call, formId: string) => Promise<SfRecord>;

// Parsed definitions by org, user and form, kept while the record's LastModifiedDate is unchanged: the
// same object each time, so the compiled validator (cached by identity) is reused.
// The stamp makes a stale entry harmless; the TTL only bounds memory.
const parsed = new TtlCache<{ stamp: string; def: FormDefinition | null }>({
  max: 500,
  ttlMs: 60 * 60 * 1000,
});

/**
 * The forms' LastModifiedDate the caller read with its own query in one Composite call (15-character
 * id → stamp; absent: the user cannot see the form), so the check itself asks the org nothing more
 * unless the definition kept in memory is stale (issue 33).
 */
export type FormStamps = Map<string, string>;

/** The stamps of form records read with `Id, LastModifiedDate`. */
export const formStamps = (forms: SfRecord[]): FormStamps =>
  new Map(forms.map((f) => [String(f.Id).slice(0, 15), String(f.LastModifiedDate)]));

/** The query for the forms' stamps, read beside whatever the caller reads anyway. */
export const formStampsSoql = (call: Call, formIds: string[]): string =>
  select({
    fields: ['Id', 'LastModifiedDate'],
    from: n(call, 'SQX_Form_Definition__c'),
    where: [inIds('Id', formIds)],
  });

async function definitionOf(
  call: Call,
  formId: string,
  load: FormLoader,
  stamps: FormStamps,
): Promise<FormDefinition | null> {
  const auth = call.auth();
  const key = `${auth.instanceUrl}|${auth.userId}|${formId}`;
  const stamp = stamps.get(formId.slice(0, 15));
  // A form the user cannot see: the org refuses the submission's lookup to it itself.
  if (stamp === undefined) return null;
  const hit = parsed.get(key);
  if (hit && hit.stamp === stamp) return hit.def;
  const rec = await load(call, formId);
  const def = rec.formDef && typeof rec.formDef === 'object' ? (rec.formDef as FormDefinition) : null;
  parsed.set(key, { stamp, def: def?.schema ? def : null });
  return def?.schema ? def : null;
}

/**
 * A form definition changed in the org (the holder of the org's subscription published a forms hint,
 * which reaches every instance through Redis): drop the parsed definitions rather than wait for a stamp
 * mismatch. Bounded and rebuilt on demand, so all of them go.
 */
export function forgetDefinitions(): void {
  parsed.clear();
}

/**
 * Keeps a definition the BFF just read for this user (a form opened: GET /api/schema), so the submit
 * that follows checks against it without reading the form again (issue 33).
 */
export function rememberDefinition(call: Call, formId: string, stamp: unknown, formDef: unknown): void {
  if (!isSfId(formId) || typeof stamp !== 'string' || !stamp) return;
  const auth = call.auth();
  const def = formDef && typeof formDef === 'object' ? (formDef as FormDefinition) : null;
  parsed.set(`${auth.instanceUrl}|${auth.userId}|${formId}`, { stamp, def: def?.schema ? def : null });
}

/**
 * A scored form as the screen showed it (issue 43): a failing answer's required note and photo are
 * required fields too. A checklist's questions come from the org through the form's starting data,
 * which the BFF keeps no copy of: they are merged from the starting data the submission carries (as
 * the screen merged them), so a failed checklist question needs its note here as well. An unscored
 * form is checked as saved.
 */
function scoredDefinition(saved: FormDefinition, startingData: unknown): FormDefinition {
  if (!saved.scoring) return saved;
  return withScoring(shownDefinition(saved, startingData));
}

/** The saved form with its checklist's questions merged in from the submission's starting data. */
function shownDefinition(saved: FormDefinition, startingData: unknown): FormDefinition {
  return documentQueries(saved).length > 0 &&
    startingData &&
    typeof startingData === 'object' &&
    !Array.isArray(startingData)
    ? applyStartingData(saved, startingData as Record<string, unknown>)
    : saved;
}

/**
 * The score block a submit records (issue 43), from the saved definition the check read (`memo`) and
 * the submitted data; undefined for an unscored form or one the user cannot see.
 */
export async function submitScore(
  formId: string,
  data: unknown,
  memo: Map<string, Promise<FormDefinition | null>>,
  startingData: unknown,
  /** The submit's date (YYYY-MM-DD): actions fall due counted from it. */
  day: string,
): Promise<SubmissionScore | undefined> {
  const saved = await memo.get(formId);
  if (!saved?.scoring) return undefined;
  return submissionScore(shownDefinition(saved, startingData), data ?? {}, day);
}

/** The 422 for a Submitted submission whose data fails its form's checks, or undefined when it passes. */
export async function submitRefusal(
  call: Call,
  formId: string,
  data: unknown,
  load: FormLoader,
  /** The forms' stamps, read by the caller beside its own query (formStampsSoql). */
  stamps: FormStamps,
  /** Definitions already asked for in this request (a batch holds many submissions of one form). */
  memo: Map<string, Promise<FormDefinition | null>> = new Map(),
  /** The starting data the submission's own definition carries (its checklist's questions). */
  startingData?: unknown,
): Promise<ApiError | undefined> {
  if (!isSfId(formId)) return undefined;
  let pending = memo.get(formId);
  if (!pending) memo.set(formId, (pending = definitionOf(call, formId, load, stamps)));
  const saved = await pending;
  if (!saved) return undefined;
  const def = scoredDefinition(saved, startingData);
  const check = checkSubmission({
    schema: def.schema,
    ui: def.ui,
    readOnlyFields: def.readOnly,
    data: data ?? {},
  });
  if (check.ok) return undefined;
  return new ApiError('VALIDATION_FAILED', MESSAGES.fixFieldValidation, {
    errors: check.messages,
    missing: check.missing,
    fieldErrors: check.fieldErrors.map((f) => ({
      errorPath: f.path.split('.').join('/'),
      message: f.message,
      errorCode: 'VALIDATION_FAILED',
      // the message's code and parameters: the screen words it in its user's language (issue 44)
      code: f.detail.code,
      params: f.detail.params,
    })),
  });
}
