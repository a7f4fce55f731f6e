/**
 * One rendering path for the server and the device: the report document handed to a pdfmake
 * instance set up with fonts by `pdf-node.ts` or `pdf-browser.ts`. Fonts are embedded and subset by
 * pdfkit (Roboto: Latin, Greek, Cyrillic; Noto Sans faces for Arabic, Hebrew and CJK runs, found by
 * `scripts.ts` and loaded only when a report's text needs them).
 */
import type { Bidi } from 'bidi-js';
import type { TCreatedPdf, TDocumentDefinitions } from 'pdfmake/interfaces';
import { reportDocument, type ReportImages } from './document';
import type { ReportModel } from './model';
import { documentNeedsScriptFonts, withScriptFonts, type FacePicker } from './scripts';
import { mapGlyphsOnce } from './glyph-text';

export interface PdfMaker {
  createPdf(doc: TDocumentDefinitions): TCreatedPdf;
}

/** Where a renderer finds the script faces: asked only when a report's text needs one. */
export interface ScriptFonts {
  /** The face picker and the bidi algorithm. */
  tools(): Promise<{ pick: FacePicker; bidi: Bidi }>;
  /**
   * Makes the faces usable by the renderer's pdfmake (their files read); answers those it could
   * (the device offline may lack a face's file).
   */
  provide(faces: ReadonlySet<string>): Promise<ReadonlySet<string>>;
}

/** The document in its fonts: as it is when Roboto holds all its text. */
export async function documentInFonts(
  doc: TDocumentDefinitions,
  fonts?: ScriptFonts,
): Promise<TDocumentDefinitions> {
  if (!fonts || !documentNeedsScriptFonts(doc)) return doc;
  const { pick, bidi } = await fonts.tools();
  const out = withScriptFonts(doc, pick, bidi);
  const ready = await fonts.provide(out.faces);
  if ([...out.faces].every((f) => ready.has(f))) return out.doc;
  // a face that could not be had: its characters stay in Roboto (missing glyphs), the order holds
  const only = (cp: number, cjk: 'jp' | 'sc' | 'kr'): string | undefined => {
    const face = pick(cp, cjk);
    return face && ready.has(face) ? face : undefined;
  };
  return withScriptFonts(doc, only, bidi).doc;
}

/** The PDF bytes of a report. */
export async function renderWith(
  maker: PdfMaker,
  model: ReportModel,
  images?: ReportImages,
  fonts?: ScriptFonts,
): Promise<Uint8Array> {
  const plain = reportDocument(model, images);
  const doc = await documentInFonts(plain, fonts);
  // a script face's glyphs copied as their letters (glyph-text.ts); a Latin-only document as before
  if (doc !== plain) await mapGlyphsOnce(maker as unknown as Parameters<typeof mapGlyphsOnce>[0]);
  const buf = await maker.createPdf(doc).getBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
