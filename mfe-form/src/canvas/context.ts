/** Fetches this embedded session's canvas context from the BFF and keeps it for the frame. */
import type { HostServices } from 'shared-contracts';
import { parseCanvasContext, type CanvasContext } from './contract';
import { restoreCanvasContext, storeCanvasContext } from './storage';

/**
 * The canvas context: fresh from the BFF when online (an embedded session only; a top-level session
 * gets 403), else the one stored for this frame, else null.
 */
export async function loadCanvasContext(host: HostServices): Promise<CanvasContext | null> {
  if (host.online.get()) {
    try {
      const ctx = parseCanvasContext(await host.api.call('canvasContext'));
      if (ctx) {
        await storeCanvasContext(ctx, host.sealed);
        return ctx;
      }
    } catch {
      // not an embedded session, or unreachable: what this frame stored before still holds
    }
  }
  return restoreCanvasContext(host.sealed);
}
