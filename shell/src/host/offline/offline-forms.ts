// Forms kept on the device for offline use. What a downloaded form carries with it (issue 40.4, 40.9):
// its definition with the starting data its queries read (per record it may be launched for, when they
// filter by $recordId), its lookups' records so a required lookup can be picked with no network, and
// its guide images. An opening form reads its starting data the same way (withStartingData), and forms
// the org retired are purged.
import {
  definitionProblem,
  type FormDefinition,
  type Guide,
  type LocalSubmission,
  type Observable,
  type OfflineServices,
  isBffError,
} from 'shared-contracts';
import {
  applyStartingData,
  keptStartingData,
  lookupTargets,
  queriesUseRecordId,
  startingDataQueries,
  withCachedLookups,
  type CachedLookup,
} from 'form-core';
import type { OrgGateway } from './org-gateway';
import type { Owner } from './owner';
import type { OfflineStore } from './store';
import * as T from './transitions';

/** Records a downloaded form keeps starting data for (its assigned tasks'), at most. */
export const RECORDS_KEPT_PER_FORM = 50;
/** Guide image URLs anywhere in a form definition (keys imageURL / ImageUrl / imageUrl). */
export function guideImageUrls(formDef: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (T.isPlainObject(v)) {
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'imageURL' || k === 'ImageUrl' || k === 'imageUrl') && typeof x === 'string' && x)
          out.add(x);
        else walk(x);
      }
    }
  };
  walk(formDef);
  return [...out];
}

/**
 * The definition with its queries' starting data for `recordId` merged in (POST /api/startingData): the
 * one read "Download for offline" and an opening form both make.
 */
export async function readStartingData(
  gateway: OrgGateway,
  formDef: FormDefinition,
  recordId: string,
  queries: unknown[] = startingDataQueries(formDef),
): Promise<FormDefinition> {
  if (!gateway.startingData) return formDef;
  const r = await gateway.startingData(recordId, queries);
  return applyStartingData(formDef, r.startingData, r.lookupCacheData);
}

/**
 * The record the queries' `$recordId` stands for: the one the form was launched for (an assigned
 * task's, a scheduled record's), else the form definition's Id (a form launched from its card, as
 * "Download for offline" reads it).
 */
export const mainRecordIdOf = (sub: Pick<LocalSubmission, 'formId' | 'mainRecordId'>): string =>
  typeof sub.mainRecordId === 'string' && sub.mainRecordId ? sub.mainRecordId : sub.formId;

/** How long an opening form waits for its starting data before it shows what the device has. */
export const STARTING_DATA_WAIT_MS = 8000;

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

/** Reads everything the offline copy of `formId` needs from the org; writes nothing. */
export async function assembleOfflineForm(
  gateway: OrgGateway,
  formId: string,
  recordIds: readonly string[] | undefined,
  nowIso: () => string,
): Promise<{ formDef: unknown; guides: Guide[] }> {
  let formDef = await gateway.getFormDefinition(formId);
  // a definition that cannot be filled in is not kept as if it could (spec section 8's schema problem)
  const problem = definitionProblem(formDef);
  if (problem !== undefined) throw new Error(problem);
  // A checklist's documents (sections, questions) travel with the cached definition.
  const queries = T.isPlainObject(formDef) ? startingDataQueries(formDef as unknown as FormDefinition) : [];
  if (queries.length > 0 && gateway.startingData) {
    formDef = await readStartingData(gateway, formDef as FormDefinition, formId, queries);
    // Queries filtered by the record the form is launched for: read for each record it may be
    // launched for on this device, so its context record is found offline too (issue 40.4).
    if (queriesUseRecordId(formDef as FormDefinition)) {
      const byRecord: Record<string, Record<string, unknown>> = {};
      const records = [...new Set(recordIds ?? [])].filter((id) => id && id !== formId);
      for (const recordId of records.slice(0, RECORDS_KEPT_PER_FORM))
        byRecord[recordId] = (await gateway.startingData(recordId, queries)).startingData;
      if (records.length > 0) formDef = { ...(formDef as FormDefinition), startingDataByRecord: byRecord };
    }
  }
  // Its lookups' records too, so a required lookup can be picked with no network. A lookup the
  // org refuses (a field the user may not read) is left out: it searches online only.
  if (T.isPlainObject(formDef) && gateway.lookupCache) {
    const kept: CachedLookup[] = [];
    for (const target of lookupTargets(formDef as unknown as FormDefinition)) {
      try {
        const r = await gateway.lookupCache(target);
        kept.push({ ...target, records: r.records, truncated: !r.done, at: nowIso() });
      } catch (e) {
        if (!isBffError(e) || e.kind === 'network') throw e;
      }
    }
    formDef = withCachedLookups(formDef as unknown as FormDefinition, kept);
  }
  const guides: Guide[] = [];
  for (const url of guideImageUrls(formDef)) {
    guides.push({
      Id: url,
      ImageUrl: url,
      encodedImage: await gateway.fetchGuideImage(url),
      formId,
    });
  }
  return { formDef, guides };
}

export interface OfflineFormsDeps {
  store: OfflineStore;
  gateway: OrgGateway;
  online: Observable<boolean>;
  owner: () => Owner | null;
  /** The signed-in owner, or a thrown signed-out error (a user write). */
  writer: () => Owner;
  nowIso: () => string;
  keepFormDef: OfflineServices['keepFormDef'];
}

export function createOfflineForms(deps: OfflineFormsDeps) {
  const { store, gateway } = deps;
  const removeForm = async (formId: string): Promise<void> => {
    await store.removeForm(deps.writer(), formId);
  };
  return {
    async downloadForOffline(formId: string, options?: { recordIds?: readonly string[] }): Promise<void> {
      const { formDef, guides } = await assembleOfflineForm(gateway, formId, options?.recordIds, deps.nowIso);
      await store.putForm(deps.writer(), { Id: formId, formDef, syncedOn: deps.nowIso() }, guides);
    },
    removeForm,
    /** Offline forms the org retired (deleted, no longer published) go from the device. */
    async purgeStaleForms(): Promise<string[]> {
      const o = deps.owner();
      if (!o) return [];
      const ids = await store.formIds(o);
      if (ids.length === 0) return [];
      const purge = T.planPurge(ids, await gateway.checkFormStatus(ids));
      for (const id of purge) await removeForm(id);
      return purge;
    },
    /**
     * A form opening: its queries' starting data read for its record (online, editable), kept with a
     * local record so the same checklist opens offline; otherwise what the device has (an earlier
     * opening, or the download for offline: read per assigned task's record), merged the same way.
     */
    async withStartingData(
      sub: LocalSubmission,
      formDef: FormDefinition,
      options: { keep?: boolean; readOnly?: boolean; timeoutMs?: number } = {},
    ): Promise<FormDefinition> {
      const queries = startingDataQueries(formDef);
      if (queries.length === 0) return formDef;
      const kept = applyStartingData(
        formDef,
        keptStartingData(formDef, sub.mainRecordId),
        formDef.lookupCacheData,
      );
      if (!deps.online.get() || options.readOnly || !gateway.startingData) return kept;
      let fresh: FormDefinition;
      try {
        fresh = await withTimeout(
          readStartingData(gateway, formDef, mainRecordIdOf(sub), queries),
          options.timeoutMs ?? STARTING_DATA_WAIT_MS,
        );
      } catch {
        return kept;
      }
      if (options.keep && sub.id) await deps.keepFormDef(sub.id, fresh);
      return fresh;
    },
  };
}
