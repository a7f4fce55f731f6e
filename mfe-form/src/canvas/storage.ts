/**
 * Where the canvas state of this frame is kept: sessionStorage, so it lives as long as the org's
 * iframe (reloads included) and never leaks into a later top-level tab of the same site. The spec's
 * `targetOrigin` key holds the target origin; the full context sits beside it.
 */
import { STORAGE_KEYS } from 'shared-contracts';
import { parseCanvasContext, type CanvasContext } from './contract';

const CONTEXT_KEY = 'cq.canvasContext';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function session(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked (third-party frame with storage off): canvas state lives in memory
  }
}

let memory: { ctx: CanvasContext | null; mode: boolean } = { ctx: null, mode: false };

export function storeCanvasContext(ctx: CanvasContext, storage = session()): void {
  memory = { ...memory, ctx };
  try {
    storage?.setItem(STORAGE_KEYS.targetOrigin, ctx.targetOrigin);
    storage?.setItem(CONTEXT_KEY, JSON.stringify(ctx));
  } catch {
    // quota or blocked: the in-memory copy serves this page
  }
}

export function readCanvasContext(storage = session()): CanvasContext | null {
  try {
    const raw = storage?.getItem(CONTEXT_KEY);
    if (raw) return parseCanvasContext(JSON.parse(raw)) ?? memory.ctx;
  } catch {
    // unreadable: fall back to memory
  }
  return memory.ctx;
}

/**
 * Canvas mode was switched on in this page (by the launcher). Memory only, like the shell's rule
 * (decided once per page load): a reload inside the org's frame is canvas mode by being framed, and
 * a top-level tab that once went through the launcher does not stay in canvas mode after a reload.
 */
export function markCanvasMode(): void {
  memory = { ...memory, mode: true };
}

export function canvasModeMarked(): boolean {
  return memory.mode;
}

/** Tests only. */
export function resetCanvasMemory(): void {
  memory = { ctx: null, mode: false };
}
