import { useEffect } from 'react';
import { listenToHost } from './bridge';
import { isCanvasMode } from './index';
import { readCanvasContext } from './storage';

/** While mfe-form is mounted in canvas mode, answer the host page's pings (see contract.ts). */
export function useHostBridge(): void {
  useEffect(() => (isCanvasMode() ? listenToHost(() => readCanvasContext(), window) : undefined), []);
}
