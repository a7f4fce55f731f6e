/**
 * A WOFF font file as the plain font (sfnt) it wraps: each table inflated by the caller's zlib (Node's
 * `zlib`, the browser's DecompressionStream). pdfkit's font reader (fontkit) inflates WOFF tables with
 * tiny-inflate, which rejects some valid streams: the cmap of @fontsource's Noto Sans TC subset [119]
 * (its most common characters: 大, 文, 關, CJK punctuation) and SC's [101] read as no cmap at all, and
 * a report with one of their characters failed to render. Handed the plain font, fontkit inflates
 * nothing. Pure.
 */
export type Inflate = (data: Uint8Array) => Uint8Array | Promise<Uint8Array>;

const WOFF = 0x774f4646; // 'wOFF'

export async function woffToSfnt(woff: Uint8Array, inflate: Inflate): Promise<Uint8Array> {
  const src = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.byteLength < 44 || src.getUint32(0) !== WOFF) return woff;
  const flavor = src.getUint32(4);
  const numTables = src.getUint16(12);
  const tables: Array<{ tag: number; checksum: number; data: Uint8Array }> = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const offset = src.getUint32(at + 4);
    const compLength = src.getUint32(at + 8);
    const origLength = src.getUint32(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? await inflate(raw) : raw;
    if (data.byteLength !== origLength) throw new Error('WOFF table of the wrong length');
    tables.push({ tag: src.getUint32(at), checksum: src.getUint32(at + 16), data });
  }
  const pad = (n: number): number => (n + 3) & ~3;
  const headerSize = 12 + numTables * 16;
  const size = tables.reduce((n, t) => n + pad(t.data.byteLength), headerSize);
  const out = new Uint8Array(size);
  const dst = new DataView(out.buffer);
  let power = 1;
  let log = 0;
  while (power * 2 <= numTables) {
    power *= 2;
    log++;
  }
  dst.setUint32(0, flavor);
  dst.setUint16(4, numTables);
  dst.setUint16(6, power * 16);
  dst.setUint16(8, log);
  dst.setUint16(10, numTables * 16 - power * 16);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    dst.setUint32(at, t.tag);
    dst.setUint32(at + 4, t.checksum);
    dst.setUint32(at + 8, offset);
    dst.setUint32(at + 12, t.data.byteLength);
    out.set(t.data, offset);
    offset += pad(t.data.byteLength);
  });
  return out;
}
