/**
 * Loads what the form screen shows: the local submission by id (the offline store is the source, so
 * this works offline), or submission JSON by file name (GET /api/content/{fileName}), plus its form
 * definition (the host's read: the submission's own copy, else the offline cache, else the org) with
 * its starting data.
 */
import type {
  ErrorWording,
  FormDefinition,
  HostServices,
  LocalSubmission,
  Observable,
} from 'shared-contracts';
import type { FormTarget } from './route';

export type Loaded =
  | { kind: 'found'; submission: LocalSubmission; formDef: FormDefinition; local: boolean }
  | { kind: 'notFound' }
  /** The definition could not be read (no network, the org refusing calls): say why, offer a retry. */
  | { kind: 'unavailable'; message: string; wording?: ErrorWording };

/** The org could not give the form definition right now: not the same as there being none. */
export class DefinitionUnavailable extends Error {
  constructor(
    message: string,
    /** The BFF's code and params of the failure, to word it in the user's language. */
    readonly wording?: ErrorWording,
  ) {
    super(message);
  }
}

/**
 * The first value a live query delivers. A host observable kept per id holds its last value while
 * nobody subscribes, so `get()` may be stale (the record changed since this screen last showed it):
 * the value delivered on subscribing wins; `get()` answers only if nothing is delivered within
 * `graceMs` (a source that does not re-deliver) or, when it is still the placeholder, `timeoutMs`.
 */
export function firstValue<T>(
  o: Observable<T | undefined>,
  timeoutMs: number,
  graceMs = 250,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    let unsubscribe: (() => void) | undefined;
    const done = (v: T | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe?.();
      resolve(v);
    };
    const wait = o.get() === undefined ? timeoutMs : Math.min(graceMs, timeoutMs);
    const timer = setTimeout(() => done(o.get()), wait);
    const off = o.subscribe((v) => done(v));
    if (settled) off();
    else unsubscribe = off;
  });
}

/**
 * The form's definition as the host reads it (the record's own copy, the offline cache, the org):
 * undefined when the org has none; DefinitionUnavailable, saying why, when it cannot be had now.
 */
export async function formDefinitionOf(
  host: HostServices,
  formId: string,
  own: unknown,
): Promise<FormDefinition | undefined> {
  const read = await host.offline.formDefinition(formId, own);
  switch (read.kind) {
    case 'found':
      return read.formDef;
    case 'none':
      return undefined;
    // the org has the form but its definition cannot be filled in: say why (spec section 8), not
    // 'Couldn't find the matching submission.'
    case 'unusable':
      throw new DefinitionUnavailable(read.message);
    case 'unreachable':
      throw new DefinitionUnavailable(read.message, read.wording);
  }
}

/**
 * What the form screen opens: the target, its definition with the starting data its queries read for
 * its record (the host's one read, as "Download for offline" makes it; kept with a local record).
 */
export async function loadForm(
  host: HostServices,
  target: FormTarget,
  timeoutMs: number,
  readOnly: boolean,
): Promise<Loaded> {
  const l = await loadTarget(host, target, timeoutMs);
  if (l.kind !== 'found') return l;
  const formDef = await host.offline.withStartingData(l.submission, l.formDef, { keep: l.local, readOnly });
  return { ...l, formDef };
}

type ContentJson = Partial<LocalSubmission> & { data?: Record<string, unknown> };

export async function loadTarget(host: HostServices, target: FormTarget, timeoutMs: number): Promise<Loaded> {
  try {
    return await loadFound(host, target, timeoutMs);
  } catch (e) {
    if (e instanceof DefinitionUnavailable)
      return { kind: 'unavailable', message: e.message, ...(e.wording ? { wording: e.wording } : {}) };
    throw e;
  }
}

async function loadFound(host: HostServices, target: FormTarget, timeoutMs: number): Promise<Loaded> {
  if (target.kind === 'invalid') return { kind: 'notFound' };
  if (target.kind === 'submission') {
    const sub = await firstValue(host.offline.submission(target.id), timeoutMs);
    if (!sub) return { kind: 'notFound' };
    const formDef = await formDefinitionOf(host, sub.formId, sub.formDef);
    return formDef ? { kind: 'found', submission: sub, formDef, local: true } : { kind: 'notFound' };
  }
  let json: ContentJson;
  try {
    json = await host.api.get<ContentJson>(`/api/content/${encodeURIComponent(target.fileName)}`);
  } catch {
    return { kind: 'notFound' };
  }
  if (!json || typeof json !== 'object' || !json.formId) return { kind: 'notFound' };
  // A submission this device already holds is opened as itself (editable, saved locally).
  if (json.id) {
    const local = await firstValue(host.offline.submission(json.id), Math.min(timeoutMs, 1000));
    if (local) {
      const formDef = await formDefinitionOf(host, local.formId, local.formDef);
      if (formDef) return { kind: 'found', submission: local, formDef, local: true };
    }
  }
  const formDef = await formDefinitionOf(host, json.formId, json.formDef);
  if (!formDef) return { kind: 'notFound' };
  const data = (json.data && typeof json.data === 'object' ? json.data : {}) as Record<string, unknown>;
  const submission: LocalSubmission = {
    id: json.id ?? '',
    data,
    originalData: data,
    syncStatus: 'in sync',
    status: json.status ?? 'in progress',
    isUploading: false,
    formName: json.formName ?? formDef.formName ?? '',
    formId: json.formId,
    formDef,
    createdOn: json.createdOn ?? '',
    syncedOn: '',
    submittedOn: json.submittedOn ?? '',
    version: typeof json.version === 'number' ? json.version : 1,
    error: [],
    errors: [],
    instanceUrl: '',
    organizationId: '',
    isSalesforceRecord: true,
    ...(json.formSubmissionId ? { formSubmissionId: json.formSubmissionId } : {}),
  };
  return { kind: 'found', submission, formDef, local: false };
}
