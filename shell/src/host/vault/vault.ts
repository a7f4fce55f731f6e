/**
 * The device's vault for the signed-in user (issue 45): their keyring, the data key while the app is
 * open, and the lock the org's policy asks for. Screens read `state`; the lock screen calls `setPin`,
 * `tryPin`; the shell reports activity and checks the clock. Nothing here ever deletes data: a lock
 * forgets the key in memory, ten wrong PINs drop the PIN's wrap, and an online sign-in opens it again
 * through the escrow key the BFF releases to that user's session.
 */
import { Signal } from '../signal';
import {
  createKeyring,
  escrowKey,
  hasWrap,
  type Keyring,
  openWithDevice,
  openWithEscrow,
  openWithPin,
  PIN_ITERATIONS,
  withEscrow,
  withoutPin,
  withPin,
} from './keyring';
import type { KeyringStore } from './keyring-store';
import { type LockPolicy, type LockState, MAX_PIN_ATTEMPTS, nextLock, pinProblem } from './lock';

export type VaultState =
  /** Nobody signed in, or not started yet. */
  | { kind: 'idle' }
  /** The org asks for no PIN: the data opens with the device's key and the app never locks. */
  | { kind: 'off' }
  /** A PIN is asked and this user has none on this device (first sign-in here, or after a lock-out). */
  | { kind: 'needsPin'; pinLength: number }
  | { kind: 'open' }
  | { kind: 'locked'; pinLength: number; failed: number; attemptsLeft: number }
  /** Ten wrong PINs: only an online sign-in opens the data now. */
  | { kind: 'pinRemoved' };

export interface VaultUser {
  organizationId: string;
  userId: string;
}

export interface VaultDeps {
  store: KeyringStore;
  /** The BFF's escrow key for the session's user (GET /api/vault/escrowKey), base64; throws offline. */
  escrow(): Promise<string>;
  /** Per-user counters that must survive a reload (wrong PIN tries). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => number;
  /** PBKDF2 iterations (tests lower it). */
  iterations?: number;
  /** Called before the data key goes at a lock: the open form is saved while it still can be. */
  beforeLock?: () => Promise<void> | void;
  /** The data key opened (a key) or forgot (null), for the stores (data-keys.ts `publishKey`). */
  onKey?: (owner: string, key: CryptoKey | null) => void;
}

export type PinOutcome = 'ok' | 'wrong' | 'pinRemoved' | 'digits' | 'length' | 'mismatch';

const FAILED_KEY = (owner: string) => `cq.vault.failed.${owner}`;

