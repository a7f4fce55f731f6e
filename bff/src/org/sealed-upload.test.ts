import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSealed, SealedFileError, unwrapDataKey } from './sealed-upload';

const subtle = globalThis.crypto.subtle;

async function sealed(clear: Buffer, aad: string) {
  const escrow = crypto.randomBytes(32);
  const dataKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = new Uint8Array(crypto.randomBytes(12));
  const ct = Buffer.from(
    await subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: Buffer.from(aad) },
      dataKey,
      new Uint8Array(clear),
    ),
  );
  const kek = await subtle.importKey('raw', escrow, 'AES-KW', false, ['wrapKey']);
  const wrappedKey = new Uint8Array(await subtle.wrapKey('raw', dataKey, kek, 'AES-KW'));
  return { escrow, ct, header: { iv, wrappedKey, aad } };
}

/** The ciphertext cut into chunks of `size` bytes, as a socket might deliver it. */
async function* chunks(b: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

async function drain(it: AsyncGenerator<Buffer>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const c of it) out.push(c);
  return Buffer.concat(out);
}

describe('openSealed', () => {
  it('gives back the clear bytes whatever the chunking, the tag held back across chunks', async () => {
    const clear = crypto.randomBytes(70_001);
    const s = await sealed(clear, 'images.file\u0000a');
    for (const size of [1, 5, 16, 17, 4096, 70_017, 1 << 20]) {
      expect((await drain(openSealed(chunks(s.ct, size), s.escrow, s.header))).equals(clear)).toBe(true);
    }
  });

  it('fails at the end on a changed byte, a wrong AAD, a cut file or another escrow key', async () => {
    const clear = crypto.randomBytes(10_000);
    const s = await sealed(clear, 'images.file\u0000a');
    const changed = Buffer.from(s.ct);
    changed[5] = (changed[5] ?? 0) ^ 1;
    const cases: [Buffer, Buffer, typeof s.header][] = [
      [changed, s.escrow, s.header],
      [s.ct, s.escrow, { ...s.header, aad: 'images.file\u0000b' }],
      [s.ct.subarray(0, s.ct.length - 1), s.escrow, s.header],
      [s.ct.subarray(0, 10), s.escrow, s.header],
    ];
    for (const [ct, escrow, header] of cases) {
      await expect(drain(openSealed(chunks(ct, 1000), escrow, header))).rejects.toBeInstanceOf(
        SealedFileError,
      );
    }
    expect(() => unwrapDataKey(crypto.randomBytes(32), s.header.wrappedKey)).toThrow(SealedFileError);
  });
});
