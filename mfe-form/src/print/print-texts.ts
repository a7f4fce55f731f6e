import { defineTexts, SUBMISSION_STATUS, type LocalSubmission } from 'shared-contracts';
import { formatDateTime, type DisplayOptions } from 'form-core';

export const PRINT_TEXTS = defineTexts('print', {
  logoAlt: 'Logo',
  back: 'Back to the form',
  /** 'Created Nov 22, 2026, 3:15 AM'. */
  created: (date: string): string => `Created ${date}`,
  /** 'Status in progress': the submission's status as it is stored. */
  status: (status: string): string => `Status ${status}`,
  /** The stored statuses in words (English: as stored). */
  statusInProgress: SUBMISSION_STATUS.inProgress,
  statusSubmitted: SUBMISSION_STATUS.submitted,
  statusScheduled: SUBMISSION_STATUS.scheduled,
});

/** A stored status in the user's language; one this version does not know stays as stored. */
const statusWord = (status: string): string =>
  status === SUBMISSION_STATUS.inProgress
    ? PRINT_TEXTS.statusInProgress
    : status === SUBMISSION_STATUS.submitted
      ? PRINT_TEXTS.statusSubmitted
      : status === SUBMISSION_STATUS.scheduled
        ? PRINT_TEXTS.statusScheduled
        : status;

/**
 * 'Created Nov 22, 2026, 3:15 AM · Status in progress': the date in the user's time zone and locale,
 * written as the form header and home write it (form-core formatDateTime).
 */
export function printSubheader(
  s: Pick<LocalSubmission, 'createdOn' | 'status'>,
  opts: DisplayOptions = {},
): string {
  const parts = [];
  if (s.createdOn) parts.push(PRINT_TEXTS.created(formatDateTime(s.createdOn, opts)));
  if (s.status) parts.push(PRINT_TEXTS.status(statusWord(s.status)));
  return parts.join(' · ');
}
