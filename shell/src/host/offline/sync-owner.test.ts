import { describe, expect, it } from 'vitest';
import { readStoredSyncContext, saveSyncContext, SYNC_CONTEXT_CACHE } from './sync-context';
import { sessionOwner, syncOwner } from './sync-owner';
import type { Owner } from './owner';

// Whose queue the service worker sends: the browser session's user's only (sync-owner.ts).

function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  return {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        put: async (key: string, res: Response) => void store.set(key, res),
        match: async (key: string) => store.get(key)?.clone(),
        delete: async (key: string) => store.delete(key),
      } as unknown as Cache;
    },
  } as unknown as Pick<CacheStorage, 'open'>;
}

/** The context exactly as the release before owners wrote it: organisation (and network) only. */
async function writtenByEarlierRelease(caches: Pick<CacheStorage, 'open'>, ctx: Record<string, string>) {
  await (
    await caches.open(SYNC_CONTEXT_CACHE)
  ).put(
    '/__cq-offline-sync-context',
    new Response(JSON.stringify(ctx), { headers: { 'Content-Type': 'application/json' } }),
  );
}

const A: Owner = { organizationId: '00D1', userId: '005A' };
const B: Owner = { organizationId: '00D1', userId: '005B' };
const session = (who: Owner | null) => async () => who;

describe('the queue a Background Sync drain sends', () => {
  it("an earlier release's context (no user) is the session user's when the organisation matches: rewritten with the user", async () => {
    const caches = memoryCaches();
    await writtenByEarlierRelease(caches, { organizationId: '00D1', networkId: '0DB1' });
    expect(await syncOwner({ caches, session: session(A) })).toEqual({ ...A, networkId: '0DB1' });
    expect(await readStoredSyncContext(caches)).toEqual({ ...A, networkId: '0DB1' });
  });

  it("an earlier release's context with a session of another organisation, or none, sends nothing", async () => {
    const caches = memoryCaches();
    await writtenByEarlierRelease(caches, { organizationId: '00D1' });
    expect(
      await syncOwner({ caches, session: session({ organizationId: '00D9', userId: '005A' }) }),
    ).toBeNull();
    expect(await syncOwner({ caches, session: session(null) })).toBeNull();
    expect(await readStoredSyncContext(caches)).toEqual({ organizationId: '00D1' });
  });

  it("a context of one user while the browser's session is another user's sends nothing, and stays", async () => {
    const caches = memoryCaches();
    await saveSyncContext(A, caches);
    expect(await syncOwner({ caches, session: session(B) })).toBeNull();
    expect(await syncOwner({ caches, session: session(A) })).toEqual(A);
  });

  it('no context: nothing to send, the BFF is not asked', async () => {
    let asked = 0;
    const caches = memoryCaches();
    const result = await syncOwner({
      caches,
      session: async () => {
        asked++;
        return A;
      },
    });
    expect(result).toBeNull();
    expect(asked).toBe(0);
  });

  it("the session's user comes from /api/auth/session: null when signed out, an error when the BFF cannot answer", async () => {
    const answer = (status: number, body: unknown) => async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    expect(
      await sessionOwner(
        answer(200, {
          success: true,
          data: { main: { organizationId: '00D1', userDetails: { userId: '005A' } } },
        }),
      ),
    ).toEqual(A);
    expect(await sessionOwner(answer(200, { success: true, data: null }))).toBeNull();
    expect(await sessionOwner(answer(401, { success: false }))).toBeNull();
    await expect(sessionOwner(answer(503, {}))).rejects.toMatchObject({ kind: 'unavailable', status: 503 });
  });
});
