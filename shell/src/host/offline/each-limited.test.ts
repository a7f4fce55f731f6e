import { describe, expect, it } from 'vitest';
import { eachLimited } from './each-limited';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('eachLimited', () => {
  it('runs every item once, never more than the limit at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await tick();
      seen.push(n);
      running--;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('does nothing for no items, and runs one at a time for a limit below one', async () => {
    await eachLimited([], 4, () => Promise.reject(new Error('never called')));
    let running = 0;
    let most = 0;
    await eachLimited(['a', 'b'], 0, async () => {
      most = Math.max(most, ++running);
      await tick();
      running--;
    });
    expect(most).toBe(1);
  });

  it('rejects with the first error after the started calls settle, starting no more', async () => {
    const started: number[] = [];
    const settled: number[] = [];
    const run = eachLimited([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      await tick();
      settled.push(n);
      if (n === 1) throw new Error('one failed');
    });
    await expect(run).rejects.toThrow('one failed');
    expect(settled.sort()).toEqual(started.sort());
    expect(started).toEqual([1, 2]);
  });
});
