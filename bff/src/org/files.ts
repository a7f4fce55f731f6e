import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import {
  API_MESSAGES,
  API_VERSION_FILE_UPLOAD,
  API_VERSION_PREVIEWS,
  MAX_FILE_SIZE_BYTES,
  MESSAGES,
  UPLOAD_SEALED_HEADER,
  fileTypeRefusedMessage,
  parseSealedUploadHeader,
  type FileTypeRefusal,
  type SealedUpload,
} from 'shared-contracts';
import { ApiError } from '../http/errors';
import type { Call } from '../routes/types';
import { FileTooLargeError, multipartFileBody, readHead } from './multipart-stream';
import { escrowKeyFor } from './escrow-key';
import { openSealed, SealedFileError } from './sealed-upload';
import { postStream, type StreamedAnswer } from './stream-post';
import {
  UPLOAD_KEY_HEADER,
  findUploaded,
  isUploadKey,
  uploadKeyField,
  type UploadedFile,
} from './upload-key';

/** What the first bytes say a file really is. */
export function sniffType(head: Buffer): { mime: string; ok: boolean; refusal?: FileTypeRefusal } {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = head.subarray(0, 64).toString('latin1').trimStart().toLowerCase();
  if (starts(0x89, 0x50, 0x4e, 0x47)) return { mime: 'image/png', ok: true };
  if (starts(0xff, 0xd8, 0xff)) return { mime: 'image/jpeg', ok: true };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { mime: 'image/gif', ok: true };
  if (starts(0x52, 0x49, 0x46, 0x46) && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return { mime: 'image/webp', ok: true };
  if (starts(0x42, 0x4d)) return { mime: 'image/bmp', ok: true };
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = head.subarray(8, 12).toString('latin1');
    return { mime: /hei|mif/.test(brand) ? 'image/heic' : 'video/mp4', ok: true };
  }
  if (starts(0x25, 0x50, 0x44, 0x46)) return { mime: 'application/pdf', ok: true };
  if (starts(0x50, 0x4b, 0x03, 0x04)) return { mime: 'application/zip', ok: true };
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return { mime: 'application/x-ole-storage', ok: true };
  if (starts(0x4d, 0x5a)) return { mime: 'application/x-msdownload', ok: false, refusal: 'executable' };
  if (starts(0x7f, 0x45, 0x4c, 0x46)) return { mime: 'application/x-elf', ok: false, refusal: 'executable' };
  if (starts(0xcf, 0xfa, 0xed, 0xfe) || starts(0xfe, 0xed, 0xfa, 0xce))
    return { mime: 'application/x-mach-binary', ok: false, refusal: 'executable' };
  if (ascii.startsWith('#!')) return { mime: 'text/x-script', ok: false, refusal: 'script' };
  if (/^<(!doctype html|html|script|svg|\?xml[^>]*>\s*<svg)/.test(ascii)) {
    return { mime: 'text/html', ok: false, refusal: 'markup' };
  }
  // Text (csv, json, txt): valid UTF-8 without NULs.
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    if (!head.includes(0)) return { mime: 'text/plain', ok: true };
  } catch {
    // not text
  }
  return { mime: 'application/octet-stream', ok: true };
}

const SNIFF_BYTES = 64;
const SEALED_TAG_BYTES = 16;

/** How long a key stays locked while its upload runs (a crashed instance frees it after this). */
const UPLOAD_LOCK_MS = 10 * 60_000;

/**
 * Streams a multipart upload (field fileData) to the org's Connect files endpoint: internal users to
 * /connect/files/users/me, POWER_PARTNER users to /connect/communities/{networkId}/files/users/me.
 * The 100 MB limit is enforced while streaming (the org request is aborted past it); the type sent to
 * the org is the one the first bytes show, and dangerous types are refused. The body goes to the org
 * through a pipeline (multipart-stream, stream-post): chunk by chunk, at the org's pace.
 *
 * Exactly once (upload-key): with an X-Upload-Key the key is written on the new ContentVersion in the
 * same request, and looked up first (under a per-key lock): a retry after a lost answer gets the
 * first upload's answer without uploading again.
 */
