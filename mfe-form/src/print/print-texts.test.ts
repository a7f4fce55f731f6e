import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from 'ui-kit/i18n';
import { CATALOGS } from '../i18n/catalogs';
import { printSubheader } from './print-texts';

describe('print subheader', () => {
  it("shows the created date in the user's time zone and locale, and the status", () => {
    const s = { createdOn: '2026-11-22T08:15:00.000Z', status: 'submitted' as const };
    expect(printSubheader(s, { locale: 'en-GB', timeZone: 'America/New_York' })).toBe(
      'Created 22 Nov 2026, 03:15 · Status submitted',
    );
    expect(printSubheader(s, { locale: 'en-US', timeZone: 'UTC' }).replace(/\u202f/g, ' ')).toBe(
      'Created Nov 22, 2026, 8:15 AM · Status submitted',
    );
  });
  it("reads the org's date format (offset without a colon)", () => {
    expect(
      printSubheader(
        { createdOn: '2026-11-22T08:15:00.000+0000', status: 'submitted' },
        { locale: 'en-GB', timeZone: 'UTC' },
      ),
    ).toBe('Created 22 Nov 2026, 08:15 · Status submitted');
  });
  it('copes with no date, a bad date and an unknown zone', () => {
    expect(printSubheader({ createdOn: '', status: 'in progress' })).toBe('Status in progress');
    expect(printSubheader({ createdOn: 'not a date', status: 'submitted' })).toBe(
      'Created not a date · Status submitted',
    );
    expect(
      printSubheader(
        { createdOn: '2026-11-22T08:15:00.000Z', status: 'submitted' },
        { timeZone: 'Not/AZone' },
      ),
    ).toMatch(/2026/);
  });
});

describe('print subheader in the user’s language (issue 44)', () => {
  afterEach(() => activateLanguage('en', CATALOGS));

  it('writes the status word in the language too, not as stored', async () => {
    await activateLanguage('es', CATALOGS);
    expect(printSubheader({ createdOn: '', status: 'in progress' })).toBe('Estado en curso');
    await activateLanguage('he', CATALOGS);
    expect(printSubheader({ createdOn: '', status: 'submitted' })).toBe('סטטוס נשלח');
  });
});
