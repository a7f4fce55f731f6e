/**
 * The builder's BFF calls (builder spec section 7) and the spec's error texts for failures
 * (section 8): network error, 'Server Error: ' + body for 5xx, otherwise the server's message.
 */
import { MESSAGES, isBffError, serverErrorText, type ApiClient } from 'shared-contracts';
import type { ObjectField } from '../model/types';

export interface SavedForm {
  formJSON: string;
  selectedSICDocIds: string[];
  objectType: string | null;
  /** The form record's Name and Title (the header names the form). */
  name?: string | null;
  title?: string | null;
}

export interface OrgObject {
  name: string;
  label: string;
}

export interface ParentLookup {
  field: string;
  label: string;
  relationshipName: string;
  referenceTo: string[];
}

export interface ObjectFields {
  name: string;
  label: string;
  fields: ObjectField[];
  parents: ParentLookup[];
}

/** The user-facing text of a failed call. */
export function errorText(error: unknown): string {
  if (isBffError(error)) {
    if (error.network) return MESSAGES.networkError;
    if (error.status >= 500) return serverErrorText(error.message);
    return error.message || MESSAGES.somethingWentWrong;
  }
  return error instanceof Error && error.message ? error.message : MESSAGES.somethingWentWrong;
}

export function builderApi(api: ApiClient, instanceUrl: string | undefined) {
  const withUrl = <T extends object>(body: T) => (instanceUrl ? { ...body, instanceUrl } : body);
  return {
    savedForm: (recordId: string) => api.get<SavedForm>('/api/getSavedFormBuilderJSON', { recordId }),
    objects: () => api.get<OrgObject[]>('/api/objects'),
    /** `includeNonUpdateable`: also the fields the org computes (formula, roll-up, audit), placed read-only. */
    objectFields: (objectName: string, hasParent = false, includeNonUpdateable = false) =>
      api.post<ObjectFields>(
        '/api/sf/getObjectFields',
        withUrl({ objectName, hasParent, ...(includeNonUpdateable ? { includeNonUpdateable } : {}) }),
      ),
    objectInfo: (
      objectType: string,
      fields: string[],
      context: { objectType: string; fields: string[] } | null,
    ) =>
      api.post<{ properties: Record<string, unknown>; ui: unknown }>('/api/objectInfo', {
        objectType,
        fields,
        ...(context ? { context } : {}),
      }),
    save: (recordId: string, formJSON: string, sectionIds: string) =>
      api.post<string>('/api/saveFormBuilderJSON', { formJSON, sectionIds }, { recordId }),
    autosave: (recordId: string, formJSON: string) =>
      api.put<string>('/api/saveFormBuilderJSON', { formJSON }, { recordId }),
    searchQuery<T>(params: Record<string, string>) {
      return api.get<T>('/api/searchQuery/', params);
    },
    startingData: (recordId: string, query: unknown[], lookupCacheString = '') =>
      api.post<{ startingData: Record<string, unknown>; lookupCacheData: Record<string, unknown> }>(
        '/api/startingData',
        { query, lookupCacheString },
        { recordId },
      ),
  };
}

export type BuilderApi = ReturnType<typeof builderApi>;
