import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { OrgClient } from 'test-kit';
import { chromiumLaunchOptions } from '../support/browser';
import { signInAtOrg } from '../support/auth';
import { launchFromHome } from '../support/form-screen';
import { sidewaysJpeg } from '../support/photo-fixture';
import { systemForFile } from '../support/session';

// Issue 45, a lost or shared device gives nothing away: field.user and then partner.user on one
// Chromium profile each keep a form for offline use, draft it offline with typed text and a photo (its
// original kept; partner.user's a 12-megapixel one, ~5 MB), and let home keep the org's lists;
// partner.user opens the draft again in a new tab and sees both photos (their bytes opened from the
// store to be shown). Then every place the browser keeps data is read: IndexedDB (every database and store), Cache
// Storage, localStorage, sessionStorage, and every file of the profile on disk (bytes), while the
// browser still runs (its blob storage, where Chromium pages Blobs out of memory, is on the profile's
// disk until it closes) and once it has closed. None holds the typed text, either photo's bytes or
// the org's names. Each place is its own (soft) check, so a failure names every place that leaks.

const env = systemForFile();
const FORM_NAME = 'FORM-0097';
const FORM_TITLE = 'Flange Corrosion Survey';
const TITLE = `${FORM_NAME} - ${FORM_TITLE}`;
const USERS = [
  { username: 'field.user@demo.org', typed: 'Qx7 pitting under gasket seen by field', photo: 0 },
  { username: 'partner.user@demo.org', typed: 'Qx7 weeping bolt noted by partner', photo: 1 },
];
const g = (key: string) => `#/properties/General/properties/${key}`;

/** field.user's photo (1600 x 1200) and partner.user's, a phone camera's 4000 x 3000. */
let photos: Buffer[] = [];
let profile = '';
let context: BrowserContext | undefined;

test.beforeAll(async () => {
  await new OrgClient(env.org, { token: env.token }).insert('cqext__SQX_Form_Definition__c', {
    Name: FORM_NAME,
    cqext__Title__c: FORM_TITLE,
    cqext__Status__c: 'Active',
    cqext__Supports_Offline__c: true,
    cqext__Object_Type__c: 'cqext__SQX_Inspection__c',
    cqext__Form_JSON__c: JSON.stringify({
      formName: FORM_TITLE,
      version: '1.0.0',
      cqFormType: 'cqext__SQX_Inspection__c',
      nextaction: { cqext__Activity_Code__c: 'submit' },
      schema: {
        type: 'object',
        properties: {
          General: {
            type: 'object',
            properties: {
              Inspector: { type: 'string', title: 'Inspector name' },
              Evidence: { type: 'array', title: 'Evidence photos', items: { type: 'object' } },
            },
          },
        },
      },
      ui: {
        type: 'VerticalLayout',
        elements: [
          {
            type: 'Section',
            label: 'General',
            elements: [
              { type: 'Control', scope: g('Inspector'), label: 'Inspector name' },
              {
                type: 'photo',
                scope: g('Evidence'),
                label: 'Evidence photos',
                // the original is kept beside the resized copy: its bytes are known here
                options: { maxEdge: 800, quality: 0.7, keepOriginal: true },
              },
            ],
          },
        ],
      },
      data: {},
    }),
  });
  photos = [sidewaysJpeg(1600, 1200, 6), sidewaysJpeg(4000, 3000, 6)];
});

test.afterEach(async () => {
  await context?.close().catch(() => undefined);
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

async function home(page: Page): Promise<void> {
  await page.waitForURL(`${env.system.url}/`);
  await expect(page.locator('[data-testid="remote-screen"][data-remote="mfe-home"]')).toBeVisible();
}

async function logOut(page: Page): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const dialog = page.getByRole('alertdialog');
  if (await dialog.isVisible().catch(() => false))
    await dialog.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${env.system.url}/login`);
}

/** What a user does: keep the form for offline, draft it offline with text and a photo, back home. */
async function draftOffline(page: Page, ctx: BrowserContext, typed: string, photo: Buffer): Promise<void> {
  await home(page);
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: /^Forms/ }).click();
  await page.getByLabel(`Offline ${TITLE}`).check({ force: true });
  await expect(page.getByLabel(`Offline ${TITLE}`)).toBeChecked();
  await launchFromHome(page, TITLE);
  await ctx.setOffline(true);
  await page.getByLabel('Inspector name').fill(typed);
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('group', { name: 'Evidence photos' })
    .getByRole('button', { name: 'Choose photo' })
    .click();
  await (await chooser).setFiles({ name: 'flange-north.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page
    .getByRole('dialog', { name: 'Mark up flange-north.jpg' })
    .getByRole('button', { name: 'Skip' })
    .click();
  // the resized photo and the kept original (keepOriginal), each a card of its own
  await expect(page.getByTestId('file-card')).toHaveCount(2);
  await page.getByRole('button', { name: 'Close' }).click();
  await home(page);
  await expect(page.getByTestId('in-progress-card').filter({ hasText: FORM_TITLE })).toHaveCount(1);
}

/**
 * The user opens the app in a new tab (still offline) and the draft from In Progress: both photos show,
 * read back from the device (that tab never had the files the user chose), then Close.
 */
async function lookAtPhotos(ctx: BrowserContext, errors: string[]): Promise<void> {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${env.system.url}/`);
  await home(page);
  await page
    .getByTestId('in-progress-card')
    .getByRole('button', { name: `Launch ${TITLE}` })
    .first()
    .click();
  await page.waitForURL(/\/form\/[0-9a-f-]{36}$/);
  const shown = page.getByTestId('file-card').getByRole('img');
  await expect(shown).toHaveCount(2, { timeout: 60_000 });
  await expect
    .poll(() => shown.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)), {
      timeout: 60_000,
    })
    .toEqual([true, true]);
  await page.getByRole('button', { name: 'Close' }).click();
  await home(page);
  await page.close();
}

