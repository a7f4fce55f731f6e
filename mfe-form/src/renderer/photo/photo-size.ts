/** The size maths of the photo field: pure, so the browser-only resize stays a thin shell around it. */

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

/** The kept original's name: `IMG_1.heic` → `IMG_1-original.heic`. */
export function originalName(name: string): string {
  const m = /^(.*?)(\.[^./\\]*)?$/.exec(name);
  const base = m?.[1] || 'photo';
  return `${base}-original${m?.[2] ?? ''}`;
}

/** Bytes as a person reads them: 950 B, 12 KB, 1.4 MB (1 KB = 1024 B, as file managers show). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** The card's size line: what was sent and what the resize saved (nothing saved: just the size). */
export function sizeLine(sent: number, original: number | undefined): string {
  const saved = original !== undefined ? original - sent : 0;
  if (saved <= 0) return `Sent ${formatBytes(sent)}`;
  const pct = Math.round((saved / (original ?? 1)) * 100);
  return `Sent ${formatBytes(sent)} · saved ${formatBytes(saved)} (${pct}%)`;
}
