/**
 * Which runs of a report's text need which font (issue 42: Hebrew, Arabic and CJK). Roboto, the
 * report's font, covers Latin, Greek and Cyrillic; a run in Arabic, Hebrew, Japanese, Chinese or Korean
 * gets a Noto Sans face of @fontsource (OFL), one per unicode-range subset file, so the device loads
 * only the files its text needs (a CJK font is split in ~100 of them). Pure: the subset tables and the
 * bidi algorithm are handed in (`fonts-node.ts`, `fonts-browser.ts` load them, the device lazily), and a
 * document whose text needs none of them is returned as it is, at no cost.
 *
 * Order: right-to-left runs are put in visual order here (bidi-js, the Unicode Bidirectional
 * Algorithm) word by word, since pdfmake lays out its words left to right. Within a word fontkit lays
 * the glyphs of an Arabic or Hebrew string right to left itself (and shapes Arabic once the word is in
 * one Arabic font), so such a word is handed over in its logical order; a right-to-left run with no
 * Arabic or Hebrew letter (punctuation between words) is reversed here. A paragraph whose base
 * direction is right to left is aligned right.
 */
import type { Bidi } from 'bidi-js';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { isTraditionalChinese } from 'shared-contracts';

/** The Noto Sans families of @fontsource the report embeds beside Roboto. */
export const FAMILIES = ['arabic', 'hebrew', 'jp', 'sc', 'tc', 'kr'] as const;
export type Family = (typeof FAMILIES)[number];
/** A family's unicode-range subsets: @fontsource's unicode.json (subset name to CSS unicode-range). */
export type SubsetTable = Readonly<Record<string, string>>;
export type SubsetTables = Readonly<Record<Family, SubsetTable>>;

/** The subsets a family is read from (its other subsets, Latin and such, are Roboto's). */
const OWN_SUBSETS: Record<Family, (name: string) => boolean> = {
  arabic: (n) => n === 'arabic',
  hebrew: (n) => n === 'hebrew',
  jp: (n) => /^\[\d+\]$/.test(n),
  sc: (n) => /^\[\d+\]$/.test(n),
  tc: (n) => /^\[\d+\]$/.test(n),
  kr: (n) => /^\[\d+\]$/.test(n),
};

type Script = 'arabic' | 'hebrew' | 'kana' | 'hangul' | 'han';

const SCRIPT_RE =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u1100-\u11FF\u2E80-\u9FFF\uA960-\uA97F\uAC00-\uD7FF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]|[\uD840-\uD8BF][\uDC00-\uDFFF]/;
const RTL_RE = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** The script of a code point that Roboto lacks, or undefined for Roboto's. */
export function scriptOf(cp: number): Script | undefined {
  if (cp < 0x0590) return undefined;
  if (cp <= 0x05ff || (cp >= 0xfb1d && cp <= 0xfb4f)) return 'hebrew';
  if (cp <= 0x08ff || (cp >= 0xfb50 && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff)) return 'arabic';
  if (
    (cp >= 0x1100 && cp <= 0x11ff) ||
    (cp >= 0x3130 && cp <= 0x318f) ||
    (cp >= 0xa960 && cp <= 0xa97f) ||
    (cp >= 0xac00 && cp <= 0xd7ff)
  )
    return 'hangul';
  if ((cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff) || (cp >= 0xff65 && cp <= 0xff9f))
    return 'kana';
  if (
    (cp >= 0x2e80 && cp <= 0x9fff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x2ffff)
  )
    return 'han';
  return undefined;
}

/** Whether a text has a character Roboto lacks and a script font has (cheap: no tables). */
export const needsScriptFonts = (text: string): boolean => SCRIPT_RE.test(text);

/** A face: one subset file of a family, e.g. `Noto-jp-57`, `Noto-arabic-arabic`. */
export const faceKey = (family: Family, subset: string): string =>
  `Noto-${family}-${subset.replace(/[[\]]/g, '')}`;

/** The @fontsource file of a face in a weight (400 normal, 700 bold). */
export function faceFile(key: string, weight: 400 | 700): { family: Family; file: string } {
  const m = /^Noto-(arabic|hebrew|jp|sc|tc|kr)-([\w-]+)$/.exec(key);
  if (!m) throw new Error(`not a script face: ${key}`);
  const family = m[1] as Family;
  return { family, file: `noto-sans-${family}-${m[2]}-${weight}-normal.woff` };
}

/** A CJK family: Japanese, Simplified Chinese, Traditional Chinese, Korean. */
export type Cjk = 'jp' | 'sc' | 'tc' | 'kr';
/** Picks the face holding a code point: (code point, CJK family of its paragraph) to a face key. */
export type FacePicker = (cp: number, cjk: Cjk) => string | undefined;

