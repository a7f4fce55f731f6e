import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import type { Connection } from 'jsforce';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.js';
import { http, login, orgForFile, PARTNER_USER, start } from './helpers.js';

type Rec = Record<string, unknown>;

const sf = orgForFile();

function makePng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    png.data[i * 4] = (i * 7) & 255;
    png.data[i * 4 + 1] = 120;
    png.data[i * 4 + 2] = 200;
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}

async function upload(
  path: string,
  bytes: Buffer,
  filename: string,
  tok = sf.token,
): Promise<{ status: number; body: Rec }> {
  const form = new FormData();
  form.append('fileData', new Blob([new Uint8Array(bytes)]), filename);
  form.append('title', filename.replace(/\..*$/, ''));
  const res = await fetch(`${sf.emu.url}${path}`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${tok}` },
  });
  return { status: res.status, body: (await res.json()) as Rec };
}

describe('Connect files', () => {
  it('uploads multipart fileData and returns the file detail with the ContentDocument id', async () => {
    const png = makePng(300, 200);
    const res = await upload('/services/data/v60.0/connect/files/users/me', png, 'site-photo.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^069/),
      title: 'site-photo',
      fileExtension: 'png',
      fileType: 'PNG',
      contentSize: png.length,
      mimeType: 'image/png',
    });
    const docId = String(res.body.id);
    const versions = await sf.conn.query<Rec>(
      `SELECT Id, Title, ContentSize, ContentDocumentId, VersionData FROM ContentVersion WHERE ContentDocumentId = '${docId}'`,
    );
    expect(versions.totalSize).toBe(1);
    const version = versions.records[0] as Rec;
    expect(version.ContentSize).toBe(png.length);
    const links = await sf.conn.query<Rec>(
      `SELECT LinkedEntityId FROM ContentDocumentLink WHERE ContentDocumentId = '${docId}'`,
    );
    expect(links.records.map((l) => l.LinkedEntityId)).toContain(sf.conn.userInfo?.id);
    const doc = await sf.conn.query<Rec>(
      `SELECT Title, LatestPublishedVersionId FROM ContentDocument WHERE Id = '${docId}'`,
    );
    expect(doc.records[0]?.LatestPublishedVersionId).toBe(version.Id);

    const detail = await http(sf.emu, `/services/data/v62.0/connect/files/${docId}`, { token: sf.token });
    expect((detail.body as Rec).id).toBe(docId);
    const content = await fetch(`${sf.emu.url}/services/data/v62.0/connect/files/${docId}/content`, {
      headers: { Authorization: `Bearer ${sf.token}` },
    });
    expect(Buffer.from(await content.arrayBuffer()).equals(png)).toBe(true);
    const blob = await fetch(`${sf.emu.url}${String(version.VersionData)}`, {
      headers: { Authorization: `Bearer ${sf.token}` },
    });
    expect(Buffer.from(await blob.arrayBuffer()).equals(png)).toBe(true);

    const previews = await http(sf.emu, `/services/data/v62.0/connect/files/${docId}/previews/thumbnail`, {
      token: sf.token,
    });
    const previewUrl = String(((previews.body as Rec).previewUrls as Rec[])[0]?.previewUrl);
    expect(previewUrl.startsWith(sf.emu.url)).toBe(true);
    const thumb = await fetch(previewUrl, { headers: { Authorization: `Bearer ${sf.token}` } });
    expect(thumb.headers.get('content-type')).toBe('image/png');
    const decoded = PNG.sync.read(Buffer.from(await thumb.arrayBuffer()));
    expect(decoded.width).toBe(120);
    expect(decoded.height).toBe(80);
    const anonymous = await fetch(previewUrl);
    expect(anonymous.status).toBe(401);
  });

  it('serves JPEG thumbnails, and non-images report no preview', async () => {
    const raw = { width: 64, height: 64, data: Buffer.alloc(64 * 64 * 4, 180) };
    const jpg = Buffer.from(jpeg.encode(raw, 80).data);
    const res = await upload('/services/data/v60.0/connect/files/users/me', jpg, 'gauge.jpg');
    const previews = await http(
      sf.emu,
      `/services/data/v60.0/connect/files/${String(res.body.id)}/previews/thumbnail`,
      { token: sf.token },
    );
    const url = String(((previews.body as Rec).previewUrls as Rec[])[0]?.previewUrl);
    const png = PNG.sync.read(
      Buffer.from(
        await (await fetch(url, { headers: { Authorization: `Bearer ${sf.token}` } })).arrayBuffer(),
      ),
    );
    expect(png.width).toBe(64);
    const txt = await upload(
      '/services/data/v60.0/connect/files/users/me',
      Buffer.from('hello'),
      'notes.txt',
    );
    const none = await http(
      sf.emu,
      `/services/data/v60.0/connect/files/${String(txt.body.id)}/previews/thumbnail`,
      { token: sf.token },
    );
    expect(none.body).toMatchObject({ status: 'NotAvailable', previewUrls: [] });
  });

  it('supports the communities variant for partner users', async () => {
    const partner = await login(sf.emu, PARTNER_USER);
    const ptoken = partner.accessToken ?? '';
    const communities = await http(sf.emu, '/services/data/v60.0/connect/communities', { token: ptoken });
    const network = ((communities.body as Rec).communities as Rec[])[0] as Rec;
    expect(network.siteUrl).toBe(`${sf.emu.url}/partners`);
    const res = await upload(
      `/partners/services/data/v60.0/connect/communities/${String(network.id)}/files/users/me`,
      makePng(50, 50),
      'p.png',
      ptoken,
    );
    expect(res.status).toBe(201);
    const previews = await http(
      sf.emu,
      `/services/data/v62.0/connect/communities/${String(network.id)}/files/${String(res.body.id)}/previews/thumbnail`,
      { token: ptoken },
    );
    const url = String(((previews.body as Rec).previewUrls as Rec[])[0]?.previewUrl);
    expect(url).toContain('/partners/sfc/');
    expect((await fetch(url, { headers: { Authorization: `Bearer ${ptoken}` } })).status).toBe(200);
  });

  it('creates ContentVersion through the data API with base64 VersionData', async () => {
    const res = await sf.conn.sobject('ContentVersion').create({
      Title: 'note',
      PathOnClient: 'note.txt',
      VersionData: Buffer.from('hi there').toString('base64'),
    });
    if (!res.success) throw new Error('create failed');
    const v = await sf.conn.sobject('ContentVersion').retrieve(res.id);
    expect(v.ContentDocumentId).toMatch(/^069/);
    const body = await fetch(
      `${sf.emu.url}/services/data/v60.0/sobjects/ContentVersion/${res.id}/VersionData`,
      {
        headers: { Authorization: `Bearer ${sf.token}` },
      },
    );
    expect(await body.text()).toBe('hi there');
  });

  it('rejects uploads without fileData or with the wrong content type (4xx)', async () => {
    const form = new FormData();
    form.append('title', 'x');
    const res = await fetch(`${sf.emu.url}/services/data/v60.0/connect/files/users/me`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${sf.token}` },
    });
    expect(res.status).toBe(400);
    const json = await http(sf.emu, '/services/data/v60.0/connect/files/users/me', {
      method: 'POST',
      token: sf.token,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    const missing = await http(sf.emu, '/services/data/v60.0/connect/files/069000000000000AAA', {
      token: sf.token,
    });
    expect(missing.status).toBe(404);
  });
});

