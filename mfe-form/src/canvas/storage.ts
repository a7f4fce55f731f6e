/**
 * Where the canvas state of this frame is kept: sessionStorage, so it lives as long as the org's
 * iframe (reloads included) and never leaks into a later top-level tab of the same site. The spec's
 * `targetOrigin` key holds the target origin; the full context sits beside it. Both are sealed by the
 * host (issue 45: the org's URLs and ids are not left in browser storage as text); this page reads its
 * own copy from memory.
 */
import { STORAGE_KEYS, type HostServices } from 'shared-contracts';
import { parseCanvasContext, type CanvasContext } from './contract';

const CONTEXT_KEY = 'cq.canvasContext';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Sealed = HostServices['sealed'];

function session(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked (third-party frame with storage off): canvas state lives in memory
  }
}

let memory: { ctx: CanvasContext | null; mode: boolean } = { ctx: null, mode: false };

export async function storeCanvasContext(
  ctx: CanvasContext,
  sealed: Sealed,
  storage = session(),
): Promise<void> {
  memory = { ...memory, ctx };
  try {
    const [origin, context] = await Promise.all([
      sealed.seal(STORAGE_KEYS.targetOrigin, ctx.targetOrigin),
      sealed.seal(CONTEXT_KEY, ctx),
    ]);
    storage?.setItem(STORAGE_KEYS.targetOrigin, origin);
    storage?.setItem(CONTEXT_KEY, context);
  } catch {
    // quota or blocked: the in-memory copy serves this page
  }
}

/** This page's canvas context (memory: stored, or restored after a reload of the frame). */
export function readCanvasContext(): CanvasContext | null {
  return memory.ctx;
}

/** After a reload of the frame: the context this frame stored, opened into memory. */
export async function restoreCanvasContext(
  sealed: Sealed,
  storage = session(),
): Promise<CanvasContext | null> {
  if (memory.ctx) return memory.ctx;
  try {
    const kept = parseCanvasContext(
      await sealed.open<unknown>(CONTEXT_KEY, storage?.getItem(CONTEXT_KEY) ?? null),
    );
    if (kept && !memory.ctx) memory = { ...memory, ctx: kept };
  } catch {
    // unreadable: nothing kept
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
