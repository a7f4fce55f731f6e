import { describe, expect, it } from 'vitest';
import { multipartFile, newBoundary } from './multipart';

const text = (b: Uint8Array): string => new TextDecoder().decode(b);

describe('multipartFile', () => {
  it('is the body FormData makes for one file, byte for byte', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 13, 10]);
    const boundary = '----ChecklistsBoundaryabc';
    const { body, contentType } = multipartFile(
      'fileData',
      'pump é.jpg',
      'image/jpeg',
      bytes.buffer,
      boundary,
    );
    expect(contentType).toBe(`multipart/form-data; boundary=${boundary}`);
    // what a Request with a FormData body serializes to, read back with the same boundary
    const parsed = await new Response(body, { headers: { 'Content-Type': contentType } }).formData();
    const file = parsed.get('fileData') as File;
    expect(file.name).toBe('pump é.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(text(body)).toMatch(
      new RegExp(
        `^--${boundary}\r\nContent-Disposition: form-data; name="fileData"; filename="pump é.jpg"\r\n` +
          `Content-Type: image/jpeg\r\n\r\n[^]{7}\r\n--${boundary}--\r\n$`,
      ),
    );
  });

  it('escapes quotes and line breaks in the file name as browsers do; no type is octet-stream', () => {
    const { body } = multipartFile('fileData', 'a"b\r\nc.txt', '', new ArrayBuffer(0), 'B');
    expect(text(body)).toBe(
      '--B\r\nContent-Disposition: form-data; name="fileData"; filename="a%22b%0D%0Ac.txt"\r\n' +
        'Content-Type: application/octet-stream\r\n\r\n\r\n--B--\r\n',
    );
  });

  it('makes a fresh boundary each time', () => {
    expect(newBoundary()).not.toBe(newBoundary());
    expect(newBoundary(() => 'x')).toBe('----ChecklistsBoundaryx');
  });
});
