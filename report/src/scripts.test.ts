import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  faceFile,
  facePicker,
  hanFamilyOf,
  needsScriptFonts,
  scriptOf,
  textRuns,
  withScriptFonts,
} from './scripts';
import { scriptTools } from './fonts-node';

const bidi = bidiFactory();
// a small table as @fontsource's unicode.json spells it
const pick = facePicker({
  arabic: { arabic: 'U+0600-06FF', latin: 'U+0000-00FF' },
  hebrew: { hebrew: 'U+0590-05FF' },
  jp: { '[1]': 'U+3040-309F', '[2]': 'U+65E5,U+672C' },
  sc: { '[7]': 'U+4E2D,U+6587,U+65E5' },
  tc: { '[5]': 'U+4E2D,U+6587,U+9AD4' },
  kr: { '[3]': 'U+AC00-D7A3' },
});

describe('which runs need which font', () => {
  it('leaves Latin, Greek and Cyrillic to Roboto', () => {
    for (const t of ['North Depot 7', 'Αποθήκη', 'Склад', 'Café – 5 €']) {
      expect(needsScriptFonts(t)).toBe(false);
      expect(textRuns(t, pick, bidi)).toBeUndefined();
    }
    expect(scriptOf('a'.codePointAt(0)!)).toBeUndefined();
  });

  it('names the script of a character Roboto lacks', () => {
    expect(scriptOf(0x05d0)).toBe('hebrew');
    expect(scriptOf(0x0627)).toBe('arabic');
    expect(scriptOf(0x3042)).toBe('kana');
    expect(scriptOf(0xac00)).toBe('hangul');
    expect(scriptOf(0x4e2d)).toBe('han');
  });

  it('splits a left-to-right text in runs of one face, in order', () => {
    expect(textRuns('Site 中文 ok', pick, bidi)).toEqual({
      runs: [{ text: 'Site ' }, { text: '中文', font: 'Noto-sc-7' }, { text: ' ok' }],
      rtl: false,
    });
  });

  it('takes Chinese characters from the Japanese face in a Japanese text, Hangul from the Korean', () => {
    // no kana: Chinese first, a character it lacks from the Japanese face
    expect(textRuns('日本', pick, bidi)?.runs).toEqual([
      { text: '日', font: 'Noto-sc-7' },
      { text: '本', font: 'Noto-jp-2' },
    ]);
    expect(textRuns('にほん日', pick, bidi)?.runs).toEqual([
      { text: 'にほん', font: 'Noto-jp-1' },
      { text: '日', font: 'Noto-jp-2' },
    ]);
    expect(textRuns('한국', pick, bidi)?.runs).toEqual([{ text: '한국', font: 'Noto-kr-3' }]);
  });

  it("takes Chinese characters from the report language's family: Traditional for zh_TW, zh_HK, zh-Hant", () => {
    expect(['zh_TW', 'zh_HK', 'zh-Hant', 'zh_MO'].map(hanFamilyOf)).toEqual(['tc', 'tc', 'tc', 'tc']);
    expect(['zh_CN', 'zh', 'en', undefined, 'ja', 'ko'].map(hanFamilyOf)).toEqual([
      'sc',
      'sc',
      'sc',
      'sc',
      'jp',
      'kr',
    ]);
    expect(textRuns('中文 繁體', pick, bidi, undefined, 'tc')?.runs).toEqual([
      { text: '中文', font: 'Noto-tc-5' },
      // a character no face of this table holds stays Roboto's
      { text: ' 繁' },
      { text: '體', font: 'Noto-tc-5' },
    ]);
    const doc: TDocumentDefinitions = { content: [{ text: '中文' }] };
    expect([...withScriptFonts(doc, pick, bidi, { han: 'tc' }).faces]).toEqual(['Noto-tc-5']);
    expect([...withScriptFonts(doc, pick, bidi).faces]).toEqual(['Noto-sc-7']);
  });

  it('puts a right-to-left paragraph in visual order word by word, each word logical for fontkit', () => {
    const r = textRuns('שלום עולם', pick, bidi);
    expect(r).toEqual({
      runs: [
        { text: 'עולם', font: 'Noto-hebrew-hebrew' },
        { text: ' ' },
        { text: 'שלום', font: 'Noto-hebrew-hebrew' },
      ],
      rtl: true,
    });
  });

  it('orders each line of a wrapped right-to-left paragraph on its own, first words first', () => {
    // 'שלום עולם Depot 7 בצפון' broken after 'עולם ' and after '7 '
    const text = 'שלום עולם Depot 7 בצפון';
    const r = textRuns(text, pick, bidi, [
      [0, 10],
      [10, 18],
      [18, 23],
    ]);
    expect(r?.rtl).toBe(true);
    expect(r?.runs.map((x) => x.text).join('|')).toBe('עולם| |שלום|\n|Depot| |7|\n|בצפון');
    // unbroken: one line, the last word leftmost
    expect(
      textRuns(text, pick, bidi)
        ?.runs.map((x) => x.text)
        .join('|'),
    ).toBe('בצפון| |Depot| |7| |עולם| |שלום');
  });

  it('keeps a left-to-right run inside a right-to-left line in its own order', () => {
    const r = textRuns('שלום Depot 7 עולם', pick, bidi);
    expect(r?.rtl).toBe(true);
    expect(r?.runs.map((x) => x.text).join('|')).toBe('עולם| |Depot| |7| |שלום');
  });

  it('keeps an Arabic word whole in the Arabic face (fontkit shapes it)', () => {
    const r = textRuns('Depot: مستودع الشمال', pick, bidi);
    expect(r?.rtl).toBe(false);
    expect(r?.runs).toEqual([
      { text: 'Depot:' },
      { text: ' ' },
      { text: 'الشمال', font: 'Noto-arabic-arabic' },
      { text: ' ' },
      { text: 'مستودع', font: 'Noto-arabic-arabic' },
    ]);
  });

  it('reverses and mirrors right-to-left punctuation itself', () => {
    const r = textRuns('שלום (א)', pick, bidi);
    expect(r?.runs.map((x) => x.text).join('')).toBe('(א) שלום');
  });
});

