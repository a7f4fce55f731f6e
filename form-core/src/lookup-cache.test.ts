import { describe, expect, it } from 'vitest';
import type { FormDefinition } from 'shared-contracts';
import {
  LOOKUP_CACHE_KEY,
  cachedLookups,
  lookupTargets,
  matchesLookupFilter,
  searchCachedLookup,
  withCachedLookups,
  type CachedLookup,
} from './lookup-cache';

const formDef = (): FormDefinition => ({
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: {
          Account: { type: 'string', lookupTo: { object: 'Account' } },
          Site: { $ref: '#/definitions/site' },
          Notes: { type: 'string' },
        },
      },
      Rows: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            Owner: { type: 'string', lookupTo: { object: 'User', titleField: 'Name', valueField: 'Id' } },
          },
        },
      },
    },
    definitions: {
      site: { type: 'string', lookupTo: { object: 'Site__c', titleField: 'Code__c', fields: ['City__c'] } },
    },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'lookup',
        scope: '#/properties/General/properties/Account',
        rules: [
          {
            type: 'lookupFilter',
            filters: [{ field: 'Industry', operator: 'eq', valueFrom: 'General.Notes' }],
          },
        ],
      },
      { type: 'Control', scope: '#/properties/General/properties/Notes', options: { lookupTo: 'Contact' } },
      { type: 'Control', scope: '#/properties/General/properties/Site' },
    ],
  },
});

describe('lookup targets', () => {
  it('lists each lookup once with the fields its filters test, from the schema and the layout', () => {
    const targets = lookupTargets(formDef());
    expect(targets).toEqual([
      { object: 'Account', titleField: 'Name', valueField: 'Id', fields: ['Industry'] },
      { object: 'Site__c', titleField: 'Code__c', valueField: 'Id', fields: ['City__c'] },
      { object: 'User', titleField: 'Name', valueField: 'Id', fields: [] },
      { object: 'Contact', titleField: 'Name', valueField: 'Id', fields: [] },
    ]);
  });

  it('a lookup that depends on another keeps the field its records are narrowed by (options.dependsOn)', () => {
    const def = formDef();
    (def.ui as { elements: unknown[] }).elements.push({
      type: 'lookup',
      scope: '#/properties/General/properties/Notes',
      options: { lookupTo: 'Contact', dependsOn: 'General.Account', dependsOnField: 'AccountId' },
    });
    expect(lookupTargets(def).find((t) => t.object === 'Contact')?.fields).toEqual(['AccountId']);
  });

  it("a lookup in a list's rows keeps the fields its filters test, resolved against the row (40.9)", () => {
    const def = formDef();
    const rowFilter = {
      type: 'lookupFilter' as const,
      filters: [{ field: 'IsActive', operator: 'eq' as const, value: 'true' }],
    };
    const rowContact = {
      type: 'lookup',
      scope: '#/properties/Contact',
      options: { lookupTo: 'Contact' },
      rules: [
        { type: 'lookupFilter' as const, filters: [{ field: 'Title', operator: 'eq' as const, value: 'x' }] },
      ],
    };
    (def.schema.properties!.Rows!.items as { properties: Record<string, unknown> }).properties.Contact = {
      type: 'string',
    };
    def.ui = {
      type: 'VerticalLayout',
      elements: [
        // its rows as elements
        {
          type: 'Control',
          scope: '#/properties/Rows',
          elements: [{ type: 'lookup', scope: '#/properties/Owner', rules: [rowFilter] }],
        } as never,
        // and as JSON Forms' detail
        {
          type: 'Control',
          scope: '#/properties/Rows',
          options: { detail: { type: 'VerticalLayout', elements: [rowContact] } },
        } as never,
      ],
    };
    const targets = lookupTargets(def);
    expect(targets.find((t) => t.object === 'User')).toEqual({
      object: 'User',
      titleField: 'Name',
      valueField: 'Id',
      fields: ['IsActive'],
    });
    expect(targets.find((t) => t.object === 'Contact')?.fields).toEqual(['Title']);
    // nothing made up for a row's lookup the root does not know
    expect(targets.map((t) => t.object).sort()).toEqual(['Account', 'Contact', 'Site__c', 'User']);
  });

  it('finds none in a form without lookups', () => {
    expect(
      lookupTargets({
        schema: { type: 'object', properties: {} },
        ui: { type: 'VerticalLayout', elements: [] },
      }),
    ).toEqual([]);
  });
});

const accounts: CachedLookup = {
  object: 'Account',
  titleField: 'Name',
  valueField: 'Id',
  fields: ['Industry', 'Employees'],
  at: '2026-11-27T00:00:00Z',
  truncated: false,
  records: [
    { Id: '3', Name: 'beta Works', Industry: 'Energy', Employees: 40 },
    { Id: '1', Name: 'Acme', Industry: 'Energy', Employees: 500 },
    { Id: '2', Name: 'Acme North', Industry: 'Retail', Employees: 12 },
  ],
};

describe('searching kept records', () => {
  it('matches a name prefix ignoring case, ordered by name, at most the limit', () => {
    expect(searchCachedLookup(accounts, { search: 'ac', filters: [], limit: 50 }).map((r) => r.Id)).toEqual([
      '1',
      '2',
    ]);
    expect(searchCachedLookup(accounts, { search: 'BETA', filters: [], limit: 50 }).map((r) => r.Id)).toEqual(
      ['3'],
    );
    expect(searchCachedLookup(accounts, { search: '', filters: [], limit: 2 }).map((r) => r.Id)).toEqual([
      '1',
      '2',
    ]);
  });

  it('applies the resolved filters as the org would', () => {
    const energy = searchCachedLookup(accounts, {
      search: '',
      filters: [{ field: 'Industry', operator: 'eq', value: 'energy' }],
      limit: 50,
    });
    expect(energy.map((r) => r.Id)).toEqual(['1', '3']);
    const big = searchCachedLookup(accounts, {
      search: '',
      filters: [{ field: 'Employees', operator: 'gte', value: 40 }],
      limit: 50,
    });
    expect(big.map((r) => r.Id)).toEqual(['1', '3']);
  });

  it('never shows a record whose filter field the device does not have', () => {
    expect(
      matchesLookupFilter({ Id: '1', Name: 'Acme' }, { field: 'Type', operator: 'neq', value: 'x' }),
    ).toBe(false);
    expect(
      matchesLookupFilter({ Name: 'Acme Corp' }, { field: 'Name', operator: 'contains', value: 'me c' }),
    ).toBe(true);
    expect(
      matchesLookupFilter({ Name: 'Acme Corp' }, { field: 'Name', operator: 'endswith', value: 'CORP' }),
    ).toBe(true);
  });
});

describe('keeping lookups in the definition', () => {
  it("adds them under $lookups beside the spec's id maps, replacing an older copy", () => {
    const def = { ...formDef(), lookupCacheData: { Account: { '1': 'Acme' } } };
    const once = withCachedLookups(def, [accounts]);
    const again = withCachedLookups(once, [{ ...accounts, records: [] }]);
    expect(once.lookupCacheData?.Account).toEqual({ '1': 'Acme' });
    expect(Object.keys(cachedLookups(again))).toEqual(['Account|Name|Id']);
    expect(cachedLookups(again)['Account|Name|Id']?.records).toEqual([]);
    expect(withCachedLookups(def, [])).toBe(def);
    expect(cachedLookups({ lookupCacheData: { [LOOKUP_CACHE_KEY]: 'junk' } })).toEqual({});
    expect(cachedLookups(undefined)).toEqual({});
  });
});
