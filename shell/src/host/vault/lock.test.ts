import { describe, expect, it } from 'vitest';
import { lockPolicy, MAX_PIN_ATTEMPTS, nextLock, pinProblem, type LockState } from './lock';

const MIN = 60_000;
const policy = lockPolicy({ pinRequired: true, pinLength: 6, lockAfterMinutes: 5 });

describe("the org's lock policy", () => {
  it('keeps the PIN at 4-8 digits and the lock at 1-240 minutes, whatever the org sent', () => {
    expect(lockPolicy({ pinRequired: 'true', pinLength: 2, lockAfterMinutes: 999 })).toEqual({
      pinRequired: true,
      pinLength: 4,
      lockAfterMinutes: 240,
    });
    expect(lockPolicy({ pinLength: '12', lockAfterMinutes: 0 })).toMatchObject({
      pinLength: 8,
      lockAfterMinutes: 1,
    });
    expect(lockPolicy(null)).toEqual({ pinRequired: false, pinLength: 6, lockAfterMinutes: 15 });
  });
  it('checks a chosen PIN: digits only, the policy length', () => {
    expect(pinProblem('123456', policy)).toBeNull();
    expect(pinProblem('12345', policy)).toBe('length');
    expect(pinProblem('12a456', policy)).toBe('digits');
  });
});

describe('the lock', () => {
  const open: LockState = { kind: 'open', lastActivity: 0 };

  it('locks after the inactivity time (or back from the background past it), saving the open form first', () => {
    expect(nextLock(open, { type: 'check', at: 5 * MIN - 1 }, policy).state).toEqual(open);
    const locked = nextLock(open, { type: 'check', at: 5 * MIN }, policy);
    expect(locked.state).toEqual({ kind: 'locked', failed: 0 });
    expect(locked.effects).toEqual(['save-open-form', 'forget-data-key', 'cover']);
    // activity moves the deadline
    const busy = nextLock(open, { type: 'activity', at: 4 * MIN }, policy).state;
    expect(nextLock(busy, { type: 'check', at: 8 * MIN }, policy).state.kind).toBe('open');
  });

  it('never locks when the org asks for no PIN', () => {
    const none = lockPolicy({ pinRequired: false, lockAfterMinutes: 1 });
    expect(nextLock(open, { type: 'check', at: 600 * MIN }, none).state.kind).toBe('open');
  });

  it('opens with the PIN; ten wrong PINs remove the PIN wrap, and only an online sign-in opens again', () => {
    let s: LockState = { kind: 'locked', failed: 0 };
    for (let i = 1; i < MAX_PIN_ATTEMPTS; i++) {
      const step = nextLock(s, { type: 'pinTried', ok: false, at: i }, policy);
      expect(step.effects).toEqual([]);
      s = step.state;
    }
    expect(s).toEqual({ kind: 'locked', failed: 9 });
    expect(nextLock(s, { type: 'pinTried', ok: true, at: 10 }, policy)).toEqual({
      state: { kind: 'open', lastActivity: 10 },
      effects: ['uncover'],
    });
    const tenth = nextLock(s, { type: 'pinTried', ok: false, at: 10 }, policy);
    expect(tenth).toEqual({ state: { kind: 'pinRemoved' }, effects: ['drop-pin-wrap'] });
    // a right PIN no longer counts
    expect(nextLock(tenth.state, { type: 'pinTried', ok: true, at: 11 }, policy).state.kind).toBe(
      'pinRemoved',
    );
    expect(nextLock(tenth.state, { type: 'signedInOnline', at: 12 }, policy)).toEqual({
      state: { kind: 'open', lastActivity: 12 },
      effects: ['uncover'],
    });
  });
});