/**
 * The family a report's Han characters take when a paragraph's own letters do not say (no kana, no
 * Hangul): the report's language's (Traditional Chinese for zh_TW, zh_HK, zh-Hant; Japanese for ja;
 * Korean for ko), else Simplified Chinese.
 */
export function hanFamilyOf(language: string | null | undefined): Cjk {
  if (isTraditionalChinese(language)) return 'tc';
  const base = (language ?? '').split(/[_-]/)[0]?.toLowerCase();
  return base === 'ja' ? 'jp' : base === 'ko' ? 'kr' : 'sc';
}

function parseRanges(css: string): Array<[number, number]> {
  return css.split(',').map((r) => {
    const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
    const lo = parseInt(a ?? '', 16);
    return [lo, b ? parseInt(b, 16) : lo];
  });
}

/** The picker over @fontsource's subset tables. */
export function facePicker(tables: SubsetTables): FacePicker {
  const faces = new Map<Family, Array<{ key: string; ranges: Array<[number, number]> }>>();
  for (const family of FAMILIES)
    faces.set(
      family,
      Object.entries(tables[family])
        .filter(([name]) => OWN_SUBSETS[family](name))
        .map(([name, css]) => ({ key: faceKey(family, name), ranges: parseRanges(css) })),
    );
  const find = (family: Family, cp: number): string | undefined =>
    faces.get(family)?.find((f) => f.ranges.some(([lo, hi]) => cp >= lo && cp <= hi))?.key;
  const CJK_ORDER = {
    jp: ['jp', 'sc', 'tc', 'kr'],
    sc: ['sc', 'tc', 'jp', 'kr'],
    tc: ['tc', 'sc', 'jp', 'kr'],
    kr: ['kr', 'jp', 'sc', 'tc'],
  } as const;
  return (cp, cjk) => {
    const script = scriptOf(cp);
    if (!script) return undefined;
    if (script === 'arabic' || script === 'hebrew') return find(script, cp);
    const first = script === 'kana' ? 'jp' : script === 'hangul' ? 'kr' : cjk;
    for (const family of CJK_ORDER[first]) {
      const key = find(family, cp);
      if (key) return key;
    }
    return undefined;
  };
}

export interface TextRun {
  text: string;
  /** The face; none for Roboto's text. */
  font?: string;
}

const run = (text: string, font: string | undefined): TextRun => (font ? { text, font } : { text });

export interface Runs {
  runs: TextRun[];
  /** The paragraph's base direction is right to left. */
  rtl: boolean;
}

const isSpace = (c: string): boolean => /\s/.test(c);

/**
 * The CJK family a paragraph's Han characters take: Japanese with kana, Korean with Hangul, else the
 * report's language's (`han`: hanFamilyOf).
 */
const cjkOf = (text: string, han: Cjk): Cjk =>
  /[\u3040-\u30ff\u31f0-\u31ff]/.test(text)
    ? 'jp'
    : /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7ff]/.test(text)
      ? 'kr'
      : han;

/** Code point ranges [start, end) of a paragraph's lines, as the layout broke it. */
export type LineRanges = ReadonlyArray<readonly [number, number]>;

/**
 * A text as runs in visual order, each in its font; undefined when Roboto holds it all as it is.
 * `lines`: where the layout broke the paragraph (logical order, `layoutRuns` measured it): each line
 * is put in visual order on its own and the lines joined by line breaks, so a wrapped right-to-left
 * paragraph starts with its first words; without, the text is one line.
 */
