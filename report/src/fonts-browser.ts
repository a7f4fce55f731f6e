/**
 * The script faces on the device, loaded only when a report's text needs them: the subset tables and
 * bidi-js come in a chunk of their own (`font-files-browser.ts`), and of the font files only those of
 * the faces the text uses are fetched (an Arabic or Hebrew report: one file a weight; a CJK one: the
 * few unicode-range subset files its characters fall in), then written to pdfmake's virtual file
 * system. A face whose file cannot be fetched (offline, never fetched before) is left out: its
 * characters show as missing glyphs in this copy, the org's copy has them.
 */
import type { Bidi } from 'bidi-js';
import type { TFontDictionary } from 'pdfmake/interfaces';
import type { ScriptFonts } from './render';
import { faceFile, facePicker, type Family, type SubsetTables } from './scripts';
import { woffToSfnt } from './woff';

/** zlib's inflate in the browser (woff.ts: fontkit's own fails on some of the faces' tables). */
async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export interface DeviceFontFiles {
  tables: SubsetTables;
  bidi: Bidi;
  /** The URL of a font file the build emitted, if it did. */
  url(family: Family, file: string): string | undefined;
}

/** The pdfmake browser build's font set-up. */
export interface PdfMakeFonts {
  addVirtualFileSystem(vfs: Record<string, string>): void;
  addFonts(fonts: TFontDictionary): void;
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Script fonts for the device's pdfmake, from the files `load` finds (lazily) and `fetch` reads. */
export function deviceScriptFonts(
  load: () => Promise<DeviceFontFiles>,
  pdfMake: PdfMakeFonts,
  fetchBytes: (url: string) => Promise<Uint8Array> = async (url) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  },
): ScriptFonts {
  let files: Promise<DeviceFontFiles> | undefined;
  const ready = new Set<string>();
  return {
    tools: async () => {
      const f = await (files ??= load());
      return { pick: facePicker(f.tables), bidi: f.bidi };
    },
    provide: async (faces) => {
      const f = await (files ??= load());
      await Promise.all(
        [...faces]
          .filter((key) => !ready.has(key))
          .map(async (key) => {
            const paths = ([400, 700] as const).map((w) => faceFile(key, w));
            const urls = paths.map((p) => f.url(p.family, p.file));
            try {
              if (urls.some((u) => !u)) return;
              const bytes = await Promise.all(
                urls.map(async (u) => woffToSfnt(await fetchBytes(u as string), inflate)),
              );
              const vfs: Record<string, string> = {};
              paths.forEach((p, i) => (vfs[p.file] = base64(bytes[i] as Uint8Array)));
              pdfMake.addVirtualFileSystem(vfs);
              const [normal, bold] = paths.map((p) => p.file) as [string, string];
              pdfMake.addFonts({ [key]: { normal, bold, italics: normal, bolditalics: bold } });
              ready.add(key);
            } catch {
              // not at hand (offline): left out, see above
            }
          }),
      );
      return new Set([...faces].filter((k) => ready.has(k)));
    },
  };
}
