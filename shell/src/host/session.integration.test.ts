import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, STORAGE_KEYS, type SessionState } from 'shared-contracts';
import { createBffClient, type FetchLike } from './bff-client';
import { createSessionService } from './session';
import { memoryDeviceSeal } from './vault/device-seal';
import { createLogoutGate } from './logout-gate';
import { Jar, emulatorControl, jarFetch, signIn, startSystem, type System } from '../../test/offline/system';
import { readStoredSyncContext, readSyncContext, saveSyncContext } from './offline/sync-context';
import { DEVICE_POLICY_KEY, readDevicePolicy } from './vault/policy-store';

// The session service against the real BFF and org-emulator: real OAuth sign-in, real cookies.
let system: System;
beforeAll(async () => {
  system = await startSystem();
}, 90_000);
afterAll(async () => system?.close());

/** This device's key for what is kept of the user beyond their ids (every client here is one device). */
const seal = memoryDeviceSeal();

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem = (key: string) => this.map.get(key) ?? null;
  setItem = (key: string, value: string) => void this.map.set(key, value);
  removeItem = (key: string) => void this.map.delete(key);
  clear = () => this.map.clear();
}

function client(jar: Jar, fetchOverride?: FetchLike) {
  const storage = new MemoryStorage();
  const navigations: string[] = [];
  const doFetch = fetchOverride ?? (jarFetch(jar, system.bffUrl) as FetchLike);
  let expire = () => undefined as void;
  const api = createBffClient({ baseUrl: system.bffUrl, fetch: doFetch, onUnauthorized: () => expire() }).api;
  const session = createSessionService({ api, storage, navigate: (to) => navigations.push(to), seal });
  expire = () => session.expire();
  return { storage, navigations, session, api };
}

const signedIn = (state: SessionState) => {
  if (state.status !== 'signedIn') throw new Error(`expected signed in, got ${JSON.stringify(state)}`);
  return state;
};

