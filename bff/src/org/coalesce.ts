/**
 * Request coalescing for hot read-only org queries (the home screen polls the form list every 2 s):
 * identical queries of one session in flight at the same time share one org call, and an answer is
 * reused for `ttlMs` (default 0: coalescing only). Keys include the session, so the org's sharing rules
 * apply per user and one session's failure never reaches another.
 */
export class Coalescer {
  private readonly inFlight = new Map<string, { at: number; value: Promise<unknown> }>();
  constructor(private readonly ttlMs: number) {}

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.inFlight.get(key);
    if (hit && (hit.at === 0 || now - hit.at < this.ttlMs)) return hit.value as Promise<T>;
    const entry = { at: 0, value: Promise.resolve() as Promise<unknown> };
    entry.value = fn().then(
      (v) => {
        if (this.ttlMs > 0) entry.at = Date.now();
        else this.inFlight.delete(key);
        return v;
      },
      (err: unknown) => {
        this.inFlight.delete(key);
        throw err;
      },
    );
    this.inFlight.set(key, entry);
    if (this.inFlight.size > 5000) this.inFlight.delete(this.inFlight.keys().next().value as string);
    return entry.value as Promise<T>;
  }
}