export async function fileUpload(call: Call): Promise<unknown> {
  const { ctx } = call;
  const type = ctx.get('Content-Type');
  if (!/^multipart\/form-data;/i.test(type))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', API_MESSAGES.uploadNotMultipart);
  const declared = Number(ctx.get('Content-Length') || NaN);
  if (Number.isFinite(declared) && declared > MAX_FILE_SIZE_BYTES + 64 * 1024)
    throw new ApiError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge);
  const uploadKey = ctx.get(UPLOAD_KEY_HEADER);
  if (uploadKey && !isUploadKey(uploadKey)) throw new ApiError('BAD_REQUEST', API_MESSAGES.uploadKeyInvalid);
  const expectedSha = ctx.get('X-Upload-Sha256').toLowerCase();
  if (expectedSha && !/^[0-9a-f]{64}$/.test(expectedSha))
    throw new ApiError('BAD_REQUEST', API_MESSAGES.uploadShaInvalid);
  const auth = call.auth();
  const sealed = sealedOf(call, auth.organizationId, auth.userId);
  const namespace = call.deps.config.salesforce.namespace;
  let release: (() => Promise<void>) | null = null;
  if (uploadKey) {
    // One upload per key at a time: a retry that arrives while the first is still with the org is
    // told to come back (503, retried by the uploader) instead of racing it.
    release = await call.deps.store.tryLock(
      `upload:${auth.organizationId}:${auth.userId}:${uploadKey}`,
      UPLOAD_LOCK_MS,
    );
    if (!release) throw new ApiError('ORG_UNAVAILABLE', API_MESSAGES.uploadInProgress, undefined, 503);
  }
  try {
    if (uploadKey && ctx.get('X-Upload-Retry') === '1') {
      // A retry (an earlier answer may have been lost): ask the org for the first copy before sending
      // the bytes again. A first try skips this call (issue 33: one org call per file); the org's
      // unique upload key refuses a second copy anyway (DUPLICATE_VALUE, answered below).
      const known = await findUploaded(call.conn(), namespace, uploadKey, auth.userId);
      if (known) {
        ctx.req.resume();
        return known;
      }
    } else if (!uploadKey) {
      await call
        .conn()
        .request(`/services/data/v${call.deps.config.salesforce.apiVersion}/`)
        .catch((err: unknown) => {
          const code = (err as { errorCode?: string }).errorCode;
          if (code && code.startsWith('ERROR_HTTP_4') && code !== 'ERROR_HTTP_401') return;
          throw err;
        });
    }
    const hash = crypto.createHash('sha256');
    let result: UploadedFile;
    try {
      result = await streamToOrg(
        call,
        uploadKey ? [[uploadKeyField(namespace), uploadKey]] : [],
        hash,
        sealed,
      );
    } catch (err) {
      // The org refused a second file with this key: the first one is there (a race lost by this
      // request), so it is the answer.
      const known =
        uploadKey &&
        err instanceof ApiError &&
        err.code === 'ORG_ERROR' &&
        /DUPLICATE_VALUE/.test(err.message)
          ? await findUploaded(call.conn(), namespace, uploadKey, auth.userId)
          : null;
      if (known) return known;
      throw err;
    }
    if (expectedSha && hash.digest('hex') !== expectedSha) {
      // The bytes that arrived are not the file the browser hashed: remove the copy (its version and
      // key go with it), let it retry.
      await call
        .conn()
        .sobject('ContentDocument')
        .destroy(result.id)
        .catch(() => undefined);
      throw new ApiError('BAD_REQUEST', MESSAGES.fileUploadErrorFound, { reason: 'sha256 mismatch' });
    }
    return result;
  } finally {
    await release?.().catch(() => undefined);
  }
}

/** A sealed upload's header read, with the session user's escrow key that opens it; null: sent clear. */
function sealedOf(call: Call, organizationId: string, userId: string): OpenWith | null {
  const value = call.ctx.get(UPLOAD_SEALED_HEADER);
  if (!value) return null;
  const header = parseSealedUploadHeader(value);
  if (!header) throw new ApiError('BAD_REQUEST', API_MESSAGES.uploadSealedInvalid);
  const secret = call.deps.config.vault.escrowSecret;
  // a device's escrow wrap from when the server had a secret: nothing here opens it
  if (!secret) throw notOpened();
  return { header, escrowKey: escrowKeyFor(secret, organizationId, userId) };
}

interface OpenWith {
  header: SealedUpload;
  escrowKey: Buffer;
}

/** A sealed file that did not open: the device's copy or its key is not what the user sealed. */
const notOpened = (): ApiError =>
  new ApiError('BAD_REQUEST', MESSAGES.fileUploadErrorFound, { reason: 'the sealed file did not open' });

