import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOOKUP_CACHE_LIMIT, LOOKUP_RESULTS_LIMIT, type ResolvedLookupFilter } from 'shared-contracts';
import { searchCachedLookup } from 'form-core';
import { DEMO, passwordToken, signedIn, startBff, type Client, type RunningBff } from './helpers';

/** The renderer's lookup control over HTTP against the emulator: name prefix, filters, 50 results. */
const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;
type Rec = Record<string, unknown>;
/** Every Acme account (8 in the seed), unfiltered: what each filter is checked against. */
let acme: Rec[] = [];

const lookup = (params: Record<string, string>) =>
  c.get(`/api/searchQuery/?${new URLSearchParams({ kind: 'lookup', ...params }).toString()}`);
const records = async (params: Record<string, string>): Promise<Rec[]> => {
  const r = await lookup(params);
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return (r.json as { data: { records: Rec[] } }).data.records;
};
const withFilters = (filters: unknown[]) =>
  records({
    name: 'Acme',
    fields: 'Industry,NumberOfEmployees,BillingCity',
    filters: JSON.stringify(filters),
  });
const names = (rs: Rec[]) => rs.map((r) => String(r.Name));

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  c = await signedIn(bff.base);
  acme = await records({ name: 'Acme', fields: 'Industry,NumberOfEmployees,BillingCity' });
});
afterAll(() => bff.close());

describe('GET /api/searchQuery/ kind=lookup with filters', () => {
  it('finds by name prefix, ordered by name, at most 50', async () => {
    expect(acme.length).toBe(8);
    expect(names(acme)).toEqual([...names(acme)].sort());
    expect((await records({})).length).toBe(50);
  });

  it('applies each operator of the spec exactly as the same test over the unfiltered records', async () => {
    const first = acme[0] as Rec;
    const industry = String(first.Industry);
    const employees = Number(first.NumberOfEmployees);
    const city = String(first.BillingCity);
    const cases: Array<[string, unknown, (r: Rec) => boolean]> = [
      ['eq', industry, (r) => r.Industry === industry],
      ['neq', industry, (r) => r.Industry !== industry],
      ['lt', employees, (r) => Number(r.NumberOfEmployees) < employees],
      ['lte', employees, (r) => Number(r.NumberOfEmployees) <= employees],
      ['gt', employees, (r) => Number(r.NumberOfEmployees) > employees],
      ['gte', String(employees), (r) => Number(r.NumberOfEmployees) >= employees],
      ['startswith', city.slice(0, 3), (r) => String(r.BillingCity).startsWith(city.slice(0, 3))],
      ['endswith', city.slice(-3), (r) => String(r.BillingCity).endsWith(city.slice(-3))],
      ['contains', city.slice(1, 4), (r) => String(r.BillingCity).includes(city.slice(1, 4))],
    ];
    for (const [operator, value, test] of cases) {
      const field =
        operator.endsWith('with') || operator === 'contains'
          ? 'BillingCity'
          : operator.startsWith('eq') || operator === 'neq'
            ? 'Industry'
            : 'NumberOfEmployees';
      const got = await withFilters([{ field, operator, value }]);
      expect(names(got), `${operator} ${String(value)}`).toEqual(names(acme.filter(test)));
    }
  });

  it('combines filters with AND and with the name prefix', async () => {
    const first = acme[0] as Rec;
    const got = await withFilters([
      { field: 'Industry', operator: 'eq', value: first.Industry },
      { field: 'NumberOfEmployees', operator: 'gte', value: first.NumberOfEmployees },
    ]);
    expect(names(got)).toEqual(
      names(
        acme.filter(
          (r) =>
            r.Industry === first.Industry && Number(r.NumberOfEmployees) >= Number(first.NumberOfEmployees),
        ),
      ),
    );
    expect(names(got)).toContain(first.Name);
  });

  it('treats quotes, backslashes and LIKE wildcards in values as text', async () => {
    for (const value of ["x' OR Name != '", '%', '_', '\\']) {
      expect(await withFilters([{ field: 'BillingCity', operator: 'contains', value }])).toEqual([]);
      expect(await withFilters([{ field: 'Industry', operator: 'eq', value }])).toEqual([]);
    }
  });

  it('searches on another text field when searchField is given', async () => {
    const one = await records({ searchField: 'AccountNumber', name: 'AC-0000', fields: 'AccountNumber' });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((r) => String(r.AccountNumber).startsWith('AC-0000'))).toBe(true);
  });

  it('answers 400 with the envelope for bad filters, unknown fields and wrong value types', async () => {
    const bad: Array<[string, string]> = [
      ['not json', 'filters is not valid JSON.'],
      ['{}', 'filters must be an array.'],
      [
        JSON.stringify([{ field: 'Industry', operator: 'like', value: 'x' }]),
        'filters[0].operator must be one of',
      ],
      [JSON.stringify([{ field: 'Industry', operator: 'eq' }]), 'filters[0].value must be a string'],
      [
        JSON.stringify([{ field: 'Nope__c', operator: 'eq', value: 'x' }]),
        'Unknown field Nope__c on Account',
      ],
      [
        JSON.stringify([{ field: 'NumberOfEmployees', operator: 'gt', value: 'many' }]),
        'NumberOfEmployees takes a number.',
      ],
      [
        JSON.stringify([{ field: 'NumberOfEmployees', operator: 'contains', value: '1' }]),
        'contains needs a text field; NumberOfEmployees is',
      ],
      [
        JSON.stringify(Array.from({ length: 11 }, () => ({ field: 'Name', operator: 'eq', value: 'x' }))),
        'At most 10 filters',
      ],
    ];
    for (const [filters, message] of bad) {
      const r = await lookup({ name: 'Acme', filters });
      expect(r.status, filters).toBe(400);
      const body = r.json as { success: boolean; messages: string[] };
      expect(body.success).toBe(false);
      expect(body.messages[0]).toContain(message);
    }
    expect((await lookup({ searchField: 'Bad Field' })).status).toBe(400);
  });
});

