/**
 * A lookup that depends on another lookup of the form (builder spec section 3, lookup options
 * `dependsOn`): e.g. a Contact lookup offering only the contacts of the Account chosen above it.
 * The saved control carries `dependsOn` (the other lookup's data path, 'Object.Field') and
 * `dependsOnField` (the field of this lookup's object that holds that record: Contact.AccountId);
 * mfe-form's lookup filters its records by it. Framework-free.
 */
import { defineTexts } from 'shared-contracts';
import type { BuilderForm, CanvasField, ObjectField } from './types';

/** A lookup of the form another lookup can depend on. */
export interface LookupChoice {
  /** Data path as the renderer reads it: 'Object.Field'. */
  path: string;
  label: string;
  /** The object its records come from. */
  lookupTo: string;
}

export const DEPENDS_ON_TEXTS = defineTexts('dependsOn', {
  dependsOn: 'Depends on',
  group: 'Lookup dependency',
  none: 'None',
  help: (object: string) => `Offers only the ${object} records that belong to the record chosen there.`,
  linkField: (object: string) => `Field of ${object} that holds it`,
  chooseLinkField: (object: string) => `Choose the field of ${object} that holds the record chosen there.`,
  noLinkField: (object: string, target: string) => `No field of ${object} refers to ${target}.`,
  loading: 'Loading fields…',
  loadFailed: 'The fields could not be loaded.',
} as const);

const lookupToOf = (f: CanvasField): string | undefined => {
  const to = f.options.lookupTo;
  return f.uiType === 'lookup' && typeof to === 'string' && to ? to : undefined;
};

/** Whether the field is an object lookup (the only fields that take `dependsOn`). */
export const isLookupField = (f: CanvasField): boolean => lookupToOf(f) !== undefined;

/** The form's lookups, in canvas order, except the one being edited. */
export function lookupChoicesOf(form: BuilderForm, exceptId?: number): LookupChoice[] {
  const out: LookupChoice[] = [];
  for (const s of form.sections)
    for (const id of s.rows.flat()) {
      const f = form.fields[id];
      const lookupTo = f && id !== exceptId ? lookupToOf(f) : undefined;
      if (!f || !lookupTo) continue;
      const title = typeof f.schema.title === 'string' && f.schema.title ? f.schema.title : f.key;
      out.push({ path: `${f.objectKey}.${f.key}`, label: `${title} (${s.title})`, lookupTo });
    }
  return out;
}

/** Fields of the lookup's object that refer to `target` (the other lookup's object), by label. */
export const linkFieldsTo = (fields: readonly ObjectField[], target: string): ObjectField[] =>
  fields
    .filter((f) => f.type.toLowerCase() === 'reference' && (f.referenceTo ?? []).includes(target))
    .sort((a, b) => a.label.localeCompare(b.label));

/** The check of a draft's dependency: a lookup it depends on needs the field that holds that record. */
export const dependsOnError = (d: {
  lookupTo?: string;
  dependsOn?: string;
  dependsOnField?: string;
}): string | undefined =>
  d.lookupTo && d.dependsOn && !d.dependsOnField ? DEPENDS_ON_TEXTS.chooseLinkField(d.lookupTo) : undefined;
