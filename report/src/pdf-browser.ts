/**
 * The renderer on the device: pdfmake's browser build with its Roboto files. Loaded only when a
 * report is asked for (a chunk of its own, never in the first load). The script faces (Arabic,
 * Hebrew, CJK: `fonts-browser.ts`) come in a further chunk, only for a report whose text needs them.
 */
import pdfMake from 'pdfmake/build/pdfmake';
import vfs from 'pdfmake/build/vfs_fonts';
import { renderWith, type PdfMaker } from './render';
import type { ReportImages } from './document';
import type { ReportModel } from './model';
import { deviceScriptFonts, type PdfMakeFonts } from './fonts-browser';

let ready = false;
function maker(): PdfMaker & PdfMakeFonts {
  if (!ready) {
    (pdfMake as unknown as { addVirtualFileSystem(v: unknown): void }).addVirtualFileSystem(vfs);
    ready = true;
  }
  return pdfMake as unknown as PdfMaker & PdfMakeFonts;
}

const scriptFonts = deviceScriptFonts(() => import('./font-files-browser').then((m) => m.deviceFontFiles), {
  addVirtualFileSystem: (v) => maker().addVirtualFileSystem(v),
  addFonts: (f) => maker().addFonts(f),
});

export function renderReportPdf(model: ReportModel, images?: ReportImages): Promise<Uint8Array> {
  return renderWith(maker(), model, images, scriptFonts);
}
