import { useEffect } from 'react';
import { listenToHost } from './bridge';
import type { HostServices } from 'shared-contracts';
import { inCanvas } from './index';
import { readCanvasContext, restoreCanvasContext } from './storage';

let installed = false;

/**
 * In canvas mode, answer the host page's pings (see contract.ts) for the rest of the page's life,
 * also while another remote (e.g. home) is shown in the frame: installed once, on mfe-form's first
 * mount, which in canvas mode is always the launcher.
 */
export function useHostBridge(host: Pick<HostServices, 'canvas' | 'sealed'>): void {
  useEffect(() => {
    if (installed || !inCanvas(host)) return;
    installed = true;
    // a reloaded frame answers from the context it kept, once opened (a few ms after it loads)
    void restoreCanvasContext(host.sealed);
    listenToHost(() => readCanvasContext(), window);
  }, [host]);
}
