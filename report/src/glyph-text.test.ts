import { describe, expect, it } from 'vitest';
import { glyphCodePoints } from './glyph-text';

const g = (...codePoints: number[]) => ({ codePoints });

describe('glyphCodePoints', () => {
  it('reads each glyph its letters from the text, whatever fontkit last named the glyph', () => {
    // 'ab' left to right: fontkit's code points are those the glyph was first made for
    expect(glyphCodePoints('ab', [g(0x78), g(0x79)])).toEqual([[0x61], [0x62]]);
  });

  it('a right-to-left run is drawn reversed; a dots mark reads as a word joiner, a ligature two letters', () => {
    // شلا: ش (skeleton + dots), لا a ligature; drawn: لا, dots, skeleton
    const out = glyphCodePoints('شلا', [g(0x644, 0x627), g(), g(0x633)]);
    expect(out).toEqual([[0x644, 0x627], [0x2060], [0x634]]);
  });

  it('gives up where the counts do not add up to the text', () => {
    expect(glyphCodePoints('abc', [g(0x61), g(0x62)])).toBeUndefined();
  });
});
