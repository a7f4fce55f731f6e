/**
 * The languages the app's own texts ship in (issue 44), and how a Salesforce user's language and
 * locale map onto them. English is the default and the spec's wording.
 */
export const DEFAULT_LANGUAGE = 'en';

/** Every language with catalogs, English first. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'ar', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own words (the profile menu's switch). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  ar: 'العربية',
  he: 'עברית',
};

/**
 * Accented and bracketed English, selectable in tests only: a text that did not pass through the
 * translation layer shows as plain English among bracketed ones.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

const ACCENTS: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'đ', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', w: 'ŵ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Đ', E: 'É', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', N: 'Ñ',
  O: 'Ó', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', W: 'Ŵ', Y: 'Ý', Z: 'Ž',
}; // prettier-ignore

/** The pseudo-locale's form of a text: accented and bracketed, so untranslated text stands out. */
export const pseudoText = (text: string): string => `⟦${text.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c)}⟧`;

const RIGHT_TO_LEFT = new Set(['ar', 'he']);

/**
 * Whether a language (a LanguageLocaleKey or a BCP 47 tag) writes Chinese in Traditional characters:
 * zh_TW, zh_HK, zh_MO, zh-Hant (its report's and offline copy's faces are Traditional Chinese ones).
 */
export const isTraditionalChinese = (language: string | null | undefined): boolean =>
  /^zh[_-](tw|hk|mo|hant)(?![a-z])/i.test(language ?? '');

export const isRightToLeft = (language: string): boolean => RIGHT_TO_LEFT.has(language.split('-')[0] ?? '');

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * A Salesforce LanguageLocaleKey (en_US, es, es_MX, pt_BR, iw, …) as the app's language: the exact
 * variant where one ships (pt_BR), else the base language (es_MX → es); Salesforce's old code for
 * Hebrew (iw) is he. A language without catalogs is English.
 */
export function languageFromSalesforce(key: string | null | undefined): Language {
  if (!key) return DEFAULT_LANGUAGE;
  const tag = key.replace('_', '-');
  if (isLanguage(tag)) return tag;
  const base = tag.split('-')[0]?.toLowerCase() ?? '';
  const normalised = base === 'iw' ? 'he' : base;
  return isLanguage(normalised) ? normalised : DEFAULT_LANGUAGE;
}

/**
 * A Salesforce LocaleSidKey (de_DE, en_US, ja_JP, sr_Latn_RS) as an Intl locale tag (de-DE, …);
 * undefined when absent or not one Intl knows.
 */
export function localeFromSalesforce(key: string | null | undefined): string | undefined {
  if (!key) return undefined;
  const tag = key.replace(/_/g, '-').replace(/^iw\b/, 'he');
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}
