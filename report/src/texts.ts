/**
 * The report's own fixed texts (cover labels, summary headings, "Page N of M"…) in the submission's
 * language (issue 44: the report renders in the submission's language). Unlike a screen's texts,
 * which follow the one language the app is shown in (ui-kit/i18n), a report's language is the
 * submission's, so the BFF renders reports in several languages side by side: each render reads the
 * catalog of its own language here. The catalogs (`i18n/<language>.json`, ICU as every catalog of the
 * app, checked by `i18n/catalogs.test.ts`) are small and all bundled with the report (on the device
 * its chunk, loaded on demand): the model and the document stay synchronous. Lingui formats them, as
 * it does the screens' texts.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, defineTexts, englishOf, languageFromSalesforce } from 'shared-contracts';
import es from './i18n/es.json';
import fr from './i18n/fr.json';
import de from './i18n/de.json';
import ptBR from './i18n/pt-BR.json';
import ja from './i18n/ja.json';
import ar from './i18n/ar.json';
import he from './i18n/he.json';

/** The English source: the catalogs' keys are `report.<name>`. */
export const REPORT_TEXTS = defineTexts('report', {
  summary: 'Failed and flagged items',
  noFlagged: 'No failed or flagged items.',
  failed: 'Failed',
  flagged: 'Flagged',
  form: 'Form',
  version: 'Version',
  record: 'Record',
  inspector: 'Inspector',
  started: 'Started',
  submitted: 'Submitted',
  location: 'Location',
  status: 'Status',
  report: 'Report',
  signedBy: 'Signed by',
  imageMissing: 'Image not available',
  score: 'Score',
  percent: 'Percent',
  result: 'Result',
  pass: 'Pass',
  fail: 'Fail',
  failedItems: 'Failed items and corrective actions',
  noFailed: 'No failed items.',
  action: 'Corrective action',
  noAction: 'No action',
  due: 'due',
  item: 'Item',
  answer: 'Answer',
  section: 'Section',
  photo: 'Photo',
  inspection: 'Inspection',
  statusSubmitted: 'Submitted',
  assigneeInspector: 'The inspector',
  assigneeRecordOwner: "The record's owner",
  assigneeUser: 'The chosen user',
  yes: 'Yes',
  no: 'No',
  page: (n: number, of: number): string => `Page ${n} of ${of}`,
} as const);

type Source = typeof REPORT_TEXTS;
/** The report's texts in one language: plain values, read by the model and the document. */
export type ReportTexts = { readonly [K in keyof Source]: Source[K] };

// the device's build compiles each message (an array, scripts/i18n-catalog-loader.mjs); Node reads the text
const CATALOGS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  es,
  fr,
  de,
  'pt-BR': ptBR,
  ja,
  ar,
  he,
};

const made = new Map<string, ReportTexts>();

/**
 * The report's texts for a language (a Salesforce LanguageLocaleKey or one of the app's languages:
 * es_MX → es, pt_BR → pt-BR); English for a language without a catalog, and text by text for a
 * text its catalog lacks.
 */
export function reportTexts(language: string | null | undefined): ReportTexts {
  const lang = languageFromSalesforce(language);
  const english = englishOf(REPORT_TEXTS);
  const catalog = lang === DEFAULT_LANGUAGE ? undefined : CATALOGS[lang];
  if (!catalog) return english;
  const hit = made.get(lang);
  if (hit) return hit;
  const texts = textsFromCatalog(lang, catalog);
  made.set(lang, texts);
  return texts;
}

/** The texts of one catalog (its messages as text, or compiled by the device's build). */
export function textsFromCatalog(lang: string, catalog: Readonly<Record<string, unknown>>): ReportTexts {
  const english = englishOf(REPORT_TEXTS);
  const i18n: I18n = setupI18n({ locale: lang, messages: { [lang]: catalog as never } });
  // the server reads the catalogs as written (the device's build compiled them already)
  i18n.setMessagesCompiler(compileMessage);
  const out: Record<string, unknown> = {};
  for (const [name, source] of Object.entries(english)) {
    const key = `report.${name}`;
    const has = catalog[key] !== undefined && catalog[key] !== '';
    out[name] =
      typeof source === 'string'
        ? has
          ? i18n._(key)
          : source
        : (...args: unknown[]) =>
            has ? i18n._(key, { ...args }) : (source as (...a: unknown[]) => string)(...args);
  }
  return out as ReportTexts;
}

/**
 * The locale a report's dates and numbers are written in: the inspector's own (LocaleSidKey, say
 * fr-CA) when it is of the report's language, else the report's language itself, so a French report
 * never reads "Nov 29, 2026" because its inspector's locale is en-US, and a report in the user's own
 * language keeps their regional forms.
 */
export function reportLocale(language: string, userLocale?: string): string {
  // the form's languages are written es_MX; Intl reads es-MX
  const tag = language.replace(/_/g, '-');
  const primary = (t: string): string => {
    try {
      return new Intl.Locale(t).language;
    } catch {
      return '';
    }
  };
  const lang = primary(tag) ? tag : 'en';
  return userLocale && primary(userLocale) === primary(lang) ? userLocale : lang;
}
