import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postStream } from './stream-post';

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = undefined;
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<URL> {
  server = http.createServer(handler);
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`);
}

const MB = Buffer.alloc(1 << 20, 3);

describe('postStream', () => {
  it('sends every byte and returns the answer', async () => {
    const url = await listen((req, res) => {
      const h = crypto.createHash('sha256');
      req.on('data', (c: Buffer) => h.update(c));
      req.on('end', () => res.end(JSON.stringify({ sha: h.digest('hex'), auth: req.headers.authorization })));
    });
    async function* body() {
      for (let i = 0; i < 20; i++) yield Buffer.from(MB);
    }
    const want = crypto.createHash('sha256');
    for (let i = 0; i < 20; i++) want.update(MB);
    const answer = await postStream(url, { Authorization: 'Bearer t' }, body());
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ sha: want.digest('hex'), auth: 'Bearer t' });
  });

  it('pulls the body only as fast as the receiver reads (a stalled org holds it back)', async () => {
    let stalled: IncomingMessage | undefined;
    const url = await listen((req, res) => {
      stalled = req;
      req.pause();
      req.on('end', () => res.end('{}'));
    });
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled += 1;
        yield Buffer.from(MB);
      }
    }
    const done = postStream(url, {}, endless()).catch((e: unknown) => e);
    // wait until the sender stops pulling: the socket buffers are full and nothing drains them
    let last = -1;
    while (pulled !== last) {
      last = pulled;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(stalled).toBeDefined();
    expect(pulled).toBeLessThan(64);
    stalled?.socket.destroy();
    expect(await done).toBeInstanceOf(Error);
  });

  it("reports the body's own error and aborts the request", async () => {
    let aborted = false;
    const url = await listen((req) => {
      req.on('data', () => undefined);
      req.on('close', () => {
        aborted = !req.complete;
      });
    });
    async function* failing() {
      yield Buffer.from(MB);
      throw new RangeError('too large');
    }
    await expect(postStream(url, {}, failing())).rejects.toBeInstanceOf(RangeError);
    await new Promise((r) => setTimeout(r, 50));
    expect(aborted).toBe(true);
  });

  it('returns an answer the org gives before taking the whole body', async () => {
    const url = await listen((_req, res) => {
      res.statusCode = 413;
      res.end('[{"errorCode":"FILE_TOO_LARGE"}]');
    });
    async function* big() {
      for (let i = 0; i < 200; i++) yield Buffer.from(MB);
    }
    const answer = await postStream(url, {}, big());
    expect(answer).toEqual({ status: 413, text: '[{"errorCode":"FILE_TOO_LARGE"}]' });
  });

  it('stops on abort', async () => {
    const url = await listen((req) => req.resume());
    const ac = new AbortController();
    async function* slow() {
      yield Buffer.from('first');
      ac.abort();
      yield Buffer.from('second');
    }
    await expect(postStream(url, {}, slow(), ac.signal)).rejects.toThrow();
  });
});
