// The signature dialog's one text (builder spec section 2): the purpose, stored trimmed as Purpose.
import { BUILDER } from 'shared-contracts';
import { TEXTS } from './texts';

/** At most a text field's default maxLength (builder spec section 9). */
export const SIGNATURE_PURPOSE_MAX = BUILDER.textFieldMaxLength;

export const validateSignaturePurpose = (purpose: string): string | undefined =>
  purpose.trim() === '' ? TEXTS.signaturePurposeRequired : undefined;
