import { describe, expect, it } from 'vitest';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import { formatDateDefault, parseDateDefault, validateDefault, DEFAULT_TOKEN_TEXTS } from './default-value';

describe('default values', () => {
  it('empty is always valid; more than 48 characters is not', () => {
    expect(validateDefault('date', '')).toBeUndefined();
    expect(validateDefault('text', 'a'.repeat(48))).toBeUndefined();
    expect(validateDefault('text', 'a'.repeat(49))).toBe(M.defaultTooLong);
  });
  it('date defaults must be MM/DD/YYYY hh:mm AM|PM and a real date', () => {
    expect(validateDefault('date', '01/31/2024 09:05 AM')).toBeUndefined();
    expect(validateDefault('date', '12/01/2024 12:00 PM')).toBeUndefined();
    for (const bad of [
      '2024-01-31',
      '1/31/2024 09:05 AM',
      '01/31/2024 9:05 AM',
      '01/31/2024 13:05 PM',
      '01/31/2024 00:05 AM',
      '02/30/2024 10:00 AM',
      '13/01/2024 10:00 AM',
      '01/31/2024 09:05 am',
      '01/31/2024 09:60 AM',
    ]) {
      expect(validateDefault('date', bad), bad).toBe('Invalid Date Format.');
    }
  });
  it('date defaults may be a $today token the renderer resolves', () => {
    expect(validateDefault('date', '$today')).toBeUndefined();
    expect(validateDefault('date', '$today+3')).toBeUndefined();
    expect(validateDefault('date', '$today-10')).toBeUndefined();
    expect(validateDefault('date', '$tomorrow')).toBe('Invalid Date Format.');
  });
  it("text defaults may be the spec's tokens; a token it does not know is refused, a $ amount is a value", () => {
    for (const t of [
      '$today',
      '$today+3',
      '$today - 2',
      '$currentuser',
      '$currentuser.Email',
      '$documentname',
      '$context.Account.Name',
    ])
      expect(validateDefault('text', t)).toBeUndefined();
    for (const t of ['$user.Name', '$todays', '$documentName2', '$contxt.Name'])
      expect(validateDefault('text', t)).toBe(DEFAULT_TOKEN_TEXTS.unknown);
    expect(validateDefault('text', '$100')).toBeUndefined();
    expect(validateDefault('text', 'Site A')).toBeUndefined();
  });

  it('parses and formats 12-hour times', () => {
    const d = parseDateDefault('03/04/2025 12:30 AM')!;
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([
      2025, 2, 4, 0, 30,
    ]);
    expect(parseDateDefault('03/04/2025 12:30 PM')!.getHours()).toBe(12);
    expect(formatDateDefault(new Date(2025, 2, 4, 15, 7))).toBe('03/04/2025 03:07 PM');
    expect(formatDateDefault(new Date(2025, 2, 4, 0, 7))).toBe('03/04/2025 12:07 AM');
  });
  it('dropdown defaults must be one of the titles; Yes/No defaults YES or NO', () => {
    expect(validateDefault('dropdown', 'Open', { titles: ['Open', 'Closed'] })).toBeUndefined();
    expect(validateDefault('dropdown', 'open', { titles: ['Open', 'Closed'] })).toBe(
      M.dropdownDefaultPlaceholder,
    );
    expect(validateDefault('dropdown', 'x', {})).toBe(M.dropdownDefaultPlaceholder);
    expect(validateDefault('yesno', 'YES')).toBeUndefined();
    expect(validateDefault('yesno', 'maybe')).toBe(M.dropdownDefaultPlaceholder);
  });
});
