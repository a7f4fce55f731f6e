import { describe, expect, it } from 'vitest';
import { formatDateTime, printSubheader } from './print-texts';

describe('print subheader', () => {
  it('shows the created date in the user time zone and the status', () => {
    expect(formatDateTime('2026-11-22T08:15:00.000Z', 'America/New_York')).toBe('22 Nov 2026, 03:15');
    expect(printSubheader({ createdOn: '2026-11-22T08:15:00.000Z', status: 'submitted' }, 'UTC')).toBe(
      'Created 22 Nov 2026, 08:15 · Status submitted',
    );
  });
  it('copes with no date, a bad date and an unknown zone', () => {
    expect(printSubheader({ createdOn: '', status: 'in progress' })).toBe('Status in progress');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime('2026-11-22T08:15:00.000Z', 'Not/AZone')).toMatch(/2026/);
  });
});
