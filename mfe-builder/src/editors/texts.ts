import { defineTexts } from 'shared-contracts';

/**
 * The field editors' own texts (the modal's labels and the checks the spec gives no words for; its
 * messages are shared-contracts' BUILDER_EDITOR_MESSAGES), in English; src/i18n translates them (issue 44).
 */
export const FIELD_EDITOR_TEXTS = defineTexts('fieldEditor', {
  /** The editors' modals: footer and close button. */
  cancel: 'Cancel',
  save: 'Save',
  close: 'Close',
  textField: 'Text Field',
  dateField: 'Date Field',
  dropdown: 'Dropdown',
  yesNoField: 'Yes/No Field',
  blankSpace: 'Blank Space',
  field: 'Field',
  photo: 'Photo',
  location: 'Location',
  scanField: 'Barcode/QR Field',
  table: 'Table',
  /** The modal's title: 'Edit Text Field'. */
  edit: (kind: string) => `Edit ${kind}`,
  rulesIncomplete: 'A rule is incomplete',
  label: 'Label',
  apiName: 'API Name',
  picklistValues: 'Picklist Values',
  picklistValueList: 'Picklist values',
  newValue: 'New value',
  add: 'Add',
  deleteValue: (title: string) => `Delete value ${title}`,
  requiredAccuracy: 'Required accuracy (metres)',
  anyAccuracy: 'Any',
  accuracyHelp:
    'A fix less accurate than this does not fill the field. Empty: any fix, or coordinates typed by hand.',
  codeFormats: 'Code formats to scan',
  defaultValue: 'Default Value',
  none: 'None',
  required: 'Required',
  readOnly: 'Read Only',
  photoOptions: 'Photo options',
  longestSide: 'Longest side (px)',
  resizeHelp: 'Photos are resized on the device to this size before they are sent.',
  jpegQuality: 'JPEG quality (%)',
  keepOriginal: 'Keep the original photo too',
  validationRule: 'Validation Rule',
  customRule: 'Custom',
  ruleCode: 'Rule Code',
  errorMessage: 'Error Message',
  accuracyInvalid: (max: number) => `Enter a whole number of metres from 1 to ${max}, or leave it empty.`,
  noScanFormat: 'Choose at least one code format.',
  maxEdgeInvalid: (min: number, max: number) => `Enter a long edge from ${min} to ${max} px`,
  qualityInvalid: (min: number, max: number) => `Enter a quality from ${min} to ${max} %`,
});