describe('upload key (cqext__Upload_Key__c, an emulator extension of the Connect upload)', () => {
  // its own org on disk, so the stored file bodies can be counted
  const dir = mkdtempSync(join(tmpdir(), 'org-emulator-key-'));
  let keyEmu: RunningEmulator;
  let kconn: Connection;
  beforeAll(async () => {
    keyEmu = await start({ db: join(dir, 'org.db') });
    kconn = await login(keyEmu);
  });
  afterAll(async () => {
    await keyEmu.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const bodiesOnDisk = () =>
    readdirSync(join(dir, 'org.db.files')).filter((f) => !f.startsWith('seed-')).length;
  const post = async (parts: [string, string][]) => {
    const form = new FormData();
    for (const [name, value] of parts) form.append(name, value);
    form.append('fileData', new Blob([new Uint8Array(Buffer.from('keyed bytes'))]), 'keyed.txt');
    const res = await fetch(`${keyEmu.url}/services/data/v60.0/connect/files/users/me`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${kconn.accessToken ?? ''}` },
    });
    return { status: res.status, body: (await res.json()) as Rec & Rec[] };
  };
  const keyed = (key: string) => post([['cqext__Upload_Key__c', key]]);
  const versionsWith = async (key: string) =>
    (
      await kconn.query<Rec>(
        `SELECT Id, ContentDocumentId, OwnerId FROM ContentVersion WHERE cqext__Upload_Key__c = '${key}'`,
      )
    ).records;

  it('stores the key on the new ContentVersion, where SOQL finds it', async () => {
    const res = await keyed('key-a');
    expect(res.status).toBe(201);
    const found = await versionsWith('key-a');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ContentDocumentId: res.body.id, OwnerId: kconn.userInfo?.id });
  });

  it('refuses a second live file with the same key (DUPLICATE_VALUE) without keeping its bytes', async () => {
    const first = await keyed('key-b');
    expect(first.status).toBe(201);
    const stored = bodiesOnDisk();
    const again = await keyed('KEY-B');
    expect(again.status).toBe(400);
    expect(again.body[0]).toMatchObject({ errorCode: 'DUPLICATE_VALUE' });
    expect(await versionsWith('key-b')).toHaveLength(1);
    expect(bodiesOnDisk()).toBe(stored);
    // deleting the file deletes its version (as the org does): the key is free again
    await kconn.sobject('ContentDocument').destroy(String(first.body.id));
    expect(await versionsWith('key-b')).toHaveLength(0);
    expect((await keyed('key-b')).status).toBe(201);
    expect(await versionsWith('key-b')).toHaveLength(1);
  });

  it('refuses unknown custom fields and over-long values', async () => {
    const unknown = await post([['cqext__Nope__c', 'x']]);
    expect(unknown.status).toBe(400);
    expect(unknown.body[0]).toMatchObject({ errorCode: 'INVALID_FIELD' });
    const long = await keyed('x'.repeat(65));
    expect(long.status).toBe(400);
    expect(long.body[0]).toMatchObject({ errorCode: 'STRING_TOO_LONG' });
  });
});

describe('aborted uploads', () => {
  it('leave no partial file behind and the emulator keeps serving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'org-emulator-abort-'));
    const fileEmu = await start({ db: join(dir, 'org.db') });
    try {
      const t = (await login(fileEmu)).accessToken ?? '';
      const boundary = 'abortboundary';
      const req = request(`${fileEmu.url}/services/data/v60.0/connect/files/users/me`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${t}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': '10000000',
        },
      });
      req.on('error', () => undefined);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="fileData"; filename="x.bin"\r\n\r\n`);
      req.write(Buffer.alloc(200_000, 1));
      await new Promise((r) => setTimeout(r, 300));
      req.destroy();
      await new Promise((r) => setTimeout(r, 500));
      expect(readdirSync(join(dir, 'org.db.files')).filter((f) => !f.startsWith('seed-'))).toEqual([]);
      expect((await http(fileEmu, '/services/data/v60.0/sobjects', { token: t })).status).toBe(200);
    } finally {
      await fileEmu.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('large upload (separate process, RSS measured)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.pid) child.kill('SIGTERM');
  });

  it('streams a 100 MB multipart upload to disk with the server staying under 200 MB RSS', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    child = spawn(
      process.execPath,
      ['--import', 'tsx', 'org-emulator/src/cli.ts', '--port', '0', '--db', ':memory:', '--seed', 'demo'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child?.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      child?.once('exit', (code) => reject(new Error(`emulator exited ${String(code)}`)));
    });
    const tokenRes = await fetch(`${url}/services/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&client_id=demo-client-id&client_secret=demo-client-secret&username=field.user%40demo.org&password=demo1234',
    });
    const big = String(((await tokenRes.json()) as Rec).access_token);
    const pid = child.pid ?? 0;
    const rssMb = (field: 'VmRSS' | 'VmHWM'): number => {
      const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return Number(m?.[1] ?? 0) / 1024;
    };
    const boundary = '----emulatorboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="fileData"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x5a);
    const size = 100 * chunk.length;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb('VmRSS'));
    }, 50);
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${url}/services/data/v60.0/connect/files/users/me`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${big}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      void (async () => {
        req.write(head);
        for (let i = 0; i < 100; i++) {
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        }
        req.end(tail);
      })();
    });
    clearInterval(sampler);
    expect(result.status).toBe(201);
    expect((JSON.parse(result.body) as Rec).contentSize).toBe(size);
    const hwm = rssMb('VmHWM');
    console.log(`100 MB upload: server peak RSS sampled ${peak.toFixed(0)} MB, VmHWM ${hwm.toFixed(0)} MB`);
    expect(hwm).toBeLessThan(200);
  }, 120_000);
});
