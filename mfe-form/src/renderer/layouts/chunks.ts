/**
 * Long columns of elements are wrapped in blocks ("chunks") that the browser may skip while off screen
 * (`content-visibility: auto`). One skippable box per field made Chromium test 1,000 boxes against the
 * viewport in every frame after a keystroke (its intersection step cost 2-3 ms per keystroke at 1,000
 * fields); one per chunk of fields tests a few dozen and skips the same layout and paint.
 */

/** Elements per chunk. */
export const CHUNK_SIZE = 25;
/** Columns up to this many elements are not chunked: the browser's per-box cost is small there. */
export const CHUNK_MIN = 2 * CHUNK_SIZE;
/** Height (rem) reserved for an off-screen element until its chunk has been laid out once. */
export const ESTIMATED_ELEMENT_REM = 4.25;

export interface Chunk {
  /** First element index (inclusive). */
  start: number;
  /** Last element index (exclusive). */
  end: number;
}

/** The chunks of a column of `count` elements; empty when the column is not chunked. */
export const chunkRanges = (count: number, size = CHUNK_SIZE, min = CHUNK_MIN): Chunk[] => {
  if (count <= min || size < 1) return [];
  const out: Chunk[] = [];
  for (let start = 0; start < count; start += size) out.push({ start, end: Math.min(count, start + size) });
  return out;
};

/** `contain-intrinsic-size` of a chunk: remembered once laid out (`auto`), estimated until then. */
export const chunkIntrinsicSize = (chunk: Chunk): string =>
  `auto ${+((chunk.end - chunk.start) * ESTIMATED_ELEMENT_REM).toFixed(2)}rem`;
