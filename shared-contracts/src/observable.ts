/** A value that can change over time, readable now and observable (useSyncExternalStore-shaped). */
export interface Observable<T> {
  get(): T;
  subscribe(listener: (value: T) => void): () => void;
}
