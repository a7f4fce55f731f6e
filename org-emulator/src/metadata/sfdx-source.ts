// Reading the SFDX project's source format: the Metadata API shapes the emulator models, and the
// objects and permission sets of a package directory, as XML parsed into those shapes (sfdx.ts turns
// them into the org's definitions).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';

/** The repository's SFDX project, where a real org's copy of the schema comes from too. */
export const DEFAULT_SOURCE_DIR = fileURLToPath(
  new URL('../../../salesforce/force-app/main/default', import.meta.url),
);

// Metadata API shapes (only the parts the emulator models). Values stay strings as in the XML.
export interface PicklistValueMd {
  fullName: string;
  label?: string;
  default?: string;
}
export interface ValueSettingsMd {
  controllingFieldValue: string[];
  valueName: string;
}
export interface CustomFieldMd {
  fullName: string;
  label?: string;
  type?: string;
  length?: string;
  precision?: string;
  scale?: string;
  required?: string;
  unique?: string;
  externalId?: string;
  caseSensitive?: string;
  defaultValue?: string;
  referenceTo?: string;
  relationshipName?: string;
  deleteConstraint?: string;
  displayLocationInDecimal?: string;
  valueSet?: {
    controllingField?: string;
    restricted?: string;
    valueSetDefinition?: { value?: PicklistValueMd[] };
    valueSettings?: ValueSettingsMd[];
  };
}
export interface RecordTypeMd {
  fullName: string;
  /** The id the org gave the record type when it was first deployed (emulator bookkeeping, not metadata). */
  id?: string;
  label?: string;
  active?: string;
}
export interface ValidationRuleMd {
  fullName: string;
  active?: string;
  errorConditionFormula: string;
  errorDisplayField?: string;
  errorMessage: string;
}
export interface CustomObjectMd {
  /** API name without namespace, e.g. SQX_Form_Submission__c or Account. */
  fullName: string;
  label?: string;
  pluralLabel?: string;
  description?: string;
  enableActivities?: string;
  sharingModel?: string;
  externalSharingModel?: string;
  nameField?: { label?: string; type?: string; displayFormat?: string };
  /** The key prefix the org gave the object when it was first deployed (emulator bookkeeping, not metadata). */
  keyPrefix?: string;
  fields: CustomFieldMd[];
  recordTypes: RecordTypeMd[];
  validationRules: ValidationRuleMd[];
}

const ARRAYS = new Set([
  'fields',
  'recordTypes',
  'validationRules',
  'value',
  'valueSettings',
  'controllingFieldValue',
]);

export const metadataXml = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

/** The root element's content of one metadata XML file. */
export function parseMetadataXml(xml: string, root: string): Record<string, unknown> {
  const doc = metadataXml.parse(xml) as Record<string, unknown>;
  const body = doc[root];
  if (typeof body !== 'object' || body === null) throw new Error(`not a ${root} file`);
  return body as Record<string, unknown>;
}

function filesIn(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => join(dir, f));
}

/** Reads `objects/<Object>/…` of a source-format package directory into CustomObject shapes. */
export function readSourceObjects(sourceDir: string): CustomObjectMd[] {
  const objectsDir = join(sourceDir, 'objects');
  if (!existsSync(objectsDir)) return [];
  return readdirSync(objectsDir)
    .sort()
    .map((name) => {
      const dir = join(objectsDir, name);
      const objectFile = join(dir, `${name}.object-meta.xml`);
      const head = existsSync(objectFile)
        ? parseMetadataXml(readFileSync(objectFile, 'utf8'), 'CustomObject')
        : {};
      const part = <T>(sub: string, suffix: string, root: string): T[] =>
        filesIn(join(dir, sub), suffix).map((f) => parseMetadataXml(readFileSync(f, 'utf8'), root) as T);
      return {
        ...head,
        fullName: name,
        fields: part<CustomFieldMd>('fields', '.field-meta.xml', 'CustomField'),
        recordTypes: part<RecordTypeMd>('recordTypes', '.recordType-meta.xml', 'RecordType'),
        validationRules: part<ValidationRuleMd>(
          'validationRules',
          '.validationRule-meta.xml',
          'ValidationRule',
        ),
      } as CustomObjectMd;
    });
}

/** The permission sets of a source-format package directory: name and PermissionSet body. */
export function readSourcePermissionSets(
  sourceDir: string,
): { name: string; body: Record<string, unknown> }[] {
  const suffix = '.permissionset-meta.xml';
  return filesIn(join(sourceDir, 'permissionsets'), suffix).map((file) => ({
    name: file.slice(file.lastIndexOf('/') + 1, -suffix.length),
    body: parseMetadataXml(readFileSync(file, 'utf8'), 'PermissionSet'),
  }));
}
