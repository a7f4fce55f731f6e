// A file uploaded sealed (issue 45) over HTTP against the emulator: the browser's ciphertext and its
// escrow-wrapped data key go to POST /api/files, the BFF opens them with the session user's escrow
// key on the way, and the org stores the clear bytes (size and checksum checked at the org). A file
// sealed for another user, with another AAD, or with one byte changed does not land.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_MESSAGES, MESSAGES, UPLOAD_SEALED_HEADER, sealedUploadHeader } from 'shared-contracts';
import { DEMO, passwordToken, signedIn, startBff, type Client, type RunningBff } from './helpers';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let field: Client;
let partner: Client;

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  [field, partner] = await Promise.all([signedIn(bff.base, DEMO.field), signedIn(bff.base, DEMO.partner)]);
});
afterAll(() => bff.close());

const subtle = globalThis.crypto.subtle;
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

interface SealedFile {
  ct: Buffer;
  header: string;
  aad: string;
}

/** Seals `bytes` as the device does (sealing.ts, vault/keyring.ts): a fresh data key, wrapped by `escrow`. */
async function seal(bytes: Buffer, escrowB64: string, aad: string): Promise<SealedFile> {
  const dataKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const iv = new Uint8Array(crypto.randomBytes(12));
  const ct = Buffer.from(
    await subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(aad) },
      dataKey,
      new Uint8Array(bytes),
    ),
  );
  const kek = await subtle.importKey('raw', Buffer.from(escrowB64, 'base64'), 'AES-KW', false, ['wrapKey']);
  const wrappedKey = new Uint8Array(await subtle.wrapKey('raw', dataKey, kek, 'AES-KW'));
  return { ct, aad, header: sealedUploadHeader({ iv, wrappedKey, aad }) };
}

const escrowOf = async (c: Client): Promise<string> =>
  c.data<{ key: string }>(await c.get('/api/vault/escrowKey')).key;

async function upload(c: Client, body: Buffer, headers: Record<string, string>) {
  const fd = new FormData();
  fd.append('fileData', new Blob([new Uint8Array(body)]), 'photo.jpg');
  const res = await fetch(`${c.base}/api/files`, {
    method: 'POST',
    body: fd,
    headers: { 'X-Requested-With': 'cq', Origin: c.base, Cookie: c.jar.header(c.base), ...headers },
  });
  return { status: res.status, json: (await res.json()) as { data?: { id: string }; messages?: string[] } };
}

async function stored(username: string, key: string) {
  const token = await passwordToken(emulatorUrl, username);
  const soql = `SELECT ContentDocumentId, ContentSize, Checksum FROM ContentVersion WHERE cqext__Upload_Key__c = '${key}'`;
  const res = await fetch(`${emulatorUrl}/services/data/v62.0/query?q=${encodeURIComponent(soql)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (
    (await res.json()) as { records: { ContentDocumentId: string; ContentSize: number; Checksum: string }[] }
  ).records;
}

const md5 = (b: Buffer): string => crypto.createHash('md5').update(b).digest('hex');
const sha256 = (b: Buffer): string => crypto.createHash('sha256').update(b).digest('hex');

describe('sealed uploads', () => {
  it('opens the sealed bytes with the user’s escrow key: the org stores the clear file, for field and partner users', async () => {
    // 3 MB + a few bytes: many chunks, and a tag split across them
    const clear = Buffer.concat([JPEG_HEAD, crypto.randomBytes(3 * 1024 * 1024 + 7)]);
    for (const [who, c] of [
      [DEMO.field, field],
      [DEMO.partner, partner],
    ] as const) {
      const key = crypto.randomUUID();
      const s = await seal(clear, await escrowOf(c), `images.file\u0000${key}`);
      const r = await upload(c, s.ct, {
        [UPLOAD_SEALED_HEADER]: s.header,
        'X-Upload-Key': key,
        'X-Upload-Sha256': sha256(clear),
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const rows = await stored(who, key);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        ContentDocumentId: r.json.data?.id,
        ContentSize: clear.length,
        Checksum: md5(clear),
      });
    }
  });

  it('a file sealed for another user, bound elsewhere or changed does not land, with the upload error', async () => {
    const clear = Buffer.concat([JPEG_HEAD, crypto.randomBytes(200_000)]);
    const aad = 'images.file\u0000x';
    const otherUsers = await seal(clear, await escrowOf(partner), aad);
    const mine = await seal(clear, await escrowOf(field), aad);
    const changed = Buffer.from(mine.ct);
    changed[changed.length - 1000] = (changed[changed.length - 1000] ?? 0) ^ 1;
    const elsewhere = sealedUploadHeader({
      ...(() => {
        const [, iv, wk] = mine.header.split('.');
        const b = (p: string | undefined) => Buffer.from(p ?? '', 'base64url');
        return { iv: new Uint8Array(b(iv)), wrappedKey: new Uint8Array(b(wk)) };
      })(),
      aad: 'images.file\u0000y',
    });
    for (const [ct, header] of [
      [otherUsers.ct, otherUsers.header],
      [changed, mine.header],
      [mine.ct, elsewhere],
      [mine.ct.subarray(0, 10), mine.header],
    ] as const) {
      const key = crypto.randomUUID();
      const r = await upload(field, ct, { [UPLOAD_SEALED_HEADER]: header, 'X-Upload-Key': key });
      expect(r.status).toBe(400);
      expect(r.json.messages).toEqual([MESSAGES.fileUploadErrorFound]);
      expect(await stored(DEMO.field, key)).toEqual([]);
    }
  });

  it('refuses a header that is not one', async () => {
    const r = await upload(field, Buffer.concat([JPEG_HEAD, Buffer.alloc(100)]), {
      [UPLOAD_SEALED_HEADER]: 'v1.abc.def.ghi',
    });
    expect(r.status).toBe(400);
    expect(r.json.messages).toEqual([API_MESSAGES.uploadSealedInvalid]);
  });
});
