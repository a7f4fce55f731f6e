import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedIn, startBff, type Client, type RunningBff } from './helpers';

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
