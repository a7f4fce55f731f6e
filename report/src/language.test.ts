import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from 'shared-contracts';
import { reportModel } from './model';
import { renderReportPdf } from './pdf-node';
import { formDef, submission } from './testing/fixture';

// The fixture's form translated to Spanish in the builder (issue 44): the keys form-core gives its texts.
const spanish: FormDefinition = {
  ...formDef,
  languages: { default: 'en', declared: ['es'] },
  translations: {
    es: {
      'layout:0:title': 'Sitio',
      'layout:1:title': 'Comprobaciones',
      'field:General.Site:label': 'Nombre del sitio',
      'field:General.Notes:label': 'Observaciones',
      'field:Checklist.q1:label': '¿Salidas despejadas?',
      'field:Checklist.q1:option:Fail': 'No cumple',
      'field:Checklist.q2:option:Check': 'Necesita revisión',
      'def:Reading.Value:label': 'Lectura',
    },
  },
};

const pdftotext = (pdf: Uint8Array): string => {
  const r = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) });
  if (r.error) throw r.error;
  return r.stdout.toString('utf8');
};

describe("the report in the submission's language", () => {
  it("lays the form out in the language it was filled in, the form's default text by text", () => {
    const m = reportModel({ submission: { ...submission, language: 'es_MX' }, formDef: spanish });
    expect(m.language).toBe('es_MX');
    const headings = m.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
    expect(headings).toContain('Sitio');
    expect(headings).toContain('Comprobaciones');
    // untranslated: the form's default language
    expect(headings).toContain('Measurements');
    const rows = m.blocks.flatMap((b) => (b.kind === 'fields' ? b.rows : []));
    expect(rows.map((r) => r.label)).toEqual(
      expect.arrayContaining(['Nombre del sitio', '¿Salidas despejadas?']),
    );
    expect(m.flagged.map((f) => [f.label, f.value])).toEqual(
      expect.arrayContaining([
        ['¿Salidas despejadas?', 'No cumple'],
        ['Extinguisher tagged?', 'Necesita revisión'],
      ]),
    );
    const table = m.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && table.header).toEqual(['Point', 'Lectura', 'Within limits']);
    expect(m.cover.status).toBe('Enviado');
  });

  it('renders its own texts (cover, summary, Page N of M) in that language, and pdftotext finds them', async () => {
    const text = pdftotext(
      await renderReportPdf(
        reportModel({
          submission: { ...submission, language: 'es' },
          formDef: spanish,
          identifier: 'FS-00042',
        }),
      ),
    );
    for (const t of [
      'Formulario',
      'Versión',
      'Iniciado',
      'Elementos fallidos y marcados',
      'Nombre del sitio',
      'No cumple',
      'Página 1 de',
    ])
      expect(text).toContain(t);
    expect(text).not.toContain('Failed and flagged items');
    expect(text).not.toMatch(/Page \d+ of/);
  });

  it('an old submission without a language reads in the form’s default language', () => {
    const english = reportModel({ submission, formDef: spanish });
    expect(english.language).toBe('en');
    expect(english.blocks.some((b) => b.kind === 'heading' && b.text === 'Site')).toBe(true);
    expect(english.cover.status).toBe('Submitted');
    // a form written in Spanish: its own texts, and the report's in Spanish
    const writtenInSpanish = reportModel({
      submission: { ...submission, status: 'submitted' },
      formDef: { ...formDef, languages: { default: 'es' } },
    });
    expect(writtenInSpanish.language).toBe('es');
    expect(writtenInSpanish.cover.status).toBe('Enviado');
  });

  it('Japanese: its texts, the footer’s in a Japanese face', async () => {
    const pdf = await renderReportPdf(
      reportModel({ submission: { ...submission, language: 'ja' }, formDef, identifier: 'FS-00042' }),
    );
    const text = pdftotext(pdf);
    for (const t of ['フォーム', '不合格および要確認の項目']) expect(text).toContain(t);
    expect(text).toMatch(/1 \/ \d+ ページ/);
    // "ページ" drawn in a Japanese face, not in Roboto (which has no glyph for it)
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
    const page = await doc.getPage(1);
    const items = (await page.getTextContent()).items.flatMap((it) => ('str' in it ? [it] : []));
    await page.getOperatorList();
    const fonts = new Map<string, string>();
    for (const it of items.filter((i) => /[ペー]/.test(i.str)))
      fonts.set(it.str, (page.commonObjs.get(it.fontName) as { name?: string }).name ?? '');
    const footer = [...fonts].filter(([s]) => s.includes('ペ'));
    expect(footer.length).toBeGreaterThan(0);
    for (const [, name] of footer) expect(name).toMatch(/NotoSansJP/);
  });
});
