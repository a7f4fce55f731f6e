/**
 * The offline services on `window.__cqOffline`, only when diagnostics are switched on for this
 * browser (localStorage `cq-diagnostics` = '1'): support staff can look at the queue from the
 * console, and the browser suites drive the real services of a signed-in page. Off by default.
 */
import type { OfflineServicesHandle } from './services';

export const DIAGNOSTICS_KEY = 'cq-diagnostics';

export function exposeForDiagnostics(offline: OfflineServicesHandle, win: Window = window): void {
  try {
    if (win.localStorage.getItem(DIAGNOSTICS_KEY) !== '1') return;
  } catch {
    return; // storage blocked
  }
  (win as unknown as { __cqOffline?: OfflineServicesHandle }).__cqOffline = offline;
}
