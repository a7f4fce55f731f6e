// What the org counts of its streaming clients, as Salesforce's limits show it: events delivered over
// a rolling 24 hours against the edition's event delivery allocation (DailyDeliveredPlatformEvents,
// shared by every CometD and Pub/Sub client: one event delivered to K clients counts K times), and the
// CometD clients connected at once against the concurrent-client limit.
import type { OrgEdition } from '../http/apiAllowance.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BUCKET_MS = 60 * 1000;

/** The event delivery allocation per 24 hours ("Platform Event Allocations"). */
export function deliveryAllocationFor(edition: OrgEdition): number {
  switch (edition) {
    case 'Developer':
      return 10_000;
    case 'Professional':
    case 'Enterprise':
      return 25_000;
    case 'Unlimited':
    case 'Performance':
      return 50_000;
  }
}

/** Concurrent Streaming API clients ("Streaming API Allocations"): 20 for Developer, 2,000 otherwise. */
export function concurrentClientsFor(edition: OrgEdition): number {
  return edition === 'Developer' ? 20 : 2_000;
}

export class DeliveryCounter {
  private buckets: { at: number; n: number }[] = [];
  /** Since the last reset, whatever the window (test control reads it). */
  total = 0;

  constructor(private readonly now: () => number = Date.now) {}

  add(n: number): void {
    if (n <= 0) return;
    this.total += n;
    const at = Math.floor(this.now() / BUCKET_MS) * BUCKET_MS;
    const last = this.buckets.at(-1);
    if (last && last.at === at) last.n += n;
    else this.buckets.push({ at, n });
  }

  /** Deliveries in the last 24 hours. */
  inWindow(): number {
    const cutoff = this.now() - DAY_MS;
    this.buckets = this.buckets.filter((b) => b.at + BUCKET_MS > cutoff);
    return this.buckets.reduce((s, b) => s + b.n, 0);
  }

  reset(): void {
    this.buckets = [];
    this.total = 0;
  }

  /** Sets the last 24 hours' count (test control: an org that has spent most of its allocation). */
  setInWindow(n: number): void {
    this.buckets = [];
    this.add(n);
    this.total = 0;
  }
}
