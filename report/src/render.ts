/**
 * One rendering path for the server and the device: the report document handed to a pdfmake
 * instance set up with fonts by `pdf-node.ts` or `pdf-browser.ts`. Fonts are embedded and subset by
 * pdfkit (Roboto: Latin, Greek, Cyrillic).
 */
import type { TCreatedPdf, TDocumentDefinitions } from 'pdfmake/interfaces';
import { reportDocument, type ReportImages } from './document';
import type { ReportModel } from './model';

export interface PdfMaker {
  createPdf(doc: TDocumentDefinitions): TCreatedPdf;
}

/** The PDF bytes of a report. */
export async function renderWith(
  maker: PdfMaker,
  model: ReportModel,
  images?: ReportImages,
): Promise<Uint8Array> {
  const buf = await maker.createPdf(reportDocument(model, images)).getBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