export function textRuns(
  text: string,
  pick: FacePicker,
  bidi: Bidi,
  lines?: LineRanges,
  han: Cjk = 'sc',
): Runs | undefined {
  if (!needsScriptFonts(text)) return undefined;
  const chars = Array.from(text);
  const cjk = cjkOf(text, han);
  const fonts = chars.map((c) => pick(c.codePointAt(0) ?? 0, cjk));
  if (!RTL_RE.test(text)) {
    // left to right throughout: runs of one font, in order
    const runs: TextRun[] = [];
    chars.forEach((c, i) => {
      const font = fonts[i];
      const last = runs[runs.length - 1];
      if (last && last.font === font) last.text += c;
      else runs.push(run(c, font));
    });
    return { runs, rtl: false };
  }
  // bidi-js works on UTF-16 indices; the runs on code points
  const units = chars.join('');
  const levels = bidi.getEmbeddingLevels(units);
  const unitToChar: number[] = [];
  const charToUnit: number[] = [];
  chars.forEach((c, i) => {
    charToUnit.push(unitToChar.length);
    for (let k = 0; k < c.length; k++) unitToChar.push(i);
  });
  const charLevel = chars.map((_, i) => levels.levels[charToUnit[i] ?? 0] ?? 0);
  /** The characters of [a, b) in visual order (the line's reorder segments, UAX #9 L2). */
  const visual = (a: number, b: number): number[] => {
    const order: number[] = [];
    for (let i = a; i < b; i++) order.push(i);
    const lastUnit = (charToUnit[b - 1] ?? 0) + (chars[b - 1]?.length ?? 1) - 1;
    for (const [s, e] of bidi.getReorderSegments(units, levels, charToUnit[a] ?? 0, lastUnit)) {
      const x = (unitToChar[s ?? 0] ?? a) - a;
      const y = (unitToChar[e ?? 0] ?? a) - a;
      const seg = order.slice(x, y + 1).reverse();
      order.splice(x, seg.length, ...seg);
    }
    return order;
  };
  // words in visual order: a word never spans a space, a font change or a change of direction
  const wordsOf = (order: number[]): TextRun[] => {
    const words: number[][] = [];
    for (const i of order) {
      const last = words[words.length - 1];
      const prev = last?.[last.length - 1];
      const odd = (charLevel[i] ?? 0) % 2 === 1;
      const joins =
        prev !== undefined &&
        !isSpace(chars[i] ?? '') &&
        !isSpace(chars[prev] ?? '') &&
        fonts[i] === fonts[prev] &&
        odd === ((charLevel[prev] ?? 0) % 2 === 1) &&
        i === prev + (odd ? -1 : 1);
      if (last && joins) last.push(i);
      else words.push([i]);
    }
    return words.map((w) => {
      const odd = (charLevel[w[0] ?? 0] ?? 0) % 2 === 1;
      const logical = [...w].sort((a, b) => a - b).map((i) => chars[i] ?? '');
      const t = logical.join('');
      // fontkit lays an Arabic or Hebrew word right to left itself; anything else right to left is
      // reversed (and mirrored: brackets) here
      const shown =
        odd && !RTL_RE.test(t)
          ? logical
              .reverse()
              .map((c) => bidi.getMirroredCharacter(c) ?? c)
              .join('')
          : t;
      return run(shown, fonts[w[0] ?? 0]);
    });
  };
  const runs: TextRun[] = [];
  for (const [a, b] of lines?.length ? lines : [[0, chars.length] as const]) {
    // a line's spaces at its ends are left out: the layout's line holds them at its end
    let from = a;
    let to = b;
    if (lines?.length) {
      while (to > from && isSpace(chars[to - 1] ?? '')) to--;
      while (from < to && isSpace(chars[from] ?? '')) from++;
    }
    if (runs.length) runs.push({ text: '\n' });
    if (to > from) runs.push(...wordsOf(visual(from, to)));
  }
  return { runs, rtl: (levels.paragraphs[0]?.level ?? 0) % 2 === 1 };
}

/**
 * A right-to-left paragraph's runs in logical order (fonts as `textRuns` picks them), to be measured:
 * the layout breaks its lines as it will for the visual runs (the same words, the same widths), the
 * first words on the first line.
 */
export function logicalRuns(text: string, pick: FacePicker, han: Cjk = 'sc'): TextRun[] {
  const cjk = cjkOf(text, han);
  const runs: TextRun[] = [];
  for (const c of Array.from(text)) {
    const font = pick(c.codePointAt(0) ?? 0, cjk);
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += c;
    else runs.push(run(c, font));
  }
  return runs;
}

type Node = Content | TextRun | string | number | undefined | null;
type Rec = Record<string, unknown>;

/**
 * Every text of a pdfmake document visited: `visit` returns a replacement text node (runs) or
 * undefined to keep it. Text lives in strings standing as nodes, and in `text` of an object node.
 */
