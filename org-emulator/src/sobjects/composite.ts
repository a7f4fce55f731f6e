// Composite (POST /services/data/vXX.X/composite): up to 25 subrequests (at most 5 queries) in one
// call, which the org counts as ONE call against its daily API allowance. Each subrequest runs through
// this org's own routes (same user, same checks), in order; `@{referenceId.path}` in a later
// subrequest's url or body takes a value of an earlier answer. With allOrNone the call is one
// transaction (the org runs alone meanwhile: http/writeGate.ts): the first failure (an error answer,
// an unresolvable reference, or an sObject Collections subrequest with a record that failed) stops it,
// everything before is rolled back, and every other subrequest answers 400 PROCESSING_HALTED; the
// allOrNone of the call also applies to its sObject Collections subrequests, overriding their own.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Emu } from '../context.js';
import { SfError } from '../errors.js';
import { apiVersion } from '../http/apiVersion.js';
import { isPlainObject, readJson } from '../http/body.js';
import { isSubrequest, SUBREQUEST_HEADER, SUBREQUEST_SECRET } from '../http/subrequest.js';

/** On a subrequest: the Composite call runs all or none (it overrides a collection's own allOrNone). */
const ALL_OR_NONE_HEADER = 'x-emulator-composite-all-or-none';

/** Whether this request is a subrequest of a Composite call with allOrNone. */
export function compositeAllOrNone(ctx: Context): boolean {
  return isSubrequest(ctx) && ctx.get(ALL_OR_NONE_HEADER) === 'true';
}

const ROLLED_BACK = 'The transaction was rolled back since another operation in the same transaction failed.';

type Subrequest = { method: string; url: string; referenceId: string; body?: unknown; httpHeaders?: unknown };
type Answer = {
  body: unknown;
  httpHeaders: Record<string, string>;
  httpStatusCode: number;
  referenceId: string;
};

const halted = (referenceId: string, message = ROLLED_BACK): Answer => ({
  body: [{ errorCode: 'PROCESSING_HALTED', message }],
  httpHeaders: {},
  httpStatusCode: 400,
  referenceId,
});

/** An answer that fails an all-or-none call: an error status, or a collection with a failed record. */
function failed(answer: Answer): boolean {
  if (answer.httpStatusCode >= 400) return true;
  return (
    Array.isArray(answer.body) &&
    answer.body.some((r) => isPlainObject(r) && r.success === false && Array.isArray(r.errors))
  );
}

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
    // (a subrequest may not be a Composite call: it would wait for the call it is part of)
    if (isSubrequest(ctx))
      throw new SfError(400, 'INVALID_INPUT', 'A Composite subrequest cannot be a Composite request');
    const body = await readJson(ctx);
    if (!isPlainObject(body) || !Array.isArray(body.compositeRequest))
      throw new SfError(400, 'JSON_PARSER_ERROR', 'compositeRequest is required');
    const raw = body.compositeRequest as unknown[];
    if (raw.length === 0 || raw.length > MAX_SUBREQUESTS)
      throw new SfError(400, 'INVALID_INPUT', `Composite requests take 1 to ${MAX_SUBREQUESTS} subrequests`);
    // The whole request is checked before any subrequest runs.
    const subs = raw.map((s): Subrequest => {
      if (
        !isPlainObject(s) ||
        typeof s.method !== 'string' ||
        typeof s.url !== 'string' ||
        typeof s.referenceId !== 'string'
      )
        throw new SfError(400, 'INVALID_INPUT', 'Each subrequest needs method, url and referenceId');
      return s as Subrequest;
    });
    const queries = subs.filter((s) => /\/(query|queryAll)(\/|\?|$)/.test(s.url)).length;
    if (queries > MAX_QUERIES)
      throw new SfError(
        400,
        'INVALID_INPUT',
        `Composite requests take at most ${MAX_QUERIES} query subrequests`,
      );
    const allOrNone = body.allOrNone === true;
    const authorization = ctx.get('authorization');

    /** Runs the subrequests in order; with allOrNone it stops at the first failure (its index). */
    const run = async (): Promise<{ out: Answer[]; failedAt: number }> => {
      const answers = new Map<string, unknown>();
      const out: Answer[] = [];
      let failedAt = -1;
      for (const s of subs) {
        const referenceId = s.referenceId;
        if (failedAt >= 0) {
          out.push(halted(referenceId));
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
          out.push(
            halted(
              referenceId,
              missing ? `Invalid reference specified. No value for ${missing} found.` : `Invalid url: ${url}`,
            ),
          );
          if (allOrNone) failedAt = out.length - 1;
          continue;
        }
        const res = await fetch(target, {
          method: s.method.toUpperCase(),
          headers: {
            ...(isPlainObject(s.httpHeaders) ? (s.httpHeaders as Record<string, string>) : {}),
            // after the caller's headers: these are the call's own
            authorization,
            'content-type': 'application/json',
            [SUBREQUEST_HEADER]: SUBREQUEST_SECRET,
            [ALL_OR_NONE_HEADER]: String(allOrNone),
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
        const answer: Answer = {
          body: parsed,
          httpHeaders: location ? { Location: location } : {},
          httpStatusCode: res.status,
          referenceId,
        };
        out.push(answer);
        if (allOrNone && failed(answer)) failedAt = out.length - 1;
      }
      return { out, failedAt };
    };

    if (!allOrNone) {
      ctx.body = { compositeResponse: (await run()).out };
      return;
    }
    // One transaction across the subrequests: the org runs this call alone until it ends.
    (ctx.state.leaveWriteGate as (() => void) | undefined)?.();
    ctx.body = await emu.writes.runAlone(async () => {
      const tx = emu.org.store.begin();
      let result: { out: Answer[]; failedAt: number };
      try {
        result = await run();
      } catch (e) {
        tx.rollback();
        throw e;
      }
      if (result.failedAt < 0) {
        tx.commit();
        return { compositeResponse: result.out };
      }
      tx.rollback();
      // The failure keeps its own answer; every other subrequest was rolled back or never ran.
      return {
        compositeResponse: result.out.map((a, i) => (i === result.failedAt ? a : halted(a.referenceId))),
      };
    });
  });
  return router;
}
