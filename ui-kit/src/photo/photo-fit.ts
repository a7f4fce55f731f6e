/**
 * The size maths of a resized photo (the form's photo field, a corrective action's completion photos):
 * pure, so the browser-only resize (resize-photo.ts) stays a thin shell around it.
 */

export interface Size {
  width: number;
  height: number;
}

/**
 * The size a picture is brought down to: its long edge at most `maxEdge`, the aspect ratio kept
 * (each side rounded, never below 1 px). A picture already within the limit keeps its size.
 */
export function fitWithin(size: Size, maxEdge: number): Size & { scaled: boolean } {
  const long = Math.max(size.width, size.height);
  if (long <= maxEdge || long <= 0) return { ...size, scaled: false };
  const k = maxEdge / long;
  return {
    width: Math.max(1, Math.round(size.width * k)),
    height: Math.max(1, Math.round(size.height * k)),
    scaled: true,
  };
}

/**
 * Which bytes to queue: the re-encoded picture, unless the picture needed no downscale and its
 * re-encoding is not smaller (a small, already compressed JPEG would only lose quality).
 */
export const sendReencoded = (scaled: boolean, reencodedBytes: number, originalBytes: number): boolean =>
  scaled || reencodedBytes < originalBytes;

/** The queued picture's name: the original's with a .jpg extension (the resize writes JPEG). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}
