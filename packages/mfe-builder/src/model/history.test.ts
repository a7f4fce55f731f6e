import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, commit, initHistory, redo, undo } from './history';

describe('history', () => {
  it('undoes and redoes; a new edit drops redo', () => {
    let h = initHistory('a');
    h = commit(commit(h, 'b'), 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = redo(h);
    expect(h.present).toBe('c');
    h = commit(undo(h), 'd');
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe('b');
  });
  it('ignores no-op edits and bounds the past', () => {
    const h = initHistory({ n: 0 });
    expect(commit(h, h.present)).toBe(h);
    let big = initHistory(0);
    for (let i = 1; i <= 20; i++) big = commit(big, i, 10);
    expect(big.past.length).toBe(10);
    expect(canUndo(initHistory(1))).toBe(false);
  });
});
