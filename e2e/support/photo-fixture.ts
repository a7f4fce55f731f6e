// Test photos made when a suite starts (no large binaries in git): a JPEG of any size whose stored
// pixels are sideways, with the EXIF Orientation tag that tells viewers to turn it, as a phone held
// upright writes it. Encoded with jpeg-js (the org emulator's decoder too); the EXIF segment is the
// 34 bytes below.
import jpeg from 'jpeg-js';

export const RED = [220, 30, 30] as const;
export const BLUE = [30, 60, 220] as const;

/**
 * A `width` x `height` JPEG (as stored) whose top third is red and the rest blue, with a mild texture
 * (a photo's bytes, not a flat colour's) and EXIF Orientation `orientation` (6: turn 90° clockwise to
 * show). Shown right way up, an orientation-6 picture is `height` wide and `width` tall with its red
 * band on the right.
 */
export function sidewaysJpeg(width: number, height: number, orientation = 6, quality = 90): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed % 41) - 20;
  };
  for (let y = 0; y < height; y++) {
    const [r, g, b] = y < height / 3 ? RED : BLUE;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const n = noise();
      data[i] = clamp(r + n);
      data[i + 1] = clamp(g + n);
      data[i + 2] = clamp(b + n);
      data[i + 3] = 255;
    }
  }
  const encoded = jpeg.encode({ data, width, height }, quality).data;
  return withOrientation(Buffer.from(encoded), orientation);
}

const clamp = (v: number) => Math.max(0, Math.min(255, v));

/** The JPEG with an APP1 Exif segment holding only the Orientation tag, right after SOI. */
export function withOrientation(jpegBytes: Buffer, orientation: number): Buffer {
  if (jpegBytes[0] !== 0xff || jpegBytes[1] !== 0xd8) throw new Error('not a JPEG');
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // big-endian TIFF header, IFD0 at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01, // Orientation, SHORT, count 1
    0x00,
    orientation,
    0x00,
    0x00, // its value
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(body.length + 2);
  return Buffer.concat([
    jpegBytes.subarray(0, 2),
    Buffer.from([0xff, 0xe1]),
    len,
    body,
    jpegBytes.subarray(2),
  ]);
}

/** Decodes a JPEG: its size and a pixel reader (RGB). */
export function decodeJpeg(bytes: Buffer): {
  width: number;
  height: number;
  rgb: (x: number, y: number) => [number, number, number];
} {
  const img = jpeg.decode(bytes, { useTArray: true, maxMemoryUsageInMB: 1024 });
  return {
    width: img.width,
    height: img.height,
    rgb: (x, y) => {
      const i = (y * img.width + x) * 4;
      return [img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0];
    },
  };
}

/** Whether `rgb` is closer to red than to blue. */
export const isRed = ([r, , b]: readonly number[]): boolean => (r ?? 0) > (b ?? 0);
