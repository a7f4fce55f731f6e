import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { reportModel } from './model';
import { renderReportPdf } from './pdf-node';
import { reportDocument } from './document';
import { imageCount, pdfPages } from './testing/pdf-text';
import { JPEG_PIXEL, formDef, submission } from './testing/fixture';

const model = reportModel({
  submission,
  formDef,
  inspector: 'Frank Fielding',
  identifier: 'FS-00042',
  display: { timeZone: 'America/New_York', locale: 'en-US' },
});
const images = new Map([
  ['069000000000001AAA', JPEG_PIXEL],
  ['069000000000002AAA', JPEG_PIXEL],
]);

describe('the PDF', () => {
  it('holds every answer as text, Page N of M and the identifier on every page', async () => {
    const pdf = await renderReportPdf(model, images);
    expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe('%PDF-');
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(text).toContain('FS-00042');
    });
    const all = pages.join('\n');
    for (const t of [
      'North Depot',
      'Exits clear?',
      'Needs check',
      'P80',
      'bay.jpg',
      'Loading bay',
      'Inspector',
    ])
      expect(all).toContain(t);
    expect(all).toContain('Failed and flagged items');
    expect(all).not.toContain('do not print');
    // the two photos and the signature
    expect(imageCount(pdf)).toBe(3);
  });

  it('repeats the table header on each page the table runs onto', async () => {
    const pages = await pdfPages(await renderReportPdf(model, images));
    const withRows = pages.filter((p) => /\bP\d+\b/.test(p));
    expect(withRows.length).toBeGreaterThan(1);
    for (const p of withRows) expect(p).toContain('Within limits');
  });

  it('names a missing photo rather than failing', async () => {
    const pages = await pdfPages(await renderReportPdf(model));
    expect(pages.join('\n')).toContain('Image not available');
  });

  it('lays out the failed and flagged summary before the sections', () => {
    const doc = reportDocument(model, images);
    const texts = JSON.stringify(doc.content);
    expect(texts.indexOf('Failed and flagged items')).toBeLessThan(texts.indexOf('"Site"'));
  });

  it('renders Greek and Cyrillic answers as real text (Roboto, embedded)', async () => {
    const m = reportModel({
      submission: {
        ...submission,
        data: { General: { Site: 'Αποθήκη Βορρά', Notes: 'Склад север, проверено' } },
      },
      formDef,
    });
    const text = (await pdfPages(await renderReportPdf(m))).join('\n');
    expect(text).toContain('Αποθήκη Βορρά');
    expect(text).toContain('Склад север, проверено');
  });
});

describe('scripts', () => {
  // pdftotext (poppler-utils, installed by scripts/bootstrap.mjs with the browser tests): the text as
  // a reader's tool finds it, through the embedded subset font's ToUnicode map
  const pdftotext = (pdf: Uint8Array): string => {
    const r = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) });
    if (r.error) throw r.error;
    return r.stdout.toString('utf8');
  };
  const inScript = (texts: Record<string, string>) =>
    reportModel({
      submission: { ...submission, data: { General: { Site: texts.site, Notes: texts.notes } } },
      formDef,
      inspector: texts.inspector,
      identifier: 'FS-00042',
    });

  it.each([
    [
      'Greek',
      { site: 'Αποθήκη Βορρά', notes: 'Οι έξοδοι είναι ελεύθερες.', inspector: 'Ελένη Παπαδοπούλου' },
    ],
    ['Cyrillic', { site: 'Северный склад', notes: 'Выходы свободны.', inspector: 'Иван Петров' }],
  ])('%s renders and pdftotext finds it again', async (_script, texts) => {
    const text = pdftotext(await renderReportPdf(inScript(texts)));
    for (const t of Object.values(texts)) expect(text).toContain(t);
  });
});

