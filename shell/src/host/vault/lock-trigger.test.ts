import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState, SignedIn } from 'shared-contracts';
import { Signal } from '../signal';
import type { ShellHost } from '../host-services';
import { DEVICE_POLICY_KEY } from './policy-store';
import { watchLock } from './lock-trigger';

const startLock = vi.fn(async () => undefined);
const stopLock = vi.fn();

const field = { status: 'signedIn', organizationId: '00D1', userId: '0051' } as SignedIn;
const partner = { status: 'signedIn', organizationId: '00D1', userId: '0052' } as SignedIn;

function setUp(pinRequired: boolean) {
  const items = new Map<string, string>();
  if (pinRequired)
    items.set(DEVICE_POLICY_KEY, JSON.stringify({ pinRequired: true, pinLength: 4, lockAfterMinutes: 1 }));
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
    },
  });
  const state = new Signal<SessionState>({ status: 'loading' });
  let here = false;
  const host = { session: { state, signedInHere: () => here } } as unknown as ShellHost;
  watchLock(host, () => Promise.resolve({ startLock, stopLock }));
  return { state, signInHere: () => (here = true) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('watchLock', () => {
  beforeEach(() => {
    startLock.mockClear();
    stopLock.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts the lock once per user, and again when the same user then signs in online', async () => {
    const { state, signInHere } = setUp(true);
    state.set(field);
    state.set({ ...field });
    await settle();
    expect(startLock.mock.calls.map((c) => (c as unknown[])[2])).toEqual([false]);
    // opened from storage, then the sign-in completed here: the escrow key opens the data, no PIN
    signInHere();
    state.set({ ...field });
    await settle();
    expect(startLock.mock.calls.map((c) => (c as unknown[])[2])).toEqual([false, true]);
  });

  it('stops at sign-out and starts for the next user', async () => {
    const { state } = setUp(true);
    state.set(field);
    state.set({ status: 'signedOut', expired: false });
    state.set(partner);
    await settle();
    expect(stopLock).toHaveBeenCalledTimes(1);
    expect(startLock.mock.calls.map((c) => ((c as unknown[])[1] as SignedIn).userId)).toEqual([
      '0051',
      '0052',
    ]);
  });

  it('never starts where the org asks for no PIN', async () => {
    const { state } = setUp(false);
    state.set(field);
    await settle();
    expect(startLock).not.toHaveBeenCalled();
  });
});
