import { useMemo } from 'react';
import type { BuilderApi } from './api';

export interface AssigneeOption {
  id: string;
  name: string;
}

/**
 * The corrective actions' chosen assignee (issue 43), by name through the BFF's lookup query: a User,
 * or a queue that takes tasks (a Group of Type Queue), whose members then see the action.
 */
export function useAssigneeSearch(api: BuilderApi): {
  searchUsers(name: string): Promise<AssigneeOption[]>;
  searchQueues(name: string): Promise<AssigneeOption[]>;
} {
  return useMemo(() => {
    const options = (records: { Id?: unknown; Name?: unknown }[]): AssigneeOption[] =>
      records.map((r) => ({ id: String(r.Id), name: String(r.Name ?? '') }));
    return {
      searchUsers: async (name: string) =>
        options((await api.searchQuery({ kind: 'lookup', object: 'User', name })).records),
      searchQueues: async (name: string) =>
        options(
          (
            await api.searchQuery({
              kind: 'lookup',
              object: 'Group',
              name,
              filters: JSON.stringify([{ field: 'Type', operator: 'eq', value: 'Queue' }]),
            })
          ).records,
        ),
    };
  }, [api]);
}
