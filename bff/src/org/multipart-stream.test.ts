import { Readable } from 'node:stream';
import busboy from 'busboy';
import { describe, expect, it } from 'vitest';
import { FileTooLargeError, multipartFileBody, readHead } from './multipart-stream';

/** An iterator over `chunks` that counts how many chunks were pulled. */
function counted(chunks: Buffer[]): { it: AsyncIterator<Buffer>; pulled: () => number } {
  let i = 0;
  return {
    it: {
      next: () =>
        Promise.resolve(
          i < chunks.length
            ? { done: false as const, value: chunks[i++] as Buffer }
            : { done: true as const, value: undefined },
        ),
    },
    pulled: () => i,
  };
}

async function collect(gen: AsyncIterable<Buffer>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const c of gen) out.push(c);
  return Buffer.concat(out);
}

/** Parses a multipart body the way the org (and the BFF's own parser) does. */
function parse(
  body: Buffer,
  boundary: string,
): Promise<{ fields: Record<string, string>; file: Buffer; filename: string; mime: string }> {
  return new Promise((resolve, reject) => {
    const bb = busboy({ headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    const fields: Record<string, string> = {};
    const parts: Buffer[] = [];
    let filename = '';
    let mime = '';
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, stream, info) => {
      filename = info.filename;
      mime = info.mimeType;
      stream.on('data', (c: Buffer) => parts.push(c));
    });
    bb.on('close', () => resolve({ fields, file: Buffer.concat(parts), filename, mime }));
    bb.on('error', reject);
    Readable.from([body]).pipe(bb);
  });
}

describe('readHead', () => {
  it('reads whole chunks until n bytes are known and leaves the rest on the iterator', async () => {
    const src = counted([Buffer.alloc(10, 1), Buffer.alloc(60, 2), Buffer.alloc(5, 3)]);
    const { head, ended } = await readHead(src.it, 64);
    expect(ended).toBe(false);
    expect(head.length).toBe(70);
    expect(src.pulled()).toBe(2);
    const next = await src.it.next();
    expect(next.value).toEqual(Buffer.alloc(5, 3));
  });

  it('says when the source ended before n bytes', async () => {
    const src = counted([Buffer.from('abc')]);
    expect(await readHead(src.it, 64)).toEqual({ head: Buffer.from('abc'), ended: true });
  });
});

describe('multipartFileBody', () => {
  const base = { boundary: 'b0undary', fileField: 'fileData', mime: 'application/pdf' };

  it('is a multipart body with the fields first and the file intact', async () => {
    const chunks = [Buffer.from('%PDF-1.7 head'), Buffer.from('-middle-'), Buffer.from('tail')];
    const seen: Buffer[] = [];
    const src = counted(chunks.slice(1));
    const body = await collect(
      multipartFileBody({
        ...base,
        fields: [['cqext__Upload_Key__c', 'local-id-1']],
        filename: 'a "quoted"\r\nname.pdf',
        head: chunks[0] as Buffer,
        rest: src.it,
        limit: 1000,
        onFileChunk: (c) => seen.push(c),
      }),
    );
    const parsed = await parse(body, base.boundary);
    expect(parsed.fields).toEqual({ cqext__Upload_Key__c: 'local-id-1' });
    expect(parsed.file.toString()).toBe('%PDF-1.7 head-middle-tail');
    expect(parsed.filename).toBe('a _quoted___name.pdf');
    expect(parsed.mime).toBe('application/pdf');
    expect(Buffer.concat(seen).toString()).toBe('%PDF-1.7 head-middle-tail');
  });

  it('pulls the source only as its consumer reads (backpressure)', async () => {
    const src = counted(Array.from({ length: 100 }, () => Buffer.alloc(1000, 7)));
    const gen = multipartFileBody({
      ...base,
      fields: [],
      filename: 'x.bin',
      head: Buffer.from('head'),
      rest: src.it,
      limit: 1e9,
    });
    await gen.next(); // preamble
    await gen.next(); // head
    expect(src.pulled()).toBe(0);
    await gen.next();
    await gen.next();
    expect(src.pulled()).toBe(2);
    await gen.return(undefined);
  });

  it('allows exactly the limit and fails one byte past it', async () => {
    const run = (size: number) =>
      collect(
        multipartFileBody({
          ...base,
          fields: [],
          filename: 'x.bin',
          head: Buffer.alloc(4, 1),
          rest: counted([Buffer.alloc(size - 4, 1)]).it,
          limit: 100,
        }),
      );
    const ok = await run(100);
    expect((await parse(ok, base.boundary)).file.length).toBe(100);
    await expect(run(101)).rejects.toBeInstanceOf(FileTooLargeError);
  });
});