function mapTexts(node: Node, visit: (t: string) => Rec | undefined): Node {
  if (typeof node === 'string') return (visit(node) as Content | undefined) ?? node;
  if (Array.isArray(node)) {
    const out = node.map((n: Node) => mapTexts(n, visit));
    return (out.every((n, i) => n === node[i]) ? node : out) as Content;
  }
  if (!node || typeof node !== 'object') return node;
  const n = node as unknown as Rec;
  let out: Rec | undefined;
  const set = (k: string, v: unknown): void => {
    if (v !== n[k]) (out ??= { ...n })[k] = v;
  };
  if (typeof n.text === 'string') {
    const r = visit(n.text);
    if (r) {
      set('text', r.text);
      if (r.alignment && n.alignment === undefined) set('alignment', r.alignment);
      if (r.color) set('color', r.color);
    }
  } else if (Array.isArray(n.text)) set('text', mapTexts(n.text as Content, visit));
  for (const k of ['stack', 'columns', 'ul', 'ol'])
    if (Array.isArray(n[k])) set(k, mapTexts(n[k] as Content, visit));
  const table = n.table as { body?: unknown[][] } | undefined;
  if (table && Array.isArray(table.body)) {
    const body = mapTexts(table.body as Content, (t) => visit(t));
    // a table's rows are arrays of cells: the same walk
    if (body !== table.body) set('table', { ...table, body });
  }
  return (out ?? n) as unknown as Content;
}

/**
 * The footer's texts as laid out on a page (its labels are the same on every page, in the report's
 * language: "1 / 1 ページ"), so their faces are loaded with the content's.
 */
function footerSample(doc: TDocumentDefinitions): Node {
  const footer = doc.footer;
  if (typeof footer !== 'function') return undefined;
  try {
    return footer(1, 1, { width: 0, height: 0, orientation: 'portrait' } as never) as Node;
  } catch {
    return undefined;
  }
}

/** Whether any text of a document (its footer's included) needs a script font. */
export function documentNeedsScriptFonts(doc: TDocumentDefinitions): boolean {
  let needs = false;
  const check = (t: string): undefined => {
    needs ||= needsScriptFonts(t);
    return undefined;
  };
  mapTexts(doc.content, check);
  mapTexts(footerSample(doc), check);
  return needs;
}

/** How a document's right-to-left paragraphs are laid out (render.ts measures, then lays out). */
export interface ParagraphLayout {
  /**
   * Measuring: each right-to-left paragraph that may wrap goes in logical order, coloured with the
   * tag this gives it (its index among the document's texts), so the drawn lines can be told apart.
   */
  measure?: (index: number) => string;
  /** The lines each measured paragraph was broken into, by its index. */
  lines?: ReadonlyMap<number, LineRanges>;
  /** The family Han characters take where a paragraph does not say (the report's language: hanFamilyOf). */
  han?: Cjk;
}

/**
 * The document with its texts in runs of their fonts, and the faces it uses. A document that needs
 * none comes back as the same object. `measured`: the paragraphs measuring tagged (tag to index and
 * text).
 */
export function withScriptFonts(
  doc: TDocumentDefinitions,
  pick: FacePicker,
  bidi: Bidi,
  layout: ParagraphLayout = {},
): {
  doc: TDocumentDefinitions;
  faces: Set<string>;
  measured: Map<string, { index: number; text: string }>;
} {
  const faces = new Set<string>();
  const measured = new Map<string, { index: number; text: string }>();
  const han = layout.han ?? 'sc';
  let index = 0;
  const visit = (t: string): Rec | undefined => {
    const at = index++;
    const r = textRuns(t, pick, bidi, layout.lines?.get(at), han);
    if (!r) return undefined;
    for (const x of r.runs) if (x.font) faces.add(x.font);
    if (r.rtl && layout.measure && /\S\s+\S/.test(t)) {
      const tag = layout.measure(at);
      measured.set(tag, { index: at, text: t });
      return { text: logicalRuns(t, pick, han), alignment: 'right', color: tag };
    }
    return { text: r.runs, ...(r.rtl ? { alignment: 'right' } : {}) };
  };
  const content = mapTexts(doc.content, visit) as Content;
  // the footer's faces too (its texts in the report's language), loaded with the content's
  mapTexts(footerSample(doc), (t) => {
    for (const x of textRuns(t, pick, bidi, undefined, han)?.runs ?? []) if (x.font) faces.add(x.font);
    return undefined;
  });
  const footer = doc.footer;
  if (content === doc.content && !faces.size) return { doc, faces, measured };
  const known = new Set(faces);
  // the footer is made while laying out, after the faces were loaded: it uses only those
  const inFooter = (t: string): Rec | undefined => {
    const r = textRuns(t, pick, bidi, undefined, han);
    if (!r || r.runs.some((x) => x.font && !known.has(x.font))) return undefined;
    return { text: r.runs, ...(r.rtl ? { alignment: 'right' } : {}) };
  };
  return {
    doc: {
      ...doc,
      content,
      ...(typeof footer === 'function'
        ? {
            footer: (...args: Parameters<typeof footer>) => mapTexts(footer(...args), inFooter) as Content,
          }
        : {}),
    },
    faces,
    measured,
  };
}