const fromBase64 = (b64: string): Uint8Array<ArrayBuffer> => {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

export function createVault(deps: VaultDeps) {
  const now = deps.now ?? (() => Date.now());
  const iterations = deps.iterations ?? PIN_ITERATIONS;
  const state = new Signal<VaultState>({ kind: 'idle' });
  let owner = '';
  let policy: LockPolicy | null = null;
  let keyring: Keyring | undefined;
  let dataKey: CryptoKey | null = null;
  const setKey = (key: CryptoKey | null): void => {
    dataKey = key;
    if (owner) deps.onKey?.(owner, key);
  };
  let lock: LockState = { kind: 'open', lastActivity: now() };
  let locking = false;

  const failed = (): number => Number(deps.storage.getItem(FAILED_KEY(owner)) ?? 0) || 0;
  const setFailed = (n: number): void => {
    if (n === 0) deps.storage.removeItem(FAILED_KEY(owner));
    else deps.storage.setItem(FAILED_KEY(owner), String(n));
  };
  const lockedState = (): VaultState => {
    const n = failed();
    return {
      kind: 'locked',
      pinLength: policy?.pinLength ?? 6,
      failed: n,
      attemptsLeft: MAX_PIN_ATTEMPTS - n,
    };
  };
  const save = async (next: Keyring): Promise<void> => {
    keyring = next;
    await deps.store.put(next);
  };
  const escrowCryptoKey = async (): Promise<CryptoKey | null> => {
    try {
      return await escrowKey(fromBase64(await deps.escrow()));
    } catch {
      return null; // offline, or no escrow on this server: the PIN alone opens the data
    }
  };
  const opened = (key: CryptoKey): void => {
    setKey(key);
    lock = { kind: 'open', lastActivity: now() };
    setFailed(0);
    state.set(policy?.pinRequired ? { kind: 'open' } : { kind: 'off' });
  };

  return {
    state,
    /** The data key while the app is open (the stores' sealing uses it); null while locked. */
    dataKey: (): CryptoKey | null => dataKey,

    /**
     * A user is signed in: `online` when they have just signed in online (their escrow key then opens
     * what the PIN guards); otherwise (the app opened with a stored user) a PIN is asked again.
     */
    async start(user: VaultUser, orgPolicy: LockPolicy, online: boolean): Promise<VaultState> {
      if (owner) setKey(null);
      owner = `${user.organizationId}:${user.userId}`;
      policy = orgPolicy;
      dataKey = null;
      keyring = await deps.store.get(owner);
      if (!policy.pinRequired) {
        if (keyring && hasWrap(keyring, 'device')) {
          opened(await openWithDevice(keyring));
          return state.get();
        }
        const escrow = await escrowCryptoKey();
        const made = await createKeyring(owner, {
          pinRequired: false,
          ...(escrow ? { escrow } : {}),
          iterations,
        });
        // the first keyring written wins (another tab, or the stores' own key source, data-keys.ts)
        keyring = await deps.store.create(made.keyring);
        opened(keyring === made.keyring ? made.dataKey : await openWithDevice(keyring));
        return state.get();
      }
      if (!keyring) {
        state.set({ kind: 'needsPin', pinLength: policy.pinLength });
        return state.get();
      }
      if (online) {
        const escrow = await escrowCryptoKey();
        if (escrow && hasWrap(keyring, 'escrow')) {
          setKey(await openWithEscrow(keyring, escrow));
          setFailed(0);
          lock = { kind: 'open', lastActivity: now() };
          if (!hasWrap(keyring, 'pin')) {
            state.set({ kind: 'needsPin', pinLength: policy.pinLength });
            return state.get();
          }
          state.set({ kind: 'open' });
          return state.get();
        }
      }
      lock = hasWrap(keyring, 'pin') ? { kind: 'locked', failed: failed() } : { kind: 'pinRemoved' };
      state.set(lock.kind === 'pinRemoved' ? { kind: 'pinRemoved' } : lockedState());
      return state.get();
    },

    /** The PIN the user chose (twice, the same): it now opens the data on this device. */
    async setPin(pin: string, confirm: string): Promise<PinOutcome> {
      if (!policy) return 'length';
      const problem = pinProblem(pin, policy);
      if (problem) return problem;
      if (pin !== confirm) return 'mismatch';
      if (dataKey && keyring) {
        // a PIN is asked now: the device wrap (made while none was) no longer opens the data alone
        const { deviceKey: _device, ...kept } = keyring;
        let next = await withPin(
          { ...kept, wraps: kept.wraps.filter((w) => w.kind !== 'device') },
          dataKey,
          pin,
          iterations,
        );
        const escrow = hasWrap(next, 'escrow') ? null : await escrowCryptoKey();
        if (escrow) next = await withEscrow(next, dataKey, escrow);
        await save(next);
        opened(dataKey);
        return 'ok';
      }
      const escrow = await escrowCryptoKey();
      const made = await createKeyring(owner, {
        pinRequired: true,
        pin,
        ...(escrow ? { escrow } : {}),
        iterations,
      });
      await save(made.keyring);
      opened(made.dataKey);
      return 'ok';
    },

    /** A PIN typed on the lock screen. */
    async tryPin(pin: string): Promise<PinOutcome> {
      if (!keyring || !policy || lock.kind !== 'locked') return 'wrong';
      let key: CryptoKey | null = null;
      try {
        key = await openWithPin(keyring, pin);
      } catch {
        key = null;
      }
      const step = nextLock(
        { kind: 'locked', failed: failed() },
        { type: 'pinTried', ok: key !== null, at: now() },
        policy,
      );
      lock = step.state;
      if (key) {
        opened(key);
        return 'ok';
      }
      if (step.state.kind === 'pinRemoved') {
        await save(withoutPin(keyring));
        setFailed(0);
        state.set({ kind: 'pinRemoved' });
        return 'pinRemoved';
      }
      setFailed(step.state.kind === 'locked' ? step.state.failed : failed());
      state.set(lockedState());
      return 'wrong';
    },

    /** The user touched the app. */
    activity(): void {
      if (lock.kind === 'open') lock = { kind: 'open', lastActivity: now() };
    },

    /** The clock's check (a timer, or the app back from the background): locks once the time is up. */
    async check(): Promise<void> {
      if (locking || !policy?.pinRequired || lock.kind !== 'open' || state.get().kind !== 'open') return;
      const step = nextLock(lock, { type: 'check', at: now() }, policy);
      if (step.state.kind !== 'locked') return;
      // one lock at a time: a second check while the form saves waits for nothing
      locking = true;
      if (step.effects.includes('save-open-form')) {
        try {
          await deps.beforeLock?.();
        } catch (error) {
          // a save that failed must not keep the app uncovered
          console.error('[vault] the save before the lock failed', error);
        }
      }
      locking = false;
      lock = step.state;
      if (step.effects.includes('forget-data-key')) setKey(null);
      state.set(lockedState());
    },

    /** Signed out: nothing of the user stays in memory; their keyring stays for their next sign-in. */
    stop(): void {
      if (owner) setKey(null);
      owner = '';
      policy = null;
      keyring = undefined;
      dataKey = null;
      state.set({ kind: 'idle' });
    },
  };
}

export type Vault = ReturnType<typeof createVault>;
