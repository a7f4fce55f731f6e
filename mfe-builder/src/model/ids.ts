// Builder ids (builder spec section 3 "Builder ids"): drop zones 'drop-N', controls in steps of 100,
// tables G_Table_N.
import { BUILDER } from 'shared-contracts';
import type { BuilderForm } from './types';

/** The field drop zone of the section at `index` (0-based): 'drop-1', 'drop-2'… */
export const dropId = (index: number): string => `drop-${index + 1}`;
/** The table drop zone of the same section. */
export const tableDropId = (index: number): string => `drop-${index + 1}-tables`;

/** Section index of a drop zone id, or -1. */
export function sectionIndexOfDrop(id: string): number {
  const m = /^drop-(\d+)(-tables)?$/.exec(id);
  return m ? Number(m[1]) - 1 : -1;
}
export const isTableDrop = (id: string): boolean => /^drop-\d+-tables$/.test(id);

/** The next control id: one step above the highest in use (100, 200, …). */
export function nextControlId(form: BuilderForm): number {
  let max = 0;
  for (const key in form.fields) max = Math.max(max, Number(key));
  return (Math.floor(max / BUILDER.dragIdStep) + 1) * BUILDER.dragIdStep;
}

/** A section id not in use: 'section-N'. */
export function nextSectionId(form: BuilderForm): string {
  const used = new Set(form.sections.map((s) => s.sectionId));
  let n = form.sections.length + 1;
  while (used.has(`section-${n}`)) n++;
  return `section-${n}`;
}

/**
 * Every name a new field's API name must differ from (builder spec section 5): field and table API
 * names and tables' relationship names, optionally leaving one field out (the one being edited).
 */
export function namesInUse(form: BuilderForm, exceptId?: number): string[] {
  const names: string[] = [];
  for (const f of Object.values(form.fields)) {
    if (f.id === exceptId || f.kind === 'blank' || f.kind === 'kept') continue;
    names.push(f.key);
    const rel = f.definition?.relationshipName;
    if (typeof rel === 'string') names.push(rel);
  }
  return names;
}
