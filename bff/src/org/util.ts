import type { Connection } from 'jsforce';
import { nsPrefix } from 'shared-contracts';

export type SfRecord = Record<string, unknown>;

/** Removes `attributes` and the namespace prefix from keys, recursing into parents and subqueries. */
export function stripNs(record: SfRecord, ns: string): SfRecord {
  const prefix = nsPrefix(ns);
  const out: SfRecord = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'attributes') continue;
    const k = prefix && key.startsWith(prefix) ? key.slice(prefix.length) : key;
    out[k] = transform(value, ns);
  }
  return out;
}

/** Removes `attributes` only (field names stay as the org spells them). */
export function clean(record: SfRecord): SfRecord {
  const out: SfRecord = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'attributes') continue;
    out[key] = transform(value, null);
  }
  return out;
}

function transform(value: unknown, ns: string | null): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as SfRecord;
    if (Array.isArray(v.records)) {
      return (v.records as SfRecord[]).map((r) => (ns ? stripNs(r, ns) : clean(r)));
    }
    return ns ? stripNs(v, ns) : clean(v);
  }
  return value;
}

export async function queryAll(conn: Connection, soql: string): Promise<SfRecord[]> {
  const res = await conn.query<SfRecord>(soql);
  return res.records;
}

export function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