describe('Arabic, Hebrew and CJK', () => {
  const pdftotext = (pdf: Uint8Array): string => {
    const r = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) });
    if (r.error) throw r.error;
    return r.stdout.toString('utf8');
  };
  const mixed = reportModel({
    submission: {
      ...submission,
      formName: '安全点検 안전 점검',
      data: {
        General: {
          Site: 'كبير الشمال شمس',
          Notes: 'שלום עולם, Depot 7 בצפון',
          Visited: '2026-11-20',
        },
      },
    },
    formDef,
    inspector: '山田 太郎',
    identifier: 'FS-00042',
  });
  const fontNames = (pdf: Uint8Array): string[] =>
    [
      ...Buffer.from(pdf)
        .toString('latin1')
        .matchAll(/\/BaseFont\s*\/([\w+-]+)/g),
    ].map((m) => m[1] ?? '');

  it('embeds each script’s face, subset, and pdftotext finds every word', async () => {
    const pdf = await renderReportPdf(mixed);
    const text = pdftotext(pdf);
    for (const w of [
      'كبير',
      'الشمال',
      'شمس',
      'שלום',
      'עולם',
      'בצפון',
      'Depot',
      '山田',
      '太郎',
      '안전',
      '점검',
      '安全点検',
    ])
      expect(text).toContain(w);
    // subset fonts: pdfkit's six-letter tag before the name
    const fonts = fontNames(pdf);
    expect(fonts.some((f) => /^[A-Z]{6}\+NotoSansArabic/.test(f))).toBe(true);
    expect(fonts.some((f) => /^[A-Z]{6}\+NotoSansHebrew/.test(f))).toBe(true);
    expect(fonts.some((f) => /^[A-Z]{6}\+NotoSans(JP|SC|KR)/.test(f))).toBe(true);
  });

  it('Traditional Chinese (zh_TW) in Traditional faces, not the Simplified ones', async () => {
    const pdf = await renderReportPdf(
      reportModel({
        submission: {
          ...submission,
          language: 'zh_TW',
          data: { General: { Site: '臺北倉庫', Notes: '檢查完畢，門窗關閉。' } },
        },
        formDef,
        inspector: '陳大文',
        identifier: 'FS-00042',
      }),
    );
    const text = pdftotext(pdf).replace(/\s+/g, '');
    for (const w of ['臺北倉庫', '檢查完畢，門窗關閉。', '陳大文']) expect(text).toContain(w);
    // pdffonts: every face the page uses is Roboto's or Traditional Chinese's
    const listed = spawnSync('pdffonts', ['-'], { input: Buffer.from(pdf) }).stdout.toString('utf8');
    const faces = listed
      .split('\n')
      .slice(2)
      .map((l) => l.split(/\s+/)[0] ?? '')
      .filter(Boolean);
    expect(faces.some((f) => /^[A-Z]{6}\+NotoSansTC/.test(f))).toBe(true);
    expect(faces.filter((f) => !/\+(Roboto|NotoSansTC)/.test(f))).toEqual([]);
    // the same text in a report of no language: the Simplified faces, as before
    const simplified = await renderReportPdf(
      reportModel({
        submission: { ...submission, data: { General: { Site: '臺北倉庫', Notes: '檢查完畢' } } },
        formDef,
        identifier: 'FS-00042',
      }),
    );
    expect(fontNames(simplified).some((f) => /\+NotoSansSC/.test(f))).toBe(true);
    expect(fontNames(simplified).some((f) => /\+NotoSansTC/.test(f))).toBe(false);
  });

  it('gives the words back through pdfjs-dist too', async () => {
    const text = (await pdfPages(await renderReportPdf(mixed))).join('\n');
    for (const w of ['שלום', 'עולם', 'בצפון', 'Depot 7', 'كبير', 'الشمال', 'شمس']) expect(text).toContain(w);
    // pdfmake places CJK a character at a time (a line may break between any two)
    const packed = text.replace(/\s+/g, '');
    for (const w of ['안전점검', '山田太郎', '安全点検']) expect(packed).toContain(w);
  });

  it('copied Arabic reads its own letters: dotted letters drawn as a shared skeleton and dots (glyph-text.ts)', async () => {
    // س and ش, and ت ب ن ي, share a skeleton glyph in Noto Sans Arabic: the first use named it for all
    const words = ['الشمال', 'شمس', 'مستودع', 'تست', 'بيت', 'نبتة'];
    const pdf = await renderReportPdf(
      reportModel({
        submission: {
          ...submission,
          data: { General: { Site: 'الشمال شمس', Notes: 'مستودع تست بيت نبتة' } },
        },
        formDef,
        identifier: 'FS-00042',
      }),
    );
    // pdfjs (a browser's viewer): each word as its own item, its letters in logical order
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items.map((it) =>
      'str' in it ? it.str : '',
    );
    for (const w of words) expect(items).toContain(w);
    // pdftotext: the whole answer, in reading order
    const lines = pdftotext(pdf)
      .split('\n')
      .map((l) => l.replace(/[\u202a-\u202e]/g, ''));
    expect(lines).toContain('الشمال شمس');
    expect(lines).toContain('مستودع تست بيت نبتة');
  });

  it('a wrapped right-to-left paragraph starts with its first words, each line right to left and aligned right', async () => {
    const ten = ['أولا', 'ثانيا', 'ثالثا', 'رابعا', 'خامسا', 'سادسا', 'سابعا', 'ثامنا', 'تاسعا', 'عاشرا'];
    const notes = [...ten, ...ten, ...ten, ...ten].join(' ');
    const pdf = await renderReportPdf(
      reportModel({
        submission: { ...submission, data: { General: { Site: 'North Depot', Notes: notes } } },
        formDef,
        identifier: 'FS-00042',
      }),
    );
    // pdftotext reads the lines in order: together they are the answer as written
    const arabic = pdftotext(pdf)
      .split('\n')
      .map((l) => l.replace(/[\u202a-\u202e]/g, '').trim())
      .filter((l) => /^[\u0600-\u06ff ]+$/.test(l));
    expect(arabic.length).toBeGreaterThan(1);
    expect(arabic.join(' ')).toBe(notes);
    // where each word is drawn (pdftotext -bbox): a line's first word is its rightmost
    const bbox = spawnSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', '1', '-l', '1', '-', '-'], {
      input: Buffer.from(pdf),
    }).stdout.toString('utf8');
    const words = [
      ...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)</g),
    ]
      .map((m) => ({ x0: +m[1]!, y0: +m[2]!, x1: +m[3]!, y1: +m[4]!, text: m[5]! }))
      .filter((w) => /^[\u0600-\u06ff]+$/.test(w.text));
    const rows = [...new Set(words.map((w) => Math.round(w.y0)))].sort((a, b) => a - b);
    expect(rows).toHaveLength(arabic.length);
    rows.forEach((y, i) => {
      const line = words.filter((w) => Math.round(w.y0) === y);
      const rightmost = line.reduce((a, b) => (b.x1 > a.x1 ? b : a));
      // -bbox gives a word's letters as drawn (right to left: reversed) or as read
      const read = [rightmost.text, Array.from(rightmost.text).reverse().join('')];
      expect(read).toContain(arabic[i]?.split(' ')[0]);
    });
    // the page as drawn (pdftoppm, 72 dpi: a pixel a point): every line's ink ends at the same right
    // edge, the last (shorter) line starts further right than the first
    const pgm = spawnSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1'], {
      input: Buffer.from(pdf),
    }).stdout as Buffer;
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40));
    const w = Number(header?.[1]);
    const h = Number(header?.[2]);
    const headerEnd = header?.[0].length ?? 0;
    expect(w * h).toBe(pgm.length - headerEnd);
    const ink = (y0: number, y1: number): { left: number; right: number } => {
      let left = w;
      let right = -1;
      for (let y = Math.floor(y0); y < Math.ceil(y1); y++)
        for (let x = 0; x < w; x++)
          if ((pgm[headerEnd + y * w + x] ?? 255) < 128 && x > 200) {
            left = Math.min(left, x);
            right = Math.max(right, x);
          }
      return { left, right };
    };
    const extents = rows.map((y) => {
      const line = words.filter((wd) => Math.round(wd.y0) === y);
      return ink(Math.min(...line.map((l) => l.y0)), Math.max(...line.map((l) => l.y1)));
    });
    for (const e of extents) {
      expect(e.right).toBeGreaterThan(0);
      expect(Math.abs(e.right - (extents[0]?.right ?? 0))).toBeLessThanOrEqual(3);
    }
    expect((extents[extents.length - 1]?.left ?? 0) - (extents[0]?.left ?? 0)).toBeGreaterThan(20);
  });

  it('an Arabic answer with a colon and a number is drawn in visual order: read right to left, it is the answer', async () => {
    // logical: "the floor: 3" (Arabic-Indic digit) and "building: third floor"
    const answers = ['الطابق: ٣', 'المبنى: الطابق الثالث'];
    const pdf = await renderReportPdf(
      reportModel({
        submission: { ...submission, data: { General: { Site: answers[0], Notes: answers[1] } } },
        formDef,
        identifier: 'FS-00042',
      }),
    );
    const bbox = spawnSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', '1', '-l', '1', '-', '-'], {
      input: Buffer.from(pdf),
    }).stdout.toString('utf8');
    const words = [
      ...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]+)</g),
    ]
      .map((m) => ({ x: +m[1]!, y: +m[2]!, text: m[3]! }))
      .filter((w) => /[\u0600-\u06ff:]/.test(w.text) && w.x > 200);
    // -bbox gives an Arabic word's letters as drawn (right to left): turned back to reading order
    const logical = (t: string): string => (/[\u0621-\u064a]/.test(t) ? Array.from(t).reverse().join('') : t);
    const lines = [...new Set(words.map((w) => Math.round(w.y / 8)))].map((row) =>
      words
        .filter((w) => Math.round(w.y / 8) === row)
        // right to left: the rightmost word is read first
        .sort((a, b) => b.x - a.x)
        .map((w) => logical(w.text))
        .join(' ')
        .replace(/ ?: ?/g, ': ')
        .replace(/(\S+):/g, (_m, word: string) => `${word}:`),
    );
    expect(lines).toEqual(answers);
  });

  it('embeds Roboto alone for a Latin-only report, as before', async () => {
    const fonts = fontNames(await renderReportPdf(model, images));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => /\+Roboto/.test(f))).toBe(true);
  });
});
