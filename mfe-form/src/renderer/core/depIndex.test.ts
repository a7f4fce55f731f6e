import { describe, expect, it } from 'vitest';
import { DependencyIndex } from './depIndex';

describe('DependencyIndex', () => {
  const make = () => {
    const idx = new DependencyIndex<string>();
    idx.add('status', ['General.Status']);
    idx.add('formula', ['General.Name', 'Persons.0.name']);
    idx.add('whole', ['General']);
    idx.add('root', ['']);
    idx.add('other', ['Other']);
    return idx;
  };

  it('finds entries reading the written path or one of its ancestors, not siblings', () => {
    const idx = make();
    expect([...idx.affected('General.Status', false)].sort()).toEqual(['root', 'status', 'whole']);
    expect([...idx.affected('General.Name', false)].sort()).toEqual(['formula', 'root', 'whole']);
    expect([...idx.affected('General.Due', false)].sort()).toEqual(['root', 'whole']);
  });

  it('finds entries reading inside a replaced subtree only when asked', () => {
    const idx = make();
    expect([...idx.affected('Persons', false)].sort()).toEqual(['root']);
    expect([...idx.affected('Persons', true)].sort()).toEqual(['formula', 'root']);
    expect([...idx.affected('', true)].sort()).toEqual(['formula', 'other', 'root', 'status', 'whole']);
    // A sibling whose name starts with the same letters is not inside.
    idx.add('prefix', ['Persons2.x']);
    expect(idx.affected('Persons', true).has('prefix')).toBe(false);
  });

  it('forgets removed entries and empty paths', () => {
    const idx = make();
    idx.remove('formula', ['General.Name', 'Persons.0.name']);
    expect(idx.affected('General.Name', false).has('formula')).toBe(false);
    expect(idx.pathCount).toBe(4);
    idx.add('a', ['x']);
    idx.add('b', ['x']);
    idx.remove('a', ['x']);
    expect([...idx.affected('x', false)].sort()).toEqual(['b', 'root']);
  });
});