/** The first fileData part of the browser's multipart body, as a stream (other parts are skipped). */
function fileDataPart(bb: busboy.Busboy): Promise<{ stream: Readable; filename: string }> {
  return new Promise((resolve, reject) => {
    let found = false;
    bb.on('file', (field, file, info) => {
      if (field !== 'fileData' || found) {
        file.resume();
        return;
      }
      found = true;
      resolve({ stream: file, filename: info.filename || 'file' });
    });
    bb.on('error', () => reject(new ApiError('BAD_REQUEST', API_MESSAGES.uploadNotValidMultipart)));
    bb.on('close', () => {
      if (!found) reject(new ApiError('BAD_REQUEST', API_MESSAGES.uploadNoFileData));
    });
  });
}

/** Pipes the browser's file to the org: parse, sniff the first bytes, then stream at the org's pace. */
async function streamToOrg(
  call: Call,
  fields: [string, string][],
  hash: crypto.Hash,
  sealed: OpenWith | null,
): Promise<UploadedFile> {
  const { ctx } = call;
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: ctx.req.headers,
      // busboy signals 'limit' when a file reaches fileSize: + 1 so a file of exactly 100 MB passes
      // and only a larger one is refused ("File is larger than 100 MB").
      // A sealed file carries GCM's 16-byte tag beyond its bytes.
      limits: {
        files: 1,
        fileSize: MAX_FILE_SIZE_BYTES + 1 + (sealed ? SEALED_TAG_BYTES : 0),
        fields: 10,
        fieldSize: 4096,
        parts: 12,
      },
    });
  } catch {
    throw new ApiError('BAD_REQUEST', API_MESSAGES.uploadNotValidMultipart);
  }
  const abort = new AbortController();
  // The browser went away mid-body: stop the parser, which fails the file stream and so the org
  // request (the org drops the partial file).
  const onClose = () => {
    if (!ctx.req.complete) {
      abort.abort();
      bb.destroy(new Error('the upload was aborted'));
    }
  };
  ctx.req.once('close', onClose);
  // Gone already (killed while the key was looked up): that 'close' was emitted before anyone
  // listened, and the parser would wait forever for a body that never comes, holding the key's lock
  // (every retry of the file refused with 503 for UPLOAD_LOCK_MS).
  if (ctx.req.destroyed) onClose();
  // A body that breaks after the file started is the browser's fault (400), not the org's.
  let malformed = false;
  bb.on('error', () => {
    malformed = true;
  });
  const part = fileDataPart(bb);
  part.catch(() => undefined);
  ctx.req.pipe(bb);
  try {
    const { stream, filename } = await part;
    const arriving = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const source = sealed ? openSealed(arriving, sealed.escrowKey, sealed.header) : arriving;
    const { head, ended } = await readHead(source, SNIFF_BYTES).catch((err: unknown) => {
      if (err instanceof SealedFileError) throw notOpened();
      throw new ApiError('BAD_REQUEST', API_MESSAGES.uploadNotValidMultipart);
    });
    if (head.length === 0) throw new ApiError('BAD_REQUEST', API_MESSAGES.fileEmpty);
    const sniff = sniffType(head);
    if (sniff.refusal)
      throw new ApiError('FILE_TYPE_REFUSED', fileTypeRefusedMessage(sniff.refusal)).withParams({
        kind: sniff.refusal,
      });
    const safeName = filename.replace(/[\r\n"\\]/g, '_').slice(0, 255);
    const boundary = `----cqbff${crypto.randomBytes(12).toString('hex')}`;
    const body = multipartFileBody({
      boundary,
      fields,
      fileField: 'fileData',
      filename: safeName,
      mime: sniff.mime,
      head,
      rest: ended ? null : source,
      limit: MAX_FILE_SIZE_BYTES,
      onFileChunk: (chunk) => hash.update(chunk),
    });
    const auth = call.auth();
    const partner = auth.userType === 'POWER_PARTNER' && auth.networkId;
    const path = partner
      ? `/services/data/${API_VERSION_FILE_UPLOAD}/connect/communities/${auth.networkId}/files/users/me`
      : `/services/data/${API_VERSION_FILE_UPLOAD}/connect/files/users/me`;
    let answer: StreamedAnswer;
    try {
      answer = await postStream(
        new URL(path, auth.instanceUrl),
        {
          Authorization: `Bearer ${auth.accessToken}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          Accept: 'application/json',
        },
        body,
        abort.signal,
      );
    } catch (err) {
      if (err instanceof FileTooLargeError) throw new ApiError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge);
      if (err instanceof SealedFileError) throw notOpened();
      if (malformed) throw new ApiError('BAD_REQUEST', API_MESSAGES.uploadNotValidMultipart);
      throw new ApiError('ORG_UNAVAILABLE');
    }
    if (answer.status === 401) {
      // The access token expired while no call checked it first: refresh it (a refused refresh ends
      // the session as before) and have the client send the file again, as a retry.
      const fresh = await call.deps.refresher.refresh(call.ctx.session.id ?? '', 'main', auth.accessToken);
      if (call.session) call.session.main = fresh;
      throw new ApiError('ORG_UNAVAILABLE', API_MESSAGES.uploadSentAgain, { reason: 'token refreshed' }, 503);
    }
    if (answer.status < 200 || answer.status >= 300)
      throw new ApiError(
        answer.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'ORG_ERROR',
        answer.text.slice(0, 300) || 'File Upload Error Found',
      );
    let json: { id?: string; title?: string };
    try {
      json = JSON.parse(answer.text) as { id?: string; title?: string };
    } catch {
      throw new ApiError('ORG_UNAVAILABLE');
    }
    return { id: json.id ?? '', title: json.title ?? safeName };
  } catch (err) {
    // Answer now; the rest of the browser's body is read and dropped so the answer reaches it.
    abort.abort();
    ctx.req.unpipe(bb);
    ctx.req.resume();
    throw err;
  } finally {
    ctx.req.off('close', onClose);
  }
}

/**
 * Streams a file's thumbnail: the org's previews/thumbnail (communities variant for partner users),
 * then its previewUrl fetched with the bearer token. Only the org's own URLs are followed.
 */
export async function streamPreview(call: Call, contentDocumentId: string): Promise<void> {
  const auth = call.auth();
  const partner = auth.userType === 'POWER_PARTNER' && auth.networkId;
  const path = partner
    ? `/services/data/${API_VERSION_PREVIEWS}/connect/communities/${auth.networkId}/files/${contentDocumentId}/previews/thumbnail`
    : `/services/data/${API_VERSION_PREVIEWS}/connect/files/${contentDocumentId}/previews/thumbnail`;
  const res = await call.orgFetch(path);
  if (!res.ok) {
    await res.body?.cancel();
    if (res.status === 401) throw new ApiError('SESSION_EXPIRED', MESSAGES.fileNotAuthorised);
    throw new ApiError(res.status === 404 ? 'NOT_FOUND' : 'ORG_ERROR', 'The preview is not available.');
  }
  const json = (await res.json().catch(() => ({}))) as { previewUrls?: { previewUrl?: string }[] };
  const previewUrl = json.previewUrls?.[0]?.previewUrl;
  if (!previewUrl) throw new ApiError('NOT_FOUND', 'The preview is not available.');
  await streamOrgImage(call, previewUrl, 'The preview', 'private, max-age=300');
}

/**
 * Streams an image the org serves at `url` (a preview, a user photo) to the browser: fetched by the
 * BFF with the session's token (the browser's cookies never reach the org), only from the org's own
 * instance or site origin, and only when its first bytes are an image. `what` names it in errors.
 */
export async function streamOrgImage(
  call: Call,
  url: string,
  what: string,
  cacheControl: string,
): Promise<void> {
  const auth = call.auth();
  const target = new URL(url, auth.instanceUrl);
  if (
    target.origin !== new URL(auth.instanceUrl).origin &&
    (!auth.siteUrl || target.origin !== new URL(auth.siteUrl).origin)
  ) {
    throw new ApiError('ORG_ERROR', `${what} URL is not on the org.`);
  }
  const blob = await call.orgFetch(target.toString());
  if (!blob.ok || !blob.body) {
    await blob.body?.cancel();
    throw new ApiError(blob.status === 404 ? 'NOT_FOUND' : 'ORG_ERROR', `${what} is not available.`);
  }
  // The real type comes from the first bytes, not the org's header: only images are shown inline.
  const reader = blob.body.getReader();
  const first: Uint8Array[] = [];
  let have = 0;
  while (have < SNIFF_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    first.push(value);
    have += value.length;
  }
  const head = Buffer.concat(first);
  const sniff = sniffType(head);
  if (!sniff.ok || !sniff.mime.startsWith('image/')) {
    await reader.cancel();
    throw new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${MESSAGES.invalidFileTypePrefix}${what.toLowerCase()} is not an image`,
    );
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel() {
      void reader.cancel();
    },
  });
  call.ctx.status = 200;
  call.ctx.type = sniff.mime;
  call.ctx.set('Cache-Control', cacheControl);
  call.ctx.set('Content-Disposition', 'inline');
  call.ctx.body = Readable.fromWeb(rest as import('node:stream/web').ReadableStream);
}
