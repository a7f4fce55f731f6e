/** Texts of the form screen the spec does not give word for word (the spec's own are in MESSAGES). */
import { defineTexts } from 'shared-contracts';

export const FORM_SCREEN_TEXTS = defineTexts('formScreen', {
  save: 'Save',
  close: 'Close',
  discard: 'Discard',
  cancel: 'Cancel',
  print: 'Print',
  goBack: 'Go back',
  tryAgain: 'Try again',
  createdOn: 'Created',
  loading: 'Loading form',
  saving: 'Saving',
  logoAlt: 'Logo',
  submitting: 'Sending your form',
  readOnlyBadge: 'Read only',
  backToForm: 'Back to the form',
} as const);
