/**
 * One user's data key on this device (issue 45), never stored in the clear: kept only as wraps, each
 * of which opens it one way.
 * - `device`: a non-extractable AES-KW key the browser keeps in IndexedDB (no PIN asked by the org);
 * - `pin`: a key derived from the user's PIN (PBKDF2-SHA-256, 600,000 iterations; OWASP's figure);
 * - `escrow`: a key the BFF releases to that user's signed-in session, so a forgotten PIN or ten wrong
 *   ones never lose work: signing in online opens the data again.
 * When the org asks for a PIN there is no device wrap: the PIN (or an online sign-in) is then the only
 * way in. Each user has their own data key, so another user of the device opens none of it.
 */
import { newDataKey, VaultError } from './cipher';

export const PIN_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const KW = { name: 'AES-KW', length: 256 } as const;
const DATA_KEY = { name: 'AES-GCM', length: 256 } as const;

export type WrapKind = 'device' | 'pin' | 'escrow';

export interface Wrap {
  kind: WrapKind;
  /** The data key wrapped (AES-KW: its integrity check refuses a wrong key). */
  wrapped: ArrayBuffer;
  /** PIN wraps: the derivation's salt and iterations. */
  salt?: Uint8Array<ArrayBuffer>;
  iterations?: number;
}

export interface Keyring {
  /** The owner, `${organizationId}:${userId}`. */
  owner: string;
  wraps: Wrap[];
  /** The device wrap's key: non-extractable, so its bytes never leave the browser. */
  deviceKey?: CryptoKey;
}

const wrapWith = (dataKey: CryptoKey, kek: CryptoKey): Promise<ArrayBuffer> =>
  crypto.subtle.wrapKey('raw', dataKey, kek, 'AES-KW');

async function unwrapWith(wrapped: ArrayBuffer, kek: CryptoKey): Promise<CryptoKey> {
  try {
    // extractable in memory only, so a new PIN can wrap it again; the clear key is never written
    return await crypto.subtle.unwrapKey('raw', wrapped, kek, 'AES-KW', DATA_KEY, true, [
      'encrypt',
      'decrypt',
    ]);
  } catch {
    throw new VaultError('locked', 'This key does not open the data.');
  }
}

export async function pinKey(
  pin: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', salt, iterations, hash: 'SHA-256' }, base, KW, false, [
    'wrapKey',
    'unwrapKey',
  ]);
}

/** The BFF's per-user escrow key (32 bytes), as a wrapping key that cannot be read back. */
export function escrowKey(raw: BufferSource): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, KW, false, ['wrapKey', 'unwrapKey']);
}

async function pinWrap(dataKey: CryptoKey, pin: string, iterations: number): Promise<Wrap> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return {
    kind: 'pin',
    wrapped: await wrapWith(dataKey, await pinKey(pin, salt, iterations)),
    salt,
    iterations,
  };
}

export interface KeyringOptions {
  /** The org's policy asks for a PIN: no device wrap. */
  pinRequired: boolean;
  pin?: string;
  escrow?: CryptoKey;
  /** PBKDF2 iterations (tests lower it; the product uses PIN_ITERATIONS). */
  iterations?: number;
}

/** A new user on this device: a fresh data key and its wraps. */
export async function createKeyring(
  owner: string,
  options: KeyringOptions,
): Promise<{ keyring: Keyring; dataKey: CryptoKey }> {
  const dataKey = await newDataKey();
  const keyring: Keyring = { owner, wraps: [] };
  if (!options.pinRequired) {
    keyring.deviceKey = await crypto.subtle.generateKey(KW, false, ['wrapKey', 'unwrapKey']);
    keyring.wraps.push({ kind: 'device', wrapped: await wrapWith(dataKey, keyring.deviceKey) });
  }
  if (options.pin !== undefined)
    keyring.wraps.push(await pinWrap(dataKey, options.pin, options.iterations ?? PIN_ITERATIONS));
  if (options.escrow)
    keyring.wraps.push({ kind: 'escrow', wrapped: await wrapWith(dataKey, options.escrow) });
  return { keyring, dataKey };
}

const wrapOf = (k: Keyring, kind: WrapKind): Wrap => {
  const w = k.wraps.find((x) => x.kind === kind);
  if (!w) throw new VaultError('locked', `No ${kind} wrap on this device.`);
  return w;
};

export const hasWrap = (k: Keyring, kind: WrapKind): boolean => k.wraps.some((w) => w.kind === kind);

/** The data key as the escrow key wraps it (sent with a sealed upload: the BFF opens the file with it). */
export const escrowWrapOf = (k: Keyring): ArrayBuffer | null =>
  k.wraps.find((w) => w.kind === 'escrow')?.wrapped ?? null;

export async function openWithDevice(k: Keyring): Promise<CryptoKey> {
  const w = wrapOf(k, 'device');
  if (!k.deviceKey) throw new VaultError('locked', 'No device key.');
  return unwrapWith(w.wrapped, k.deviceKey);
}

export async function openWithPin(k: Keyring, pin: string): Promise<CryptoKey> {
  const w = wrapOf(k, 'pin');
  return unwrapWith(w.wrapped, await pinKey(pin, w.salt ?? new Uint8Array(), w.iterations ?? PIN_ITERATIONS));
}

export async function openWithEscrow(k: Keyring, escrow: CryptoKey): Promise<CryptoKey> {
  return unwrapWith(wrapOf(k, 'escrow').wrapped, escrow);
}

/** A new PIN (set, changed, or again after a lock-out): replaces the PIN wrap. */
export async function withPin(
  k: Keyring,
  dataKey: CryptoKey,
  pin: string,
  iterations = PIN_ITERATIONS,
): Promise<Keyring> {
  return {
    ...k,
    wraps: [...k.wraps.filter((w) => w.kind !== 'pin'), await pinWrap(dataKey, pin, iterations)],
  };
}

/** Too many wrong PINs: the PIN no longer opens anything; the data stays, for an online sign-in. */
export const withoutPin = (k: Keyring): Keyring => ({ ...k, wraps: k.wraps.filter((w) => w.kind !== 'pin') });

/** The escrow wrap again (first online sign-in after the keyring was made offline, or a new escrow key). */
export async function withEscrow(k: Keyring, dataKey: CryptoKey, escrow: CryptoKey): Promise<Keyring> {
  return {
    ...k,
    wraps: [
      ...k.wraps.filter((w) => w.kind !== 'escrow'),
      { kind: 'escrow', wrapped: await wrapWith(dataKey, escrow) },
    ],
  };
}
