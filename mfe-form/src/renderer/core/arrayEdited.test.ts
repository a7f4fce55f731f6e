import { describe, expect, it } from 'vitest';
import { ArrayEdited } from './arrayEdited';
import { setIn } from 'form-core/paths';
import { isEdited, isEmptyNorm, normEmpty } from './validation';

/** A small deterministic random source (tests must not depend on luck). */
const lcg = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('ArrayEdited', () => {
  it('agrees with isEdited over random cell edits, emptied rows and length changes', () => {
    const rnd = lcg(7);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    const original = [{ a: 'x', b: '' }, {}, { a: 'y' }, { b: 'z' }];
    const fallback = [{}, {}, {}];
    let value: unknown[] = structuredClone(original);
    const tracker = new ArrayEdited(original, fallback, value);
    expect(tracker.update(value)).toBe(false);
    for (let step = 0; step < 800; step++) {
      const r = rnd();
      let changed: number[] | undefined;
      const previous = value;
      if (r < 0.85 && value.length > 0) {
        const i = Math.floor(rnd() * value.length);
        value = setIn(value, `${i}.${pick(['a', 'b'])}`, pick(['x', 'y', 'z', '', undefined])) as unknown[];
        changed = [i];
      } else if (r < 0.93) {
        value = [...value, pick([{}, { a: 'x' }])];
        changed = [value.length - 1];
      } else if (value.length > 0) {
        value = value.slice(0, -1);
      }
      expect(tracker.update(value, changed, previous)).toBe(isEdited(value, original, fallback));
    }
  });

  it('agrees with isEdited when the value starts as the original itself (rows shared, compared by identity first)', () => {
    const rnd = lcg(11);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    const original: unknown[] = [{ a: 'x', b: '' }, {}, { a: 'y' }, { b: 'z' }, { a: '', b: '' }, { a: 'x' }];
    let value = original;
    const tracker = new ArrayEdited(original, undefined, value);
    expect(tracker.update(value)).toBe(false);
    for (let step = 0; step < 800; step++) {
      const previous = value;
      const i = Math.floor(rnd() * value.length);
      const r = rnd();
      // An edit, an equal copy of the original row, or the original row object put back.
      value =
        r < 0.7
          ? (setIn(value, `${i}.${pick(['a', 'b'])}`, pick(['x', 'y', 'z', '', undefined])) as unknown[])
          : value.map((row, k) => (k !== i ? row : r < 0.85 ? structuredClone(original[k]) : original[k]));
      expect(tracker.update(value, [i], previous)).toBe(isEdited(value, original, undefined));
    }
  });

  it('isEmptyNorm answers whether normEmpty finds no value', () => {
    const cases: unknown[] = [
      undefined,
      null,
      '',
      ' ',
      0,
      false,
      [],
      [{}],
      [{ a: '' }, []],
      { a: { b: [''] } },
      { a: { b: ['x'] } },
      { SignatureBase64: '', Purpose: 'Inspector' },
      { SignatureBase64: 'data:x', Purpose: 'Inspector' },
    ];
    for (const c of cases) expect(isEmptyNorm(c)).toBe(normEmpty(c) === undefined);
  });

  it('counts an emptied row as gone, so the rows after it line up with the original again', () => {
    const original = [{ a: 'x' }, { a: 'y' }];
    const tracker = new ArrayEdited(original, undefined, original);
    let value = [{}, { a: 'x' }, { a: 'y' }] as unknown[];
    expect(tracker.update(value)).toBe(false);
    const edit = (path: string, v: unknown, item: number): boolean => {
      const previous = value;
      value = setIn(value, path, v) as unknown[];
      return tracker.update(value, [item], previous);
    };
    expect(edit('0.a', 'q', 0)).toBe(true);
    expect(edit('0.a', undefined, 0)).toBe(false);
    expect(edit('2.a', 'changed', 2)).toBe(true);
  });

  it('is not edited while equal to the schema default', () => {
    const tracker = new ArrayEdited(undefined, [{ a: 'd' }], [{ a: 'd' }]);
    const first = [{ a: 'd' }];
    expect(tracker.update(first)).toBe(false);
    expect(tracker.update([{ a: 'e' }], [0], first)).toBe(true);
  });

  it('compares everything when the hint is about a value it did not see last', () => {
    const original = [{ a: 'x' }, { a: 'y' }];
    const tracker = new ArrayEdited(original, undefined, original);
    const unseen = [{ a: 'changed' }, { a: 'y' }];
    // Only item 1 differs from `unseen`, but item 0 differs from what the tracker saw.
    expect(tracker.update([{ a: 'changed' }, { a: 'y2' }], [1], unseen)).toBe(true);
    expect(tracker.update([{ a: 'x' }, { a: 'y' }], [1], unseen)).toBe(false);
  });

  it('falls back to isEdited for values or references that are not arrays', () => {
    const tracker = new ArrayEdited('text', undefined, ['text']);
    expect(tracker.update('text')).toBe(false);
    expect(tracker.update(['other'], [0])).toBe(true);
    const fromNothing = new ArrayEdited(undefined, undefined, undefined);
    expect(fromNothing.update([{ a: '' }], [0])).toBe(false);
    expect(fromNothing.update([{ a: 'x' }], [0])).toBe(true);
  });
});