describe('GET /api/searchQuery/ kind=lookupCache: what the device keeps to search offline', () => {
  const kept = async (params: Record<string, string>) => {
    const r = await c.get(
      `/api/searchQuery/?${new URLSearchParams({ kind: 'lookupCache', ...params }).toString()}`,
    );
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    return (r.json as { data: { done: boolean; records: Rec[] } }).data;
  };

  it('keeps up to LOOKUP_CACHE_LIMIT records by name, no name prefix, and says when the org has more', async () => {
    const all = await kept({ name: 'ignored', fields: 'Industry' });
    expect(all.records.length).toBeGreaterThan(50);
    expect(all.records.length).toBeLessThanOrEqual(LOOKUP_CACHE_LIMIT);
    expect(names(all.records)).toEqual([...names(all.records)].sort((a, b) => a.localeCompare(b)));
    expect(all.done).toBe(all.records.length < LOOKUP_CACHE_LIMIT);
    expect(names(all.records)).toEqual(expect.arrayContaining(names(acme)));
  });

  it("searched on the device, the kept records answer every operator as the org's lookup does", async () => {
    const cache = await kept({ fields: 'Industry,NumberOfEmployees,BillingCity' });
    const first = acme[0] as Rec;
    const city = String(first.BillingCity);
    const cases: ResolvedLookupFilter[] = [
      { field: 'Industry', operator: 'eq', value: String(first.Industry) },
      { field: 'Industry', operator: 'neq', value: String(first.Industry) },
      { field: 'NumberOfEmployees', operator: 'lt', value: Number(first.NumberOfEmployees) },
      { field: 'NumberOfEmployees', operator: 'gte', value: Number(first.NumberOfEmployees) },
      { field: 'BillingCity', operator: 'startswith', value: city.slice(0, 3) },
      { field: 'BillingCity', operator: 'endswith', value: city.slice(-3) },
      { field: 'BillingCity', operator: 'contains', value: city.slice(1, 4) },
    ];
    for (const filter of cases) {
      const online = await withFilters([filter]);
      const offline = searchCachedLookup(
        { records: cache.records, titleField: 'Name' },
        { search: 'acme', filters: [filter], limit: LOOKUP_RESULTS_LIMIT },
      );
      expect(names(offline), `${filter.operator} ${String(filter.value)}`).toEqual(names(online));
    }
  });

  it("keeps only what the user may see: a field user's tasks are their own, as the org answers them", async () => {
    const admin = await signedIn(bff.base, DEMO.admin);
    const ids = (r: { json: unknown }) =>
      (r.json as { data: { records: Rec[] } }).data.records.map((x) => String(x.Id)).sort();
    const fieldAnswer = await c.get('/api/searchQuery/?kind=lookupCache&object=Task&searchField=Subject');
    expect(fieldAnswer.status, fieldAnswer.text.slice(0, 300)).toBe(200);
    const asField = ids(fieldAnswer);
    const asAdmin = ids(
      await admin.get('/api/searchQuery/?kind=lookupCache&object=Task&searchField=Subject'),
    );
    // The org itself, asked by the field user (a client the BFF is not): the same records, no more.
    const token = await passwordToken(emulatorUrl, DEMO.field);
    const res = await fetch(
      `${emulatorUrl}/services/data/v62.0/query?q=${encodeURIComponent('SELECT Id FROM Task ORDER BY Subject LIMIT 200')}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    const org = ((await res.json()) as { records: Rec[] }).records.map((x) => String(x.Id)).sort();
    expect(asField).toEqual(org);
    expect(asField.length).toBeGreaterThan(0);
    expect(asAdmin.length).toBeGreaterThan(asField.length);
  });
});
