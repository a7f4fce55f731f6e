import { describe, expect, it } from 'vitest';
import { createField } from './field-factory';
import { canRedo, canUndo, commit, initHistory, redo, undo } from './history';
import { addField, addSection, moveField, updateField } from './layout';
import { generalPalette } from './palette';
import { emptyForm } from './reader';

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
    expect(big.pastSize).toBe(10);
    // The 10 most recent states stay undoable (10 … 19), the older ones are dropped.
    const seen: number[] = [];
    for (let h = big; canUndo(h);) {
      h = undo(h);
      seen.push(h.present);
    }
    expect(seen).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10]);
    expect(canUndo(initHistory(1))).toBe(false);
  });
  it('undo and redo copy nothing: the stacks share their cells', () => {
    let h = initHistory(0);
    for (let i = 1; i <= 5; i++) h = commit(h, i);
    const u = undo(h);
    expect(u.past).toBe(h.past?.next);
    expect(redo(u).past?.next).toBe(h.past?.next);
    const u2 = undo(u);
    expect(undo(u2).future?.next).toBe(u2.future);
    expect([u.pastSize, redo(u).pastSize]).toEqual([4, 5]);
  });
});

describe('history over builder forms', () => {
  const text = generalPalette().find((p) => p.general === 'text')!;
  let base = emptyForm({ cqFormType: 'cqext__SQX_Inspection__c' });
  for (let s = 1; s < 10; s++) base = addSection(base);
  for (let i = 0; i < 500; i++) base = addField(base, i % 10, createField(base, text));

  it('undoes 100 edits back to the very snapshots committed, without copying the form', () => {
    let h = initHistory(base);
    const snapshots = [base];
    const ids = Object.keys(base.fields).map(Number);
    for (let i = 0; i < 100; i++) {
      const id = ids[i] as number;
      h = commit(h, updateField(h.present, id, { required: true }));
      snapshots.push(h.present);
    }
    for (let i = 100; i > 0; i--) {
      expect(h.present).toBe(snapshots[i]);
      h = undo(h);
    }
    expect(h.present).toBe(base);
    expect(canUndo(h)).toBe(false);
    for (let i = 1; i <= 100; i++) {
      h = redo(h);
      expect(h.present).toBe(snapshots[i]);
    }
  });

  it('snapshots share every section and field an edit did not touch', () => {
    const moved = moveField(base, 100, 1, 'end');
    expect(moved.sections[0]).not.toBe(base.sections[0]);
    expect(moved.sections[1]).not.toBe(base.sections[1]);
    for (let s = 2; s < 10; s++) expect(moved.sections[s]).toBe(base.sections[s]);
    expect(moved.fields).toBe(base.fields);
    const edited = updateField(base, 200, { readOnly: true });
    expect(edited.sections).toBe(base.sections);
    expect(edited.fields[300]).toBe(base.fields[300]);
    expect(edited.fields[200]).not.toBe(base.fields[200]);
  });
});
