import { defineTexts } from 'shared-contracts';

/**
 * Renderer texts that the spec does not give (the spec's own texts come from shared-contracts'
 * MESSAGES), in English; the catalogs in src/i18n translate them (issue 44).
 */
export const RENDERER_TEXTS = defineTexts('renderer', {
  signHere: 'Sign here',
  clear: 'Clear',
  /** A dialog's close button (the signature dialog's ×). */
  close: 'Close',
  save: 'Save',
  addRow: 'Add Row',
  retry: 'Retry',
  print: 'Print',
  add: 'Add',
  delete: 'Delete',
  yes: 'Yes',
  no: 'No',
  addSignature: 'Add signature',
  showValidationMessage: 'Show validation message',
  /** Lookup offline: the records "Download for offline" kept are what is searched. */
  lookupOnDevice: (n: number, truncated: boolean): string =>
    `Offline: searching the ${truncated ? 'first ' : ''}${n} record${n === 1 ? '' : 's'} kept on this device.`,
  lookupNoMatchOnDevice: (n: number, truncated: boolean): string =>
    `Offline: no match among the ${truncated ? 'first ' : ''}${n} record${n === 1 ? '' : 's'} kept on this device.`,
  lookupNeedsConnection:
    "Offline: this lookup needs a connection. Turn on Offline on the form's card while you are connected to search it offline.",
  /** Reason after 'Error: ' for a file type outside the control's accept list. */
  fileTypeMustBe: (accept: string): string => `file type must be ${accept}`,
  /** Photo field (issue 32). */
  takePhoto: 'Take photo',
  choosePhoto: 'Choose photo',
  chooseFromFiles: 'Choose from files',
  preparingPhotos: (n: number): string => (n === 1 ? 'Preparing the photo…' : `Preparing ${n} photos…`),
  photoOriginal: 'Original',
  markupTitle: (name: string): string => `Mark up ${name}`,
  markupTools: 'Mark-up tool',
  markupArrow: 'Arrow',
  markupCircle: 'Circle',
  markupText: 'Text',
  markupColour: 'Colour',
  markupUndo: 'Undo',
  markupCanvas: 'Photo to mark up',
  markupDragHint: 'Drag on the photo to draw.',
  markupTextHint: 'Tap the photo where the text goes.',
  markupTextLabel: 'Text to place',
  markupPlaceText: 'Place text',
  markupSkip: 'Skip',
  markupUse: 'Use photo',
  photoUnreadable: (name: string): string =>
    `${name} could not be read as a picture on this device. Choose a JPEG or PNG photo.`,
  cameraBlocked:
    'The camera is blocked for this site. Allow the camera in the browser’s site settings, or choose a photo from your files.',
  cameraMissing: 'No camera was found on this device. Choose a photo from your files.',
  quickLinks: 'Quick links',
  /** A quick link's name for assistive technology: '{section}: N of M answered' and the failed count. */
  quickLink: (section: string, done: number, total: number, failed: string): string =>
    `${section}: ${done} of ${total} answered${failed}`,
  /** A pattern warning without the field's own message. */
  invalidValue: 'Invalid value',
  /** A signature without a purpose. */
  signatureN: (n: number): string => `Signature ${n}`,
  uploadProgress: 'Upload progress',
  waitingForNetwork: 'Waiting for network',
  category: 'Category',
} as const);
