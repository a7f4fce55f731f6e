import { describe, expect, it } from 'vitest';
import { Signal } from '../signal';
import { openJson, sealJson, VaultError } from './cipher';
import { dataKeySource } from './data-keys';
import { createKeyring, escrowKey } from './keyring';
import { memoryKeyringStore } from './keyring-store';

const FIELD = { organizationId: '00D1', userId: '005FIELD' };
const OWNER = '00D1:005FIELD';
const ESCROW = new Uint8Array(32).fill(7);
const b64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));

/** The same key: what one seals, the other opens. */
async function same(a: CryptoKey, b: CryptoKey): Promise<boolean> {
  try {
    await openJson(b, await sealJson(a, 'x', 'p'), 'p');
    return true;
  } catch {
    return false;
  }
}

describe('the stores’ data keys', () => {
  it('no PIN asked: two tabs at once make one keyring, and the worker opens it with the device key', async () => {
    const keyrings = memoryKeyringStore();
    const tab = () =>
      dataKeySource({
        keyrings,
        pinRequired: () => false,
        wait: true,
        keys: new Signal<ReadonlyMap<string, CryptoKey>>(new Map()),
      });
    const [a, b] = await Promise.all([tab().keyFor(FIELD), tab().keyFor(FIELD)]);
    expect(await same(a, b)).toBe(true);
    const worker = dataKeySource({
      keyrings,
      pinRequired: () => Promise.resolve(false),
      wait: false,
      keys: new Signal<ReadonlyMap<string, CryptoKey>>(new Map()),
    });
    expect(await same(a, await worker.keyFor(FIELD))).toBe(true);
  });

  it('a PIN asked: the worker opens the data with the escrow key online, and leaves it locked offline', async () => {
    const keyrings = memoryKeyringStore();
    const { keyring, dataKey } = await createKeyring(OWNER, {
      pinRequired: true,
      pin: '123456',
      escrow: await escrowKey(ESCROW),
      iterations: 1000,
    });
    await keyrings.put(keyring);
    const worker = (escrow: () => Promise<string>) =>
      dataKeySource({
        keyrings,
        pinRequired: () => Promise.resolve(true),
        escrow,
        openWithEscrowKey: true,
        wait: false,
        keys: new Signal<ReadonlyMap<string, CryptoKey>>(new Map()),
      });
    await expect(worker(() => Promise.reject(new TypeError('offline'))).keyFor(FIELD)).rejects.toBeInstanceOf(
      VaultError,
    );
    expect(await same(dataKey, await worker(() => Promise.resolve(b64(ESCROW))).keyFor(FIELD))).toBe(true);
  });

  it('a PIN asked: the page waits for the vault to open the key (never the device wrap, never a new keyring)', async () => {
    const keyrings = memoryKeyringStore();
    const { keyring, dataKey } = await createKeyring(OWNER, { pinRequired: false });
    await keyrings.put(keyring); // made while the org asked for no PIN: its device wrap must not open now
    const board = new Signal<ReadonlyMap<string, CryptoKey>>(new Map());
    const page = dataKeySource({ keyrings, pinRequired: () => true, wait: true, keys: board });
    let got: CryptoKey | null = null;
    const waiting = page.keyFor(FIELD).then((k) => (got = k));
    await new Promise((r) => setTimeout(r, 20));
    expect(got).toBeNull();
    board.set(new Map([[OWNER, dataKey]]));
    await waiting;
    expect(got).toBe(dataKey);
    // someone else's key on the board opens nothing of this user's
    const other = dataKeySource({
      keyrings: memoryKeyringStore(),
      pinRequired: () => true,
      wait: false,
      keys: board,
    });
    await expect(other.keyFor({ organizationId: '00D1', userId: '005PARTNER' })).rejects.toBeInstanceOf(
      VaultError,
    );
  });
});
