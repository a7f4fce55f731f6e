import { defineTexts, englishOf } from './texts';

/**
 * User-facing texts of both specs, exact (including the spec's own spacing and spelling), in English:
 * the words the wire and the device's stores carry (the BFF's errors, an outbox item's last error, a
 * column's rule name) and code compares. Show them through `MESSAGES` (the user's language) or, for a
 * text that came over the wire or from a store, `displayMessage`.
 */
export const MESSAGES_EN = {
  unableToConnect: 'Unable to connect to SF',
  authenticationFailed: 'Authentication Failed',
  networkError: 'Network Error',
  cannotConnectToInternet: 'Error: Cannot connect to Internet',
  serverErrorPrefix: 'Server Error: ',
  fileNotAuthorised: 'Authorization Failed. Please login again.',
  fileTooLarge: 'Error: File is larger than 100 MB',
  invalidFileTypePrefix: 'Error: ',
  fileNotStoredInDb: 'Database Error: File not stored in DB',
  noDataForSubmission: 'No Data found for form submission',
  schemaError: 'Schema error in server',
  submissionNotFound: "Couldn't find the matching submission.",
  submitFailedWithErrors:
    'Errors were found and could not Submit. Please Launch to see errors and try to submit again',
  submitQueued: 'Form has been sent for submission',
  invalidValue: 'Invalid value',
  fileUploadErrorFound: 'File Upload Error Found',
  fileUploading: 'Please wait file is uploading',
  areYouSure: 'Are you sure ?',
  deleteItemConfirm: 'Are you sure you want to delete this item ?',
  saveFailed: 'Save Failed',
  changesSaved: 'Changes Saved Successfully.',
  successfullySubmitted: 'Successfully submitted/Queued for submission.',
  sessionExpired: 'Your session has expired. Any changes done will be lost.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  documentCriteria: 'document criteria not set up correctly',
  unloadWarning:
    'It looks like you have been editing something. If you leave before saving, your changes will be lost.',
  couldNotGetToken: 'Could not get token from server',
  couldNotDeleteToken: 'could not get response from server to delete token',
  couldNotGetVersion: 'Could not get version',
  logoutConfirm: 'Are you sure to Logout ?',
  noRecords: 'No records were found',
  submittedBanner:
    'These are the forms that are submitted but not processed. Forms will be auto processed as soon as you are back online',
  removeOfflineConfirm: 'Are you sure want to remove it from offline Mode?',
  submissionErrorToast: 'submission error',
  loadingPleaseWait: 'Loading... Please wait!',
  discardConfirm: 'Are you sure you want to discard this form?',
  formSubmittedDialog: 'Form submitted/queued for submission',
  uploadingFile: 'Uploading file',
  uploadFailed: 'Upload failed',
  uploadFailedReupload: 'Upload failed. Delete and reupload file.',
  fixFieldValidation: 'Please fix the field validation before submitting',
  fixErrorsBeforeSubmitting: 'Please fix the errors before submitting',
  fixErrorsIdentified: 'Please fix the errors identified and try submitting again.',
  packageDeploymentFailed: 'Package deployment failed',
  invalidDateFormat: 'Invalid Date Format.',
  logoType: 'Logo should be jpg or png type',
  /** Builder: field validation preset messages end in 'Only'. */
  fieldValidationPrefix: 'Field Validation : ',
  numericOnlyRule: 'Numeric Only',
} as const;

/** The spec's messages in the user's language (English: exactly MESSAGES_EN). */
export const MESSAGES = /* @__PURE__ */ defineTexts('messages', MESSAGES_EN);

/** Texts of least privilege (issue 29) the spec does not give, in the app's words. */
export const ACCESS_TEXTS = /* @__PURE__ */ defineTexts('access', {
  /** A builder route opened by a user the org does not let edit form definitions. */
  noBuilderAccess: "You don't have access to the form builder",
  noBuilderAccessDetail: 'Ask your Salesforce administrator for the CQ Form Builder permission set.',
} as const);

/**
 * 'Server Error: ' + the server's text, once: the host's API client already hands remotes the display
 * text (prefixed), so a second caller adding it must not double it. English (the wire's words):
 * shown through `displayMessage`.
 */
export const serverErrorText = (message: string): string =>
  message.startsWith(MESSAGES_EN.serverErrorPrefix) ? message : `${MESSAGES_EN.serverErrorPrefix}${message}`;

