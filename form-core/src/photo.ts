/**
 * The photo field (issue 32): a file list whose pictures are resized on the device before they are
 * queued. Its options live on the ui element (`type: 'photo'`); the builder writes them, the renderer
 * reads them through `photoOptions`, so both agree on the defaults and the limits.
 */
import type { UISchemaOptions } from 'shared-contracts';

export const PHOTO = {
  /** Long edge a photo is brought down to unless the field says otherwise. */
  defaultMaxEdge: 2048,
  /** Smallest and largest long edge a builder may set (below 320 px an inspection photo is unreadable). */
  minMaxEdge: 320,
  maxMaxEdge: 8192,
  /** JPEG quality, 0-1 (0.8: no visible loss on a phone screen, about a tenth of the original's bytes). */
  defaultQuality: 0.8,
  minQuality: 0.3,
  maxQuality: 1,
  /** What the file input accepts. */
  accept: 'image/*',
} as const;

/** A photo field's options as written on its ui element. */
export interface PhotoFieldOptions {
  /** Long edge in px. */
  maxEdge: number;
  /** JPEG quality, 0-1. */
  quality: number;
  /** Also queue the picture as taken (full size). */
  keepOriginal: boolean;
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** The options of a photo element, defaults filled and out-of-range values brought into range. */
export function photoOptions(options: UISchemaOptions | undefined): PhotoFieldOptions {
  const o = options ?? {};
  const edge = num(o.maxEdge);
  const quality = num(o.quality);
  return {
    maxEdge:
      edge === undefined ? PHOTO.defaultMaxEdge : Math.round(clamp(edge, PHOTO.minMaxEdge, PHOTO.maxMaxEdge)),
    quality:
      quality === undefined
        ? PHOTO.defaultQuality
        : // A builder may type 80 for 80 %.
          clamp(quality > 1 ? quality / 100 : quality, PHOTO.minQuality, PHOTO.maxQuality),
    keepOriginal: o.keepOriginal === true,
  };
}
