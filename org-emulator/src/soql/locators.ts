// Query cursors: the remaining rows of a query, addressed as `01g...-<offset>`. jsforce keeps only the last
// path segment of nextRecordsUrl, so the locator alone must identify the cursor.
import { randomBytes } from 'node:crypto';
import { SfError } from '../errors.js';
import type { SRecord } from '../store/records.js';

interface Cursor {
  records: SRecord[];
  batchSize: number;
  expires: number;
}

const TTL_MS = 15 * 60_000;
const MAX_CURSORS = 500;

export class Locators {
  private readonly cursors = new Map<string, Cursor>();

  page(
    records: SRecord[],
    totalSize: number,
    batchSize: number,
    baseUrl: string,
  ): { totalSize: number; done: boolean; records: SRecord[]; nextRecordsUrl?: string } {
    if (records.length <= batchSize) return { totalSize, done: true, records };
    this.gc();
    const id = `01g${randomBytes(9).toString('base64url').slice(0, 12)}`;
    this.cursors.set(id, { records, batchSize, expires: Date.now() + TTL_MS });
    return {
      totalSize,
      done: false,
      nextRecordsUrl: `${baseUrl}/${id}-${batchSize}`,
      records: records.slice(0, batchSize),
    };
  }

  next(
    locator: string,
    baseUrl: string,
  ): { totalSize: number; done: boolean; records: SRecord[]; nextRecordsUrl?: string } {
    const m = /^(01g[A-Za-z0-9_-]{12})-(\d+)$/.exec(locator);
    const cursor = m ? this.cursors.get(m[1] ?? '') : undefined;
    if (!m || !cursor || cursor.expires < Date.now()) {
      throw new SfError(400, 'INVALID_QUERY_LOCATOR', 'invalid query locator');
    }
    const offset = Number(m[2]);
    const slice = cursor.records.slice(offset, offset + cursor.batchSize);
    const nextOffset = offset + cursor.batchSize;
    cursor.expires = Date.now() + TTL_MS;
    if (nextOffset >= cursor.records.length) {
      return { totalSize: cursor.records.length, done: true, records: slice };
    }
    return {
      totalSize: cursor.records.length,
      done: false,
      nextRecordsUrl: `${baseUrl}/${m[1] ?? ''}-${nextOffset}`,
      records: slice,
    };
  }

  private gc(): void {
    const now = Date.now();
    for (const [k, c] of this.cursors) if (c.expires < now) this.cursors.delete(k);
    while (this.cursors.size >= MAX_CURSORS) {
      const first = this.cursors.keys().next().value;
      if (first === undefined) break;
      this.cursors.delete(first);
    }
  }
}

/** `Sforce-Query-Options: batchSize=N` (200..2000, default 2000). */
export function batchSizeFrom(header: string): number {
  const m = /batchSize\s*=\s*(\d+)/i.exec(header);
  if (!m) return 2000;
  return Math.min(2000, Math.max(200, Number(m[1])));
}
