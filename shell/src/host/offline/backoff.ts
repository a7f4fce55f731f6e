/**
 * Exponential backoff with jitter for repeated delivery failures (beyond the spec, which retries on
 * every uploader tick). Capped; reset on success and when the user retries (attempts back to 0).
 */
export interface BackoffPolicy {
  /** Delay after the first failure, before jitter. */
  baseMs: number;
  factor: number;
  capMs: number;
}

/** Starts at the submission uploader's interval, doubles, stops at 5 minutes. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2000, factor: 2, capMs: 5 * 60 * 1000 };

/**
 * "Equal jitter": half the exponential delay is fixed, half random, so retries of many queued items
 * spread out yet never come sooner than half the nominal delay. `attempts` counts failures (>= 1).
 */
export function nextRetryDelay(attempts: number, policy: BackoffPolicy, random: () => number): number {
  const n = Math.max(1, Math.floor(attempts));
  const nominal = Math.min(policy.capMs, policy.baseMs * Math.pow(policy.factor, n - 1));
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(nominal / 2 + r * (nominal / 2));
}
