import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEFORE_LOCK_LIMIT_MS, createLifecycle } from './lifecycle';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the lifecycle before the lock', () => {
  it('runs every registered save and waits for them', async () => {
    const life = createLifecycle();
    const done: string[] = [];
    life.onBeforeLock(async () => {
      await Promise.resolve();
      done.push('form');
    });
    life.onBeforeLock(() => void done.push('other'));
    await life.beforeLock();
    expect(done.sort()).toEqual(['form', 'other']);
  });

  it('runs a save no more once it has unregistered', async () => {
    const life = createLifecycle();
    const save = vi.fn();
    const off = life.onBeforeLock(save);
    off();
    await life.beforeLock();
    expect(save).not.toHaveBeenCalled();
  });

  it('does not wait for a save that hangs beyond the bound', async () => {
    vi.useFakeTimers();
    const life = createLifecycle();
    life.onBeforeLock(() => new Promise(() => undefined));
    let over = false;
    void life.beforeLock().then(() => (over = true));
    await vi.advanceTimersByTimeAsync(BEFORE_LOCK_LIMIT_MS - 1);
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(over).toBe(true);
  });

  it('a failing save does not stop the lock or the other saves', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const life = createLifecycle();
    const other = vi.fn();
    life.onBeforeLock(() => Promise.reject(new Error('disk full')));
    life.onBeforeLock(other);
    await expect(life.beforeLock()).resolves.toBeUndefined();
    expect(other).toHaveBeenCalled();
  });
});
