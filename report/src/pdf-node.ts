/**
 * The renderer on the server (Node): pdfmake with the Roboto files it ships, and the Noto Sans script
 * faces of `fonts-node.ts` added when a report's text needs them; nothing is read from a URL or the
 * disk beyond these fonts (images arrive as data URLs).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { TFontDictionary } from 'pdfmake/interfaces';
import { renderWith, type PdfMaker, type ScriptFonts } from './render';
import type { ReportImages } from './document';
import type { ReportModel } from './model';
import { faceFonts, scriptTools } from './fonts-node';
import { woffToSfnt } from './woff';

const require = createRequire(import.meta.url);

interface NodePdfMake extends PdfMaker {
  virtualfs: { existsSync(name: string): boolean; writeFileSync(name: string, content: Buffer): void };
  setFonts(fonts: TFontDictionary): void;
  addFonts(fonts: TFontDictionary): void;
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (path: string) => boolean): void;
}

const allowed = new Set<string>();
const allow = (fonts: TFontDictionary): void => {
  for (const f of Object.values(fonts)) for (const p of Object.values(f) as string[]) allowed.add(p);
};

let maker: NodePdfMake | undefined;
function pdfmake(): NodePdfMake {
  if (maker) return maker;
  const m = require('pdfmake') as NodePdfMake;
  const fonts = require('pdfmake/fonts/Roboto.js') as TFontDictionary;
  m.setFonts(fonts);
  allow(fonts);
  m.setUrlAccessPolicy(() => false);
  m.setLocalAccessPolicy((path) => allowed.has(path));
  return (maker = m);
}

const added = new Set<string>();
const scriptFonts: ScriptFonts = {
  tools: () => Promise.resolve(scriptTools()),
  provide: async (faces) => {
    const fonts: TFontDictionary = {};
    const vfs = pdfmake().virtualfs;
    for (const key of faces) {
      if (added.has(key)) continue;
      const files = faceFonts(key);
      // each file read once and handed over as its plain font (woff.ts: fontkit's inflate fails on some)
      for (const file of new Set(Object.values(files) as string[]))
        if (!vfs.existsSync(file))
          vfs.writeFileSync(file, Buffer.from(await woffToSfnt(readFileSync(file), (d) => inflateSync(d))));
      fonts[key] = files;
    }
    // the dictionary only grows: a render under way keeps the faces it was given
    allow(fonts);
    pdfmake().addFonts(fonts);
    for (const key of Object.keys(fonts)) added.add(key);
    return faces;
  },
};

export function renderReportPdf(model: ReportModel, images?: ReportImages): Promise<Uint8Array> {
  return renderWith(pdfmake(), model, images, scriptFonts);
}
