// Any vNN.N is accepted in paths and echoed back in URLs; anything else is a 404 like on a real org.
import type { Context } from 'koa';
import { SfError } from '../errors.js';

export const API_VERSIONS = Array.from({ length: 66 - 20 + 1 }, (_, i) => `${20 + i}.0`);
export const LATEST_VERSION = `v${API_VERSIONS[API_VERSIONS.length - 1] ?? '66.0'}`;

export function apiVersion(ctx: Context): string {
  const v =
    ctx.params && typeof ctx.params === 'object' ? (ctx.params as Record<string, string>).version : undefined;
  if (!v || !/^v\d{2,3}\.\d$/.test(v)) {
    throw new SfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  }
  return v;
}
