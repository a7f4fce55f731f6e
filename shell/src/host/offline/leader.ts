/**
 * One uploader per browser, not per tab: the tab holding the Web Lock is the leader. The lock is held
 * for as long as the tab runs; when the leader tab closes (or calls stop) the browser hands the lock
 * to the next waiting tab at once, so another tab takes over within one uploader interval.
 */

/** The part of the Web Locks API we use (navigator.locks in the browser; injected in tests). */
export interface LockManagerLike {
  request(
    name: string,
    options: { mode?: 'exclusive' | 'shared'; ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}

export const UPLOADER_LOCK = 'cq-offline-uploader';

export function browserLocks(): LockManagerLike | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks ?? null;
}

export class LeaderElection {
  private release: (() => void) | null = null;
  private abort: AbortController | null = null;
  private leader = false;

  /** With no lock manager (an old browser) this tab simply leads. */
  constructor(
    private readonly locks: LockManagerLike | null,
    private readonly onChange: (isLeader: boolean) => void,
    private readonly name = UPLOADER_LOCK,
  ) {}

  get isLeader(): boolean {
    return this.leader;
  }

  start(): void {
    if (this.abort || this.release) return;
    if (!this.locks) {
      this.set(true);
      this.release = () => undefined;
      return;
    }
    const abort = new AbortController();
    this.abort = abort;
    this.locks
      .request(this.name, { mode: 'exclusive', signal: abort.signal }, () => {
        if (abort.signal.aborted) return Promise.resolve();
        return new Promise<void>((resolve) => {
          this.release = resolve;
          this.set(true);
        });
      })
      .catch(() => undefined); // AbortError when stopped while waiting
  }

  stop(): void {
    this.abort?.abort();
    this.abort = null;
    const release = this.release;
    this.release = null;
    this.set(false);
    release?.();
  }

  private set(v: boolean): void {
    if (this.leader === v) return;
    this.leader = v;
    this.onChange(v);
  }
}

/** For a one-off drain (service worker): run `fn` only if no tab leads; resolves false if one does. */
export async function withLockIfAvailable(
  locks: LockManagerLike | null,
  fn: () => Promise<void>,
  name = UPLOADER_LOCK,
): Promise<boolean> {
  if (!locks) {
    await fn();
    return true;
  }
  let ran = false;
  await locks.request(name, { mode: 'exclusive', ifAvailable: true }, async (lock) => {
    if (lock === null) return;
    ran = true;
    await fn();
  });
  return ran;
}
