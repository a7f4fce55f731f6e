/**
 * One file as a multipart/form-data body, built from its bytes: what `FormData.append(field, blob,
 * filename)` makes a browser send, without a Blob of the file's clear bytes (issue 45: Chromium keeps
 * a Blob in its blob storage, which it pages to the profile's disk, while an ArrayBuffer body stays
 * in the page's memory). Field and file names are escaped as the HTML standard's encoding does
 * (`"`, CR and LF percent-encoded; the rest as UTF-8), so the BFF reads them as it reads a browser's.
 */
export interface MultipartBody {
  body: Uint8Array<ArrayBuffer>;
  /** The request's Content-Type, with the boundary. */
  contentType: string;
}

const escapeName = (name: string): string =>
  name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');

/** A boundary as browsers make one: a fixed prefix and random characters that never occur by chance. */
export function newBoundary(random: () => string = () => crypto.randomUUID().replace(/-/g, '')): string {
  return `----ChecklistsBoundary${random()}`;
}

export function multipartFile(
  field: string,
  filename: string,
  type: string,
  bytes: ArrayBuffer | Uint8Array<ArrayBuffer>,
  boundary: string = newBoundary(),
): MultipartBody {
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${escapeName(field)}"; filename="${escapeName(filename)}"\r\n` +
      `Content-Type: ${type || 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const body = new Uint8Array(head.length + data.length + tail.length);
  body.set(head, 0);
  body.set(data, head.length);
  body.set(tail, head.length + data.length);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
