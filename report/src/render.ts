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
import {
  documentNeedsScriptFonts,
  hanFamilyOf,
  withScriptFonts,
  type Cjk,
  type FacePicker,
  type LineRanges,
} from './scripts';
import { drawnTexts, mapGlyphsOnce, measuring } from './glyph-text';

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

/** The picker and bidi for a document's script faces, the faces provided; none for a Latin-only one. */
async function scriptTools(
  doc: TDocumentDefinitions,
  fonts?: ScriptFonts,
  han: Cjk = 'sc',
): Promise<{ pick: FacePicker; bidi: Bidi } | undefined> {
  if (!fonts || !documentNeedsScriptFonts(doc)) return undefined;
  const { pick, bidi } = await fonts.tools();
  const { faces } = withScriptFonts(doc, pick, bidi, { han });
  const ready = await fonts.provide(faces);
  if ([...faces].every((f) => ready.has(f))) return { pick, bidi };
  // a face that could not be had: its characters stay in Roboto (missing glyphs), the order holds
  const only = (cp: number, cjk: Cjk): string | undefined => {
    const face = pick(cp, cjk);
    return face && ready.has(face) ? face : undefined;
  };
  return { pick: only, bidi };
}

/** The document in its fonts, each text one line: as it is when Roboto holds all its text. */
export async function documentInFonts(
  doc: TDocumentDefinitions,
  fonts?: ScriptFonts,
): Promise<TDocumentDefinitions> {
  const tools = await scriptTools(doc, fonts);
  return tools ? withScriptFonts(doc, tools.pick, tools.bidi).doc : doc;
}

let tagCount = 0;

/**
 * Where the layout breaks each right-to-left paragraph that may wrap: `doc` (a fresh document: the
 * layout writes into its nodes) is laid out with those paragraphs in logical order, each coloured with
 * a tag of its own, and the words drawn in each paragraph grouped by line. Paragraphs of one line are
 * left out.
 */
async function measureLines(
  maker: PdfMaker,
  doc: TDocumentDefinitions,
  pick: FacePicker,
  bidi: Bidi,
  han: Cjk,
): Promise<Map<number, LineRanges>> {
  const lines = new Map<number, LineRanges>();
  const tagged = withScriptFonts(doc, pick, bidi, {
    han,
    measure: () => `#${((tagCount++ % 0xfffff) + 1).toString(16).padStart(6, '0')}`,
  });
  if (!tagged.measured.size) return lines;
  for (const tag of tagged.measured.keys()) measuring.add(tag);
  try {
    const created = maker.createPdf(tagged.doc) as unknown as { getStream(): Promise<object> };
    const calls = drawnTexts(await created.getStream());
    for (const [tag, { index, text }] of tagged.measured) {
      const mine = calls.filter((c) => c.tag === tag);
      const ranges: Array<[number, number]> = [];
      let at = 0;
      let last: { y: number; page: object | undefined } | undefined;
      for (const c of mine) {
        const n = Array.from(c.text).length;
        const range = ranges[ranges.length - 1];
        // one line: the same page, the baseline moved less than half a line (another font's ascender)
        if (range && last && last.page === c.page && Math.abs(last.y - c.y) < c.size / 2) range[1] += n;
        else ranges.push([at, at + n]);
        at += n;
        last = c;
      }
      // the drawn words must be the paragraph's, in order; else it stays one line
      if (ranges.length > 1 && mine.map((c) => c.text).join('') === text) lines.set(index, ranges);
    }
  } finally {
    for (const tag of tagged.measured.keys()) measuring.delete(tag);
  }
  return lines;
}

/** The PDF bytes of a report. */
export async function renderWith(
  maker: PdfMaker,
  model: ReportModel,
  images?: ReportImages,
  fonts?: ScriptFonts,
): Promise<Uint8Array> {
  const plain = reportDocument(model, images);
  // Han characters in the report's language's faces (Traditional Chinese for zh_TW…)
  const han = hanFamilyOf(model.language);
  const tools = await scriptTools(plain, fonts, han);
  let doc = plain;
  if (tools) {
    // a script face's glyphs copied as their letters (glyph-text.ts); a Latin-only document as before
    await mapGlyphsOnce(maker as unknown as Parameters<typeof mapGlyphsOnce>[0]);
    const lines = await measureLines(maker, reportDocument(model, images), tools.pick, tools.bidi, han);
    doc = withScriptFonts(plain, tools.pick, tools.bidi, { lines, han }).doc;
  }
  const buf = await maker.createPdf(doc).getBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
