/**
 * The upload's body to the org, built as an async generator over the browser's file stream: one
 * chunk is pulled from the source only when the org connection has taken the previous one, so the
 * BFF holds a few socket-sized chunks per upload, never the file (no concat, no base64).
 */

/** The file went past the size limit while streaming. */
export class FileTooLargeError extends Error {
  constructor() {
    super('file too large');
  }
}

/**
 * Pulls chunks until at least `n` bytes are known (or the source ends), so the first bytes can be
 * sniffed before the org request starts. The same iterator goes on afterwards: nothing is lost.
 */
export async function readHead(
  source: AsyncIterator<Buffer>,
  n: number,
): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let have = 0;
  while (have < n) {
    const next = await source.next();
    if (next.done) return { head: Buffer.concat(chunks), ended: true };
    chunks.push(next.value);
    have += next.value.length;
  }
  return { head: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks), ended: false };
}

export interface MultipartFileBody {
  boundary: string;
  /** Text parts sent before the file (the upload key). */
  fields: [string, string][];
  fileField: string;
  filename: string;
  mime: string;
  /** The file's first bytes (already read for sniffing). */
  head: Buffer;
  /** The rest of the file; null when the head was all of it. */
  rest: AsyncIterator<Buffer> | null;
  /** Bytes allowed in the file; one more and the body fails with FileTooLargeError. */
  limit: number;
  /** Sees every byte of the file once, in order (hashing, counting). */
  onFileChunk?: (chunk: Buffer) => void;
}

const quoted = (s: string): string => s.replace(/[\r\n"\\]/g, '_');

/** A multipart/form-data body: the text fields, then the file, pulled chunk by chunk. */
export async function* multipartFileBody(o: MultipartFileBody): AsyncGenerator<Buffer> {
  const dash = `--${o.boundary}\r\n`;
  let preamble = '';
  for (const [name, value] of o.fields) {
    preamble += `${dash}Content-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`;
  }
  preamble +=
    `${dash}Content-Disposition: form-data; name="${quoted(o.fileField)}"; filename="${quoted(o.filename)}"\r\n` +
    `Content-Type: ${o.mime}\r\n\r\n`;
  yield Buffer.from(preamble);
  let size = 0;
  const take = (chunk: Buffer): Buffer => {
    size += chunk.length;
    if (size > o.limit) throw new FileTooLargeError();
    o.onFileChunk?.(chunk);
    return chunk;
  };
  if (o.head.length > 0) yield take(o.head);
  if (o.rest) {
    for (let next = await o.rest.next(); !next.done; next = await o.rest.next()) {
      if (next.value.length > 0) yield take(next.value);
    }
  }
  yield Buffer.from(`\r\n--${o.boundary}--\r\n`);
}
