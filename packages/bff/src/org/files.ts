import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import {
  API_VERSION_FILE_UPLOAD,
  API_VERSION_PREVIEWS,
  MAX_FILE_SIZE_BYTES,
  MESSAGES,
} from 'shared-contracts';
import { ApiError } from '../http/errors';
import type { Call } from '../routes/types';

/** What the first bytes say a file really is. */
export function sniffType(head: Buffer): { mime: string; ok: boolean; reason?: string } {
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
  if (starts(0x4d, 0x5a))
    return { mime: 'application/x-msdownload', ok: false, reason: 'executable files are not allowed' };
  if (starts(0x7f, 0x45, 0x4c, 0x46))
    return { mime: 'application/x-elf', ok: false, reason: 'executable files are not allowed' };
  if (starts(0xcf, 0xfa, 0xed, 0xfe) || starts(0xfe, 0xed, 0xfa, 0xce))
    return { mime: 'application/x-mach-binary', ok: false, reason: 'executable files are not allowed' };
  if (ascii.startsWith('#!'))
    return { mime: 'text/x-script', ok: false, reason: 'script files are not allowed' };
  if (/^<(!doctype html|html|script|svg|\?xml[^>]*>\s*<svg)/.test(ascii)) {
    return { mime: 'text/html', ok: false, reason: 'HTML and SVG files are not allowed' };
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

/**
 * Streams a multipart upload (field fileData) to the org's Connect files endpoint: internal users to
 * /connect/files/users/me, POWER_PARTNER users to /connect/communities/{networkId}/files/users/me.
 * The 100 MB limit is enforced while streaming (the org request is aborted past it); the type sent to
 * the org is the one the first bytes show, and dangerous types are refused.
 */
export async function fileUpload(call: Call): Promise<unknown> {
  const { ctx } = call;
  const type = ctx.get('Content-Type');
  if (!/^multipart\/form-data;/i.test(type))
    throw new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The upload must be multipart/form-data with a fileData field.',
    );
  const declared = Number(ctx.get('Content-Length') || NaN);
  if (Number.isFinite(declared) && declared > MAX_FILE_SIZE_BYTES + 64 * 1024)
    throw new ApiError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge);
  // Make sure the token works before streaming (a stream cannot be replayed after a 401).
  await call
    .conn()
    .request(`/services/data/v${call.deps.config.salesforce.apiVersion}/`)
    .catch((err: unknown) => {
      const code = (err as { errorCode?: string }).errorCode;
      if (code && code.startsWith('ERROR_HTTP_4') && code !== 'ERROR_HTTP_401') return;
      throw err;
    });
  const auth = call.auth();
  const partner = auth.userType === 'POWER_PARTNER' && auth.networkId;
  const path = partner
    ? `/services/data/${API_VERSION_FILE_UPLOAD}/connect/communities/${auth.networkId}/files/users/me`
    : `/services/data/${API_VERSION_FILE_UPLOAD}/connect/files/users/me`;
  // Idempotent uploads: a retried upload with the same X-Upload-Key (the file's LocalId) gets the
  // ContentDocumentId of the first one instead of a second copy in the org.
  const uploadKey = ctx.get('X-Upload-Key');
  if (uploadKey && !/^[A-Za-z0-9_-]{1,64}$/.test(uploadKey))
    throw new ApiError('BAD_REQUEST', 'X-Upload-Key is not valid.');
  const expectedSha = ctx.get('X-Upload-Sha256').toLowerCase();
  if (expectedSha && !/^[0-9a-f]{64}$/.test(expectedSha))
    throw new ApiError('BAD_REQUEST', 'X-Upload-Sha256 is not valid.');
  const kvKey = uploadKey ? `upload:${auth.organizationId}:${auth.userId}:${uploadKey}` : null;
  if (kvKey) {
    const known = await call.deps.store.getValue(kvKey);
    if (known) {
      ctx.req.resume();
      return JSON.parse(known) as unknown;
    }
  }
  const hash = crypto.createHash('sha256');

  const result = await new Promise<{ id: string; title: string }>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: ctx.req.headers,
        // busboy signals 'limit' when a file reaches fileSize: + 1 so a file of exactly 100 MB passes
        // and only a larger one is refused ("File is larger than 100 MB").
        limits: { files: 1, fileSize: MAX_FILE_SIZE_BYTES + 1, fields: 10, fieldSize: 4096, parts: 12 },
      });
    } catch {
      reject(new ApiError('BAD_REQUEST', 'The upload is not valid multipart.'));
      return;
    }
    let handled = false;
    const fail = (err: ApiError) => {
      if (handled) return;
      handled = true;
      ctx.req.unpipe(bb);
      ctx.req.resume();
      reject(err);
    };
    bb.on('file', (field, file, info) => {
      if (field !== 'fileData' || handled) {
        file.resume();
        return;
      }
      const filename = (info.filename || 'file').replace(/[\r\n"\\]/g, '_').slice(0, 255);
      const boundary = `----cqbff${crypto.randomBytes(12).toString('hex')}`;
      let size = 0;
      let head = Buffer.alloc(0);
      let started = false;
      const abort = new AbortController();
      let controllerRef: ReadableStreamDefaultController<Uint8Array> | null = null;
      const pending: Buffer[] = [];
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controllerRef = controller;
        },
        pull() {
          // Backpressure: the org reads, busboy flows again.
          file.resume();
        },
        cancel() {
          file.resume();
        },
      });
      const startOrg = (mime: string) => {
        started = true;
        const pre = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="fileData"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
        );
        controllerRef?.enqueue(pre);
        for (const p of pending) controllerRef?.enqueue(p);
        pending.length = 0;
        call
          .orgFetch(path, {
            method: 'POST',
            headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
            body,
            signal: abort.signal,
            duplex: 'half',
          } as RequestInit & { duplex: 'half' })
          .then(async (res) => {
            const text = await res.text();
            if (handled) return;
            if (res.status === 401) return fail(new ApiError('SESSION_EXPIRED', MESSAGES.fileNotAuthorised));
            if (!res.ok)
              return fail(
                new ApiError(
                  res.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'ORG_ERROR',
                  text.slice(0, 300) || 'File Upload Error Found',
                ),
              );
            let json: { id?: string; title?: string } = {};
            try {
              json = JSON.parse(text) as { id?: string; title?: string };
            } catch {
              return fail(new ApiError('ORG_UNAVAILABLE'));
            }
            handled = true;
            resolve({ id: json.id ?? '', title: json.title ?? filename });
          })
          .catch(() => fail(new ApiError('ORG_UNAVAILABLE')));
      };
      file.on('data', (chunk: Buffer) => {
        size += chunk.length;
        hash.update(chunk);
        if (!started) {
          head = Buffer.concat([head, chunk]);
          pending.push(chunk);
          if (head.length >= SNIFF_BYTES) {
            const sniff = sniffType(head);
            if (!sniff.ok) {
              abort.abort();
              return fail(
                new ApiError(
                  'UNSUPPORTED_MEDIA_TYPE',
                  `${MESSAGES.invalidFileTypePrefix}${sniff.reason ?? 'invalid type'}`,
                ),
              );
            }
            startOrg(sniff.mime);
          }
          return;
        }
        controllerRef?.enqueue(chunk);
        if ((controllerRef?.desiredSize ?? 1) <= 0) file.pause();
      });
      file.on('limit', () => {
        abort.abort();
        try {
          controllerRef?.error(new Error('too large'));
        } catch {
          // already closed
        }
        fail(new ApiError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge));
      });
      file.on('end', () => {
        if (handled) return;
        if (size === 0) return fail(new ApiError('BAD_REQUEST', 'The file is empty.'));
        if (!started) {
          const sniff = sniffType(head);
          if (!sniff.ok)
            return fail(
              new ApiError(
                'UNSUPPORTED_MEDIA_TYPE',
                `${MESSAGES.invalidFileTypePrefix}${sniff.reason ?? 'invalid type'}`,
              ),
            );
          startOrg(sniff.mime);
        }
        controllerRef?.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controllerRef?.close();
      });
    });
    bb.on('error', () => fail(new ApiError('BAD_REQUEST', 'The upload is not valid multipart.')));
    bb.on('close', () => {
      setTimeout(() => {
        if (!handled && !seenFile) fail(new ApiError('BAD_REQUEST', 'The upload has no fileData field.'));
      }, 0);
    });
    let seenFile = false;
    bb.on('file', (field) => {
      if (field === 'fileData') seenFile = true;
    });
    ctx.req.pipe(bb);
  });
  if (expectedSha && hash.digest('hex') !== expectedSha) {
    // The bytes that arrived are not the file the browser hashed: remove the copy, let it retry.
    await call
      .conn()
      .sobject('ContentDocument')
      .destroy(result.id)
      .catch(() => undefined);
    throw new ApiError('BAD_REQUEST', MESSAGES.fileUploadErrorFound, { reason: 'sha256 mismatch' });
  }
  if (kvKey) await call.deps.store.setValue(kvKey, JSON.stringify(result), 7 * 24 * 3600);
  return result;
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
