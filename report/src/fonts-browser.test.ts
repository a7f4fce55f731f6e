import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';
import type { TFontDictionary } from 'pdfmake/interfaces';
import { deviceScriptFonts, type DeviceFontFiles } from './fonts-browser';
import { documentInFonts } from './render';
import { reportDocument } from './document';
import { reportModel } from './model';
import { FAMILIES, type SubsetTables } from './scripts';
import { formDef, submission } from './testing/fixture';

const require = createRequire(import.meta.url);
const tables = Object.fromEntries(
  FAMILIES.map((f) => [f, require(`@fontsource/noto-sans-${f}/unicode.json`) as Record<string, string>]),
) as unknown as SubsetTables;

// the device's picking with the real tables and files; fetch and pdfmake are recorders
function device(offline = false) {
  const loads: string[] = [];
  const fetched: string[] = [];
  const fonts: TFontDictionary = {};
  const vfs: string[] = [];
  const files: DeviceFontFiles = {
    tables,
    bidi: bidiFactory(),
    url: (family, file) => `/fonts/${family}/${file}`,
  };
  const scriptFonts = deviceScriptFonts(
    () => {
      loads.push('chunk');
      return Promise.resolve(files);
    },
    { addVirtualFileSystem: (v) => vfs.push(...Object.keys(v)), addFonts: (f) => Object.assign(fonts, f) },
    (url) => {
      if (offline) return Promise.reject(new Error('offline'));
      fetched.push(url);
      const [, family, file] = /^\/fonts\/(\w+)\/(.+)$/.exec(url) ?? [];
      return Promise.resolve(
        new Uint8Array(readFileSync(require.resolve(`@fontsource/noto-sans-${family}/files/${file}`))),
      );
    },
  );
  return { scriptFonts, loads, fetched, fonts, vfs };
}

const doc = (site: string, notes = '') =>
  reportDocument(
    reportModel({ submission: { ...submission, data: { General: { Site: site, Notes: notes } } }, formDef }),
  );

describe('script fonts on the device', () => {
  it('loads nothing for a Latin-only report: the same document', async () => {
    const d = device();
    const latin = doc('North Depot', 'Αποθήκη, Склад');
    expect(await documentInFonts(latin, d.scriptFonts)).toBe(latin);
    expect(d.loads).toEqual([]);
    expect(d.fetched).toEqual([]);
  });

  it('fetches only the faces the text uses: Hebrew one file a weight, CJK the subsets of its characters', async () => {
    const d = device();
    const out = await documentInFonts(doc('שלום עולם', '北京 東京'), d.scriptFonts);
    expect(d.loads).toEqual(['chunk']);
    expect(d.fetched.filter((u) => u.includes('/hebrew/')).sort()).toEqual([
      '/fonts/hebrew/noto-sans-hebrew-hebrew-400-normal.woff',
      '/fonts/hebrew/noto-sans-hebrew-hebrew-700-normal.woff',
    ]);
    const cjk = d.fetched.filter((u) => u.includes('/sc/'));
    // four characters: at most four subset files a weight, of ~100
    expect(cjk.length).toBeGreaterThan(0);
    expect(cjk.length).toBeLessThanOrEqual(8);
    expect(d.fetched.every((u) => !u.includes('/arabic/'))).toBe(true);
    const used = new Set([...JSON.stringify(out.content).matchAll(/"font":"([^"]+)"/g)].map((m) => m[1]));
    expect([...used].every((f) => f && d.fonts[f])).toBe(true);
    // a second report asks for no file again
    const before = d.fetched.length;
    await documentInFonts(doc('שלום'), d.scriptFonts);
    expect(d.fetched.length).toBe(before);
  });

  it('leaves a face it cannot fetch out (offline): Roboto there, the order kept', async () => {
    const d = device(true);
    const out = await documentInFonts(doc('שלום עולם'), d.scriptFonts);
    expect(JSON.stringify(out.content)).not.toContain('"font"');
    expect(JSON.stringify(out.content)).toContain('"text":"עולם"');
    expect(Object.keys(d.fonts)).toEqual([]);
  });
});
