/**
 * The offline services on `window.__cqOffline`, only when diagnostics are switched on for this
 * browser (localStorage `cq-diagnostics` = '1'): support staff can look at the queue from the
 * console, and the browser suites drive the real services of a signed-in page. Off by default.
 */
import type { DeliveryState, FileInfo, LocalSubmission } from 'shared-contracts';
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

/**
 * When an item is tried again, in words. `nextAttemptAt` is epoch milliseconds, and 0 (or absent,
 * or past) means due now: going back online clears a network failure's wait to 0 while keeping its
 * `lastError`, which read as "next in -1795348613 s" when the difference was shown raw.
 */
export function retryText(delivery: Pick<DeliveryState, 'nextAttemptAt'> | undefined, nowMs: number): string {
  const next = delivery?.nextAttemptAt ?? 0;
  if (!Number.isFinite(next) || next <= nowMs) return 'due now';
  return `next in ${Math.ceil((next - nowMs) / 1000)} s`;
}

export interface QueueSummary {
  /** Local submissions counted by `status/syncStatus` (and organisation, unless in sync). */
  submissions: Record<string, number>;
  /** Files counted by status. */
  files: Record<string, number>;
  /** Distinct last errors with when they are tried again (at most `maxErrors`). */
  errors: string[];
}

/** What the queue holds, for a support person or a proof runner reading a live page. */
export function summarizeQueue(
  submissions: readonly LocalSubmission[],
  files: readonly Pick<FileInfo, 'status' | 'delivery' | 'Name'>[],
  nowMs: number,
  maxErrors = 6,
): QueueSummary {
  const count = (into: Record<string, number>, key: string) => {
    into[key] = (into[key] ?? 0) + 1;
  };
  const out: QueueSummary = { submissions: {}, files: {}, errors: [] };
  const errors = new Set<string>();
  const noteError = (what: string, d: DeliveryState | undefined) => {
    if (d?.lastError) errors.add(`${what}: ${d.lastError.slice(0, 160)} (${retryText(d, nowMs)})`);
  };
  for (const s of submissions) {
    count(
      out.submissions,
      `${s.status}/${s.syncStatus}${s.syncStatus === 'in sync' ? '' : ` org ${s.organizationId}`}`,
    );
    noteError('submission', s.delivery);
  }
  for (const f of files) {
    count(out.files, f.status);
    noteError(`file ${f.Name}`, f.delivery);
  }
  out.errors = [...errors].slice(0, maxErrors);
  return out;
}
