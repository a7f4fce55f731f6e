/**
 * An in-process Web Locks manager (exclusive locks, FIFO, ifAvailable, AbortSignal), enough to test
 * leader election in Node as navigator.locks behaves across the tabs of one browser. `crash(holder)`
 * releases a lock the way the browser does when a tab closes.
 */
import type { LockManagerLike } from '../../src/host/offline/leader';

interface Waiter {
  id: number;
  callback: (lock: unknown) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class FakeLockManager {
  private held = new Map<string, number>();
  private queues = new Map<string, Waiter[]>();
  private next = 0;
  /** Tab handles: each tab gets its own view so a "closed" tab's lock can be force-released. */
  private owners = new Map<number, string>();
  private releases = new Map<number, () => void>();

  forTab(tab: string): LockManagerLike {
    return {
      request: (name, options, callback) =>
        new Promise((resolve, reject) => {
          const w: Waiter = { id: ++this.next, callback, resolve, reject };
          this.owners.set(w.id, tab);
          if (options.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
          if (options.ifAvailable && this.held.has(name)) {
            void callback(null).then(resolve, reject);
            return;
          }
          options.signal?.addEventListener('abort', () => {
            const q = this.queues.get(name) ?? [];
            const i = q.indexOf(w);
            if (i >= 0) {
              q.splice(i, 1);
              reject(new DOMException('aborted', 'AbortError'));
            }
          });
          const q = this.queues.get(name) ?? [];
          q.push(w);
          this.queues.set(name, q);
          this.pump(name);
        }),
    };
  }

  holder(name: string): string | undefined {
    const id = this.held.get(name);
    return id === undefined ? undefined : this.owners.get(id);
  }

  /** The browser releasing a closed tab's locks. */
  crash(tab: string): void {
    for (const [name, id] of this.held) {
      if (this.owners.get(id) === tab) {
        this.releases.get(id)?.();
        this.held.delete(name);
        this.pump(name);
      }
    }
    for (const q of this.queues.values()) {
      for (const w of [...q]) if (this.owners.get(w.id) === tab) q.splice(q.indexOf(w), 1);
    }
  }

  private pump(name: string): void {
    if (this.held.has(name)) return;
    const w = this.queues.get(name)?.shift();
    if (!w) return;
    this.held.set(name, w.id);
    let done = false;
    const release = (): void => {
      if (done) return;
      done = true;
      if (this.held.get(name) === w.id) {
        this.held.delete(name);
        queueMicrotask(() => this.pump(name));
      }
    };
    this.releases.set(w.id, release);
    void Promise.resolve()
      .then(() => w.callback({ name, mode: 'exclusive' }))
      .then(
        (v) => {
          release();
          w.resolve(v);
        },
        (e: unknown) => {
          release();
          w.reject(e);
        },
      );
  }
}
