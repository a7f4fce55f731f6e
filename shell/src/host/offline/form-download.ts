// What a form downloaded for offline use carries with it (issue 40.4, 40.9): its definition with the
// starting data its queries read (per record it may be launched for, when they filter by $recordId),
// its lookups' records so a required lookup can be picked with no network, and its guide images.
import {
  applyStartingData,
  definitionProblem,
  isBffError,
  lookupTargets,
  queriesUseRecordId,
  startingDataQueries,
  withCachedLookups,
  type CachedLookup,
  type FormDefinition,
  type Guide,
  type OrgGateway,
} from 'shared-contracts';
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
    const r = await gateway.startingData(formId, queries);
    formDef = applyStartingData(formDef as FormDefinition, r.startingData, r.lookupCacheData);
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
