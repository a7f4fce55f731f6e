import type { Observable } from 'shared-contracts';

/**
 * The host's one settable value with subscribers (the shape remotes read with useSyncExternalStore):
 * the session state, online, the offline core's in-memory values. Setting the same value tells nobody.
 */
export class Signal<T> implements Observable<T> {
  private readonly listeners = new Set<(v: T) => void>();
  constructor(private value: T) {}
  get(): T {
    return this.value;
  }
  set(v: T): void {
    if (Object.is(v, this.value)) return;
    this.value = v;
    this.listeners.forEach((l) => l(v));
  }
  subscribe(l: (v: T) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
}
