import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, sendReencoded } from './photo-fit';

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

describe('jpegName', () => {
  it('gives the queued picture a .jpg name', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('site.photo.png')).toBe('site.photo.jpg');
    expect(jpegName('noext')).toBe('noext.jpg');
    expect(jpegName('.jpg')).toBe('photo.jpg');
  });
});
