import type { Context } from 'koa';

/** The access token of a request: `Authorization: Bearer|OAuth …`, or the `oauth_token` parameter. */
export function bearerToken(ctx: Context): string | undefined {
  const h = ctx.get('authorization');
  const m = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(h);
  if (m?.[1]) return m[1].trim();
  const q = ctx.query.oauth_token;
  return typeof q === 'string' ? q : undefined;
}
