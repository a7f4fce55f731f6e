import { describe, expect, it } from 'vitest';
import { clearSyncContext, readSyncContext, saveSyncContext } from './sync-context';

/** Cache Storage as far as sync-context uses it (Node has none). */
function fakeCaches(): Pick<CacheStorage, 'open'> {
  const caches = new Map<string, Map<string, Response>>();
  return {
    open: (name: string) => {
      const entries = caches.get(name) ?? new Map<string, Response>();
      caches.set(name, entries);
      return Promise.resolve({
        put: (key: string, res: Response) => {
          entries.set(key, res);
          return Promise.resolve();
        },
        match: (key: string) => Promise.resolve(entries.get(key)?.clone()),
        delete: (key: string) => Promise.resolve(entries.delete(key)),
      } as unknown as Cache);
    },
  };
}

describe('the service worker sync context', () => {
  it('keeps the organisation (and network) for the worker; sign-out clears it', async () => {
    const caches = fakeCaches();
    expect(await readSyncContext(caches)).toBeNull();
    await saveSyncContext(
      { organizationId: '00D5g0000000001EAA', userId: '0055g0000000001AAA', networkId: '0DB5g0000000001GAA' },
      caches,
    );
    expect(await readSyncContext(caches)).toEqual({
      organizationId: '00D5g0000000001EAA',
      userId: '0055g0000000001AAA',
      networkId: '0DB5g0000000001GAA',
    });
    await saveSyncContext({ organizationId: '', userId: '' }, caches); // signed out: nothing stored over it
    expect((await readSyncContext(caches))?.organizationId).toBe('00D5g0000000001EAA');
    await clearSyncContext(caches);
    expect(await readSyncContext(caches)).toBeNull();
  });

  it('no Cache Storage (old browser): nothing stored, nothing read', async () => {
    await saveSyncContext({ organizationId: 'x', userId: 'u' }, null);
    expect(await readSyncContext(null)).toBeNull();
  });
});
