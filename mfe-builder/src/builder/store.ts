/**
 * The builder's state outside React: the edit history, the drag and the last saved JSON.
 * Components subscribe to the slice they draw (one section, one field) through
 * useSyncExternalStore, so an edit re-renders only what it replaced.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { canRedo, canUndo, commit, initHistory, redo, undo, type History } from '../model/history';
import type { BuilderForm } from '../model/types';
import { DragState } from './drag-state';

export class BuilderStore {
  private history: History<BuilderForm>;
  private listeners = new Set<() => void>();
  /** Serialized JSON last saved (or loaded): the unsaved-changes indicator compares against it. */
  private saved: string;
  /** The drag in progress (its own subscriptions: a drag never notifies the form's subscribers). */
  readonly drag = new DragState();

  constructor(form: BuilderForm, savedSerialized: string) {
    this.history = initHistory(form);
    this.saved = savedSerialized;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit() {
    for (const l of this.listeners) l();
  }

  readonly getHistory = () => this.history;
  readonly getForm = () => this.history.present;
  readonly getSaved = () => this.saved;
  readonly isDragging = () => this.drag.active !== null;

  /** Applies an edit as one undoable step (no-op edits record nothing). */
  apply(edit: (form: BuilderForm) => BuilderForm): void {
    const next = commit(this.history, edit(this.history.present));
    if (next === this.history) return;
    this.history = next;
    this.emit();
  }

  undo(): void {
    if (!canUndo(this.history)) return;
    this.history = undo(this.history);
    this.emit();
  }

  redo(): void {
    if (!canRedo(this.history)) return;
    this.history = redo(this.history);
    this.emit();
  }

  markSaved(serialized: string): void {
    this.saved = serialized;
    this.emit();
  }
}

/** A slice of the store; re-renders only when the selected value changes identity. */
export function useStoreSlice<T>(store: BuilderStore, select: (s: BuilderStore) => T): T {
  const get = useCallback(() => select(store), [store, select]);
  return useSyncExternalStore(store.subscribe, get, get);
}
