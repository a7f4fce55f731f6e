/**
 * The app's lifecycle moments screens take part in (host.lifecycle, contract 1.5.0). Before the device
 * lock covers the app (issue 45) every registered save runs while the data key is still open; the lock
 * waits for them, but never longer than the bound: a save that hangs must not keep the app uncovered.
 */
import type { AppLifecycle } from 'shared-contracts';

/** How long the lock waits for the open form's save before it covers anyway. */
export const BEFORE_LOCK_LIMIT_MS = 5_000;

export interface ShellLifecycle extends AppLifecycle {
  /** Runs every registered save and resolves when all have settled or `limitMs` has passed. */
  beforeLock(limitMs?: number): Promise<void>;
}

export function createLifecycle(): ShellLifecycle {
  const saves = new Set<() => Promise<unknown> | void>();
  return {
    onBeforeLock(save) {
      // one entry per registration, even if the same function registers twice
      const entry = () => save();
      saves.add(entry);
      return () => void saves.delete(entry);
    },
    async beforeLock(limitMs = BEFORE_LOCK_LIMIT_MS) {
      const running = Promise.allSettled(
        [...saves].map(async (save) => {
          try {
            await save();
          } catch (error) {
            console.error('[shell] a save before the lock failed', error);
          }
        }),
      );
      let timer: ReturnType<typeof setTimeout> | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, limitMs);
      });
      await Promise.race([running, bound]);
      clearTimeout(timer);
    },
  };
}
