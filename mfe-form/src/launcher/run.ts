/**
 * Carries a launch plan out through the host services (offline core and BFF), framework-free.
 * Answers where to go next, or the text to show. Offline-first where it can be: a form cached for
 * offline starts offline, and a submission already on this device opens offline; anything else
 * that needs the org while offline ends in 'Error: Cannot connect to Internet' (spec 000 §8).
 */
import {
  MESSAGES,
  bffErrorText,
  isBffError,
  type HostServices,
  type LocalSubmission,
  type Observable,
  MESSAGES_EN,
} from 'shared-contracts';
import type { LaunchPlan } from './decide';
import { DefinitionUnavailable } from '../form-screen/load';

export type LaunchOutcome = { to: string } | { error: string };

/** Raised when the launch needs the org and the device is offline. */
class Offline extends Error {
  constructor() {
    super(MESSAGES.cannotConnectToInternet);
  }
}

/** True for failures where no answer came back (the spec's Network Error). */
export function isNetworkFailure(e: unknown): boolean {
  if (e instanceof Offline) return true;
  if (isBffError(e)) return e.network;
  return e instanceof Error && e.message === MESSAGES_EN.networkError;
}

/** The text a failed launch shows. */
export function launchErrorText(e: unknown): string {
  if (isNetworkFailure(e)) return MESSAGES.cannotConnectToInternet;
  // the BFF's and the host's words are English: in the user's language (by code when made of parts)
  if (isBffError(e) && e.message) return bffErrorText(e.message, e);
  // the host's read of a definition the org could not give: its English with the BFF's code and params
  if (e instanceof DefinitionUnavailable) return bffErrorText(e.message, e.wording);
  const text = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  return text ? bffErrorText(text) : MESSAGES.somethingWentWrong;
}

/**
 * The current value of a live store query: its first emission after subscribing, or what it holds
 * after `waitMs` (a store that emits nothing new, e.g. a plain value).
 */
export function settledValue<T>(o: Observable<T>, waitMs = 1500): Promise<T> {
  return new Promise((resolve) => {
    let done = false;
    let unsubscribe: (() => void) | null = null;
    const finish = (v: T): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      queueMicrotask(() => unsubscribe?.());
      resolve(v);
    };
    const timer = setTimeout(() => finish(o.get()), waitMs);
    unsubscribe = o.subscribe(finish);
    if (done) unsubscribe();
  });
}

export interface LaunchDeps {
  host: HostServices;
  /** The launcher URL's query string ('' or '?a=b'), kept on /form/{id}. */
  search: string;
  /** How long to wait for a live store query's first answer. */
  settleMs?: number;
}

const formPath = (id: string, search: string): string => `/form/${encodeURIComponent(id)}${search}`;

async function localMatching(deps: LaunchDeps, recordId: string): Promise<LocalSubmission | undefined> {
  const subs = await settledValue(deps.host.offline.submissions, deps.settleMs);
  return subs.find((s) => s.formSubmissionId === recordId || s.id === recordId);
}

function nameOf(formDef: unknown): string | undefined {
  const name = (formDef as { formName?: unknown } | null)?.formName;
  return typeof name === 'string' && name.trim() ? name : undefined;
}

/** The form's definition as the host reads it (the offline copy, else the org's), with its name. */
async function formDefinition(
  deps: LaunchDeps,
  formId: string,
): Promise<{ formDef: unknown; name?: string }> {
  const read = await deps.host.offline.formDefinition(formId);
  switch (read.kind) {
    case 'found': {
      const name = nameOf(read.formDef);
      return { formDef: read.formDef, ...(name ? { name } : {}) };
    }
    case 'unreachable':
      if (read.network) throw new Offline();
      throw new DefinitionUnavailable(read.message, read.wording);
    case 'unusable':
      // a definition that cannot be filled in (a string, no schema) says why and makes no record
      throw new Error(read.message);
    case 'none':
      throw new Error(MESSAGES.schemaError);
  }
}

async function launchNew(deps: LaunchDeps, formId: string, formName?: string): Promise<LaunchOutcome> {
  const def = await formDefinition(deps, formId);
  const r = await deps.host.offline.create({
    formId,
    formName: formName ?? def.name ?? formId,
    formDef: def.formDef,
  });
  if (!r.ok) return { error: r.message };
  return { to: formPath(r.value.id, deps.search) };
}

async function launchPending(deps: LaunchDeps, recordId: string): Promise<LaunchOutcome> {
  const local = await localMatching(deps, recordId);
  if (!deps.host.online.get()) {
    if (local) return { to: formPath(local.id, deps.search) };
    throw new Offline();
  }
  try {
    const pulled = await deps.host.offline.pullPending(recordId);
    if (pulled) return { to: formPath(pulled.id, deps.search) };
  } catch (e) {
    // the org is unreachable but this device has the submission: open it
    if (local && isNetworkFailure(e)) return { to: formPath(local.id, deps.search) };
    throw e;
  }
  if (local) return { to: formPath(local.id, deps.search) };
  return { error: MESSAGES.submissionNotFound };
}

async function launchScheduled(
  deps: LaunchDeps,
  plan: Extract<LaunchPlan, { kind: 'scheduled' }>,
): Promise<LaunchOutcome> {
  const local = await localMatching(deps, plan.recordId);
  // Already started on this device (or started elsewhere and imported): open what is here.
  if (local) return { to: formPath(local.id, deps.search) };
  // The host's one path for starting a task (as home's task cards).
  const started = await deps.host.offline.startTask({
    scheduledId: plan.recordId,
    ...(plan.formId ? { formId: plan.formId } : {}),
    ...(plan.formName ? { formName: plan.formName } : {}),
  });
  if (started.kind === 'unreachable') throw new Offline();
  // No longer scheduled (started on another device): it is a pending submission now.
  if (started.kind === 'notScheduled') return launchPending(deps, plan.recordId);
  return { to: formPath(started.submission.id, deps.search) };
}

/** Runs a launch plan (not 'publish'); never throws. */
export async function runLaunch(plan: LaunchPlan, deps: LaunchDeps): Promise<LaunchOutcome> {
  try {
    switch (plan.kind) {
      case 'new':
        return await launchNew(deps, plan.formId, plan.formName);
      case 'pending':
        return await launchPending(deps, plan.recordId);
      case 'scheduled':
        return await launchScheduled(deps, plan);
      case 'nothing':
        return { to: '/' };
      case 'publish':
        return { error: MESSAGES.somethingWentWrong };
    }
  } catch (e) {
    return { error: launchErrorText(e) };
  }
}
