/**
 * Field and table API names (builder spec sections 3 and 5): `CQ_Form_` + the label with runs of
 * non-word characters replaced by underscores, at most 48 characters, unique among the form's field,
 * table and relationship names. Names compare case-insensitively, as Salesforce API names do.
 */
import { BUILDER, BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';

export const API_NAME_PREFIX = BUILDER.fieldApiPrefix;
export const LABEL_MAX = BUILDER.labelMax;
export const API_NAME_MAX = BUILDER.apiNameMax;
export const RELATIONSHIP_SUFFIX = '__r';

/** A set of taken names that compares case-insensitively. */
export type TakenNames = ReadonlySet<string>;

export const takenNames = (names: Iterable<string>): TakenNames => {
  const out = new Set<string>();
  for (const n of names) if (n) out.add(n.toLowerCase());
  return out;
};

const isTaken = (name: string, taken: TakenNames): boolean => taken.has(name.toLowerCase());

/** `CQ_Form_` + label, non-word runs as `_`, cut to 48 characters. */
export const deriveApiName = (label: string): string =>
  `${API_NAME_PREFIX}${label.replace(/\W+/g, '_')}`.slice(0, API_NAME_MAX);

/**
 * A derived name made unique: on a clash `_2`, `_3`… is appended (no second underscore after one), the base cut so the whole stays
 * within 48 characters (the first free number wins).
 */
export const uniqueName = (base: string, taken: TakenNames, suffix = ''): string => {
  const first = `${base.slice(0, API_NAME_MAX - suffix.length)}${suffix}`;
  if (!isTaken(first, taken)) return first;
  for (let n = 2; ; n++) {
    const cut = base.slice(0, API_NAME_MAX - `_${n}${suffix}`.length);
    // 'Serial No.' derives 'CQ_Form_Serial_No_': its second copy is '..._No_2', not '..._No__2'.
    const candidate = `${cut}${cut.endsWith('_') ? '' : '_'}${n}${suffix}`;
    if (!isTaken(candidate, taken)) return candidate;
  }
};

/**
 * Whether a field's API name is still the one its label gives (as derived, or made unique with
 * `_2`, `_3`…): such a name has not been edited by hand, so it follows the label as the label changes.
 */
export const followsLabel = (apiName: string, label: string): boolean => {
  const base = deriveApiName(label);
  if (apiName.toLowerCase() === base.toLowerCase()) return true;
  const m = /^(.*?)_?(\d+)$/.exec(apiName);
  return (
    m !== null &&
    Number(m[2]) >= 2 &&
    base.toLowerCase().startsWith((m[1] ?? '').toLowerCase()) &&
    (m[1] ?? '').length >= API_NAME_PREFIX.length
  );
};

export const uniqueApiName = (label: string, taken: TakenNames): string =>
  uniqueName(deriveApiName(label), taken);

/** The default relationship name of a table: its API name + `__r`, unique and within 48. */
export const defaultRelationshipName = (tableApiName: string, taken: TakenNames): string =>
  uniqueName(tableApiName, takenNames([...taken, tableApiName]), RELATIONSHIP_SUFFIX);

export const validateLabel = (label: string): string | undefined => {
  if (label.trim() === '') return M.labelRequired;
  if (label.length > LABEL_MAX) return M.labelTooLong;
  return undefined;
};

const API_NAME_SHAPE = /^[A-Za-z]\w*$/;

/** Checks an API name; `taken` must not contain the field's own current name. */
export const validateApiName = (name: string, taken: TakenNames): string | undefined => {
  if (name.trim() === '') return M.apiNameRequired;
  if (name.length > API_NAME_MAX) return M.apiNameTooLong;
  if (!API_NAME_SHAPE.test(name)) return M.apiNameInvalid;
  if (isTaken(name, taken)) return M.duplicateApiName;
  return undefined;
};

/**
 * Checks a table's relationship name: ends in `__r`, differs from the table's own API name, and is
 * unique among the other names (`taken` without this table's names).
 */
export const validateRelationshipName = (
  relationshipName: string,
  tableApiName: string,
  taken: TakenNames,
): string | undefined => {
  if (relationshipName.toLowerCase() === tableApiName.toLowerCase()) return M.sameApiAndRelationshipName;
  if (relationshipName.length > API_NAME_MAX) return M.apiNameTooLong;
  if (!relationshipName.endsWith(RELATIONSHIP_SUFFIX) || !API_NAME_SHAPE.test(relationshipName)) {
    return M.relationshipNameSuffix;
  }
  if (isTaken(relationshipName, taken)) return M.relationshipNameConflict;
  return undefined;
};

/**
 * Checks a table's API name (its tableId): the field rules above, and it must differ from the
 * table's own relationship name when that one is kept (`relationshipName`; undefined when the
 * relationship name follows the API name). `taken` leaves out this table's own names.
 */
export const validateTableApiName = (
  name: string,
  relationshipName: string | undefined,
  taken: TakenNames,
): string | undefined =>
  validateApiName(name, taken) ??
  (relationshipName !== undefined && relationshipName.toLowerCase() === name.toLowerCase()
    ? M.sameApiAndRelationshipName
    : undefined);
