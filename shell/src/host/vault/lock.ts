/**
 * The app lock (issue 45) as a pure state machine: the org's policy, the user's activity and PIN
 * attempts in; what the app must do out (save the open form, forget the data key, cover the screen,
 * remove the PIN's wrap). A lock never deletes data: ten wrong PINs only take the PIN's wrap away,
 * and an online sign-in opens everything again.
 */

export interface LockPolicy {
  /** The org asks for a PIN: without one nothing opens offline. No PIN asked: the app never locks. */
  pinRequired: boolean;
  /** Digits in a PIN, 4-8. */
  pinLength: number;
  /** Lock after this much inactivity (or time in the background), 1-240 minutes. */
  lockAfterMinutes: number;
}

export const DEFAULT_LOCK_POLICY: LockPolicy = { pinRequired: false, pinLength: 4, lockAfterMinutes: 15 };
export const MAX_PIN_ATTEMPTS = 10;

const clampInt = (v: unknown, min: number, max: number, fallback: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
};

/** The policy as the org sent it (custom metadata, any shape), within the product's bounds. */
export function lockPolicy(raw: unknown): LockPolicy {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    pinRequired: r.pinRequired === true || r.pinRequired === 'true',
    pinLength: clampInt(r.pinLength, 4, 8, DEFAULT_LOCK_POLICY.pinLength),
    lockAfterMinutes: clampInt(r.lockAfterMinutes, 1, 240, DEFAULT_LOCK_POLICY.lockAfterMinutes),
  };
}

/** What is wrong with a PIN a user chose, if anything. */
export function pinProblem(pin: string, policy: LockPolicy): 'digits' | 'length' | null {
  if (!/^\d*$/.test(pin)) return 'digits';
  return pin.length === policy.pinLength ? null : 'length';
}

export type LockState =
  | { kind: 'open'; lastActivity: number }
  | { kind: 'locked'; failed: number }
  /** Ten wrong PINs: only an online sign-in opens the data now. */
  | { kind: 'pinRemoved' };

export type LockEvent =
  | { type: 'activity'; at: number }
  /** A timer's check, or the app coming back from the background. */
  | { type: 'check'; at: number }
  | { type: 'pinTried'; ok: boolean; at: number }
  | { type: 'signedInOnline'; at: number };

export type LockEffect = 'save-open-form' | 'forget-data-key' | 'cover' | 'uncover' | 'drop-pin-wrap';

export interface LockStep {
  state: LockState;
  effects: LockEffect[];
}

const opened = (at: number, effects: LockEffect[]): LockStep => ({
  state: { kind: 'open', lastActivity: at },
  effects,
});

export function nextLock(state: LockState, event: LockEvent, policy: LockPolicy): LockStep {
  if (event.type === 'signedInOnline') return opened(event.at, state.kind === 'open' ? [] : ['uncover']);
  switch (state.kind) {
    case 'open':
      if (event.type === 'activity') return opened(Math.max(state.lastActivity, event.at), []);
      if (
        event.type === 'check' &&
        policy.pinRequired &&
        event.at - state.lastActivity >= policy.lockAfterMinutes * 60_000
      ) {
        // the form being filled is saved before the key goes
        return {
          state: { kind: 'locked', failed: 0 },
          effects: ['save-open-form', 'forget-data-key', 'cover'],
        };
      }
      return { state, effects: [] };
    case 'locked':
      if (event.type !== 'pinTried') return { state, effects: [] };
      if (event.ok) return opened(event.at, ['uncover']);
      return state.failed + 1 >= MAX_PIN_ATTEMPTS
        ? { state: { kind: 'pinRemoved' }, effects: ['drop-pin-wrap'] }
        : { state: { kind: 'locked', failed: state.failed + 1 }, effects: [] };
    case 'pinRemoved':
      return { state, effects: [] };
  }
}
