/**
 * Encryption at rest (issue 45): AES-256-GCM through Web Crypto. Every sealed value is bound to where
 * it lives (the AAD: store, owner and record id), so a ciphertext copied onto another record, or
 * another user's, does not open. A fresh 96-bit IV per seal; the same key never sees 2^32 seals on
 * one device (a record's every save is one seal).
 */

/** What a store keeps instead of the clear value. `v` is the format, for a later change of cipher. */
export interface Sealed {
  v: 1;
  iv: Uint8Array<ArrayBuffer>;
  ct: ArrayBuffer;
}

/** A sealed value that does not open: wrong key, wrong place, or changed bytes. */
export class VaultError extends Error {
  constructor(
    readonly reason: 'tampered' | 'locked' | 'format',
    message: string,
  ) {
    super(message);
    this.name = 'VaultError';
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const IV_BYTES = 12;

export const isSealed = (x: unknown): x is Sealed =>
  typeof x === 'object' &&
  x !== null &&
  (x as Sealed).v === 1 &&
  (x as Sealed).iv instanceof Uint8Array &&
  (x as Sealed).ct instanceof ArrayBuffer;

/** A new data key: AES-256-GCM, extractable only so that it can be wrapped (never stored in the clear). */
export function newDataKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
}

export async function sealBytes(key: CryptoKey, bytes: BufferSource, aad: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(aad) },
    key,
    bytes,
  );
  return { v: 1, iv, ct };
}

export async function openBytes(key: CryptoKey, sealed: unknown, aad: string): Promise<ArrayBuffer> {
  if (!isSealed(sealed)) throw new VaultError('format', 'Not a sealed value.');
  try {
    return await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.iv, additionalData: encoder.encode(aad) },
      key,
      sealed.ct,
    );
  } catch {
    // GCM's tag check: the only failure decrypt has for a well-formed value
    throw new VaultError('tampered', 'A stored value could not be opened with this key.');
  }
}

export const sealJson = (key: CryptoKey, value: unknown, aad: string): Promise<Sealed> =>
  sealBytes(key, encoder.encode(JSON.stringify(value)), aad);

export async function openJson<T>(key: CryptoKey, sealed: unknown, aad: string): Promise<T> {
  return JSON.parse(decoder.decode(await openBytes(key, sealed, aad))) as T;
}

/** A file or photo: its bytes sealed; the MIME type stays beside them (no user value). */
export async function sealBlob(key: CryptoKey, blob: Blob, aad: string): Promise<Sealed & { type: string }> {
  return { ...(await sealBytes(key, await blob.arrayBuffer(), aad)), type: blob.type };
}

export async function openBlob(
  key: CryptoKey,
  sealed: Sealed & { type?: string },
  aad: string,
): Promise<Blob> {
  return new Blob([await openBytes(key, sealed, aad)], { type: sealed.type ?? '' });
}

/** Where a value lives, as its AAD: a sealed value opens only there. */
export const placeOf = (store: string, owner: string, id: string): string =>
  `${store}\u0000${owner}\u0000${id}`;