/** The spec's messages made of parts, in the user's language. */
export const MESSAGE_FORMS = /* @__PURE__ */ defineTexts('messageForms', {
  /** '{field} is missing required fields' */
  missingRequiredFields: (field: string): string => `${field} is missing required fields`,
  /** 'Logo size is N KB, Please limit it to 200KB' */
  logoTooLarge: (kb: number): string => `Logo size is ${kb} KB, Please limit it to 200KB`,
} as const);
export const missingRequiredFields = (field: string): string => MESSAGE_FORMS.missingRequiredFields(field);
export const logoTooLarge = (kb: number): string => MESSAGE_FORMS.logoTooLarge(kb);
/** 'Field Validation : Email Address Only' and the like: English, a form definition's data (its author translates it). */
export const presetMessage = (preset: string): string => `${MESSAGES_EN.fieldValidationPrefix}${preset} Only`;

export const REQUIRED_LEFT = /* @__PURE__ */ defineTexts('requiredLeft', {
  left: (n: number): string => (n === 1 ? '1 required field left' : `${n} required fields left`),
  done: 'All required fields filled',
} as const);

/** The area-level fallback the shell shows when a remote cannot be loaded or run (not in the spec). */
export const REMOTE_UNAVAILABLE = /* @__PURE__ */ defineTexts('remoteUnavailable', {
  title: 'This part of the app is unavailable',
  body: 'This part of the app is unavailable right now. The rest of the app keeps working.',
  incompatible: 'This part of the app is unavailable: it was built for another version of the app.',
  /** Offline, a part the device has no copy of yet. */
  offline: 'This part of the app is not on this device yet. It opens by itself when you are back online.',
  /** Offline, the builder (it works with the org, so it has no offline mode). */
  needsConnectionTitle: 'The form builder needs a connection',
  needsConnection:
    'Building and publishing forms works with your org. It opens by itself when you are back online; your forms and drafts keep working offline meanwhile.',
  details: 'Details',
  retry: 'Retry',
} as const);

/**
 * The org's daily API allowance (issue 33), in the app's words: what a user is told when the org has
 * none left, and what admins are told once it runs low.
 */
export const API_ALLOWANCE_TEXTS = /* @__PURE__ */ defineTexts('apiAllowance', {
  /** The BFF's answer while the org refuses calls (REQUEST_LIMIT_EXCEEDED); the outbox shows it and waits. */
  spent:
    'Your organisation has used its daily Salesforce API allowance. Your work is kept on this device and is sent by itself when the organisation accepts calls again.',
  /** Admins, past the threshold: 'N% of today's Salesforce API allowance used (used of max calls). …' */
  high: (percent: number, used: number, max: number): string =>
    `${percent}% of your organisation's daily Salesforce API allowance is used (${used.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} calls). Refreshes slow down until usage falls; submissions still go through.`,
  /** Admins, once spent. */
  spentAdmin:
    "Your organisation has used its daily Salesforce API allowance: the org refuses every integration's calls until usage falls. Field users' submissions wait on their devices and are sent by themselves when calls are allowed again.",
} as const);

export const NOT_FOUND = /* @__PURE__ */ defineTexts('notFound', {
  title: 'Page not found',
  body: 'There is nothing at this address.',
  homeLink: 'Go to home',
} as const);

/**
 * The builder's field, table and rule editors (builder spec sections 5 and 8). 'Invalid Date Format.'
 * and the preset messages are the spec's; the spec names the others without giving their texts.
 */
export const BUILDER_EDITOR_MESSAGES = /* @__PURE__ */ defineTexts('builderEditor', {
  invalidDateFormat: MESSAGES_EN.invalidDateFormat,
  datePlaceholder: 'MM/DD/YYYY hh:mm AM|PM',
  dropdownDefaultPlaceholder: 'Default value must be one of the picklist values',
  duplicateApiName: 'API Name already exists. Please enter a unique API Name.',
  relationshipNameConflict: 'Relationship Name already exists. Please enter a unique Relationship Name.',
  sameApiAndRelationshipName: 'Relationship Name must be different from the API Name.',
  relationshipNameSuffix: 'Relationship Name must end with __r',
  labelRequired: 'Label is required',
  labelTooLong: 'Label can be at most 40 characters',
  apiNameRequired: 'API Name is required',
  apiNameTooLong: 'API Name can be at most 48 characters',
  apiNameInvalid: 'API Name must start with a letter and contain only letters, digits and underscores',
  defaultTooLong: 'Default value can be at most 48 characters',
  columnValueEmpty: 'Column value cannot be empty',
  customPatternRequired: 'Rule code is required for a Custom validation',
  customPatternInvalid: 'Rule code is not a valid regular expression',
  customMessageRequired: 'Error message is required for a Custom validation',
  picklistEmpty: 'Add at least one picklist value',
  minRows: 'A table needs at least 2 rows',
  minColumns: 'A table needs at least 3 columns',
} as const);

