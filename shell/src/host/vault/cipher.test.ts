import { describe, expect, it } from 'vitest';
import { isSealed, newDataKey, openBlob, openJson, placeOf, sealBlob, sealJson, VaultError } from './cipher';

describe('sealing a record', () => {
  it('opens what it sealed, and the sealed bytes hold none of the clear text', async () => {
    const key = await newDataKey();
    const value = { General: { note: 'Leak under the north pump' }, n: 42 };
    const at = placeOf('submissions', '00D1:0051', 'sub-1');
    const sealed = await sealJson(key, value, at);
    expect(isSealed(sealed)).toBe(true);
    expect(Buffer.from(sealed.ct).toString('latin1')).not.toContain('north pump');
    expect(await openJson(key, sealed, at)).toEqual(value);
  });

  it('uses a fresh IV per seal', async () => {
    const key = await newDataKey();
    const a = await sealJson(key, 'same', 'x');
    const b = await sealJson(key, 'same', 'x');
    expect(Buffer.from(a.iv).equals(Buffer.from(b.iv))).toBe(false);
    expect(Buffer.from(a.ct).equals(Buffer.from(b.ct))).toBe(false);
  });

  it('refuses a value moved to another record or owner, another key, or changed bytes', async () => {
    const key = await newDataKey();
    const sealed = await sealJson(key, { a: 1 }, placeOf('submissions', 'u1', 'r1'));
    const refused = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ reason: 'tampered' });
    await refused(openJson(key, sealed, placeOf('submissions', 'u1', 'r2')));
    await refused(openJson(key, sealed, placeOf('submissions', 'u2', 'r1')));
    await refused(openJson(await newDataKey(), sealed, placeOf('submissions', 'u1', 'r1')));
    const bytes = new Uint8Array(sealed.ct.slice(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    await refused(openJson(key, { ...sealed, ct: bytes.buffer }, placeOf('submissions', 'u1', 'r1')));
    await expect(openJson(key, { clear: true }, 'x')).rejects.toBeInstanceOf(VaultError);
  });

  it('seals a photo: bytes and type come back', async () => {
    const key = await newDataKey();
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' });
    const sealed = await sealBlob(key, photo, 'files\u0000u\u0000L1');
    const back = await openBlob(key, sealed, 'files\u0000u\u0000L1');
    expect(back.type).toBe('image/jpeg');
    expect([...new Uint8Array(await back.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);
  });
});
