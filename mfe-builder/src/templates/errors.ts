import { MESSAGES, serverErrorText, type ApiCallFailure } from 'shared-contracts';

/** The user-facing text of a failed call (builder spec 8): network error, server prefix, else the message. */
export function errorText(error: unknown): string {
  const failure = (error as { failure?: ApiCallFailure } | null)?.failure;
  if (!failure) return MESSAGES.somethingWentWrong;
  if (failure.network) return MESSAGES.networkError;
  if (failure.errorType === 'server') return serverErrorText(failure.message);
  return failure.message || MESSAGES.somethingWentWrong;
}

export const failureOf = (error: unknown): ApiCallFailure | undefined =>
  (error as { failure?: ApiCallFailure } | null)?.failure;