describe('session service over the BFF', () => {
  it('is signed out without a session, and a stale stored user is removed as expired', async () => {
    const { session, storage } = client(new Jar());
    expect(await session.refresh()).toEqual({ status: 'signedOut', expired: false });

    const stale = client(new Jar());
    stale.storage.setItem(STORAGE_KEYS.userDetails, JSON.stringify({ Name: 'Old' }));
    stale.storage.setItem(STORAGE_KEYS.userDetailsSF, JSON.stringify({ timeZone: 'UTC' }));
    stale.storage.setItem(STORAGE_KEYS.organizationId, '00D000000000001');
    stale.storage.setItem(STORAGE_KEYS.instanceUrl, 'http://x');
    stale.storage.setItem('userId', '005000000000001');
    expect(await stale.session.refresh()).toEqual({ status: 'signedOut', expired: true });
    expect(stale.storage.getItem(STORAGE_KEYS.userDetails)).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it('completes sign-in: both user records stored under the spec keys, sealed but for the ids (issue 45)', async () => {
    const jar = new Jar();
    await signIn(system.bffUrl, jar);
    const { session, storage } = client(jar);
    await session.completeSignIn('?status=ok');
    const user = signedIn(session.state.get());
    expect(user.userDetails.Username).toBe('field.user@demo.org');
    expect(user.userDetails.Name).not.toBe('');
    expect(user.userDetails.TimeZoneSidKey).not.toBe('');
    expect(user.userDetailsSF.userType).not.toBe('POWER_PARTNER');
    expect(storage.getItem(STORAGE_KEYS.organizationId)).toBe(user.organizationId);
    expect(storage.getItem('userId')).toBe(user.userId);
    for (const key of [
      STORAGE_KEYS.userDetails,
      STORAGE_KEYS.userDetailsSF,
      STORAGE_KEYS.instanceUrl,
      STORAGE_KEYS.timezoneKey,
    ])
      expect(storage.getItem(key)).toMatch(/^v1\./);
    // None of the user's values, nor the org's URL, is in browser storage as text.
    const dump = JSON.stringify([...storage.map]);
    const host = new URL(user.instanceUrl).host;
    for (const value of [
      user.userDetails.Name,
      user.userDetails.Username,
      user.userDetails.TimeZoneSidKey,
      host,
    ])
      expect(dump).not.toContain(value);
    // The same device opens it again (the app reopened offline).
    const again = createSessionService({
      api: createBffClient({ baseUrl: system.bffUrl, fetch: () => Promise.reject(new TypeError('offline')) })
        .api,
      storage,
      navigate: () => undefined,
      seal,
    });
    expect(await again.refresh()).toEqual(user);
    // Another device (another key) does not.
    const elsewhere = createSessionService({
      api: createBffClient({ baseUrl: system.bffUrl, fetch: () => Promise.reject(new TypeError('offline')) })
        .api,
      storage,
      navigate: () => undefined,
      seal: memoryDeviceSeal(),
    });
    expect(await elsewhere.refresh()).toEqual({ status: 'signedOut', expired: false });
    // The org's device policy (issue 45), kept for offline: the demo org's custom metadata record.
    expect(readDevicePolicy(storage)).toEqual({
      pinRequired: false,
      pinLength: 6,
      lockAfterMinutes: 15,
      source: 'org',
    });
    // It goes with the user: a session that ends takes it.
    session.expire();
    expect(storage.getItem(DEVICE_POLICY_KEY)).toBeNull();
  });

  it("sign-in clears browser storage but keeps the device's diagnostics switch", async () => {
    const jar = new Jar();
    await signIn(system.bffUrl, jar);
    const { session, storage } = client(jar);
    storage.setItem('cq-diagnostics', '1');
    storage.setItem('leftover', 'x');
    await session.completeSignIn('?status=ok');
    expect(storage.getItem('leftover')).toBeNull();
    expect(storage.getItem('cq-diagnostics')).toBe('1');
  });

  it('stores the partner user type, network id and site URL', async () => {
    const jar = new Jar();
    await signIn(system.bffUrl, jar, 'partner.user@demo.org');
    const { session } = client(jar);
    await session.completeSignIn('?status=ok');
    const user = signedIn(session.state.get());
    expect(user.userDetailsSF.userType).toBe('POWER_PARTNER');
    expect(user.userDetailsSF.networkId).toMatch(/^0DB/);
    expect(user.userDetailsSF.siteUrl).toMatch(/^http/);
  });

  it("a failed connect rejects with the spec's message", async () => {
    const { session } = client(new Jar());
    await expect(session.completeSignIn('?status=error&error=access_denied')).rejects.toThrow(
      MESSAGES.unableToConnect,
    );
    // status=ok but no session behind it is a failed connect too.
    await expect(session.completeSignIn('?status=ok')).rejects.toThrow(MESSAGES.unableToConnect);
  });

  it('offline keeps the stored user so home works from local data', async () => {
    const jar = new Jar();
    await signIn(system.bffUrl, jar);
    const online = client(jar);
    await online.session.completeSignIn('?status=ok');
    const offlineFetch: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    const offline = client(jar, offlineFetch);
    for (const [key, value] of online.storage.map) offline.storage.setItem(key, value);
    const state = await createSessionService({
      api: createBffClient({ baseUrl: system.bffUrl, fetch: offlineFetch }).api,
      storage: offline.storage,
      navigate: () => undefined,
      seal,
    }).refresh();
    expect(signedIn(state).userDetails.Username).toBe('field.user@demo.org');
  });

  it('a 401 from the BFF ends the session as expired', async () => {
    const jar = new Jar();
    await signIn(system.bffUrl, jar);
    const { session, api, storage } = client(jar);
    await session.completeSignIn('?status=ok');
    // Reseeding the org drops every token: the BFF's refresh fails, so it answers 401 session-expired.
    await emulatorControl(system.emulatorUrl, 'POST', '/expire-tokens');
    await emulatorControl(system.emulatorUrl, 'POST', '/reset', { seed: 'demo' });
    await expect(api.get('/api/forms')).rejects.toMatchObject({
      name: 'BffError',
      kind: 'unauthorized',
      status: 401,
    });
    expect(session.state.get()).toEqual({ status: 'signedOut', expired: true });
    expect(storage.getItem(STORAGE_KEYS.userDetails)).toBeNull();
  });

  it('logout clears browser storage and goes to /login', async () => {
    const jar = new Jar();
    await signIn(system.bffUrl, jar);
    const { session, storage, navigations } = client(jar);
    await session.completeSignIn('?status=ok');
    storage.setItem('something-else', 'x');
    const caches = memoryCaches();
    Object.assign(globalThis, { caches });
    try {
      await saveSyncContext({ organizationId: '00D000000000001AAA', userId: '005000000000001AAA' });
      expect(await readSyncContext()).not.toBeNull();
      await session.logout();
      expect(await readSyncContext()).toBeNull();
    } finally {
      delete (globalThis as { caches?: unknown }).caches;
    }
    expect(storage.map.size).toBe(0);
    expect(navigations).toEqual(['/login']);
    expect(session.state.get()).toEqual({ status: 'signedOut', expired: false });
    expect(await session.refresh()).toEqual({ status: 'signedOut', expired: false });
  });
});

describe('a sign-in while an earlier sign-out is still pending (issue 40)', () => {
  it('the BFF answered 5xx to the sign-out: the next sign-in on this browser ends the earlier grant at the org', async () => {
    const jar = new Jar();
    await signIn(system.bffUrl, jar);
    const toBff = jarFetch(jar, system.bffUrl) as FetchLike;
    // the BFF fails the sign-out (5xx), everything else goes through
    const net: FetchLike = (url, init) =>
      url.endsWith('/api/sf/logout')
        ? Promise.resolve(new Response('{"success":false}', { status: 503 }))
        : toBff(url, init);
    const storage = new MemoryStorage();
    const gate = createLogoutGate({ storage, fetch: net, baseUrl: system.bffUrl });
    const api = createBffClient({ baseUrl: system.bffUrl, fetch: gate.wrap(net) }).api;
    const session = createSessionService({ api, storage, navigate: () => undefined, gate, seal });
    await session.completeSignIn('?status=ok');
    await session.logout();
    expect(gate.pending()).toBe(true);

    const revokes = async () => {
      const res = await fetch(`${system.emulatorUrl}/__emulator/requests`);
      const { requests } = (await res.json()) as { requests: { method: string; path: string }[] };
      return requests.filter((r) => r.method === 'POST' && r.path === '/services/oauth2/revoke').length;
    };
    const before = await revokes();
    await signIn(system.bffUrl, jar, 'partner.user@demo.org');
    await session.completeSignIn('?status=ok');
    expect(gate.pending()).toBe(false);
    expect(signedIn(session.state.get()).userDetails.Username).toBe('partner.user@demo.org');
    // the earlier sign-in's grant was ended at the org by that sign-in
    expect((await revokes()) - before).toBe(1);
  });
});

describe("sign-in and the service worker's queue context (issue 40)", () => {
  it("keeps the signing-in user's own context and ends anyone else's, an earlier release's included", async () => {
    const jar = new Jar();
    await signIn(system.bffUrl, jar);
    const caches = memoryCaches();
    Object.assign(globalThis, { caches });
    try {
      const { session } = client(jar);
      await session.completeSignIn('?status=ok');
      const me = signedIn(session.state.get());
      const mine = { organizationId: me.organizationId, userId: me.userId };
      await saveSyncContext(mine);
      await client(jar).session.completeSignIn('?status=ok');
      expect(await readSyncContext()).toEqual(mine);

      await saveSyncContext({ organizationId: me.organizationId, userId: '005000000000009AAA' });
      await client(jar).session.completeSignIn('?status=ok');
      expect(await readStoredSyncContext()).toBeNull();

      // the release before owners wrote the organisation only
      await (
        await caches.open('cq-offline-sync')
      ).put(
        '/__cq-offline-sync-context',
        new Response(JSON.stringify({ organizationId: me.organizationId })),
      );
      expect(await readStoredSyncContext()).toEqual({ organizationId: me.organizationId });
      await client(jar).session.completeSignIn('?status=ok');
      expect(await readStoredSyncContext()).toBeNull();
    } finally {
      delete (globalThis as { caches?: unknown }).caches;
    }
  });
});

/** Cache Storage in memory (Node has none): enough for the service worker's sync context. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  return {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        async put(key: string, res: Response) {
          store.set(key, res);
        },
        async match(key: string) {
          return store.get(key)?.clone();
        },
        async delete(key: string) {
          return store.delete(key);
        },
      };
    },
  };
}
