/**
 * The form screen's lookup search: the org through the BFF while online; offline (or when the
 * network fails mid-search) the records "Download for offline" kept with the definition, searched as
 * the BFF's lookup query does (form-core's searchCachedLookup), with a line saying so.
 */
import { isBffError } from 'shared-contracts';
import { cachedLookups, lookupTargetKey, searchCachedLookup } from 'form-core';
import type { FormDefinition, HostServices } from 'shared-contracts';
import { createLookupSearch, type LookupAnswer, type LookupRecord, type LookupRequest } from '../renderer';
import { RENDERER_TEXTS } from '../renderer/texts';

/** True when the call never got an answer (offline, refused connection): the device's copy applies. */
const isNetworkFailure = (e: unknown): boolean => isBffError(e) && e.network;

export function lookupSearchWithDevice(
  host: Pick<HostServices, 'api' | 'online'>,
  formDef: FormDefinition | undefined,
): (request: LookupRequest) => Promise<LookupRecord[] | LookupAnswer> {
  const fromOrg = createLookupSearch(host.api);
  return async (request) => {
    const kept = cachedLookups(formDef)[lookupTargetKey(request)];
    if (host.online.get()) {
      try {
        return await fromOrg(request);
      } catch (e) {
        if (!isNetworkFailure(e)) throw e;
      }
    }
    if (!kept) return { records: [], note: RENDERER_TEXTS.lookupNeedsConnection };
    const records = searchCachedLookup(kept, request);
    return {
      records,
      note:
        records.length > 0
          ? RENDERER_TEXTS.lookupOnDevice(kept.records.length, kept.truncated)
          : RENDERER_TEXTS.lookupNoMatchOnDevice(kept.records.length, kept.truncated),
    };
  };
}
