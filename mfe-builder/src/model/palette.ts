// Palette items (builder spec section 3 "Palette item") and the 300 ms field search.
import type { ObjectField, PaletteItem } from './types';
import { GENERAL_ITEMS } from './field-factory';
import { TEXTS } from '../builder/texts';

/** Built-in fields never offered (builder spec section 5). */
export const HIDDEN_FIELDS = new Set(['Id', 'IsDeleted', 'SystemModstamp']);

export const generalPalette = (): PaletteItem[] =>
  GENERAL_ITEMS.map((g) => ({
    id: `general:${g.kind}`,
    label: g.label,
    value: g.kind,
    isDragged: false,
    type: 'FIELD',
    general: g.kind,
  }));

/**
 * Whether a palette item can be dropped again while it is on the canvas (greyed): a General item
 * makes a new field with its own API name at each drop; an object field or a document is once per form.
 */
export const isReusable = (item: Pick<PaletteItem, 'general'>): boolean => item.general !== undefined;

/** A palette item with its state on the canvas (`isDragged`, builder spec section 3). */
export const withDragState = (item: PaletteItem, onCanvas: ReadonlySet<string>): PaletteItem =>
  onCanvas.has(item.id) === item.isDragged ? item : { ...item, isDragged: onCanvas.has(item.id) };

/** Object fields as palette items; `context` marks the related (context) object's fields. */
export function objectPalette(objectName: string, fields: ObjectField[], context: boolean): PaletteItem[] {
  return fields
    .filter((f) => !HIDDEN_FIELDS.has(f.name) && !f.autoNumber)
    .map((f) => ({
      id: `${objectName}.${f.name}`,
      // A field the org computes says so: it is placed read-only.
      label: f.updateable === false ? TEXTS.readOnlyField(f.label) : f.label,
      value: f.name,
      isDragged: false,
      type: 'FIELD' as const,
      isTimeField: f.type.toLowerCase() === 'time',
      // RecordTypeId is a choice of record type by name, not a lookup (field-factory.ts).
      isReferenceField: f.type.toLowerCase() === 'reference' && f.name !== 'RecordTypeId',
      contextObject: context,
      field: f,
      objectName,
    }));
}

/** A controlled document as a palette item: label 'number title', value the record id. */
export const documentItem = (doc: {
  Id: string;
  Name?: string;
  number?: string;
  title?: string;
}): PaletteItem => ({
  id: doc.Id,
  label: [doc.number ?? doc.Name ?? '', doc.title ?? ''].filter(Boolean).join(' '),
  value: doc.Id,
  isDragged: false,
  type: 'DOCUMENT',
});

/** Items whose label or API name contains the search text (case-insensitive). */
export function filterPalette(items: PaletteItem[], search: string): PaletteItem[] {
  const q = search.trim().toLowerCase();
  if (!q) return items;
  return items.filter((i) => i.label.toLowerCase().includes(q) || i.value.toLowerCase().includes(q));
}