/** Every place of the page's origin, as text (binary values as base64 beside it). */
async function dumpOrigin(page: Page): Promise<Record<string, { text: string; binary: string[] }>> {
  return page.evaluate(async () => {
    const binary: string[] = [];
    const b64 = (bytes: Uint8Array): string => {
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    };
    const blobs: Promise<void>[] = [];
    const replacer = (list: string[]) => (_k: string, v: unknown) => {
      if (v instanceof ArrayBuffer) list.push(b64(new Uint8Array(v)));
      else if (ArrayBuffer.isView(v)) list.push(b64(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)));
      else if (v instanceof Blob)
        blobs.push(v.arrayBuffer().then((a) => void list.push(b64(new Uint8Array(a)))));
      else return v;
      return '<bytes>';
    };
    const idbBinary: string[] = [];
    const rows: unknown[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open(info.name as string);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const r = db.transaction(store).objectStore(store).getAll();
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
        rows.push({ db: info.name, store, all });
      }
      db.close();
    }
    const idbText = JSON.stringify(rows, replacer(idbBinary));
    const cacheBinary: string[] = [];
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        const bytes = new Uint8Array(await (res?.arrayBuffer() ?? Promise.resolve(new ArrayBuffer(0))));
        cached.push(`${name} ${req.url} ${new TextDecoder().decode(bytes)}`);
        cacheBinary.push(b64(bytes));
      }
    }
    const storage = (s: Storage) => JSON.stringify(Object.fromEntries(Object.entries(s)));
    await Promise.all(blobs);
    void binary;
    return {
      IndexedDB: { text: idbText, binary: idbBinary },
      'Cache Storage': { text: cached.join('\n'), binary: cacheBinary },
      localStorage: { text: storage(localStorage), binary: [] },
      sessionStorage: { text: storage(sessionStorage), binary: [] },
    };
  });
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/** The profile's area a file is in (IndexedDB, Local Storage, the HTTP cache, ...). */
const areaOf = (file: string): string => {
  const rel = path.relative(profile, file).split(path.sep);
  return rel[0] === 'Default' ? (rel[1] ?? 'Default') : (rel[0] ?? '');
};

test('field.user and partner.user on one profile: drafts, photos, a form kept offline, lists; no place holds any of it in the clear', async () => {
  test.setTimeout(420_000);
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cq-at-rest-'));
  context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, headless: true });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  for (const [i, user] of USERS.entries()) {
    await signInAtOrg(page, env.system.url, user.username);
    await draftOffline(page, context, user.typed, photos[user.photo] as Buffer);
    if (i === USERS.length - 1) await lookAtPhotos(context, errors);
    if (i < USERS.length - 1) {
      // field.user leaves (the draft stays queued, theirs); the network returns for the next user
      await logOut(page);
      await context.setOffline(false);
    }
  }

  // The needles: the typed texts, a run of each photo's bytes (mid-file: the picture, not the header),
  // and the org's names seen on screen (the form's name and title).
  const texts = [...USERS.map((u) => u.typed), FORM_TITLE, 'Flange Corrosion', FORM_NAME];
  const photoRuns = photos.map((p) => p.subarray(Math.floor(p.length / 2), Math.floor(p.length / 2) + 48));
  const needles = [
    ...texts.map((t) => Buffer.from(t, 'utf8')),
    ...texts.map((t) => Buffer.from(t, 'utf16le')),
  ];

  const dump = await dumpOrigin(page);
  for (const [place, { text, binary }] of Object.entries(dump)) {
    const found = texts.filter((t) => text.includes(t));
    for (const [n, run] of photoRuns.entries())
      if (binary.some((b) => Buffer.from(b, 'base64').includes(run))) found.push(`<photo ${n} bytes>`);
    expect.soft(found, `${place} holds in the clear`).toEqual([]);
  }
  // the dump did read the stores: the records are there, sealed
  expect(dump.IndexedDB?.text).toContain('"sealed"');
  expect(dump.IndexedDB?.binary.length).toBeGreaterThan(4);

  /** The profile's files that hold any needle, by area (a file being written is read as far as it is). */
  const scanProfile = (): Map<string, Set<string>> => {
    const hits = new Map<string, Set<string>>();
    for (const file of filesUnder(profile)) {
      let bytes: Buffer;
      try {
        bytes = fs.readFileSync(file);
      } catch {
        continue;
      }
      const found: string[] = needles
        .filter((n) => bytes.includes(n))
        .map((n) => n.toString('utf8').replace(/\0/g, ''));
      for (const [n, run] of photoRuns.entries()) if (bytes.includes(run)) found.push(`<photo ${n} bytes>`);
      for (const f of found) {
        const area = areaOf(file);
        hits.set(area, (hits.get(area) ?? new Set()).add(`${f} (${path.relative(profile, file)})`));
      }
    }
    return hits;
  };

  // The profile's files on disk while the browser runs (its blob storage is there until it closes)...
  for (const [area, found] of scanProfile())
    expect.soft([...found], `while the browser runs, the profile's ${area} holds in the clear`).toEqual([]);
  // ...and once the browser has closed them.
  await context.close();
  context = undefined;
  for (const [area, found] of scanProfile())
    expect.soft([...found], `the profile's ${area} holds in the clear`).toEqual([]);
  expect(errors).toEqual([]);
});
