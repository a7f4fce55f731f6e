/** Test helper: a PDF's text per page (pdfjs-dist), as `pdftotext` would find it. */
export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((it) => ('str' in it ? it.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return pages;
}

/** How many pictures a PDF holds: its image XObjects less the alpha masks of transparent ones. */
export function imageCount(pdf: Uint8Array): number {
  const text = Buffer.from(pdf).toString('latin1');
  const images = (text.match(/\/Subtype\s*\/Image/g) ?? []).length;
  const masks = (text.match(/\/SMask\s+\d+\s+\d+\s+R/g) ?? []).length;
  return images - masks;
}
