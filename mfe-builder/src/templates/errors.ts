import { MESSAGES, isBffError, serverErrorText, type BffError } from 'shared-contracts';

/** The user-facing text of a failed call (builder spec 8): network error, server prefix, else the message. */
export function errorText(error: unknown): string {
  if (!isBffError(error)) return MESSAGES.somethingWentWrong;
  if (error.network) return MESSAGES.networkError;
  if (error.errorType === 'server') return serverErrorText(error.message);
  return error.message || MESSAGES.somethingWentWrong;
}

export const failureOf = (error: unknown): BffError | undefined => (isBffError(error) ? error : undefined);
