/**
 * A form definition's queries (a safety inspection's documents with their sections and questions) run
 * through `POST /api/startingData?recordId=` when the form opens online; the answer is merged into the
 * definition (form-core `applyStartingData`) and kept with the local submission, so the same
 * checklist opens offline. Offline, or when the org does not answer, the kept copy is used.
 */
import { applyStartingData, keptStartingData, startingDataQueries } from 'form-core';
import type { FormDefinition, HostServices, LocalSubmission } from 'shared-contracts';

type StartingDataAnswer = {
  startingData?: Record<string, unknown>;
  lookupCacheData?: Record<string, unknown>;
};

/**
 * The record the queries' `$recordId` stands for: the one the form was launched for (an assigned
 * task's, a scheduled record's), else the form definition's Id (a form launched from its card).
 */
export const mainRecordIdOf = (sub: Pick<LocalSubmission, 'formId' | 'mainRecordId'>): string =>
  typeof sub.mainRecordId === 'string' && sub.mainRecordId ? sub.mainRecordId : sub.formId;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export async function withStartingData(
  host: HostServices,
  sub: LocalSubmission,
  formDef: FormDefinition,
  opts: { local: boolean; readOnly: boolean; timeoutMs?: number },
): Promise<FormDefinition> {
  const query = startingDataQueries(formDef);
  if (query.length === 0) return formDef;
  // What this device has (an earlier online opening, or a download for offline: the one read for this
  // record when it was among the form's assigned tasks), merged the same way.
  const kept = applyStartingData(
    formDef,
    keptStartingData(formDef, sub.mainRecordId),
    formDef.lookupCacheData,
  );
  if (!host.online.get() || opts.readOnly) return kept;
  let answer: StartingDataAnswer;
  try {
    answer = await withTimeout(
      host.api.post<StartingDataAnswer>(
        '/api/startingData',
        { query, lookupCacheString: '' },
        { recordId: mainRecordIdOf(sub) },
      ),
      opts.timeoutMs ?? 8000,
    );
  } catch {
    return kept;
  }
  const fresh = applyStartingData(formDef, answer.startingData ?? {}, answer.lookupCacheData ?? {});
  if (opts.local && sub.id) await host.offline.keepFormDef(sub.id, fresh);
  return fresh;
}
