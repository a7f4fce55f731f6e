import type { Connection } from 'jsforce';
import { queryAll, type SfRecord } from './util';

/**
 * Several queries in one Composite call (at most 5), which the org counts as one call against its
 * daily allowance (issue 33). A query answer with more pages, or one the org refused, is read on its
 * own (its error thrown as jsforce would). One query is a plain query. A query listed in `optional`
 * answers [] when the org refuses it (a field or object the user cannot read), instead of failing
 * the others.
 */
export async function readTogether(
  conn: Connection,
  apiVersion: string,
  soqls: string[],
  optional: ReadonlySet<number> = new Set(),
): Promise<SfRecord[][]> {
  if (soqls.length === 1) {
    const one = queryAll(conn, soqls[0] ?? '');
    return [await (optional.has(0) ? one.catch(() => []) : one)];
  }
  const v = `v${apiVersion}`;
  const answer = (await conn.request({
    method: 'POST',
    url: `/services/data/${v}/composite`,
    body: JSON.stringify({
      allOrNone: false,
      compositeRequest: soqls.map((q, i) => ({
        method: 'GET',
        url: `/services/data/${v}/query?q=${encodeURIComponent(q)}`,
        referenceId: `q${i}`,
      })),
    }),
    headers: { 'Content-Type': 'application/json' },
  })) as { compositeResponse?: { httpStatusCode: number; body: unknown }[] };
  return Promise.all(
    soqls.map(async (q, i) => {
      const r = answer.compositeResponse?.[i];
      const body = r?.body as { records?: SfRecord[]; done?: boolean } | undefined;
      if (r && r.httpStatusCode < 300 && Array.isArray(body?.records) && body?.done !== false)
        return body.records;
      if (r && r.httpStatusCode >= 400 && Array.isArray(r.body)) {
        if (optional.has(i)) return [];
        const first = (r.body as { errorCode?: string; message?: string }[])[0];
        throw Object.assign(new Error(first?.message ?? 'Query failed'), { errorCode: first?.errorCode });
      }
      return queryAll(conn, q);
    }),
  );
}
