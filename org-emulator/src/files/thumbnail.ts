// Real PNG thumbnails (120x90 box) for PNG and JPEG uploads, decoded with pure-JS codecs.
import { readFile, stat } from 'node:fs/promises';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

const MAX_W = 120;
const MAX_H = 90;
/** Bigger images are not decoded (memory); they get a neutral placeholder thumbnail instead. */
const MAX_DECODE_BYTES = 40 * 1024 * 1024;

interface Bitmap {
  width: number;
  height: number;
  data: Uint8Array;
}

function placeholder(): Buffer {
  const png = new PNG({ width: MAX_W, height: MAX_H });
  for (let i = 0; i < MAX_W * MAX_H; i++) {
    png.data[i * 4] = 200;
    png.data[i * 4 + 1] = 205;
    png.data[i * 4 + 2] = 212;
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}

function scale(src: Bitmap): Buffer {
  const ratio = Math.min(MAX_W / src.width, MAX_H / src.height, 1);
  const w = Math.max(1, Math.round(src.width * ratio));
  const h = Math.max(1, Math.round(src.height * ratio));
  const out = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++) {
    const sy = Math.min(src.height - 1, Math.floor(y / ratio));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(src.width - 1, Math.floor(x / ratio));
      const si = (sy * src.width + sx) * 4;
      const di = (y * w + x) * 4;
      out.data[di] = src.data[si] ?? 0;
      out.data[di + 1] = src.data[si + 1] ?? 0;
      out.data[di + 2] = src.data[si + 2] ?? 0;
      out.data[di + 3] = src.data[si + 3] ?? 255;
    }
  }
  return PNG.sync.write(out);
}

export const isImageType = (fileType: unknown): boolean =>
  fileType === 'PNG' || fileType === 'JPG' || fileType === 'JPEG';

export async function thumbnailPng(path: string, fileType: unknown): Promise<Buffer> {
  try {
    if ((await stat(path)).size > MAX_DECODE_BYTES) return placeholder();
    const buf = await readFile(path);
    if (fileType === 'PNG') {
      const png = PNG.sync.read(buf);
      return scale({ width: png.width, height: png.height, data: png.data });
    }
    if (fileType === 'JPG' || fileType === 'JPEG') {
      const img = jpeg.decode(buf, { useTArray: true, maxMemoryUsageInMB: 256 });
      return scale({ width: img.width, height: img.height, data: img.data });
    }
  } catch {
    // Corrupt images still get a thumbnail, as Salesforce shows a generic preview.
  }
  return placeholder();
}
