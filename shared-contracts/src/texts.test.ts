import { afterEach, describe, expect, it } from 'vitest';
import { defineTexts, englishOf, setTextTranslator, textSource } from './texts';
import { API_ALLOWANCE_TEXTS, MESSAGES, MESSAGES_EN, displayMessage } from './messages';
import { isRightToLeft, languageFromSalesforce, localeFromSalesforce } from './languages';

const TEXTS = defineTexts('t', {
  title: 'Checklists',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total}`,
} as const);

afterEach(() => setTextTranslator(null));

describe('defineTexts', () => {
  it('answers the English source with no translator, same shape', () => {
    expect(TEXTS.title).toBe('Checklists');
    expect(TEXTS.showing(2, 5)).toBe('Showing 2 of 5');
    expect(Object.keys(TEXTS)).toEqual(['title', 'showing']);
    expect(MESSAGES.areYouSure).toBe('Are you sure ?');
  });

  it('reads through the active translator at every read, keyed namespace.name with positional arguments', () => {
    const seen: unknown[] = [];
    setTextTranslator((key, args, english) => {
      seen.push([key, args]);
      return `«${english()}»`;
    });
    expect(TEXTS.title).toBe('«Checklists»');
    expect(TEXTS.showing(1, 3)).toBe('«Showing 1 of 3»');
    expect(seen).toEqual([
      ['t.title', []],
      ['t.showing', [1, 3]],
    ]);
    setTextTranslator(null);
    expect(TEXTS.title).toBe('Checklists');
  });

  it('keeps the English source for what the wire carries and code compares', () => {
    setTextTranslator(() => 'traducido');
    expect(MESSAGES.networkError).toBe('traducido');
    expect(MESSAGES_EN.networkError).toBe('Network Error');
    expect(englishOf(API_ALLOWANCE_TEXTS).spent).toMatch(/^Your organisation has used/);
    expect(textSource(TEXTS)?.namespace).toBe('t');
  });
});

describe('displayMessage', () => {
  it("shows the wire's English texts in the user's language, prefixes and the server's own words kept", () => {
    setTextTranslator((key, _args, english) =>
      key === 'messages.networkError'
        ? 'Error de red'
        : key === 'messages.serverErrorPrefix'
          ? 'Error del servidor: '
          : english(),
    );
    expect(displayMessage('Network Error')).toBe('Error de red');
    expect(displayMessage('Server Error: Field is required')).toBe('Error del servidor: Field is required');
    expect(displayMessage('Something the org said')).toBe('Something the org said');
  });
});

describe('languages', () => {
  it("maps Salesforce's language keys onto the shipped languages, English otherwise", () => {
    expect(languageFromSalesforce('en_US')).toBe('en');
    expect(languageFromSalesforce('es')).toBe('es');
    expect(languageFromSalesforce('es_MX')).toBe('es');
    expect(languageFromSalesforce('pt_BR')).toBe('pt-BR');
    expect(languageFromSalesforce('ja')).toBe('ja');
    expect(languageFromSalesforce('ar')).toBe('ar');
    // Salesforce's key for Hebrew is the old ISO code iw; the app's catalogs are he.
    expect(languageFromSalesforce('iw')).toBe('he');
    expect(languageFromSalesforce('he')).toBe('he');
    expect(languageFromSalesforce('fr_CA')).toBe('fr');
    expect(languageFromSalesforce('zh_CN')).toBe('en');
    expect(languageFromSalesforce(undefined)).toBe('en');
  });

  it('maps LocaleSidKey onto Intl tags, and says which languages run right to left', () => {
    expect(localeFromSalesforce('de_DE')).toBe('de-DE');
    expect(localeFromSalesforce('ar_AE')).toBe('ar-AE');
    expect(localeFromSalesforce('iw_IL')).toBe('he-IL');
    expect(localeFromSalesforce('')).toBeUndefined();
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('he')).toBe(true);
    expect(isRightToLeft('es')).toBe(false);
  });
});
