/**
 * The renderer on the device: pdfmake's browser build with its Roboto files. Loaded only when a
 * report is asked for (a chunk of its own, never in the first load).
 */
import pdfMake from 'pdfmake/build/pdfmake';
import vfs from 'pdfmake/build/vfs_fonts';
import { renderWith, type PdfMaker } from './render';
import type { ReportImages } from './document';
import type { ReportModel } from './model';

let ready = false;
function maker(): PdfMaker {
  if (!ready) {
    (pdfMake as unknown as { addVirtualFileSystem(v: unknown): void }).addVirtualFileSystem(vfs);
    ready = true;
  }
  return pdfMake as unknown as PdfMaker;
}

export function renderReportPdf(model: ReportModel, images?: ReportImages): Promise<Uint8Array> {
  return renderWith(maker(), model, images);
}
