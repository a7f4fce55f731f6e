import { describe, expect, it } from 'vitest';
import { memoryKeyringStore } from './keyring-store';
import { createVault, type VaultDeps } from './vault';

const MIN = 60_000;
const user = { organizationId: '00D000000000001AAA', userId: '005000000000001AAA' };
const pinPolicy = { pinRequired: true, pinLength: 4, lockAfterMinutes: 5 };
const escrowB64 = Buffer.alloc(32, 7).toString('base64');

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

function device(overrides: Partial<VaultDeps> = {}) {
  let t = 0;
  const store = memoryKeyringStore();
  const storage = new MemoryStorage();
  let online = true;
  const saved: number[] = [];
  const deps: VaultDeps = {
    store,
    storage,
    now: () => t,
    iterations: 1000,
    escrow: () => (online ? Promise.resolve(escrowB64) : Promise.reject(new Error('offline'))),
    beforeLock: () => void saved.push(t),
    ...overrides,
  };
  return {
    deps,
    saved,
    advance: (ms: number) => (t += ms),
    setOnline: (v: boolean) => (online = v),
    /** The app opened anew (a reload) on the same device. */
    reopen: () => createVault(deps),
  };
}

describe('the vault', () => {
  it('with no PIN asked, opens with the device key and never locks', async () => {
    const d = device();
    const v = d.reopen();
    expect(await v.start(user, { ...pinPolicy, pinRequired: false }, true)).toEqual({ kind: 'off' });
    expect(v.dataKey()).not.toBeNull();
    d.advance(500 * MIN);
    await v.check();
    expect(v.state.get()).toEqual({ kind: 'off' });
    // a reload opens the same data key, offline too
    d.setOnline(false);
    const again = d.reopen();
    await again.start(user, { ...pinPolicy, pinRequired: false }, false);
    const probe = new Uint8Array(16);
    const iv = new Uint8Array(12);
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, v.dataKey()!, probe);
    await expect(
      crypto.subtle.decrypt({ name: 'AES-GCM', iv }, again.dataKey()!, sealed),
    ).resolves.toBeDefined();
  });

  it('asks for a PIN at the first sign-in, checks it, then locks after the inactivity time, saving the form first', async () => {
    const d = device();
    const v = d.reopen();
    expect(await v.start(user, pinPolicy, true)).toEqual({ kind: 'needsPin', pinLength: 4 });
    expect(await v.setPin('12a4', '12a4')).toBe('digits');
    expect(await v.setPin('123', '123')).toBe('length');
    expect(await v.setPin('1234', '1243')).toBe('mismatch');
    expect(await v.setPin('1234', '1234')).toBe('ok');
    expect(v.state.get()).toEqual({ kind: 'open' });
    d.advance(4 * MIN);
    v.activity();
    d.advance(4 * MIN);
    await v.check();
    expect(v.state.get().kind).toBe('open');
    d.advance(1 * MIN);
    await v.check();
    expect(v.state.get()).toEqual({ kind: 'locked', pinLength: 4, failed: 0, attemptsLeft: 10 });
    expect(v.dataKey()).toBeNull();
    expect(d.saved).toHaveLength(1);
    expect(await v.tryPin('9999')).toBe('wrong');
    expect(v.state.get()).toMatchObject({ kind: 'locked', failed: 1, attemptsLeft: 9 });
    expect(await v.tryPin('1234')).toBe('ok');
    expect(v.state.get()).toEqual({ kind: 'open' });
    expect(v.dataKey()).not.toBeNull();
  });

  it('offline, a reopened app asks for the PIN; ten wrong ones (a reload does not reset them) drop the PIN, and an online sign-in opens the same data for a new PIN', async () => {
    const d = device();
    const first = d.reopen();
    await first.start(user, pinPolicy, true);
    await first.setPin('1234', '1234');
    const key = first.dataKey()!;
    d.setOnline(false);
    let v = d.reopen();
    expect(await v.start(user, pinPolicy, false)).toMatchObject({ kind: 'locked', attemptsLeft: 10 });
    for (let i = 0; i < 5; i++) expect(await v.tryPin('0000')).toBe('wrong');
    v = d.reopen();
    expect(await v.start(user, pinPolicy, false)).toMatchObject({
      kind: 'locked',
      failed: 5,
      attemptsLeft: 5,
    });
    for (let i = 0; i < 4; i++) expect(await v.tryPin('0000')).toBe('wrong');
    expect(await v.tryPin('0000')).toBe('pinRemoved');
    expect(v.state.get()).toEqual({ kind: 'pinRemoved' });
    // the right PIN no longer opens anything, after a reload too
    v = d.reopen();
    expect(await v.start(user, pinPolicy, false)).toEqual({ kind: 'pinRemoved' });
    expect(await v.tryPin('1234')).toBe('wrong');
    // back online, signed in again: the escrow key opens the same data key; a new PIN guards it
    d.setOnline(true);
    v = d.reopen();
    expect(await v.start(user, pinPolicy, true)).toEqual({ kind: 'needsPin', pinLength: 4 });
    expect(await v.setPin('4321', '4321')).toBe('ok');
    const iv = new Uint8Array(12);
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new Uint8Array(8));
    await expect(crypto.subtle.decrypt({ name: 'AES-GCM', iv }, v.dataKey()!, sealed)).resolves.toBeDefined();
  });

  it("keeps each user's data under their own key: another user's PIN opens nothing of theirs", async () => {
    const d = device();
    const a = d.reopen();
    await a.start(user, pinPolicy, true);
    await a.setPin('1234', '1234');
    const b = d.reopen();
    const other = { ...user, userId: '005000000000002AAA' };
    expect(await b.start(other, pinPolicy, true)).toEqual({ kind: 'needsPin', pinLength: 4 });
    await b.setPin('1234', '1234');
    const iv = new Uint8Array(12);
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, a.dataKey()!, new Uint8Array(8));
    await expect(crypto.subtle.decrypt({ name: 'AES-GCM', iv }, b.dataKey()!, sealed)).rejects.toBeDefined();
  });

  it('saves the open form while the data key is still open, once, and locks even when the save fails', async () => {
    const opened: { v?: ReturnType<typeof createVault> } = {};
    const keyAtSave: (CryptoKey | null)[] = [];
    let finish: () => void = () => undefined;
    const d = device({
      beforeLock: () => {
        keyAtSave.push(opened.v!.dataKey());
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    const v = (opened.v = d.reopen());
    await v.start(user, pinPolicy, true);
    await v.setPin('1234', '1234');
    d.advance(6 * MIN);
    const first = v.check();
    const second = v.check(); // the app back from the background while the save runs
    await second;
    expect(v.state.get().kind).toBe('open');
    finish();
    await first;
    expect(keyAtSave).toHaveLength(1);
    expect(keyAtSave[0]).not.toBeNull();
    expect(v.state.get().kind).toBe('locked');

    const failing = device({ beforeLock: () => Promise.reject(new Error('disk full')) });
    const w = failing.reopen();
    await w.start(user, pinPolicy, true);
    await w.setPin('1234', '1234');
    failing.advance(6 * MIN);
    const errors = console.error;
    console.error = () => undefined;
    try {
      await w.check();
    } finally {
      console.error = errors;
    }
    expect(w.state.get().kind).toBe('locked');
    expect(w.dataKey()).toBeNull();
  });
});
