import { describe, expect, it, vi } from 'vitest';
import { buildLookupRequest } from '../core/options';
import { createLookupSearch, lookupQuery } from './lookup';

describe('lookup adapter (renderer request -> BFF named query)', () => {
  const request = buildLookupRequest({
    object: 'Contact',
    search: "O'Br",
    titleField: 'Name',
    filters: [
      { field: 'AccountId', operator: 'eq', valueFrom: 'Account_Id' },
      { field: 'Title', operator: 'contains', value: 'Lead' },
      { field: 'Department', operator: 'eq', valueFrom: 'Unanswered' },
      { field: 'Age__c', operator: 'gte', value: 3 },
    ],
    data: { Account_Id: '001000000000001AAA' },
  });

  it('sends the object, the prefix on the title field, and the filters with values from the data', () => {
    expect(lookupQuery(request)).toEqual({
      kind: 'lookup',
      object: 'Contact',
      name: "O'Br",
      searchField: 'Name',
      fields: 'Name',
      filters: JSON.stringify([
        { field: 'AccountId', operator: 'eq', value: '001000000000001AAA' },
        { field: 'Title', operator: 'contains', value: 'Lead' },
        { field: 'Age__c', operator: 'gte', value: 3 },
      ]),
    });
  });

  it('asks for a custom value field and leaves out empty filters and relationship title paths', () => {
    const q = lookupQuery(
      buildLookupRequest({ search: 'Ac', titleField: 'Owner.Name', valueField: 'AccountNumber' }),
    );
    expect(q).toMatchObject({ object: 'Account', fields: 'Owner.Name,AccountNumber' });
    expect(q.searchField).toBeUndefined();
    expect(q.filters).toBeUndefined();
  });

  it('calls the host API client and keeps at most 50 records', async () => {
    const records = Array.from({ length: 60 }, (_, i) => ({ Id: `r${i}`, Name: `N${i}` }));
    const call = vi.fn().mockResolvedValue({ totalSize: 60, done: true, records });
    const found = await createLookupSearch({ call })(request);
    expect(call).toHaveBeenCalledWith('searchQuery', { query: lookupQuery(request) });
    expect(found).toHaveLength(50);
  });

  it('rejects as the API client does', async () => {
    const call = vi.fn().mockRejectedValue(new Error('Network Error'));
    await expect(createLookupSearch({ call })(request)).rejects.toThrow('Network Error');
  });
});
