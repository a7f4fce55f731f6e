/**
 * Where the device keeps each user's keyring (issue 45): its own small IndexedDB database, one row per
 * owner (`${organizationId}:${userId}`). Only wraps are stored (and the device wrap's non-extractable key,
 * which IndexedDB keeps as the browser's own object): never a data key in the clear.
 */
import type { Keyring } from './keyring';

export interface KeyringStore {
  get(owner: string): Promise<Keyring | undefined>;
  put(keyring: Keyring): Promise<void>;
  /** Stores a new user's keyring unless one is there already: resolves to the one stored (first wins). */
  create(keyring: Keyring): Promise<Keyring>;
}

const DB = 'cq-vault';
const STORE = 'keyrings';

function open(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'owner' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('the vault database did not open'));
  });
}

function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('vault database request failed'));
  });
}

export function indexedDbKeyringStore(factory: IDBFactory = indexedDB): KeyringStore {
  let db: Promise<IDBDatabase> | null = null;
  const store = async (mode: IDBTransactionMode): Promise<IDBObjectStore> => {
    db ??= open(factory);
    return (await db).transaction(STORE, mode).objectStore(STORE);
  };
  return {
    async get(owner) {
      return (await done((await store('readonly')).get(owner))) as Keyring | undefined;
    },
    async put(keyring) {
      await done((await store('readwrite')).put(keyring));
    },
    async create(keyring) {
      try {
        await done((await store('readwrite')).add(keyring));
        return keyring;
      } catch {
        // another tab (or the worker) made this user's keyring first: theirs is the one
        const stored = (await done((await store('readonly')).get(keyring.owner))) as Keyring | undefined;
        if (!stored) throw new Error('the vault database refused a new keyring');
        return stored;
      }
    },
  };
}

/** For tests and for browsers without IndexedDB (the keyring then lasts as long as the page). */
export function memoryKeyringStore(): KeyringStore {
  const rows = new Map<string, Keyring>();
  return {
    get: (owner) => Promise.resolve(rows.get(owner)),
    put: (keyring) => {
      rows.set(keyring.owner, keyring);
      return Promise.resolve();
    },
    create: (keyring) => {
      const stored = rows.get(keyring.owner) ?? keyring;
      rows.set(keyring.owner, stored);
      return Promise.resolve(stored);
    },
  };
}
