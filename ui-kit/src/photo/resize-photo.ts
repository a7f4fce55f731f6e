/**
 * Resizes a picture on the device (browser only; loaded lazily by the photo field and by a corrective
 * action's completion, so the image library weighs nothing on a screen that takes no photo). The browser decodes the picture with its
 * EXIF orientation applied (`imageOrientation: 'from-image'`), pica resamples it (high-quality
 * filter, no hand-written resampler) and the canvas writes a JPEG at the field's quality: the queued
 * file is the right way up and carries no EXIF (no location or device leaks through the photo).
 */
// pica_main: pica without its inlined web-worker source (workers are off, see below).
import pica from 'pica/pica_main';
import { fitWithin, jpegName, sendReencoded } from './photo-fit';

export interface ResizedPhoto {
  /** What is queued: the resized JPEG, or the picture itself when that is already smaller. */
  file: File;
  width: number;
  height: number;
  /** The picture as shown (orientation applied), before the resize. */
  originalWidth: number;
  originalHeight: number;
}

/** The picture could not be read (not an image, or a format this browser cannot decode). */
export class UnreadablePhotoError extends Error {}

// Web workers are off: the page's CSP allows none from blob: URLs. With 'cib' pica has the browser
// resize off the main thread (createImageBitmap, quality 'high' for lanczos3) where it can, and
// runs its own lanczos3 where it cannot.
let resizer: ReturnType<typeof pica> | undefined;
const getResizer = () => (resizer ??= pica({ features: ['js', 'cib'] }));

async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnreadablePhotoError('unreadable');
  }
}

const canvasOf = (w: number, h: number): HTMLCanvasElement => {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
};

export async function resizePhoto(
  file: File,
  opts: { maxEdge: number; quality: number },
): Promise<ResizedPhoto> {
  const bitmap = await decode(file);
  try {
    const original = { width: bitmap.width, height: bitmap.height };
    const target = fitWithin(original, opts.maxEdge);
    const to = canvasOf(target.width, target.height);
    await getResizer().resize(bitmap, to, { filter: 'lanczos3' });
    const blob = await getResizer().toBlob(to, 'image/jpeg', opts.quality);
    // Free the canvas' pixels at once (a phone holds few 12 MP buffers).
    to.width = 0;
    to.height = 0;
    if (!sendReencoded(target.scaled, blob.size, file.size))
      return { file, ...original, originalWidth: original.width, originalHeight: original.height };
    return {
      file: new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }),
      width: target.width,
      height: target.height,
      originalWidth: original.width,
      originalHeight: original.height,
    };
  } finally {
    bitmap.close();
  }
}
