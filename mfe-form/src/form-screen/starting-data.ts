/**
 * A form definition's queries (a safety inspection's documents with their sections and questions) run
 * through `POST /api/startingData?recordId=` when the form opens online; the answer is merged into the
 * definition (shared-contracts `applyStartingData`) and kept with the local submission, so the same
 * checklist opens offline. Offline, or when the org does not answer, the kept copy is used.
 */
import { applyStartingData, startingDataQueries } from 'shared-contracts';
import type { FormDefinition, HostServices, LocalSubmission } from 'shared-contracts';

type StartingDataAnswer = {
  startingData?: Record<string, unknown>;
  lookupCacheData?: Record<string, unknown>;
};

/** The main record the queries' `$recordId` stands for: the submission's, else the form definition. */
export const mainRecordIdOf = (sub: LocalSubmission): string => {
  const main = (sub as LocalSubmission & { mainRecordId?: unknown }).mainRecordId;
  return typeof main === 'string' && main ? main : sub.formId;
};

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
  // What this device has (a download for offline, or an earlier online opening), merged the same way.
  const kept = applyStartingData(formDef, formDef.startingData, formDef.lookupCacheData);
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
