// The start dialog's choice (builder spec section 2): a primary object from the org's list and an
// optional context object from the primary's lookups. Framework-free.
import type { OrgObjectInfo as OrgObject, ParentLookup } from 'shared-contracts';
import { TEXTS } from './texts';

export interface ObjectChoiceValues {
  /** API name of the primary object. */
  primary: string;
  /** The primary's lookup field leading to the context object; '' for none. */
  context: string;
}

export interface ObjectChoice {
  primary: OrgObject;
  context: { object: OrgObject; relationshipName: string } | null;
}

export function validateObjectChoice(
  v: ObjectChoiceValues,
  objects: readonly OrgObject[],
  parents: readonly ParentLookup[],
): { primary?: string; context?: string } {
  return {
    primary: objects.some((o) => o.name === v.primary) ? undefined : TEXTS.choosePrimary,
    context: v.context && !parents.some((p) => p.field === v.context) ? TEXTS.unknownContext : undefined,
  };
}

/** The chosen objects, or null when the primary is not one of the list. */
export function toObjectChoice(
  v: ObjectChoiceValues,
  objects: readonly OrgObject[],
  parents: readonly ParentLookup[],
): ObjectChoice | null {
  const primary = objects.find((o) => o.name === v.primary);
  if (!primary) return null;
  const parent = parents.find((p) => p.field === v.context);
  const target = parent?.referenceTo[0];
  return {
    primary,
    context:
      parent && target
        ? { object: { name: target, label: parent.label }, relationshipName: parent.relationshipName }
        : null,
  };
}
