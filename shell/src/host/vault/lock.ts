/**
 * The app lock (issue 45) as a pure state machine: the org's policy, the user's activity and PIN
 * attempts in; what the app must do out (save the open form, forget the data key, cover the screen,
 * remove the PIN's wrap). A lock never deletes data: ten wrong PINs only take the PIN's wrap away,
 * and an online sign-in opens everything again.
 */
import { DEVICE_POLICY_DEFAULT, type DevicePolicy, devicePolicy } from 'shared-contracts';

/** What the lock follows of the org's device policy (GET /api/vault/policy, kept for offline). */
export type LockPolicy = Pick<DevicePolicy, 'pinRequired' | 'pinLength' | 'lockAfterMinutes'>;

export const DEFAULT_LOCK_POLICY: LockPolicy = DEVICE_POLICY_DEFAULT;
export const MAX_PIN_ATTEMPTS = 10;

/** The policy as the org sent it or the device kept it (any shape), within the product's bounds. */
export function lockPolicy(raw: unknown): LockPolicy {
  const { pinRequired, pinLength, lockAfterMinutes } = devicePolicy(raw);
  return { pinRequired, pinLength, lockAfterMinutes };
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