describe('the document in its fonts', () => {
  const doc = (text: string): TDocumentDefinitions => ({
    content: [{ table: { body: [['Label', { text, style: 'x' }]] } }, { stack: [text] }],
    footer: () => ({ text: 'FS-1' }),
  });

  it('is the same object when Roboto holds all its text', () => {
    const d = doc('North Depot');
    const out = withScriptFonts(d, pick, bidi);
    expect(out.doc).toBe(d);
    expect(out.faces.size).toBe(0);
  });

  it('names the faces it uses and aligns a right-to-left paragraph right', () => {
    const out = withScriptFonts(doc('שלום'), pick, bidi);
    expect([...out.faces]).toEqual(['Noto-hebrew-hebrew']);
    const content = out.doc.content as unknown as Array<Record<string, unknown>>;
    expect(JSON.stringify(content[0])).toContain('"alignment":"right"');
    expect(content[1]).toEqual({
      stack: [{ text: [{ text: 'שלום', font: 'Noto-hebrew-hebrew' }], alignment: 'right' }],
    });
  });

  it('finds the faces in @fontsource’s real tables and files', () => {
    const { pick: real } = scriptTools();
    for (const [ch, family] of [
      ['ש', 'hebrew'],
      ['م', 'arabic'],
      ['検', 'jp'],
      ['检', 'sc'],
      ['검', 'kr'],
    ] as const) {
      const key = real(ch.codePointAt(0)!, family === 'jp' || family === 'kr' ? family : 'sc');
      expect(key).toBeDefined();
      expect(faceFile(key!, 400).family).toBe(family);
    }
  });
});
