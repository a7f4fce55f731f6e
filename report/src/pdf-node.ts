/**
 * The renderer on the server (Node): pdfmake with the Roboto files it ships; nothing is read from a
 * URL or the disk beyond them (images arrive as data URLs).
 */
import { createRequire } from 'node:module';
import type { TFontDictionary } from 'pdfmake/interfaces';
import { renderWith, type PdfMaker } from './render';
import type { ReportImages } from './document';
import type { ReportModel } from './model';

const require = createRequire(import.meta.url);

interface NodePdfMake extends PdfMaker {
  setFonts(fonts: TFontDictionary): void;
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (path: string) => boolean): void;
}

let maker: NodePdfMake | undefined;
function pdfmake(): NodePdfMake {
  if (maker) return maker;
  const m = require('pdfmake') as NodePdfMake;
  const fonts = require('pdfmake/fonts/Roboto.js') as TFontDictionary;
  m.setFonts(fonts);
  const allowed = new Set(Object.values(fonts).flatMap((f) => Object.values(f) as string[]));
  m.setUrlAccessPolicy(() => false);
  m.setLocalAccessPolicy((path) => allowed.has(path));
  return (maker = m);
}

export function renderReportPdf(model: ReportModel, images?: ReportImages): Promise<Uint8Array> {
  return renderWith(pdfmake(), model, images);
}
