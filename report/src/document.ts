/**
 * The report model laid out as a pdfmake document: cover block (a scored form's score), a scored form's
 * failed items with their corrective actions, failed and flagged items, then the
 * sections. Pure (no fonts, no I/O): `pdf-node.ts` and `pdf-browser.ts` hand it to pdfmake with
 * their own fonts. Photos go in as the bytes the caller found for them (a data URL); one missing
 * keeps its name and says it is not available rather than failing the report.
 */
import type { Column, Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import type { FailedItemRow, FlaggedItem, ReportBlock, ReportModel } from './model';
import { reportTexts, type ReportTexts } from './texts';

/** Image bytes by photo ref (ContentDocumentId or LocalId), as data URLs. */
export type ReportImages = ReadonlyMap<string, string>;

const GREY = '#4a5568';

/**
 * The text colour an option without its own reads best on: white on dark fills, near-black on light
 * ones: whichever has the higher WCAG contrast ratio against the fill.
 */
export function readableOn(background: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(background.trim());
  if (!m?.[1]) return '#ffffff';
  const channel = (i: number): number => {
    const c = parseInt(m[1]!.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // #1a202c's own luminance is 0.0137: whichever text has the higher contrast ratio
  return (luminance + 0.05) / (0.0137 + 0.05) > 1.05 / (luminance + 0.05) ? '#1a202c' : '#ffffff';
}

function colourCell(text: string, background?: string, color?: string): TableCell {
  return background
    ? { text, fillColor: background, color: color ?? readableOn(background), bold: true }
    : { text };
}

function flaggedTable(items: readonly FlaggedItem[], T: ReportTexts): Content {
  if (!items.length) return { text: T.noFlagged, style: 'muted', margin: [0, 0, 0, 12] };
  return {
    table: {
      headerRows: 1,
      widths: ['auto', '*', 'auto', 'auto'],
      body: [
        [
          { text: T.status, style: 'th' },
          { text: T.item, style: 'th' },
          { text: T.answer, style: 'th' },
          { text: T.section, style: 'th' },
        ],
        ...items.map((i): TableCell[] => [
          i.severity === 'failed' ? T.failed : T.flagged,
          i.label,
          colourCell(i.value, i.colour.background, i.colour.text),
          i.section,
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 12],
  };
}

/** A scored form's failed items, each with its action (title, assignee, due date). */
function failedTable(items: readonly FailedItemRow[], T: ReportTexts): Content {
  if (!items.length) return { text: T.noFailed, style: 'muted', margin: [0, 0, 0, 12] };
  return {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', '*'],
      dontBreakRows: true,
      body: [
        [
          { text: T.item, style: 'th' },
          { text: T.answer, style: 'th' },
          { text: T.section, style: 'th' },
          { text: T.action, style: 'th' },
        ],
        ...items.map((i): TableCell[] => [
          i.question,
          // the word says it failed: never colour alone
          { text: `${T.failed}: ${i.answer}`, bold: true },
          i.section,
          i.action
            ? {
                stack: [
                  { text: i.action.title, bold: true },
                  {
                    text: [i.action.assignee, i.action.dueDate ? `${T.due} ${i.action.dueDate}` : '']
                      .filter(Boolean)
                      .join(' · '),
                    style: 'caption',
                  },
                ],
              }
            : { text: T.noAction, style: 'muted' },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 12],
  };
}

function blockContent(block: ReportBlock, images: ReportImages, T: ReportTexts): Content {
  switch (block.kind) {
    case 'heading':
      return {
        text: block.text,
        style: block.level <= 1 ? 'h1' : 'h2',
        // a heading never ends a page alone
        headlineLevel: 1,
      } as Content;
    case 'fields':
      return {
        table: {
          widths: ['35%', '*'],
          dontBreakRows: true,
          body: block.rows.map((r): TableCell[] => [
            { text: r.label, style: 'label' },
            r.colour ? colourCell(r.value, r.colour.background, r.colour.text) : { text: r.value },
          ]),
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 8],
      };
    case 'table':
      return {
        stack: [
          { text: block.title, style: 'label', margin: [0, 4, 0, 2] },
          {
            table: {
              // the header row is repeated on every page the table runs onto
              headerRows: block.repeatHeader ? 1 : 0,
              widths: block.header.map(() => '*'),
              body: [
                block.header.map((h): TableCell => ({ text: h, style: 'th' })),
                ...block.rows.map((r) => r.map((c): TableCell => ({ text: c }))),
              ],
            },
            layout: 'lightHorizontalLines',
            fontSize: 9,
          },
        ],
        margin: [0, 0, 0, 8],
      };
    case 'photos': {
      const cells: Content[] = block.photos.map((p) => {
        const src = images.get(p.ref) ?? (p.localId ? images.get(p.localId) : undefined);
        return {
          stack: [
            src
              ? { image: src, fit: [240, 180] }
              : { text: T.imageMissing, style: 'muted', margin: [0, 20, 0, 20] },
            { text: p.name, style: 'caption' },
            ...(p.caption ? [{ text: p.caption, style: 'muted' }] : []),
          ],
          unbreakable: true,
          margin: [0, 0, 0, 8],
        } as Content;
      });
      const rows: Content[] = [];
      // two to a row
      for (let i = 0; i < cells.length; i += 2)
        rows.push({ columns: [cells[i] as Content, cells[i + 1] ?? { text: '' }], columnGap: 12 });
      return { stack: [{ text: block.title, style: 'label', margin: [0, 4, 0, 4] }, ...rows] };
    }
    case 'signatures':
      return {
        stack: [
          { text: block.title, style: 'label', margin: [0, 4, 0, 4] },
          ...block.items.map((s): Content => ({
            stack: [
              { image: s.image, fit: [240, 96] },
              {
                text: [s.purpose, s.signer ? `${T.signedBy} ${s.signer}` : '', s.at ?? '']
                  .filter(Boolean)
                  .join(' · '),
                style: 'caption',
              },
            ],
            unbreakable: true,
            margin: [0, 0, 0, 8],
          })),
        ],
      };
  }
}

/** The pdfmake document of a report; `images` holds the photos' bytes found for it. */
export function reportDocument(
  model: ReportModel,
  images: ReportImages = new Map(),
  fontName = 'Roboto',
): TDocumentDefinitions {
  const c = model.cover;
  // the report's own texts in the submission's language (the model's language)
  const T = reportTexts(model.language);
  const coverRows: Array<[string, string]> = (
    [
      [T.form, c.title],
      [T.version, c.version],
      [T.record, c.record],
      [T.inspector, c.inspector],
      [T.started, c.started],
      [T.submitted, c.submitted],
      [T.location, c.location],
      [T.status, c.status],
      [T.score, c.score?.points ?? ''],
      [T.percent, c.score?.percent ?? ''],
      [T.result, c.score?.result ?? ''],
      [T.report, c.identifier],
    ] as Array<[string, string]>
  ).filter(([, v]) => v !== '');
  const logo = c.logo && /^data:image\/(png|jpe?g);base64,/i.test(c.logo) ? c.logo : undefined;
  const logoColumn: Column[] = logo ? [{ stack: [{ image: logo, fit: [120, 48] }], width: 120 }] : [];
  return {
    info: { title: `${c.title} – ${c.identifier}`, subject: c.identifier },
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 56],
    defaultStyle: { font: fontName, fontSize: 10 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 8] },
      h1: { fontSize: 14, bold: true, margin: [0, 12, 0, 6] },
      h2: { fontSize: 12, bold: true, margin: [0, 8, 0, 4] },
      th: { bold: true, fillColor: '#edf2f7' },
      label: { bold: true, color: GREY },
      caption: { fontSize: 9 },
      muted: { fontSize: 9, color: GREY, italics: true },
    },
    footer: (page: number, pages: number): Content => ({
      columns: [
        // an id is one word: never broken at its hyphens
        { text: c.identifier, style: 'muted', noWrap: true, width: '*' },
        { text: T.page(page, pages), alignment: 'right', fontSize: 9, width: 'auto' },
      ],
      margin: [40, 16, 40, 0],
    }),
    pageBreakBefore: (node, queries) =>
      // a heading with nothing after it on its page starts the next one
      node.headlineLevel === 1 && queries.getFollowingNodesOnPage().length === 0,
    content: [
      {
        columns: [{ text: c.title, style: 'title', width: '*' }, ...logoColumn],
      },
      {
        table: {
          widths: ['auto', '*'],
          body: coverRows.map(([k, v]): TableCell[] => [{ text: k, style: 'label' }, { text: v }]),
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 12],
      },
      // a scored form's failed items with their actions come first (issue 43)
      ...(c.score ? [{ text: T.failedItems, style: 'h1' }, failedTable(model.failed, T)] : []),
      { text: T.summary, style: 'h1' },
      flaggedTable(model.flagged, T),
      ...model.blocks.map((b) => blockContent(b, images, T)),
    ],
  };
}
