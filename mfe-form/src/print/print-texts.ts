import type { LocalSubmission } from 'shared-contracts';

export const PRINT_TEXTS = {
  logoAlt: 'Logo',
  back: 'Back to the form',
  created: 'Created',
  status: 'Status',
} as const;

/** 'Created 22 Nov 2026, 08:15 · Status in progress', the date in the user's time zone. */
export function formatDateTime(iso: string, timeZone?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
  }
}

export function printSubheader(s: Pick<LocalSubmission, 'createdOn' | 'status'>, timeZone?: string): string {
  const parts = [];
  if (s.createdOn) parts.push(`${PRINT_TEXTS.created} ${formatDateTime(s.createdOn, timeZone)}`);
  if (s.status) parts.push(`${PRINT_TEXTS.status} ${s.status}`);
  return parts.join(' · ');
}
