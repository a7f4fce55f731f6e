/**
 * The text a copied glyph reads as (issue 42: copied Arabic reads the right letters). pdfkit gives a
 * glyph of a subset font one ToUnicode entry, from fontkit's glyph the first time the glyph is used;
 * but fontkit keeps one glyph object per glyph id with the code points it was first made for, and
 * Noto Sans Arabic draws dotted letters as an undotted skeleton and a dots mark (ش as the skeleton of
 * س and three dots; ت, ب, ن, ي share a skeleton), so one glyph id stands for several letters and the
 * dots have no letter. A copied word then read another letter (مستودع came back as مشيودع).
 *
 * Here each glyph's letters are read from the text itself: in logical order a glyph takes as many
 * characters as fontkit says it stands for (a ligature two, a dots mark none), and a glyph id used for
 * other letters than before is written as a code of its own (the glyph copied once more into the
 * subset, ~100-300 bytes), so each code's ToUnicode entry is right. Where the counts do not add up to
 * the text, fontkit's own code points are kept, as before. A Latin text keeps the codes it had.
 */

interface FontkitGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

/** Whether the first letter of a text is right to left (fontkit then lays its glyphs out reversed). */
const RTL_FIRST = /^[^\p{L}]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** What a glyph that stands for no letter (a dots mark) reads as: WORD JOINER, which pdfjs skips. */
const MARK = 0x2060;

/**
 * The code points each glyph stands for, from `text` laid out as one run into `glyphs` (visual order:
 * reversed for a right-to-left run). Undefined when fontkit's counts do not match the text.
 */
export function glyphCodePoints(
  text: string,
  glyphs: ReadonlyArray<{ codePoints: readonly number[] }>,
): number[][] | undefined {
  const chars = Array.from(text).map((c) => c.codePointAt(0) ?? 0);
  const rtl = RTL_FIRST.test(text);
  const order = glyphs.map((_, i) => (rtl ? glyphs.length - 1 - i : i));
  const out: number[][] = new Array<number[]>(glyphs.length);
  let at = 0;
  for (const i of order) {
    const n = glyphs[i]?.codePoints.length ?? 0;
    out[i] = n ? chars.slice(at, at + n) : [MARK];
    at += n;
  }
  return at === chars.length ? out : undefined;
}

