import { defineTexts } from 'shared-contracts';

// Builder texts the spec does not give (its own texts are in shared-contracts MESSAGES), in English;
// the catalogs in src/i18n translate them (issue 44).
export const TEXTS = defineTexts('builder', {
  title: 'Form Builder',
  documentChecklist: 'Sections and questions of the document (read-only)',
  radioQuestion: 'Radio',
  picklistQuestion: 'Picklist',
  loading: 'Loading form builder…',
  loadFailed: 'The form could not be loaded.',
  startTitle: 'Choose objects',
  primaryObject: 'Primary object',
  contextObject: 'Context object (optional)',
  selectObject: 'Select an object',
  noContext: 'None',
  choosePrimary: 'Choose the primary object',
  unknownContext: 'Choose a context object offered for the primary object',
  next: 'Next',
  saveForm: 'Save Form',
  saving: 'Saving…',
  saved: 'Form saved successfully.',
  lastSaved: (time: string) => `Last saved at ${time}`,
  unsaved: 'Unsaved changes',
  allSaved: 'All changes saved',
  undo: 'Undo',
  redo: 'Redo',
  preview: 'Preview',
  formEvents: 'Form events',
  templates: 'Publish templates',
  previewUnavailable: 'The preview is unavailable: the form renderer could not be loaded.',
  previewLoading: 'Loading preview…',
  /** The preview's Save: the form screen's check, nothing is sent (issue 19). */
  previewSave: 'Try Save',
  previewSaveOk: 'This form would be submitted (nothing is sent from the preview).',
  addSignature: 'Add Signature',
  addFileAttachment: 'Add File Attachment',
  addSection: 'Add Section',
  deleteSection: 'Delete section',
  addLogo: 'Add Logo',
  editLogo: 'Edit Logo',
  deleteLogo: 'Delete Logo',
  /** The logo upload modal (builder spec section 2, "Logo upload"). */
  logoUpload: 'Logo upload',
  logoFile: 'Logo file',
  logoHint: 'A png or jpg image, at most 200 KB.',
  currentLogo: 'Current logo',
  upload: 'Upload',
  signaturePurpose: 'Purpose',
  signatureTitle: 'Add Signature',
  signaturePurposeRequired: 'Enter the purpose of the signature',
  add: 'Add',
  cancel: 'Cancel',
  searchFields: 'Search fields',
  general: 'General',
  /** A General item greyed once dropped (builder spec section 4) that can be dropped again. */
  onTheForm: 'on the form',
  onTheFormDropAgain: 'On the form: drag it again to add another',
  documents: 'Documents',
  dropHere: 'Drop fields here',
  dropTables: 'Drop tables here',
  files: 'Files',
  removeItem: (label: string) => `Remove ${label}`,
  editItem: (label: string) => `Edit ${label}`,
  objectFieldIntoTable: 'Object fields cannot be dropped into a table area.',
  fieldIntoTable: 'Only tables can be dropped into a table area.',
  tableOutsideTableArea: 'Tables can only be dropped into a table area.',
  tableOtherSection: 'A table stays in its own section.',
  documentsOnlyForSafety: 'Documents can only be added to safety inspection forms.',
  documentError: (label: string) => `The document ${label} could not be loaded; it was removed.`,
  saveFailedPrefix: 'Save failed: ',
  /** A saved layout element the canvas does not edit (static text, a flex layout…): moved and removed whole. */
  keptAsItIs: 'kept as it is',
  /** A signature on the canvas: 'Signature: Inspector'. */
  signatureChip: (purpose: string) => `Signature: ${purpose}`,
  sectionTitle: 'Section title',
  sectionTitleOf: (title: string) => `Section title ${title}`,
  toggleSection: (title: string) => `Toggle ${title}`,
  /** An object field the org computes, in the palette: 'Created Date (read-only)'. */
  readOnlyField: (label: string) => `${label} (read-only)`,
  /** The builder's two areas, as screen readers name them. */
  canvas: 'Canvas',
  palette: 'Fields',
  /** What a screen reader hears while a field or section is dragged. */
  dragStart: (label: string) => `Picked up ${label}.`,
  dragOver: (label: string, where: string) => `${label} is over ${where}.`,
  dragEnd: (label: string) => `Dropped ${label}.`,
  dragCancel: (label: string) => `Dragging was cancelled. ${label} was dropped.`,
  /** Drop places in words ("row 2 of Section 3"), for what a screen reader hears while dragging. */
  sectionN: (n: number) => `Section ${n}`,
  dropTablesOf: (section: string) => `the tables of ${section}`,
  dropEndOf: (section: string) => `the end of ${section}`,
  dropRowOf: (row: number, section: string) => `row ${row} of ${section}`,
  close: 'Close',
  formLogo: 'Form logo',
  newLogo: 'New logo',
} as const);

