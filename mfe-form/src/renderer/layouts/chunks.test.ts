import { describe, expect, it } from 'vitest';
import { CHUNK_MIN, CHUNK_SIZE, chunkIntrinsicSize, chunkRanges } from './chunks';

describe('chunkRanges', () => {
  it('leaves short columns alone', () => {
    expect(chunkRanges(0)).toEqual([]);
    expect(chunkRanges(CHUNK_MIN)).toEqual([]);
  });

  it('covers every element once, in order, in blocks of the chunk size', () => {
    const count = CHUNK_MIN + 7;
    const chunks = chunkRanges(count);
    expect(chunks[0]).toEqual({ start: 0, end: CHUNK_SIZE });
    const covered = chunks.flatMap((c) => Array.from({ length: c.end - c.start }, (_, i) => c.start + i));
    expect(covered).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(chunks.every((c) => c.end - c.start <= CHUNK_SIZE && c.end > c.start)).toBe(true);
  });

  it('gives 1,000 elements 40 chunks', () => {
    const chunks = chunkRanges(1000);
    expect(chunks).toHaveLength(40);
    expect(chunks.at(-1)).toEqual({ start: 975, end: 1000 });
  });

  it('takes a custom size and threshold, and refuses a size below one', () => {
    expect(chunkRanges(5, 2, 3)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
      { start: 4, end: 5 },
    ]);
    expect(chunkRanges(5, 0, 3)).toEqual([]);
  });
});

describe('chunkIntrinsicSize', () => {
  it('reserves a height per element until the chunk was laid out', () => {
    expect(chunkIntrinsicSize({ start: 0, end: 25 })).toBe('auto 106.25rem');
    expect(chunkIntrinsicSize({ start: 975, end: 1000 })).toBe('auto 106.25rem');
    expect(chunkIntrinsicSize({ start: 50, end: 52 })).toBe('auto 8.5rem');
  });
});
