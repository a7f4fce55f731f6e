/**
 * Values the app must read before any PIN (issue 45): who is signed in on this device, so the app
 * starts offline and the lock knows whose PIN to ask. Only ids stay in the clear in browser storage;
 * the rest (name, username, photo URL, the org's URL) is sealed with a device key: a non-extractable
 * AES-256-GCM key the browser keeps in its own small IndexedDB database, made once per device. It keeps
 * the values out of anything that reads storage as text (a dump of localStorage, a synced profile); the
 * org's data itself is under each user's data key (keyring.ts), which this key never opens.
 */
import { openJson, placeOf, sealJson } from './cipher';

const DB = 'cq-device';
const STORE = 'keys';
const ROW = 'seal';
/** What a sealed text starts with: `v1.` then the IV and the ciphertext, base64. */
const PREFIX = 'v1.';

export interface DeviceSeal {
  /** `value` as text for browser storage, opening only under `key` on this device. */
  seal(key: string, value: unknown): Promise<string>;
  /** The value sealed under `key`; null when it is not a sealed text or does not open. */
  open<T>(key: string, text: string | null): Promise<T | null>;
}

export const isSealedText = (text: string | null): boolean =>
  typeof text === 'string' && text.startsWith(PREFIX);

const b64 = (bytes: Uint8Array): string => {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
};
const unb64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

const place = (key: string): string => placeOf('browser-storage', 'device', key);

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('the device key database failed'));
  });
}

/** The device's key: read, or made and kept by the first tab to ask (a second tab's new key is dropped). */
async function deviceKey(factory: IDBFactory): Promise<CryptoKey> {
  const open = factory.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await request(open);
  try {
    const kept = (await request(db.transaction(STORE).objectStore(STORE).get(ROW))) as CryptoKey | undefined;
    if (kept) return kept;
    const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    // Get and add in one transaction: of two tabs making a key at once, the first one written wins.
    return await new Promise<CryptoKey>((resolve, reject) => {
      const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
      const get = store.get(ROW);
      get.onerror = () => reject(get.error ?? new Error('the device key was not read'));
      get.onsuccess = () => {
        const other = get.result as CryptoKey | undefined;
        if (other) return resolve(other);
        const add = store.add(made, ROW);
        add.onsuccess = () => resolve(made);
        add.onerror = () => reject(add.error ?? new Error('the device key was not kept'));
      };
    });
  } finally {
    db.close();
  }
}

/** `key`: how the device key is had (tests pass one; the app reads IndexedDB once per page). */
export function createDeviceSeal(key: () => Promise<CryptoKey>): DeviceSeal {
  let cached: Promise<CryptoKey> | null = null;
  const get = (): Promise<CryptoKey> =>
    (cached ??= key().catch((error: unknown) => {
      cached = null; // tried again on the next use
      throw error;
    }));
  return {
    async seal(name, value) {
      const sealed = await sealJson(await get(), value, place(name));
      return `${PREFIX}${b64(sealed.iv)}.${b64(new Uint8Array(sealed.ct))}`;
    },
    async open<T>(name: string, text: string | null): Promise<T | null> {
      if (!text || !isSealedText(text)) return null;
      const [iv, ct] = text.slice(PREFIX.length).split('.');
      if (!iv || !ct) return null;
      try {
        return await openJson<T>(await get(), { v: 1, iv: unb64(iv), ct: unb64(ct).buffer }, place(name));
      } catch {
        return null;
      }
    },
  };
}

/** The app's device seal, over the browser's IndexedDB. */
export const browserDeviceSeal = (factory: IDBFactory = indexedDB): DeviceSeal =>
  createDeviceSeal(() => deviceKey(factory));

/** A device of its own, in memory (tests; a browser without IndexedDB keeps the user for the page only). */
export const memoryDeviceSeal = (): DeviceSeal =>
  createDeviceSeal(() =>
    crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
  );