/** The Translations view, its files and the save warning (issue 44). */
export const TRANSLATION_TEXTS = defineTexts('translations', {
  open: 'Translations',
  title: 'Translations',
  addLanguage: 'Add a language',
  chooseLanguage: 'Choose a language',
  add: 'Add',
  close: 'Close',
  noLanguages: 'This form is in one language. Add a language to translate its texts.',
  defaultLanguage: (name: string) => `Written in ${name}`,
  missingCount: (n: number) => (n === 1 ? '1 missing' : `${n} missing`),
  complete: 'Complete',
  missing: 'Missing',
  colWhere: 'Where',
  colText: (name: string) => `Text (${name})`,
  colTranslation: (name: string) => `Translation (${name})`,
  translationOf: (text: string) => `Translation of ${text}`,
  exportCsv: 'Export CSV',
  exportXliff: 'Export XLIFF',
  importFile: 'Import a file',
  removeLanguage: 'Remove language',
  imported: (name: string, changed: number, unknown: number) =>
    `Imported ${name}: ${changed === 1 ? '1 text changed' : `${changed} texts changed`}` +
    (unknown ? `, ${unknown === 1 ? '1 unknown key ignored' : `${unknown} unknown keys ignored`}.` : '.'),
  importRefused: (reason: string) => `The file was not imported (nothing was changed): ${reason}`,
  csvUnreadable: (row: number, message: string) => `it is not a readable CSV file (line ${row}: ${message}).`,
  csvColumns: (language: string) => `a CSV file needs a "key" column and a "${language}" column.`,
  xmlUnreadable: (line: number, message: string) => `it is not well-formed XML (line ${line}: ${message}).`,
  notXliff: 'it is not an XLIFF 1.2 or 2.0 file.',
  xliffUnit: (id: string) => `the unit "${id}" has no id or holds markup this import cannot take.`,
  otherLanguage: (fileLanguage: string, language: string) =>
    `the file is for ${fileLanguage}, not ${language}.`,
  incompleteTitle: 'Translations are incomplete',
  incompleteLine: (name: string, language: string, missing: number) =>
    `${name} (${language}): ${missing === 1 ? '1 text is' : `${missing} texts are`} not translated.`,
  incompleteHint: 'Users of these languages will see those texts in the default language.',
  saveAnyway: 'Save anyway',
  cancel: 'Cancel',
} as const);

/** Why a drop was refused (dnd.ts's refusal kinds), as the builder says it. */
// Getters: each read is in the user's language at that moment, not the one the module loaded in.
export const DROP_REFUSALS = {
  get 'object-field-into-table-area'() {
    return TEXTS.objectFieldIntoTable;
  },
  get 'field-into-table-area'() {
    return TEXTS.fieldIntoTable;
  },
  get 'table-between-areas'() {
    return TEXTS.tableOutsideTableArea;
  },
  get 'table-to-other-section'() {
    return TEXTS.tableOtherSection;
  },
};
