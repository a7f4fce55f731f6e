// Request bodies are read by hand with a size cap: huge or malformed input must end in a 4xx, never a crash.
import type { Context } from 'koa';
import { SfError } from '../errors.js';

export const JSON_LIMIT = 32 * 1024 * 1024;

export async function readRaw(ctx: Context, limit = JSON_LIMIT): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  for await (const chunk of ctx.req) {
    const buf = chunk as Buffer;
    size += buf.length;
    // Keep draining after the cap so the client sees our 413 rather than a reset connection.
    if (size > limit) tooBig = true;
    else chunks.push(buf);
  }
  if (tooBig) {
    throw new SfError(
      413,
      'REQUEST_ENTITY_TOO_LARGE',
      `Request body exceeds the maximum size of ${limit} bytes`,
    );
  }
  return Buffer.concat(chunks).toString('utf8');
}

function jsonError(text: string, e: unknown): SfError {
  const msg = e instanceof Error ? e.message : 'invalid JSON';
  const pos = /position (\d+)/.exec(msg);
  const offset = pos ? Number(pos[1]) : text.length;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const ch = text.charAt(offset);
  const what = ch ? `Unexpected character ('${ch}' (code ${ch.charCodeAt(0)}))` : 'Unexpected end-of-input';
  return new SfError(
    400,
    'JSON_PARSER_ERROR',
    `${what}: expected a valid value at [line:${line}, column:${column}]`,
  );
}

export async function readJson(ctx: Context, limit = JSON_LIMIT): Promise<unknown> {
  const text = await readRaw(ctx, limit);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw jsonError(text, e);
  }
}

export async function readForm(ctx: Context): Promise<URLSearchParams> {
  const text = await readRaw(ctx, 1024 * 1024);
  return new URLSearchParams(text);
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
