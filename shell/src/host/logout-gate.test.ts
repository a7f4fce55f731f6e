// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, STORAGE_KEYS } from 'shared-contracts';
import { createBffClient } from './bff-client';
import { createLogoutGate, LOGOUT_PATH, PENDING_LOGOUT_KEY, SignOutPendingError } from './logout-gate';
import { createSessionService } from './session';
import { memoryDeviceSeal } from './vault/device-seal';

const seal = memoryDeviceSeal();

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** A network that can be cut, recording every request that reached the server. */
function network() {
  const sent: { url: string; method: string }[] = [];
  const net = {
    up: true,
    sent,
    fetch: async (url: string, init: RequestInit): Promise<Response> => {
      if (!net.up) throw new TypeError('Failed to fetch');
      sent.push({ url, method: init.method ?? 'GET' });
      return new Response(JSON.stringify({ success: true, data: { loggedOut: true } }), { status: 200 });
    },
  };
  return net;
}

const signedIn = (storage: Storage) => {
  storage.setItem(STORAGE_KEYS.instanceUrl, 'https://org.example');
  storage.setItem('organizationId', '00D1');
  storage.setItem('userId', '005U1');
  storage.setItem(
    'userDetails',
    JSON.stringify({ Name: 'F', Username: 'f', SmallPhotoUrl: '', TimeZoneSidKey: 'UTC' }),
  );
  storage.setItem(
    'userDetailsSF',
    JSON.stringify({ timeZone: 'UTC', userType: 'STANDARD', networkId: null, siteUrl: null }),
  );
};

describe('signed out means signed out, offline too', () => {
  it('offline: the local sign-out is immediate; back online the first request ends the session', async () => {
    const storage = memoryStorage();
    signedIn(storage);
    const net = network();
    const gate = createLogoutGate({ storage, fetch: net.fetch });
    const api = createBffClient({ fetch: gate.wrap(net.fetch) }).api;
    const navigations: string[] = [];
    const session = createSessionService({
      api,
      storage,
      navigate: (to) => navigations.push(to),
      gate,
      seal,
    });
    await vi.waitFor(() => expect(session.state.get().status).toBe('signedIn'));

    net.up = false;
    await session.logout();
    expect(session.state.get()).toEqual({ status: 'signedOut', expired: false });
    expect(navigations).toEqual(['/login']);
    expect(storage.getItem('userId')).toBeNull();
    // only the user's id is kept (the org's URL is not left on the device after the sign-out)
    expect(JSON.parse(storage.getItem(PENDING_LOGOUT_KEY) ?? '{}')).toEqual({ userId: '005U1' });
    // still offline: a request is refused before it is made (nothing goes with the ended session)
    await expect(gate.ready()).rejects.toBeInstanceOf(SignOutPendingError);
    await expect(api.get('/api/forms')).rejects.toMatchObject({ name: 'BffError', kind: 'network' });

    net.up = true;
    await api.get('/api/auth/session');
    expect(net.sent).toEqual([
      { url: LOGOUT_PATH, method: 'POST' },
      { url: '/api/auth/session', method: 'GET' },
    ]);
    expect(storage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
  });

  it('two requests at once after the network returns: one logout, first', async () => {
    const storage = memoryStorage();
    const net = network();
    const gate = createLogoutGate({ storage, fetch: net.fetch });
    gate.mark('https://org.example', '005U1');
    const wrapped = gate.wrap(net.fetch);
    await Promise.all([
      wrapped('/api/savesubmission', { method: 'POST' }),
      wrapped('/api/files', { method: 'POST' }),
      gate.flush(),
    ]);
    expect(net.sent.map((r) => r.url)).toEqual([LOGOUT_PATH, '/api/savesubmission', '/api/files']);
  });

  it('the logout request carries the CSRF header; a 5xx leaves the sign-out pending', async () => {
    const storage = memoryStorage();
    const seen: RequestInit[] = [];
    let status = 503;
    const gate = createLogoutGate({
      storage,
      fetch: async (_url, init) => {
        seen.push(init);
        return new Response('{}', { status });
      },
    });
    gate.mark('', '005U1');
    expect(await gate.flush()).toBe(false);
    expect(gate.pending()).toBe(true);
    status = 200;
    expect(await gate.flush()).toBe(true);
    expect(gate.pending()).toBe(false);
    expect((seen[0]?.headers as Record<string, string>)[CSRF_HEADER]).toBeTruthy();
    // the sign-out names its user: the BFF leaves a session someone else signed in to meanwhile
    expect(JSON.parse(String(seen[0]?.body))).toEqual({ loginUrl: '', userId: '005U1' });
  });

  it('the sign-out mark survives the clearing of browser storage; a new sign-in makes it moot', async () => {
    const storage = memoryStorage();
    signedIn(storage);
    const net = network();
    net.up = false;
    const gate = createLogoutGate({ storage, fetch: net.fetch });
    const session = createSessionService({
      api: createBffClient({ fetch: gate.wrap(net.fetch) }).api,
      storage,
      navigate: () => undefined,
      gate,
      seal,
    });
    await vi.waitFor(() => expect(session.state.get().status).toBe('signedIn'));
    await session.logout();
    expect(gate.pending()).toBe(true);
    storage.setItem('x', '1');
    expect(storage.getItem(PENDING_LOGOUT_KEY)).not.toBeNull();
  });

  it('another tab signed out: this one follows at once; signed in as someone else: it follows too', async () => {
    const storage = memoryStorage();
    signedIn(storage);
    const navigations: string[] = [];
    const session = createSessionService({
      api: createBffClient({ fetch: network().fetch }).api,
      storage,
      navigate: (to) => navigations.push(to),
      seal,
    });
    await vi.waitFor(() => expect(session.state.get().status).toBe('signedIn'));
    session.followStorage();
    expect(session.state.get().status).toBe('signedIn');
    storage.clear(); // the other tab's sign-out
    session.followStorage();
    expect(session.state.get()).toEqual({ status: 'signedOut', expired: false });
    expect(navigations).toEqual(['/login']);
    signedIn(storage);
    storage.setItem('userId', '005U2');
    session.followStorage();
    await vi.waitFor(() =>
      expect(session.state.get()).toMatchObject({ status: 'signedIn', userId: '005U2' }),
    );
    // and from user 2 to user 3: user 2's screens go at once, and user 2's sealed details never open
    // as user 3's; user 3's come with the other tab's next write
    storage.setItem('userId', '005U3');
    session.followStorage();
    expect(session.state.get()).toEqual({ status: 'loading' });
    await new Promise((r) => setTimeout(r, 50));
    expect(session.state.get()).toEqual({ status: 'loading' });
    signedIn(storage);
    storage.setItem('userId', '005U3');
    session.followStorage();
    await vi.waitFor(() =>
      expect(session.state.get()).toMatchObject({ status: 'signedIn', userId: '005U3' }),
    );
  });
});
