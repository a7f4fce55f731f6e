import { describe, expect, it } from 'vitest';
import { PHOTO, photoOptions } from './photo';

describe('photoOptions', () => {
  it('fills the defaults: 2048 px, quality 0.8, no original', () => {
    expect(photoOptions(undefined)).toEqual({ maxEdge: 2048, quality: 0.8, keepOriginal: false });
    expect(photoOptions({})).toEqual({
      maxEdge: PHOTO.defaultMaxEdge,
      quality: PHOTO.defaultQuality,
      keepOriginal: false,
    });
  });
  it('reads numbers written as strings and a quality typed as a percentage', () => {
    expect(photoOptions({ maxEdge: '1600', quality: 65, keepOriginal: true })).toEqual({
      maxEdge: 1600,
      quality: 0.65,
      keepOriginal: true,
    });
  });
  it('brings values into range and ignores what is not a number', () => {
    expect(photoOptions({ maxEdge: 10, quality: 0.01 })).toEqual({
      maxEdge: PHOTO.minMaxEdge,
      quality: PHOTO.minQuality,
      keepOriginal: false,
    });
    expect(photoOptions({ maxEdge: 99999, quality: 250 }).maxEdge).toBe(PHOTO.maxMaxEdge);
    expect(photoOptions({ maxEdge: 99999, quality: 250 }).quality).toBe(1);
    expect(photoOptions({ maxEdge: 'big', quality: null, keepOriginal: 'yes' })).toEqual(photoOptions({}));
    expect(photoOptions({ maxEdge: 1999.6 }).maxEdge).toBe(2000);
  });
});
