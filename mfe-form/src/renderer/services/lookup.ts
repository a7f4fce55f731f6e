/**
 * The lookup control's record search over the BFF: a renderer LookupRequest becomes the named query
 * `GET /api/searchQuery/?kind=lookup` (object, name prefix on the title field, the value and title
 * fields, the resolved filters as JSON). The BFF checks every name against the object's describe and
 * writes the SOQL; this side never builds any.
 */
import { LOOKUP_RESULTS_LIMIT, type ApiClient, type SearchQueryParams } from 'shared-contracts';
import type { LookupRequest } from '../core/options';
import type { LookupRecord } from '../types';

/** Query parameters of the BFF's lookup query for a request. */
export const lookupQuery = (request: LookupRequest): SearchQueryParams => {
  const extra = [...new Set([request.titleField, request.valueField])].filter((f) => f !== 'Id');
  return {
    kind: 'lookup',
    object: request.object,
    name: request.search,
    // A relationship path cannot be searched by prefix through the BFF: the object's name field is.
    searchField: request.titleField.includes('.') ? undefined : request.titleField,
    fields: extra.length > 0 ? extra.join(',') : undefined,
    filters: request.filters.length > 0 ? JSON.stringify(request.filters) : undefined,
  };
};

/**
 * `searchRecords` for FormRendererServices, calling the BFF through the host's API client. Rejects
 * as the client does (the control then shows no results); at most the spec's 50 records.
 */
export const createLookupSearch =
  (api: Pick<ApiClient, 'call'>) =>
  async (request: LookupRequest): Promise<LookupRecord[]> => {
    const answer = await api.call('searchQuery', { query: lookupQuery(request) });
    return answer.records.slice(0, Math.min(request.limit, LOOKUP_RESULTS_LIMIT));
  };
