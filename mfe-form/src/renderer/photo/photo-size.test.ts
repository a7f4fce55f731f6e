import { describe, expect, it } from 'vitest';
import { formatBytes, originalName, sizeLine } from './photo-size';

describe('names', () => {
  it('gives the kept original a -original suffix', () => {
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
