import { describe, expect, it } from 'vitest';
import { needsFeatures, shownAtMount } from './need';

describe('needsFeatures', () => {
  it('is false for an element that starts settled and has not changed (a closed menu)', () => {
    const closed = { initial: false, animate: 'exit' };
    expect(needsFeatures(closed, closed, true)).toBe(false);
    expect(needsFeatures(closed, { ...closed }, true)).toBe(false);
  });

  it('is true for an entrance animation', () => {
    const modal = { initial: 'exit', animate: 'enter' };
    expect(needsFeatures(modal, modal, true)).toBe(true);
    expect(needsFeatures({ animate: 'enter' }, { animate: 'enter' }, true)).toBe(true);
  });

  it('is true once the target changes (the menu opens)', () => {
    expect(
      needsFeatures({ initial: false, animate: 'exit' }, { initial: false, animate: 'enter' }, true),
    ).toBe(true);
  });

  it('compares inline targets by value, not identity', () => {
    const mounted = { initial: false, animate: { height: 'auto', opacity: 1 } };
    expect(needsFeatures(mounted, { initial: false, animate: { height: 'auto', opacity: 1 } }, true)).toBe(
      false,
    );
    expect(needsFeatures(mounted, { initial: false, animate: { height: 0, opacity: 0 } }, true)).toBe(true);
  });

  it('is true for a layout animation and for an exit', () => {
    const settled = { initial: false, animate: 'enter' };
    expect(needsFeatures(settled, { ...settled, layout: true }, true)).toBe(true);
    expect(needsFeatures(settled, settled, false)).toBe(true);
  });
});

describe('shownAtMount', () => {
  it('is the mount target when the element starts settled or has no initial', () => {
    expect(shownAtMount({ initial: false, animate: 'exit' })).toBe('exit');
    expect(shownAtMount({ animate: { opacity: 1 } })).toEqual({ opacity: 1 });
  });

  it('is the initial state of an element with an entrance', () => {
    expect(shownAtMount({ initial: 'exit', animate: 'enter' })).toBe('exit');
  });
});
