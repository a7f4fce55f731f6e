/**
 * A file uploaded sealed (issue 45, shared-contracts UPLOAD_SEALED_HEADER): the browser sends the
 * bytes as they lie on the device, AES-256-GCM ciphertext with its tag at the end, and the data key
 * wrapped by the user's escrow key. Here the key is unwrapped with the session user's escrow key (so
 * only that user's own files open) and the bytes are opened chunk by chunk on their way to the org.
 *
 * GCM's tag comes last, so the clear bytes are passed on before it is checked; a file whose tag does
 * not match fails at its end (SealedFileError), which fails the org request mid-body: the org keeps
 * nothing of it.
 */
import crypto from 'node:crypto';
import type { SealedUpload } from 'shared-contracts';

const TAG_BYTES = 16;
/** RFC 3394's default initial value: what Web Crypto's AES-KW wraps with. */
const KW_IV = Buffer.from('A6A6A6A6A6A6A6A6', 'hex');

/** The sealed file does not open: wrong key, wrong AAD or changed bytes. */
export class SealedFileError extends Error {
  constructor() {
    super('the sealed file did not open');
  }
}

/** The data key unwrapped with the escrow key, or a SealedFileError (AES-KW's integrity check). */
export function unwrapDataKey(escrowKey: Buffer, wrapped: Uint8Array): Buffer {
  try {
    const d = crypto.createDecipheriv('id-aes256-wrap', escrowKey, KW_IV);
    return Buffer.concat([d.update(wrapped), d.final()]);
  } catch {
    throw new SealedFileError();
  }
}

/** A sealed file's ciphertext in, its clear bytes out: the last 16 bytes are held back as the tag. */
export async function* openSealed(
  source: AsyncIterator<Buffer>,
  escrowKey: Buffer,
  sealed: SealedUpload,
): AsyncGenerator<Buffer> {
  const key = unwrapDataKey(escrowKey, sealed.wrappedKey);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.iv);
  decipher.setAAD(Buffer.from(sealed.aad, 'utf8'));
  let held: Buffer = Buffer.alloc(0);
  for (let next = await source.next(); !next.done; next = await source.next()) {
    const chunk = held.length > 0 ? Buffer.concat([held, next.value]) : next.value;
    if (chunk.length <= TAG_BYTES) {
      held = chunk;
      continue;
    }
    held = chunk.subarray(chunk.length - TAG_BYTES);
    const clear = decipher.update(chunk.subarray(0, chunk.length - TAG_BYTES));
    if (clear.length > 0) yield clear;
  }
  if (held.length !== TAG_BYTES) throw new SealedFileError();
  decipher.setAuthTag(held);
  try {
    const last = decipher.final();
    if (last.length > 0) yield last;
  } catch {
    throw new SealedFileError();
  }
}
