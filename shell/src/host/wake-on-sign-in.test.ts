import { describe, expect, it } from 'vitest';
import type { SessionState } from 'shared-contracts';
import { Signal } from './signal';
import { wakeOnSignIn } from './wake-on-sign-in';

const signedIn = (organizationId: string) =>
  ({ status: 'signedIn', organizationId }) as unknown as SessionState;
const signedOut: SessionState = { status: 'signedOut', expired: false };

describe('wakeOnSignIn', () => {
  it('wakes when an organisation becomes known or changes, not on other updates', () => {
    const state = new Signal<SessionState>(signedOut);
    let wakes = 0;
    const stop = wakeOnSignIn(state, () => wakes++);
    state.set(signedIn('00DA'));
    expect(wakes).toBe(1);
    state.set(signedIn('00DA')); // a refresh of the same session
    expect(wakes).toBe(1);
    state.set(signedOut);
    state.set(signedIn('00DA')); // signed in again after an expiry
    expect(wakes).toBe(2);
    state.set(signedIn('00DB'));
    expect(wakes).toBe(3);
    stop();
    state.set(signedIn('00DC'));
    expect(wakes).toBe(3);
  });

  it('does not wake for the organisation the page started with (the engine starts awake)', () => {
    const state = new Signal<SessionState>(signedIn('00DA'));
    let wakes = 0;
    wakeOnSignIn(state, () => wakes++);
    state.set(signedIn('00DA'));
    expect(wakes).toBe(0);
  });
});
