/**
 * The offline services on `window.__cqOffline`, only when diagnostics are switched on for this
 * browser (localStorage `cq-diagnostics` = '1'): support staff can look at the queue from the
 * console, and the browser suites drive the real services of a signed-in page. Off by default.
 */
import type { OfflineServicesHandle } from './services';

export const DIAGNOSTICS_KEY = 'cq-diagnostics';

/** The page's side of it, typed structurally: this module is also compiled for the service worker. */
interface DiagnosticsHost {
  localStorage: { getItem(key: string): string | null };
}

export function exposeForDiagnostics(
  offline: OfflineServicesHandle,
  win: DiagnosticsHost = globalThis as unknown as DiagnosticsHost,
): void {
  try {
    if (win.localStorage.getItem(DIAGNOSTICS_KEY) !== '1') return;
  } catch {
    return; // storage blocked
  }
  (win as unknown as { __cqOffline?: OfflineServicesHandle }).__cqOffline = offline;
}
