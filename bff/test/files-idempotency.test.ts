/**
 * Exactly-once file uploads (issue 5) over HTTP against an org-emulator of its own (its faults are
 * global, so they must not reach the other suites' uploads): the org stores an upload whose answer
 * is lost ("committed but lost"), the client retries with the same X-Upload-Key, and the org holds
 * exactly one ContentVersion with that key; the retry answers the same ContentDocumentId.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, stop } from './global-setup';
import { DEMO, passwordToken, signedIn, startBff, type Client, type RunningBff } from './helpers';

let emulator: { url: string; child: ChildProcess };
let bff: RunningBff;
let field: Client;
let partner: Client;

beforeAll(async () => {
  emulator = await startEmulator();
  bff = await startBff(emulator.url);
  [field, partner] = await Promise.all([signedIn(bff.base, DEMO.field), signedIn(bff.base, DEMO.partner)]);
}, 60_000);
afterAll(async () => {
  await bff?.close();
  if (emulator) await stop(emulator.child);
});

const PDF = (tag: string) => Buffer.from(`%PDF-1.7\n${tag}\n${'x'.repeat(200)}`);
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function upload(
  client: Client,
  bytes: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; id?: string; text: string }> {
  const fd = new FormData();
  fd.append('fileData', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'evidence.pdf');
  const res = await fetch(`${client.base}/api/files`, {
    method: 'POST',
    body: fd,
    headers: {
      'X-Requested-With': 'cq',
      Origin: client.base,
      Cookie: client.jar.header(client.base),
      ...headers,
    },
  });
  const text = await res.text();
  let id: string | undefined;
  try {
    id = (JSON.parse(text) as { data?: { id?: string } }).data?.id;
  } catch {
    id = undefined;
  }
  return { status: res.status, text, ...(id ? { id } : {}) };
}

async function faults(config: Record<string, unknown> | null): Promise<void> {
  const res = await fetch(`${emulator.url}/__emulator/faults`, {
    method: config ? 'POST' : 'DELETE',
    headers: { 'Content-Type': 'application/json' },
    ...(config ? { body: JSON.stringify(config) } : {}),
  });
  expect(res.ok).toBe(true);
}

/** The org's live versions carrying `key`, read straight from the emulator (admin, sees every owner). */
async function versionsWithKey(key: string): Promise<{ ContentDocumentId: string; OwnerId: string }[]> {
  const token = await passwordToken(emulator.url, DEMO.admin);
  const q = encodeURIComponent(
    `SELECT Id, ContentDocumentId, OwnerId FROM ContentVersion WHERE cqext__Upload_Key__c = '${key}'`,
  );
  const res = await fetch(`${emulator.url}/services/data/v62.0/query?q=${q}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { records: { ContentDocumentId: string; OwnerId: string }[] }).records;
}

describe('exactly-once uploads with X-Upload-Key', () => {
  for (const [who, client] of [
    ['an internal user (Connect files)', () => field],
    ['a partner user (communities files)', () => partner],
  ] as const) {
    it(`${who}: the org stores the file, its answer is lost, the retry answers the same file`, async () => {
      const key = crypto.randomUUID();
      const bytes = PDF(key);
      const headers = { 'X-Upload-Key': key, 'X-Upload-Sha256': sha256(bytes) };
      await faults({ lostResponseRate: 1, times: 1, methods: ['POST'], pathPattern: 'files/users/me$' });
      try {
        const lost = await upload(client(), bytes, headers);
        expect(lost.status, lost.text).toBe(502);
        // the org did store it (committed, answer lost)
        expect(await versionsWithKey(key)).toHaveLength(1);
        const retry = await upload(client(), bytes, headers);
        expect(retry.status, retry.text).toBe(200);
        const again = await upload(client(), bytes, headers);
        expect(again.id).toBe(retry.id);
        const stored = await versionsWithKey(key);
        expect(stored).toHaveLength(1);
        expect(stored[0]?.ContentDocumentId).toBe(retry.id);
      } finally {
        await faults(null);
      }
    });
  }

  it("another user's key never answers with this user's file (the look-up is by owner)", async () => {
    const key = crypto.randomUUID();
    const a = await upload(field, PDF('a'), { 'X-Upload-Key': key });
    expect(a.status, a.text).toBe(200);
    // keys are unique in the org (random file ids): the second owner's copy is refused, never mapped
    const b = await upload(partner, PDF('b'), { 'X-Upload-Key': key });
    expect(b.status).toBe(400);
    expect(b.id).toBeUndefined();
    expect((await versionsWithKey(key)).map((v) => v.ContentDocumentId)).toEqual([a.id]);
  });

  it('concurrent uploads with one key leave one file; every success answers it', async () => {
    const key = crypto.randomUUID();
    const bytes = PDF('concurrent');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => upload(field, bytes, { 'X-Upload-Key': key })),
    );
    const stored = await versionsWithKey(key);
    expect(stored).toHaveLength(1);
    // each request either got the file or was told the key is busy (503), never a second file
    for (const a of answers) {
      if (a.status === 200) expect(a.id).toBe(stored[0]?.ContentDocumentId);
      else expect(a.status, a.text).toBe(503);
    }
    expect(answers.some((a) => a.status === 200)).toBe(true);
  });

  it('two BFF instances (no shared lock) racing one key: the org refuses the second copy, both answer the first', async () => {
    const other = await startBff(emulator.url);
    try {
      const otherField = await signedIn(other.base, DEMO.field);
      const key = crypto.randomUUID();
      const bytes = PDF('race');
      // the org holds both uploads a moment, so both instances look the key up before either commits
      await faults({ latencyMs: 1500, methods: ['POST'], pathPattern: 'files/users/me$' });
      let answers: Awaited<ReturnType<typeof upload>>[];
      try {
        answers = await Promise.all([
          upload(field, bytes, { 'X-Upload-Key': key }),
          upload(otherField, bytes, { 'X-Upload-Key': key }),
        ]);
      } finally {
        await faults(null);
      }
      const stored = await versionsWithKey(key);
      expect(stored).toHaveLength(1);
      expect(answers.map((a) => [a.status, a.id])).toEqual([
        [200, stored[0]?.ContentDocumentId],
        [200, stored[0]?.ContentDocumentId],
      ]);
    } finally {
      await other.close();
    }
  });

  it('a copy refused for its checksum frees the key: the next try stores the file once', async () => {
    const key = crypto.randomUUID();
    const bytes = PDF('checksum');
    const bad = await upload(field, bytes, { 'X-Upload-Key': key, 'X-Upload-Sha256': '0'.repeat(64) });
    expect(bad.status).toBe(400);
    expect(await versionsWithKey(key)).toHaveLength(0);
    const good = await upload(field, bytes, { 'X-Upload-Key': key, 'X-Upload-Sha256': sha256(bytes) });
    expect(good.status, good.text).toBe(200);
    expect((await versionsWithKey(key)).map((v) => v.ContentDocumentId)).toEqual([good.id]);
  });

  it('a browser gone while the key is looked up frees the key: the retry uploads (not 503 for 10 min)', async () => {
    const key = crypto.randomUUID();
    const bytes = PDF('gone');
    // the look-up (a SOQL query) is slow, and the browser is killed meanwhile, its body half sent
    await faults({ latencyMs: 1500, methods: ['GET'], pathPattern: '/query' });
    try {
      const boundary = '----gone';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="fileData"; filename="gone.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      await new Promise<void>((resolve) => {
        const req = http.request(`${field.base}/api/files`, {
          method: 'POST',
          headers: {
            'X-Requested-With': 'cq',
            Origin: field.base,
            Cookie: field.jar.header(field.base),
            'X-Upload-Key': key,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': String(head.length + 1_000_000),
          },
        });
        req.on('error', () => resolve());
        req.write(head);
        req.write(bytes);
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300);
      });
      // the look-up has answered by now (the BFF reaches the body of a request already gone)
      await new Promise((r) => setTimeout(r, 2500));
    } finally {
      await faults(null);
    }
    const retry = await upload(field, bytes, { 'X-Upload-Key': key, 'X-Upload-Sha256': sha256(bytes) });
    expect(retry.status, retry.text).toBe(200);
    expect((await versionsWithKey(key)).map((v) => v.ContentDocumentId)).toEqual([retry.id]);
  });

  it('refuses a key that is not a file id', async () => {
    const r = await upload(field, PDF('k'), { 'X-Upload-Key': "x' OR Id != '" });
    expect(r.status).toBe(400);
  });
});
