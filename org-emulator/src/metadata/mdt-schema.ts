// The schema side of custom metadata types (`…__mdt`): how the org describes one (records:
// custom-metadata.ts). Read-only and unowned, with the standard fields every type has.
import { checkbox, systemFields, text } from './dsl.js';
import type { FieldDef, ObjectDef } from './types.js';

export const isMetadataType = (name: string): boolean => /__mdt$/i.test(name);

/** A custom metadata type as the org describes it: read-only, unowned, with the type's standard fields. */
export function metadataTypeDef(
  o: { fullName: string; label?: string; pluralLabel?: string },
  naming: { qualify(name: string): string },
  keyPrefix: string,
  customFields: FieldDef[],
): ObjectDef {
  const ro = { createable: false, updateable: false };
  const label = o.label ?? o.fullName;
  return {
    name: naming.qualify(o.fullName),
    label,
    labelPlural: o.pluralLabel ?? label,
    keyPrefix,
    custom: true,
    createable: false,
    updateable: false,
    deletable: false,
    // No sharing: whoever may read the type reads every record of it.
    sharingModel: 'Read',
    externalSharingModel: 'Read',
    fields: [
      ...systemFields(false),
      text('DeveloperName', 'Custom Metadata Record Name', 40, { ...ro, nillable: false }),
      text('MasterLabel', 'Label', 40, { ...ro, nillable: false, nameField: true }),
      text('Label', 'Label', 40, ro),
      text('Language', 'Master Language', 40, ro),
      text('NamespacePrefix', 'Namespace Prefix', 15, ro),
      text('QualifiedApiName', 'Qualified API Name', 70, ro),
      checkbox('IsProtected', 'Protected Component', ro),
      ...customFields.map((f) => ({ ...f, ...ro })),
    ],
  };
}

/** Key prefixes of metadata types, as an org's `m0…` ones. */
export function metadataTypePrefix(index: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return `m0${alphabet[index % 36] ?? '0'}`;
}
