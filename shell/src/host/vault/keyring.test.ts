import { describe, expect, it } from 'vitest';
import { openJson, sealJson } from './cipher';
import {
  createKeyring,
  escrowKey,
  hasWrap,
  openWithDevice,
  openWithEscrow,
  openWithPin,
  PIN_ITERATIONS,
  withoutPin,
  withPin,
} from './keyring';

// the product's 600,000 iterations take a fraction of a second each; the wraps' logic is the same
const FAST = 1000;
const escrowBytes = () => crypto.getRandomValues(new Uint8Array(32));

/** The data key a wrap opened is the one the data was sealed with. */
async function opensData(sealedWith: CryptoKey, opened: CryptoKey): Promise<boolean> {
  const s = await sealJson(sealedWith, 'answer', 'p');
  return (await openJson<string>(opened, s, 'p')) === 'answer';
}

describe("a user's data key on the device", () => {
  it('no PIN asked: the device wrap opens it, its key cannot be read out, and nothing stores the clear key', async () => {
    const escrow = await escrowKey(escrowBytes());
    const { keyring, dataKey } = await createKeyring('00D1:005A', { pinRequired: false, escrow });
    expect(keyring.wraps.map((w) => w.kind)).toEqual(['device', 'escrow']);
    expect(keyring.deviceKey?.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', keyring.deviceKey as CryptoKey)).rejects.toThrow();
    expect(await opensData(dataKey, await openWithDevice(keyring))).toBe(true);
    // what is kept holds no CryptoKey but the non-extractable device key, and no raw data key bytes
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', dataKey));
    for (const w of keyring.wraps) expect(Buffer.from(w.wrapped).includes(Buffer.from(raw))).toBe(false);
  });

  it('PIN asked: no device wrap; the right PIN opens, a wrong one does not', async () => {
    const { keyring, dataKey } = await createKeyring('00D1:005A', {
      pinRequired: true,
      pin: '4821',
      iterations: FAST,
    });
    expect(hasWrap(keyring, 'device')).toBe(false);
    await expect(openWithDevice(keyring)).rejects.toMatchObject({ reason: 'locked' });
    expect(await opensData(dataKey, await openWithPin(keyring, '4821'))).toBe(true);
    await expect(openWithPin(keyring, '4822')).rejects.toMatchObject({ reason: 'locked' });
  });

  it('derives the PIN key with 600,000 PBKDF2 iterations by default', async () => {
    const { keyring } = await createKeyring('o:u', { pinRequired: true, pin: '1234' });
    expect(keyring.wraps[0]?.iterations).toBe(PIN_ITERATIONS);
    expect(PIN_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(keyring.wraps[0]?.salt?.length).toBe(16);
  });

  it('a forgotten PIN loses nothing: the escrow key from an online sign-in opens the data, and a new PIN is set', async () => {
    const raw = escrowBytes();
    const { keyring, dataKey } = await createKeyring('o:u', {
      pinRequired: true,
      pin: '1111',
      escrow: await escrowKey(raw),
      iterations: FAST,
    });
    const removed = withoutPin(keyring); // ten wrong PINs
    await expect(openWithPin(removed, '1111')).rejects.toMatchObject({ reason: 'locked' });
    const opened = await openWithEscrow(removed, await escrowKey(raw));
    expect(await opensData(dataKey, opened)).toBe(true);
    const again = await withPin(removed, opened, '2222', FAST);
    expect(await opensData(dataKey, await openWithPin(again, '2222'))).toBe(true);
  });

  it("another user's keys open none of it (shared tablets)", async () => {
    const a = await createKeyring('o:userA', { pinRequired: false, escrow: await escrowKey(escrowBytes()) });
    const b = await createKeyring('o:userB', { pinRequired: false, escrow: await escrowKey(escrowBytes()) });
    const sealed = await sealJson(a.dataKey, 'A’s draft', 'p');
    await expect(openJson(await openWithDevice(b.keyring), sealed, 'p')).rejects.toMatchObject({
      reason: 'tampered',
    });
    // B's device key on A's wrap
    await expect(openWithDevice({ ...a.keyring, deviceKey: b.keyring.deviceKey })).rejects.toMatchObject({
      reason: 'locked',
    });
  });
});