/**
 * The BFF's own texts for the errors it answers (beside the spec's messages; api/envelope.ts's
 * API_MESSAGES): English on the wire, shown in the user's language through displayMessage.
 */
export const API_ERROR_TEXTS = /* @__PURE__ */ defineTexts('apiErrors', {
  badRequest: 'The request is not valid.',
  invalidJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'The request body must be JSON.',
  csrfRejected: 'The request was refused: it did not come from this application.',
  notFound: 'Not found.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  versionConflict:
    'This submission was changed elsewhere: the organisation holds a newer version. Reload it before saving again.',
  orgUnavailable: 'The organisation could not be reached. Please try again.',
  canvasRejected: 'The signed request could not be verified.',
  // The upload's refusals (an outbox row, a file's error): the spec gives only the size and type texts.
  uploadNotMultipart: 'The upload must be multipart/form-data with a fileData field.',
  uploadNotValidMultipart: 'The upload is not valid multipart.',
  uploadNoFileData: 'The upload has no fileData field.',
  uploadKeyInvalid: 'X-Upload-Key is not valid.',
  uploadShaInvalid: 'X-Upload-Sha256 is not valid.',
  uploadSealedInvalid: 'X-Upload-Sealed is not valid.',
  uploadInProgress: 'This file is already being uploaded. It will be tried again.',
  uploadSentAgain: 'The file will be sent again.',
  fileEmpty: 'The file is empty.',
  /** The reasons after 'Error: ' of a refused file type (bff-error-texts' FILE_TYPE_REFUSED). */
  executableFile: 'executable files are not allowed',
  scriptFile: 'script files are not allowed',
  markupFile: 'HTML and SVG files are not allowed',
  // Corrective actions (home's action cards and outbox).
  actionNotFound: 'This corrective action does not exist or is not yours.',
  actionAlreadyDone: 'This corrective action is already completed.',
  actionPhotoNotAttached: 'A photo could not be attached to this corrective action.',
  actionDoneRequired: 'Say what was done.',
  actionDoneTooLong: 'Say what was done in fewer words.',
  // The builder's reads and saves.
  formRecordNotFound: 'Form record not found.',
  unknownTemplate: 'Unknown template.',
  unknownPicklistField: 'Unknown field.',
  notAPicklist: 'The field is not a picklist.',
  reportNotReady: 'The report is not ready yet.',
} as const);

/**
 * The English texts the wire and the stores carry, each with its text in the user's language. Built
 * on the first displayMessage: a module-level map would keep every text module it reads in each bundle
 * that imports anything from here, used or not.
 */
let wireTexts: Map<string, () => string> | null = null;
const wireText = (text: string) =>
  (wireTexts ??= new Map<string, () => string>(
    [MESSAGES, API_ALLOWANCE_TEXTS, API_ERROR_TEXTS].flatMap((texts) =>
      Object.entries(englishOf(texts)).flatMap(([name, english]) =>
        typeof english === 'string'
          ? [[english, () => (texts as Record<string, string>)[name] ?? english] as const]
          : [],
      ),
    ),
  )).get(text);

/**
 * A text that came over the wire or out of a store (English, the spec's words) in the user's
 * language: one of the spec's messages, or 'Server Error: ' / 'Error: ' + the server's own text
 * (which stays as the org wrote it); any other text as it is.
 */
export function displayMessage(text: string): string {
  const translated = wireText(text);
  if (translated) return translated();
  for (const prefix of ['serverErrorPrefix', 'invalidFileTypePrefix'] as const) {
    const english = MESSAGES_EN[prefix];
    if (text.startsWith(english) && text.length > english.length)
      return `${MESSAGES[prefix]}${displayMessage(text.slice(english.length))}`;
  }
  return text;
}

/** Beside the form's Save (form screen and the builder's preview): what is left to fill (not in the spec). */
