/**
 * Where the offline stores get an owner's data key (issue 45; the stores' sealing is
 * offline/sealing.ts). In order:
 * - the key the vault has open in this page (`openKeys`, set by vault.ts through lock-boot);
 * - the device wrap, when the org asks for no PIN: it opens without the user, in the page and in the
 *   service worker alike (the non-extractable device key is in IndexedDB, readable from both);
 *   a user with no keyring yet gets one here (the first one written wins: two tabs never make two keys;
 *   with a PIN asked, only the vault makes it, with the PIN);
 * - the escrow wrap, where allowed (the service worker, online: the BFF releases the escrow key to the
 *   browser's session);
 * - else, in the page, it waits for the vault to open (the PIN, an online sign-in); in the worker it
 *   throws VaultError('locked') and the queue waits for later. Never a key in the clear.
 */
import { devicePolicy, ROUTE_ENDPOINTS } from 'shared-contracts';
import type { BffClient } from '../bff-client';
import type { Owner } from '../offline/owner';
import type { DataKeys } from '../offline/sealing';
import { Signal } from '../signal';
import { VaultError } from './cipher';
import { createKeyring, escrowKey, escrowWrapOf, hasWrap, openWithDevice, openWithEscrow } from './keyring';
import type { KeyringStore } from './keyring-store';

/** The data keys the vault holds open in this page, by owner (`${organizationId}:${userId}`). */
export const openKeys = new Signal<ReadonlyMap<string, CryptoKey>>(new Map());

/** The vault opened (a key) or forgot (null) an owner's data key. */
export function publishKey(owner: string, key: CryptoKey | null): void {
  const next = new Map(openKeys.get());
  if (key) next.set(owner, key);
  else next.delete(owner);
  openKeys.set(next);
}

export const fromBase64 = (b64: string): Uint8Array<ArrayBuffer> => {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

/** The org's device policy as the BFF reads it (the worker): a PIN unless it says otherwise. */
export const pinRequiredVia = (client: Pick<BffClient, 'request'>) => (): Promise<boolean> =>
  client
    .request<unknown>(ROUTE_ENDPOINTS.vaultPolicy[1], { method: 'GET' })
    .then((p) => devicePolicy(p).pinRequired)
    .catch(() => true);

/** The escrow key through the BFF with the session cookie (the page's client, or the worker's own). */
export const escrowVia = (client: Pick<BffClient, 'request'>) => (): Promise<string> =>
  client.request<{ key: string }>(ROUTE_ENDPOINTS.vaultEscrowKey[1], { method: 'GET' }).then((r) => r.key);

export interface DataKeySourceDeps {
  keyrings: KeyringStore;
  /**
   * Whether the org's policy asks for a PIN (then the device wrap is not used, and no keyring is made
   * here: the vault makes it with the PIN). The page: the kept policy; the worker: the BFF's answer
   * (true when it cannot be read: nothing opens without the user that the policy might guard).
   */
  pinRequired: () => boolean | Promise<boolean>;
  /** The BFF's escrow key for the session's user, base64 (throws offline or signed out). */
  escrow?: () => Promise<string>;
  /** Open with the escrow key when no other way is open (the worker); a new keyring's escrow wrap uses it anyway. */
  openWithEscrowKey?: boolean;
  /** Wait for the vault while locked (the page); otherwise throw VaultError('locked'). */
  wait: boolean;
  keys?: Signal<ReadonlyMap<string, CryptoKey>>;
}

export function dataKeySource(deps: DataKeySourceDeps): DataKeys {
  const board = deps.keys ?? openKeys;
  /** Keys opened without the vault (device or escrow wrap): they do not lock, so they are kept. */
  const opened = new Map<string, Promise<CryptoKey | null>>();

  const escrow = async (): Promise<CryptoKey | null> => {
    if (!deps.escrow) return null;
    try {
      return await escrowKey(fromBase64(await deps.escrow()));
    } catch {
      return null;
    }
  };

  const withoutVault = async (owner: string): Promise<CryptoKey | null> => {
    const pin = await deps.pinRequired();
    let ring = await deps.keyrings.get(owner);
    if (!ring && !pin) {
      const e = await escrow();
      const made = await createKeyring(owner, { pinRequired: false, ...(e ? { escrow: e } : {}) });
      ring = await deps.keyrings.create(made.keyring);
    }
    if (!ring) return null;
    if (!pin && hasWrap(ring, 'device')) return openWithDevice(ring);
    if (deps.openWithEscrowKey && hasWrap(ring, 'escrow')) {
      const e = await escrow();
      if (e) return openWithEscrow(ring, e);
    }
    return null;
  };

  const fromBoard = (owner: string): Promise<CryptoKey> =>
    new Promise((resolve) => {
      const stop = board.subscribe((m) => {
        const k = m.get(owner);
        if (!k) return;
        stop();
        resolve(k);
      });
    });

  return {
    async keyFor(o: Owner): Promise<CryptoKey> {
      const owner = `${o.organizationId}:${o.userId}`;
      const open = board.get().get(owner);
      if (open) return open;
      let found = opened.get(owner);
      if (!found) {
        found = withoutVault(owner);
        opened.set(owner, found);
      }
      const key = await found.catch(() => null);
      if (key) return key;
      opened.delete(owner); // tried again next time (a keyring made since, back online)
      const meanwhile = board.get().get(owner);
      if (meanwhile) return meanwhile;
      if (!deps.wait) throw new VaultError('locked', 'The data key is not open: the app is locked.');
      return fromBoard(owner);
    },
    async escrowWrap(o: Owner): Promise<ArrayBuffer | null> {
      const ring = await deps.keyrings.get(`${o.organizationId}:${o.userId}`);
      return ring ? escrowWrapOf(ring) : null;
    },
  };
}
