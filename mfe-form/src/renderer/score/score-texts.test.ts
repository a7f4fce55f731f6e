import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from 'ui-kit/i18n';
import { CATALOGS } from '../../i18n/catalogs';
import { failedLine, failedMarkText, pointsLine, sectionLine, verdictLine } from './score-texts';

describe('score texts', () => {
  it('writes points and percent as rounded, without trailing zeros', () => {
    expect(pointsLine({ score: 7, maximum: 12, percent: 58.3 })).toBe('7 of 12 points (58.3%)');
    expect(pointsLine({ score: 2.5, maximum: 1, percent: 100 })).toBe('2.5 of 1 point (100%)');
    expect(pointsLine({ score: 0, maximum: 0, percent: null })).toBe('No score yet');
  });

  it('says pass or fail against the pass mark, and nothing without one', () => {
    expect(verdictLine({ passed: true, passMark: 80 })).toBe('Passed (pass mark 80%)');
    expect(verdictLine({ passed: false, passMark: 66.5 })).toBe('Failed (pass mark 66.5%)');
    expect(verdictLine({ passed: null, passMark: 80 })).toBeUndefined();
  });

  it('counts failed items', () => {
    expect(failedLine(0)).toBe('No failed items');
    expect(failedLine(1)).toBe('1 failed item');
    expect(failedLine(3)).toBe('3 failed items');
    expect(
      sectionLine({
        sectionId: 's',
        label: 'S',
        weight: 1,
        score: 1,
        maximum: 4,
        percent: 25,
        failedCount: 2,
        total: 3,
        answered: 2,
      }),
    ).toBe('1 of 4 points (25%) · 2 failed items');
    expect(failedMarkText('No')).toBe('Failed item: No');
  });
});

describe('the score in the user’s language (issue 44)', () => {
  afterEach(() => activateLanguage('en', CATALOGS));

  it('writes points, verdicts and failed items with the language’s plurals and decimals', async () => {
    await activateLanguage('de', CATALOGS);
    expect(pointsLine({ score: 7, maximum: 12, percent: 58.3 })).toBe('7 von 12 Punkten (58,3 %)');
    expect(verdictLine({ passed: false, passMark: 66.5 })).toBe('Nicht bestanden (Bestehensgrenze 66,5 %)');
    expect(failedLine(0)).toBe('Keine nicht bestandenen Punkte');
    expect(failedLine(1)).toBe('1 nicht bestandener Punkt');
    expect(failedMarkText('Nein')).toBe('Nicht bestandener Punkt: Nein');
    await activateLanguage('ar', CATALOGS);
    expect(failedLine(2)).toBe('بندان غير ناجحين');
  });
});
