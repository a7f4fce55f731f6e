import { describe, expect, it } from 'vitest';
import { fitWithin, formatBytes, jpegName, originalName, sendReencoded, sizeLine } from './photo-size';

describe('fitWithin', () => {
  it('brings the long edge down to the limit and keeps the aspect ratio', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 2048)).toEqual({
      width: 2048,
      height: 1536,
      scaled: true,
    });
    expect(fitWithin({ width: 3000, height: 4000 }, 2048)).toEqual({
      width: 1536,
      height: 2048,
      scaled: true,
    });
    expect(fitWithin({ width: 4032, height: 3024 }, 1600)).toEqual({
      width: 1600,
      height: 1200,
      scaled: true,
    });
  });
  it('leaves a picture within the limit as it is', () => {
    expect(fitWithin({ width: 2048, height: 1000 }, 2048)).toEqual({
      width: 2048,
      height: 1000,
      scaled: false,
    });
    expect(fitWithin({ width: 640, height: 480 }, 2048).scaled).toBe(false);
  });
  it('never makes a side of 0 px (a panorama strip)', () => {
    expect(fitWithin({ width: 10000, height: 2 }, 1000)).toEqual({ width: 1000, height: 1, scaled: true });
  });
});

describe('sendReencoded', () => {
  it('always sends a downscaled picture; an unscaled one only when re-encoding made it smaller', () => {
    expect(sendReencoded(true, 900, 800)).toBe(true);
    expect(sendReencoded(false, 900, 800)).toBe(false);
    expect(sendReencoded(false, 700, 800)).toBe(true);
  });
});

describe('names', () => {
  it('gives the queued picture a .jpg name and the kept original a -original suffix', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('site.photo.png')).toBe('site.photo.jpg');
    expect(jpegName('noext')).toBe('noext.jpg');
    expect(jpegName('.jpg')).toBe('photo.jpg');
    expect(originalName('IMG_0001.HEIC')).toBe('IMG_0001-original.HEIC');
    expect(originalName('noext')).toBe('noext-original');
  });
});

describe('formatBytes and sizeLine', () => {
  it('reads as file managers show sizes', () => {
    expect(formatBytes(950)).toBe('950 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(300 * 1024)).toBe('300 KB');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(formatBytes(-1)).toBe('');
  });
  it('says what was sent and what the resize saved', () => {
    expect(sizeLine(512 * 1024, 4 * 1024 * 1024)).toBe('Sent 512 KB · saved 3.5 MB (88%)');
    expect(sizeLine(2048, undefined)).toBe('Sent 2.0 KB');
    expect(sizeLine(2048, 2048)).toBe('Sent 2.0 KB');
  });
});
