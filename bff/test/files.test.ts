import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from 'shared-contracts';
import { DEMO, signedIn, startBff, type Client, type RunningBff } from './helpers';

const emulatorUrl = inject('emulatorUrl');
let bff: RunningBff;
let c: Client;
let partner: Client;

beforeAll(async () => {
  bff = await startBff(emulatorUrl);
  [c, partner] = await Promise.all([signedIn(bff.base, DEMO.field), signedIn(bff.base, DEMO.partner)]);
});
afterAll(() => bff.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(
  client: Client,
  bytes: Buffer | Blob,
  name = 'photo.png',
  type = 'image/png',
  extra: Record<string, string> = {},
) {
  const fd = new FormData();
  fd.append('fileData', bytes instanceof Blob ? bytes : new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${client.base}/api/files`, {
    method: 'POST',
    body: fd,
    headers: {
      'X-Requested-With': 'cq',
      Origin: client.base,
      Cookie: client.jar.header(client.base),
      ...extra,
    },
  });
  return { status: res.status, json: (await res.json()) as { data?: { id: string }; messages?: string[] } };
}

describe('file upload and previews through the BFF', () => {
  it('streams an image to Connect files and previews it', async () => {
    const r = await upload(c, PNG);
    expect(r.status).toBe(200);
    const id = r.json.data?.id ?? '';
    expect(id).toMatch(/^069/);
    const prev = await fetch(`${bff.base}/api/files/${id}/preview`, {
      headers: { Cookie: c.jar.header(bff.base) },
    });
    expect(prev.status).toBe(200);
    expect(prev.headers.get('content-type')).toMatch(/^image\//);
    expect((await prev.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const fb = await c.post(`/api/fetchUrl?originUrl=${encodeURIComponent(emulatorUrl)}`, {
      contentDocumentId: id,
      accessToken: 'ignored',
    });
    expect(fb.status).toBe(200);
    expect(
      (
        await c.post(`/api/fetchUrl?originUrl=${encodeURIComponent('https://evil.example.com')}`, {
          contentDocumentId: id,
        })
      ).status,
    ).toBe(403);
  });

  it('a retried upload with the same X-Upload-Key gives the same ContentDocumentId; a wrong sha256 is refused', async () => {
    const key = crypto.randomUUID();
    const sha = crypto.createHash('sha256').update(PNG).digest('hex');
    const first = await upload(c, PNG, 'a.png', 'image/png', { 'X-Upload-Key': key, 'X-Upload-Sha256': sha });
    const again = await upload(c, PNG, 'a.png', 'image/png', { 'X-Upload-Key': key, 'X-Upload-Sha256': sha });
    expect(first.status).toBe(200);
    expect(again.json.data?.id).toBe(first.json.data?.id);
    const other = await upload(c, PNG, 'a.png', 'image/png', { 'X-Upload-Key': crypto.randomUUID() });
    expect(other.json.data?.id).not.toBe(first.json.data?.id);
    const bad = await upload(c, PNG, 'a.png', 'image/png', {
      'X-Upload-Key': crypto.randomUUID(),
      'X-Upload-Sha256': '0'.repeat(64),
    });
    expect(bad.status).toBe(400);
  });

  it('partner users upload through the communities path', async () => {
    const r = await upload(partner, PNG);
    expect(r.status).toBe(200);
    expect(r.json.data?.id).toMatch(/^069/);
  });

  it('refuses executables and HTML by their first bytes, whatever the name says', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const r = await upload(c, exe, 'innocent.png');
    expect(r.status).toBe(415);
    expect(r.json.messages?.[0]).toMatch(/^Error: /);
    const html = await upload(
      c,
      Buffer.from('<!DOCTYPE html><script>alert(1)</script>' + ' '.repeat(64)),
      'x.txt',
      'text/plain',
    );
    expect(html.status).toBe(415);
  });

  it('enforces 100 MB while streaming', async () => {
    // A 100 MB + 1 byte body made lazily: the BFF stops it at the limit.
    const size = 1e8 + 1;
    const chunk = Buffer.alloc(1 << 20, 0x41);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (sent >= size) return ctrl.close();
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        ctrl.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
      },
    });
    const boundary = 'xxBOUNDARYxx';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="fileData"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let phase = 0;
    const reader = stream.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(ctrl) {
        if (phase === 0) {
          phase = 1;
          return ctrl.enqueue(head);
        }
        if (phase === 1) {
          const { done, value } = await reader.read();
          if (!done) return ctrl.enqueue(value);
          phase = 2;
          return ctrl.enqueue(tail);
        }
        ctrl.close();
      },
    });
    const res = await fetch(`${bff.base}/api/files`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'X-Requested-With': 'cq',
        Origin: bff.base,
        Cookie: c.jar.header(bff.base),
      },
    } as RequestInit & { duplex: 'half' }).catch((e: unknown) => e);
    if (res instanceof Response) {
      expect(res.status).toBe(413);
      expect(((await res.json()) as { messages: string[] }).messages[0]).toBe(MESSAGES.fileTooLarge);
    } else {
      // The BFF may close the connection while the client is still sending: that is a refusal too.
      expect(sent).toBeLessThan(size + 1);
    }
  }, 60_000);

  it('GET /api/content/{fileName} answers the JSON stored as a file, by name or by id', async () => {
    const name = `sub-${crypto.randomUUID()}.json`;
    const payload = { data: { General: { q1: 'yes' } }, version: 3 };
    const up = await upload(c, Buffer.from(JSON.stringify(payload)), name, 'application/json');
    expect(up.status).toBe(200);
    const byName = await c.get(`/api/content/${name}`);
    expect(byName.status, byName.text).toBe(200);
    expect(c.data(byName)).toEqual(payload);
    const byId = await c.get(`/api/content/${up.json.data?.id ?? ''}`);
    expect(c.data(byId)).toEqual(payload);
  });

  it('image guides come from the org only', async () => {
    const r = await upload(c, PNG);
    const id = r.json.data?.id ?? '';
    const ok = await c.post('/api/imageGuide', {
      Id: 'g1',
      ImageUrl: `/services/data/v62.0/connect/files/${id}/content`,
    });
    expect(ok.status).toBe(200);
    expect((ok.json as { data: { encodedImage: string } }).data.encodedImage).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(
      (await c.post('/api/imageGuide', { Id: 'g1', ImageUrl: 'https://evil.example.com/x.png' })).status,
    ).toBe(400);
    expect((await c.post('/api/imageGuide', { Id: 'g1', ImageUrl: '//evil.example.com/x.png' })).status).toBe(
      400,
    );
  });
});
