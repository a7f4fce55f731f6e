import type { Context } from 'koa';
import { ApiError } from './errors';

export const DEFAULT_JSON_LIMIT = 1024 * 1024;

/** Reads the raw body up to `limit` bytes (413 beyond, checked while streaming). */
export async function readRaw(ctx: Context, limit: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length') || NaN);
  if (Number.isFinite(declared) && declared > limit) throw new ApiError('PAYLOAD_TOO_LARGE');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      ctx.req.destroy();
      throw new ApiError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * JSON.parse that refuses `__proto__` (and `constructor`/`prototype`) keys anywhere in the document,
 * so no later merge or spread of the body can reach an object prototype.
 */
export function safeJsonParse(text: string): unknown {
  if (text.trim() === '') return undefined;
  let bad = false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, function reviver(key, value) {
      if (FORBIDDEN_KEYS.has(key)) bad = true;
      return value;
    });
  } catch {
    throw new ApiError('INVALID_JSON');
  }
  if (bad)
    throw new ApiError(
      'INVALID_JSON',
      'The request body contains a forbidden key (__proto__, constructor or prototype).',
    );
  return parsed;
}

/** Parses a JSON body (an empty body is `{}`); anything but JSON is 415. */
export async function readJson(ctx: Context, limit = DEFAULT_JSON_LIMIT): Promise<unknown> {
  const length = ctx.get('Content-Length');
  const hasBody = (length !== '' && length !== '0') || ctx.get('Transfer-Encoding') !== '';
  if (!hasBody) return {};
  const type = ctx.get('Content-Type');
  if (type && !/^application\/(?:[a-z.+-]*\+)?json\s*(?:;|$)/i.test(type))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  const raw = await readRaw(ctx, limit);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new ApiError('INVALID_JSON');
  }
  const value = safeJsonParse(text);
  return value === undefined ? {} : value;
}

/** Parses an application/x-www-form-urlencoded body (canvas signed request). */
export async function readForm(ctx: Context, limit: number): Promise<URLSearchParams> {
  const type = ctx.get('Content-Type');
  if (!/^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(type))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  const raw = await readRaw(ctx, limit);
  return new URLSearchParams(raw.toString('utf8'));
}