/** The chunks pdfkit lays a text out in when no font features are given (each ends after a space). */
function chunks(text: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (let i = 0; i < text.length; i++)
    if (text[i] === ' ' || text[i] === '\t') {
      out.push(text.slice(last, i + 1));
      last = i + 1;
    }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

interface EmbeddedFontLike {
  layout(
    text: string,
    features?: unknown,
  ): { glyphs: FontkitGlyph[]; positions: Array<Record<string, number>> };
  subset: { glyphs: number[]; mapping: Record<number, number>; includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  scale: number;
  encode(text: string, features?: unknown): [string[], Array<Record<string, number>>];
  /** Codes by glyph id and letters (this module's). */
  codesByText?: Map<string, number>;
}

const PATCHED = Symbol.for('report.glyphText');

function encode(
  this: EmbeddedFontLike,
  text: string,
  features?: unknown,
): [string[], Array<Record<string, number>>] {
  const parts = features ? [text] : chunks(text);
  const res: string[] = [];
  const positions: Array<Record<string, number>> = [];
  const codes = (this.codesByText ??= new Map());
  for (const part of parts) {
    const run = this.layout(part, features);
    const letters = glyphCodePoints(part, run.glyphs);
    run.glyphs.forEach((glyph, i) => {
      const cps = letters?.[i] ?? glyph.codePoints;
      const key = `${glyph.id}:${cps.join(',')}`;
      let code = codes.get(key);
      if (code === undefined) {
        const first = this.subset.mapping[glyph.id];
        const had = first === undefined ? undefined : this.unicode[first];
        if (first === undefined || (had && had.join(',') === cps.join(','))) {
          code = this.subset.includeGlyph(glyph.id);
        } else {
          // the same drawing for other letters: a code of its own
          this.subset.glyphs.push(glyph.id);
          code = this.subset.glyphs.length - 1;
        }
        codes.set(key, code);
      }
      res.push(`0000${code.toString(16)}`.slice(-4));
      this.widths[code] ??= glyph.advanceWidth * this.scale;
      this.unicode[code] ??= [...cps];
    });
    positions.push(...run.positions);
  }
  return [res, positions];
}

/** Replaces pdfkit's EmbeddedFont encoding (once per prototype) with the one above. */
export function mapGlyphsToText(font: object): void {
  const proto = Object.getPrototypeOf(font) as Record<PropertyKey, unknown>;
  if (proto[PATCHED] || typeof proto.encode !== 'function' || typeof proto.layout !== 'function') return;
  proto.encode = encode;
  proto[PATCHED] = true;
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** A text drawn while measuring: its paragraph's tag, where it was drawn. */
export interface DrawnText {
  tag: string;
  text: string;
  y: number;
  /** The font size it was drawn in. */
  size: number;
  page: object | undefined;
}
/** The tags (fill colours) of paragraphs being measured (render.ts), and what each document drew. */
export const measuring = new Set<string>();
const drawn = new WeakMap<object, DrawnText[]>();
/** The tagged texts a document drew, in drawing order. */
export const drawnTexts = (doc: object): DrawnText[] => drawn.get(doc) ?? [];

interface DocLike {
  text(text: unknown, ...rest: unknown[]): unknown;
  markContent(tag: string, options: { actual: string }): unknown;
  endMarkedContent(): unknown;
  addContent(content: string): unknown;
}

/**
 * Each Arabic text drawn as a marked-content span whose ActualText is the text: pdftotext (poppler)
 * reads the span as that text (a dots mark is a character of its own to it, breaking the word); pdfjs
 * reads the glyphs' ToUnicode (it skips a dots mark, an invisible format mark). The span sits inside
 * the text object, after its first positioning, where poppler places the span's text right.
 */
export function markArabicText(doc: object): void {
  const proto = Object.getPrototypeOf(doc) as Record<PropertyKey, unknown> & DocLike;
  if (proto[PATCHED] || typeof proto.text !== 'function' || typeof proto.markContent !== 'function') return;
  const text = proto.text;
  proto.text = function (this: DocLike, t: unknown, ...rest: unknown[]): unknown {
    const fill = (this as { _fillColor?: unknown[] })._fillColor?.[0];
    if (typeof fill === 'string' && measuring.has(fill) && typeof t === 'string') {
      const calls = drawn.get(this) ?? [];
      drawn.set(this, calls);
      const self = this as { page?: object; _fontSize?: number };
      calls.push({ tag: fill, text: t, y: Number(rest[1]), size: self._fontSize ?? 10, page: self.page });
    }
    if (typeof t !== 'string' || !ARABIC.test(t)) return text.call(this, t, ...rest);
    const own = Object.prototype.hasOwnProperty.call(this, 'addContent');
    const add = this.addContent;
    let state: 'before' | 'in' | 'done' = 'before';
    this.addContent = (content: string): unknown => {
      if (state === 'in' && content === 'ET') {
        state = 'done';
        this.endMarkedContent();
      }
      const r = add.call(this, content);
      if (state === 'before' && / Tm$/.test(content)) {
        state = 'in';
        // poppler reads the span's text in drawing order, then orders it right to left
        this.markContent('Span', { actual: Array.from(t).reverse().join('') });
      }
      return r;
    };
    try {
      return text.call(this, t, ...rest);
    } finally {
      if (own) this.addContent = add;
      else delete (this as Partial<DocLike>).addContent;
    }
  };
  proto[PATCHED] = true;
}

interface MakerWithStream {
  createPdf(doc: { content: unknown }): { getStream(): Promise<unknown> };
}

let patched: Promise<void> | undefined;
/**
 * Patches the pdfkit that `maker` (pdfmake, Node or browser build) renders with: its document and
 * EmbeddedFont classes are not exported, so a one-word document is laid out and its prototypes taken
 * (once).
 */
export function mapGlyphsOnce(maker: MakerWithStream): Promise<void> {
  return (patched ??= maker
    .createPdf({ content: 'x' })
    .getStream()
    .then((doc) => {
      const font = (doc as { _font?: object })._font;
      if (font) mapGlyphsToText(font);
      markArabicText(doc as object);
    }));
}
