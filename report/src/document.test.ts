import { describe, expect, it } from 'vitest';
import { readableOn } from './document';

describe('readableOn', () => {
  it('writes near-black on light fills and white on dark ones, so a colour-coded answer stays readable', () => {
    // Color Code's own fills (shared-contracts checklist.ts): red and green dark enough for white
    expect(readableOn('#e53e3e')).toBe('#ffffff');
    expect(readableOn('#2f855a')).toBe('#ffffff');
    // yellow, light grey and white want dark text
    expect(readableOn('#ecc94b')).toBe('#1a202c');
    expect(readableOn('#FFFF00')).toBe('#1a202c');
    expect(readableOn('#ffffff')).toBe('#1a202c');
    // an unreadable value keeps the old white
    expect(readableOn('yellow')).toBe('#ffffff');
  });
});
