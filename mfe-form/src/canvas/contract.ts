/**
 * The postMessage contract between the product (inside the org's canvas iframe) and the org page
 * that hosts it. Pure: no window, no storage, so every rule is unit-tested.
 *
 * Outgoing (spec 000 §2 "Launcher screen"): CQOfflineFormMessage (submission finished) and
 * CQOfflineFormMessageClosed (submission closed), payload { dataUrl, instanceId, targetOrigin,
 * instanceUrl }, posted to the stored target origin only, never '*'. No OAuth token: see README
 * "Launcher and canvas mode" for why.
 * Incoming: CQOfflineFormPing ({ nonce }), answered with CQOfflineFormReady ({ nonce, path }), so the
 * host can tell the app is loaded. Accepted only from the parent window and an allowlisted origin.
 */

import {
  CANVAS_EVENTS,
  CANVAS_PUBLISH_SEGMENTS,
  type CanvasContext,
  type CanvasMessage,
  type CanvasPayload,
} from 'shared-contracts';

export { CANVAS_EVENTS };
export type { CanvasContext, CanvasMessage, CanvasPayload };
export const PUBLISH_SEGMENTS = CANVAS_PUBLISH_SEGMENTS;
export type PublishKind = keyof typeof CANVAS_PUBLISH_SEGMENTS;

/** `scheme://host[:port]` of an http(s) URL, or null (other schemes, garbage, wildcards). */
export function originOf(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || url === '' || url.includes('*')) return null;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

/** The origins allowed to host the app: the instance URL's, the target origin, the configured list. */
export function allowedOrigins(ctx: CanvasContext): Set<string> {
  const out = new Set<string>();
  for (const candidate of [ctx.instanceUrl, ctx.targetOrigin, ...ctx.allowedOrigins]) {
    const o = originOf(candidate);
    if (o) out.add(o);
  }
  return out;
}

/**
 * The origin to post to: the stored target origin when it is an exact http(s) origin. Never '*':
 * with no usable target origin nothing is posted at all.
 */
export function postTargetOrigin(ctx: CanvasContext | null): string | null {
  if (!ctx) return null;
  const o = originOf(ctx.targetOrigin);
  return o && allowedOrigins(ctx).has(o) ? o : null;
}

/**
 * The dataUrl the host receives: an absolute http(s) URL on an allowlisted origin, or a path resolved
 * against the instance URL. Anything else (javascript:, another site) becomes '' so a crafted
 * `?dataUrl=` cannot make the org page navigate somewhere else.
 */
export function safeDataUrl(dataUrl: string | null | undefined, ctx: CanvasContext): string {
  if (typeof dataUrl !== 'string' || dataUrl.trim() === '') return '';
  const base = originOf(ctx.instanceUrl);
  let resolved: URL;
  try {
    resolved = base ? new URL(dataUrl, base) : new URL(dataUrl);
  } catch {
    return '';
  }
  const o = originOf(resolved.href);
  return o && allowedOrigins(ctx).has(o) ? resolved.href : '';
}

/** The message published to the host canvas for a finished or closed submission. */
export function publishMessage(
  kind: PublishKind,
  dataUrl: string | null | undefined,
  ctx: CanvasContext,
): CanvasMessage<CanvasPayload> {
  return {
    name: kind === 'finished' ? CANVAS_EVENTS.finished : CANVAS_EVENTS.closed,
    payload: {
      dataUrl: safeDataUrl(dataUrl, ctx),
      instanceId: ctx.instanceId,
      targetOrigin: postTargetOrigin(ctx) ?? '',
      instanceUrl: ctx.instanceUrl,
    },
  };
}

/** The parts of a MessageEvent the guard looks at. */
export interface IncomingEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * Accepts an incoming message only when it comes from the parent window (not a sibling frame, a
 * popup or ourselves), from an allowlisted origin, and has the contract's shape. Returns the message
 * or null (ignored).
 */
export function acceptIncoming(
  event: IncomingEvent,
  env: { parent: unknown; self: unknown },
  ctx: CanvasContext | null,
): CanvasMessage<Record<string, unknown>> | null {
  if (!ctx) return null;
  if (env.parent === env.self || event.source !== env.parent) return null;
  if (!allowedOrigins(ctx).has(event.origin)) return null;
  const data = event.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const { name, payload } = data as { name?: unknown; payload?: unknown };
  if (name !== CANVAS_EVENTS.ping) return null;
  const p = payload && typeof payload === 'object' && !Array.isArray(payload) ? payload : {};
  return { name, payload: p as Record<string, unknown> };
}

/** The answer to a ping: the nonce back (bounded) and the path the app shows. */
export function readyMessage(
  ping: CanvasMessage<Record<string, unknown>>,
  path: string,
): CanvasMessage<{ nonce: string; path: string }> {
  const nonce = typeof ping.payload.nonce === 'string' ? ping.payload.nonce.slice(0, 200) : '';
  return { name: CANVAS_EVENTS.ready, payload: { nonce, path } };
}

/** Reads a context answered by the BFF (or stored), or null when it is not one. */
export function parseCanvasContext(value: unknown): CanvasContext | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const str = (x: unknown): string => (typeof x === 'string' ? x : '');
  const ctx: CanvasContext = {
    instanceId: str(v.instanceId),
    targetOrigin: str(v.targetOrigin),
    instanceUrl: str(v.instanceUrl),
    allowedOrigins: Array.isArray(v.allowedOrigins)
      ? v.allowedOrigins.filter((o): o is string => typeof o === 'string')
      : [],
    ...(typeof v.recordUrl === 'string' && v.recordUrl ? { recordUrl: v.recordUrl } : {}),
  };
  return originOf(ctx.instanceUrl) ? ctx : null;
}
