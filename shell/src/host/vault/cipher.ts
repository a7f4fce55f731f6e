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

/**
 * A file or photo sealed: the ciphertext kept as a Blob, so IndexedDB stores it as a file of its own
 * beside a small row. As an ArrayBuffer inside the row, Chromium wraps every row over 64 KB into a blob
 * of the whole serialized row, on every write and every read of the record: a 100 MB photo's record
 * cost 100 MB of blob storage each time its status was read or written. `ct` is an ArrayBuffer in rows
 * sealed before this format (read as they are).
 */
export interface SealedBlob {
  v: 1;
  iv: Uint8Array<ArrayBuffer>;
  ct: Blob | ArrayBuffer;
  type: string;
}

/** A file or photo: its bytes sealed; the MIME type stays beside them (no user value). */
export async function sealBlob(key: CryptoKey, blob: Blob, aad: string): Promise<SealedBlob> {
  const { v, iv, ct } = await sealBytes(key, await blob.arrayBuffer(), aad);
  return { v, iv, ct: new Blob([ct]), type: blob.type };
}

/**
 * A file's bytes opened as an ArrayBuffer: no Blob of the clear bytes is made (Chromium keeps large
 * Blobs in its blob storage, which it pages to the profile's disk under memory pressure).
 */
export async function openBlobBytes(key: CryptoKey, sealed: SealedBlob, aad: string): Promise<ArrayBuffer> {
  const ct = sealed.ct instanceof ArrayBuffer ? sealed.ct : await sealed.ct.arrayBuffer();
  return openBytes(key, { v: sealed.v, iv: sealed.iv, ct }, aad);
}

export async function openBlob(key: CryptoKey, sealed: SealedBlob, aad: string): Promise<Blob> {
  return new Blob([await openBlobBytes(key, sealed, aad)], { type: sealed.type });
}

/** Where a value lives, as its AAD: a sealed value opens only there. */
export const placeOf = (store: string, owner: string, id: string): string =>
  `${store}\u0000${owner}\u0000${id}`;
