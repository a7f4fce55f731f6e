// Composite (POST /services/data/vXX.X/composite): up to 25 subrequests (at most 5 queries) in one
// call, which the org counts as ONE call against its daily API allowance. Each subrequest runs through
// this org's own routes (same user, same checks), in order; `@{referenceId.path}` in a later
// subrequest's url or body takes a value of an earlier answer. Deviation: with allOrNone the requests
// after a failure are not run (PROCESSING_HALTED) but the ones before it are not rolled back.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Emu } from '../context.js';
import { SfError } from '../errors.js';
import { apiVersion } from '../http/apiVersion.js';
import { isPlainObject, readJson } from '../http/body.js';

/** Marks the emulator's own subrequests: the composite call itself is the one counted. */
export const SUBREQUEST_HEADER = 'x-emulator-composite-subrequest';
export const SUBREQUEST_SECRET = randomUUID();

const MAX_SUBREQUESTS = 25;
const MAX_QUERIES = 5;

type Rec = Record<string, unknown>;

/** `a.b[0].c` of a value, or undefined. */
function pick(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const part of path.split('.').flatMap((p) => p.split(/\[(\d+)\]/).filter(Boolean))) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Rec)[part];
  }
  return cur;
}

export function compositeRoutes(emu: Emu, data: string): Router {
  const router = new Router();
  router.post(`${data}/composite`, async (ctx) => {
    const v = apiVersion(ctx);
    const body = await readJson(ctx);
    if (!isPlainObject(body) || !Array.isArray(body.compositeRequest))
      throw new SfError(400, 'JSON_PARSER_ERROR', 'compositeRequest is required');
    const subs = body.compositeRequest as unknown[];
    if (subs.length === 0 || subs.length > MAX_SUBREQUESTS)
      throw new SfError(400, 'INVALID_INPUT', `Composite requests take 1 to ${MAX_SUBREQUESTS} subrequests`);
    const queries = subs.filter(
      (s) => isPlainObject(s) && typeof s.url === 'string' && /\/(query|queryAll)(\/|\?|$)/.test(s.url),
    ).length;
    if (queries > MAX_QUERIES)
      throw new SfError(
        400,
        'INVALID_INPUT',
        `Composite requests take at most ${MAX_QUERIES} query subrequests`,
      );
    const allOrNone = body.allOrNone === true;
    const answers = new Map<string, unknown>();
    const out: Rec[] = [];
    let halted = false;
    for (const s of subs) {
      if (
        !isPlainObject(s) ||
        typeof s.method !== 'string' ||
        typeof s.url !== 'string' ||
        typeof s.referenceId !== 'string'
      )
        throw new SfError(400, 'INVALID_INPUT', 'Each subrequest needs method, url and referenceId');
      const referenceId = s.referenceId;
      if (halted) {
        out.push({
          body: [
            {
              errorCode: 'PROCESSING_HALTED',
              message:
                'The transaction was rolled back since another operation in the same transaction failed.',
            },
          ],
          httpHeaders: {},
          httpStatusCode: 400,
          referenceId,
        });
        continue;
      }
      let missing: string | null = null;
      const resolve = (text: string, quote: boolean): string =>
        text.replace(/@\{([A-Za-z0-9_]+)\.([^}]+)\}/g, (_m, ref: string, path: string) => {
          const val = pick(answers.get(ref), path);
          if (val === undefined) {
            missing = `${ref}.${path}`;
            return '';
          }
          return quote ? JSON.stringify(val).replace(/^"|"$/g, '') : encodeURIComponent(String(val));
        });
      const url = resolve(s.url, false);
      const sentBody = s.body === undefined ? undefined : resolve(JSON.stringify(s.body), true);
      // only this version's REST resources: no dot segments or encoded escapes out of /services/data
      const target = new URL(url, emu.org.baseUrl);
      const inside =
        url.startsWith(`/services/data/${v}/`) &&
        !/(^|\/)\.\.?(\/|$)|%2e|%2f|\\/i.test(url.split('?')[0] ?? '') &&
        target.pathname.startsWith(`/services/data/${v}/`) &&
        target.origin === new URL(emu.org.baseUrl).origin;
      if (missing || !inside) {
        out.push({
          body: [
            {
              errorCode: 'PROCESSING_HALTED',
              message: missing
                ? `Invalid reference specified. No value for ${missing} found.`
                : `Invalid url: ${url}`,
            },
          ],
          httpHeaders: {},
          httpStatusCode: 400,
          referenceId,
        });
        if (allOrNone) halted = true;
        continue;
      }
      const res = await fetch(target, {
        method: s.method.toUpperCase(),
        headers: {
          authorization: ctx.get('authorization'),
          'content-type': 'application/json',
          [SUBREQUEST_HEADER]: SUBREQUEST_SECRET,
          ...(isPlainObject(s.httpHeaders) ? (s.httpHeaders as Record<string, string>) : {}),
        },
        ...(sentBody === undefined ? {} : { body: sentBody }),
      });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        parsed = text;
      }
      answers.set(referenceId, parsed);
      const location = res.headers.get('location');
      out.push({
        body: parsed,
        httpHeaders: location ? { Location: location } : {},
        httpStatusCode: res.status,
        referenceId,
      });
      if (allOrNone && res.status >= 400) halted = true;
    }
    ctx.body = { compositeResponse: out };
  });
  return router;
}
