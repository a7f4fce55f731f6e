/**
 * The builder's BFF calls (builder spec section 7) and the spec's error texts for failures
 * (section 8): network error, 'Server Error: ' + body for 5xx, otherwise the server's message.
 */
import {
  MESSAGES,
  bffErrorText,
  isBffError,
  serverErrorText,
  type ApiClient,
  type SearchQueryParams,
} from 'shared-contracts';

/** The user-facing text of a failed call. */
export function errorText(error: unknown): string {
  if (isBffError(error)) {
    if (error.network) return MESSAGES.networkError;
    if (error.status >= 500) return serverErrorText(error.message);
    // the BFF's own texts (a refused request) in the user's language, worded by code when made of
    // parts ('Unknown object: X'); the org's words as written
    return error.message ? bffErrorText(error.message, error) : MESSAGES.somethingWentWrong;
  }
  return error instanceof Error && error.message ? error.message : MESSAGES.somethingWentWrong;
}

export function builderApi(api: ApiClient, instanceUrl: string | undefined) {
  return {
    savedForm: (recordId: string) => api.call('getSavedFormBuilderJSON', { query: { recordId } }),
    objects: () => api.call('objects'),
    /** `includeNonUpdateable`: also the fields the org computes (formula, roll-up, audit), placed read-only. */
    objectFields: (objectName: string, hasParent = false, includeNonUpdateable = false) =>
      api.call('sfGetObjectFields', {
        // the route requires instanceUrl (the BFF refuses a call without one, as with an empty one)
        body: {
          instanceUrl: instanceUrl ?? '',
          objectName,
          hasParent,
          ...(includeNonUpdateable ? { includeNonUpdateable } : {}),
        },
      }),
    objectInfo: (
      objectType: string,
      fields: string[],
      context: { objectType: string; fields: string[] } | null,
    ) => api.call('objectInfo', { body: { objectType, fields, ...(context ? { context } : {}) } }),
    save: (recordId: string, formJSON: string, sectionIds: string) =>
      api.call('saveFormBuilderJSON', { query: { recordId }, body: { formJSON, sectionIds } }),
    autosave: (recordId: string, formJSON: string) =>
      api.call('autosaveFormBuilderJSON', { query: { recordId }, body: { formJSON } }),
    searchQuery: (query: SearchQueryParams) => api.call('searchQuery', { query }),
    startingData: (recordId: string, query: unknown[], lookupCacheString = '') =>
      api.call('startingData', { query: { recordId }, body: { query, lookupCacheString } }),
  };
}

export type BuilderApi = ReturnType<typeof builderApi>;
