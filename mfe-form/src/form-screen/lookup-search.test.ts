import { describe, expect, it, vi } from 'vitest';
import { BffError, type FormDefinition, type HostServices } from 'shared-contracts';
import { withCachedLookups } from 'form-core';
import { buildLookupRequest } from '../renderer/core/options';
import { RENDERER_TEXTS } from '../renderer/texts';
import { lookupSearchWithDevice } from './lookup-search';

const base: FormDefinition = {
  schema: { type: 'object', properties: {} },
  ui: { type: 'VerticalLayout', elements: [] },
};
const def = withCachedLookups(base, [
  {
    object: 'Account',
    titleField: 'Name',
    valueField: 'Id',
    fields: ['Industry'],
    at: '2026-11-27T00:00:00Z',
    truncated: false,
    records: [
      { Id: '2', Name: 'Acme North', Industry: 'Retail' },
      { Id: '1', Name: 'Acme', Industry: 'Energy' },
      { Id: '3', Name: 'Beta', Industry: 'Energy' },
    ],
  },
]);

const networkError = new BffError({ kind: 'network', message: 'Network Error' });
const host = (online: boolean, get: () => Promise<unknown>) => {
  const api = { call: vi.fn(get) };
  return {
    online: { get: () => online, subscribe: () => () => undefined },
    api: api as typeof api & Pick<HostServices, 'api'>['api'],
  };
};
const request = (search: string, filters = [] as { field: string; operator: 'eq'; value: string }[]) =>
  buildLookupRequest({ object: 'Account', search, filters });

describe('lookup search with the device copy', () => {
  it('asks the org while online and answers as the org did', async () => {
    const h = host(true, () => Promise.resolve({ records: [{ Id: '9', Name: 'From the org' }] }));
    expect(await lookupSearchWithDevice(h, def)(request('Fr'))).toEqual([{ Id: '9', Name: 'From the org' }]);
  });

  it('offline, searches the kept records by name prefix and says so', async () => {
    const h = host(false, () => Promise.reject(new Error('must not be called')));
    const answer = await lookupSearchWithDevice(h, def)(request('acme'));
    expect(answer).toEqual({
      records: [
        { Id: '1', Name: 'Acme', Industry: 'Energy' },
        { Id: '2', Name: 'Acme North', Industry: 'Retail' },
      ],
      note: RENDERER_TEXTS.lookupOnDevice(3, false),
    });
    expect(h.api.call).not.toHaveBeenCalled();
    expect(RENDERER_TEXTS.lookupOnDevice(3, false)).toBe(
      'Offline: searching the 3 records kept on this device.',
    );
  });

  it('applies the filters to the kept records; no match says so', async () => {
    const h = host(false, () => Promise.reject(new Error('offline')));
    const search = lookupSearchWithDevice(h, def);
    const energy = await search(request('', [{ field: 'Industry', operator: 'eq', value: 'Energy' }]));
    expect(Array.isArray(energy) ? [] : energy.records.map((r) => r.Id)).toEqual(['1', '3']);
    expect(await search(request('zz'))).toEqual({
      records: [],
      note: RENDERER_TEXTS.lookupNoMatchOnDevice(3, false),
    });
    expect(RENDERER_TEXTS.lookupNoMatchOnDevice(200, true)).toBe(
      'Offline: no match among the first 200 records kept on this device.',
    );
  });

  it('falls back to the device when the network fails mid-search, not when the org refuses', async () => {
    const failing = host(true, () => Promise.reject(networkError));
    const a = await lookupSearchWithDevice(failing, def)(request('Be'));
    expect(Array.isArray(a) ? [] : a.records.map((r) => r.Id)).toEqual(['3']);
    const refused = new BffError({ kind: 'rejected', message: 'Bad', status: 400 });
    await expect(
      lookupSearchWithDevice(
        host(true, () => Promise.reject(refused)),
        def,
      )(request('Be')),
    ).rejects.toBe(refused);
  });

  it('a lookup the device did not keep says it needs a connection', async () => {
    const h = host(false, () => Promise.reject(networkError));
    expect(await lookupSearchWithDevice(h, base)(request('Ac'))).toEqual({
      records: [],
      note: RENDERER_TEXTS.lookupNeedsConnection,
    });
  });
});
