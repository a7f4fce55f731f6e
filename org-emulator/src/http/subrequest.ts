// The emulator's own Composite subrequests: marked with a per-process secret so the middleware that
// belongs to the call between a client and the org (the API allowance, injected faults) lets them
// through: the composite call itself is the one counted.
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';

export const SUBREQUEST_HEADER = 'x-emulator-composite-subrequest';
export const SUBREQUEST_SECRET = randomUUID();

export function isSubrequest(ctx: Context): boolean {
  return ctx.get(SUBREQUEST_HEADER) === SUBREQUEST_SECRET;
}
