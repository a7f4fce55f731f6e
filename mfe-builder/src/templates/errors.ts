import {
  MESSAGES,
  bffErrorText,
  displayMessage,
  isBffError,
  serverErrorText,
  type BffError,
} from 'shared-contracts';

/**
 * The user-facing text of a failed call (builder spec 8): network error, server prefix, else the
 * message; the BFF's own texts in the user's language (the org's words as written).
 */
export function errorText(error: unknown): string {
  if (!isBffError(error)) return MESSAGES.somethingWentWrong;
  if (error.network) return MESSAGES.networkError;
  if (error.errorType === 'server') return displayMessage(serverErrorText(error.message));
  if (!error.message) return MESSAGES.somethingWentWrong;
  return bffErrorText(error.message, error);
}

export const failureOf = (error: unknown): BffError | undefined => (isBffError(error) ? error : undefined);
