/**
 * The builder's edits of a form's languages and translations (issue 44). The texts and their keys
 * are form-core's (`translatableTexts` over the saved JSON the writer makes), so the builder, the
 * form screen and the report agree on every key.
 */
import {
  formLanguages,
  missingTranslations,
  normalizeLanguage,
  translatableTexts,
} from 'form-core/translations';
import { FORM_TRANSLATIONS_VERSION, type TranslatableText } from 'form-core/translations';
import type { FormDefinition } from 'shared-contracts';
import type { BuilderForm } from './types';
import { toFormJson } from './writer';

/** Languages offered in the Translations view (Salesforce language keys). */
export const TRANSLATION_LANGUAGES = [
  'es',
  'fr',
  'de',
  'pt_BR',
  'ja',
  'ar',
  'he',
  'it',
  'nl_NL',
  'zh_CN',
  'ko',
  'ru',
];

/** A language's name in English ("Spanish", "Portuguese (Brazil)"). */
export function languageName(lang: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(lang.replace('_', '-')) ?? lang;
  } catch {
    return lang;
  }
}

const cache = new WeakMap<BuilderForm, FormDefinition>();
/** The saved JSON of a form as the end-user renderer reads it (cached per snapshot). */
export function definitionOf(form: BuilderForm): FormDefinition {
  let d = cache.get(form);
  if (!d) cache.set(form, (d = toFormJson(form) as unknown as FormDefinition));
  return d;
}

export const textsOf = (form: BuilderForm): TranslatableText[] => translatableTexts(definitionOf(form));

/** The form's default and declared languages. */
export const languagesOf = (form: BuilderForm) => formLanguages({ languages: form.languages });

/** Per declared language, how many texts a reader of it would see untranslated. */
export function missingCounts(form: BuilderForm): Record<string, number> {
  const missing = missingTranslations(definitionOf(form));
  return Object.fromEntries(Object.entries(missing).map(([l, t]) => [l, t.length]));
}

/** The form declaring one more language (kept keys of `languages` stay). */
export function addLanguage(form: BuilderForm, language: string): BuilderForm {
  const lang = normalizeLanguage(language);
  const { default: dflt, declared } = languagesOf(form);
  if (!lang || lang === dflt || declared.includes(lang)) return form;
  return {
    ...form,
    languages: {
      ...form.languages,
      version: FORM_TRANSLATIONS_VERSION,
      default: dflt,
      declared: [...declared, lang],
    },
  };
}

/** The form no longer declaring a language; its translations stay in the JSON (adding it back finds them). */
export function removeLanguage(form: BuilderForm, language: string): BuilderForm {
  const { declared } = languagesOf(form);
  if (!declared.includes(language)) return form;
  return { ...form, languages: { ...form.languages, declared: declared.filter((l) => l !== language) } };
}

/** One language's texts replaced in one step (empty text: no translation). */
export function setTranslations(
  form: BuilderForm,
  language: string,
  texts: Record<string, string>,
): BuilderForm {
  const before = form.translations?.[language] ?? {};
  const table = { ...before };
  let changed = false;
  for (const [key, value] of Object.entries(texts)) {
    const v = value.trim() === '' ? undefined : value;
    if (table[key] === v) continue;
    changed = true;
    if (v === undefined) delete table[key];
    else table[key] = v;
  }
  if (!changed) return form;
  return { ...form, translations: { ...form.translations, [language]: table } };
}

/** The declared languages a reader would see partly untranslated, with their counts (for the save warning). */
export function incompleteLanguages(form: BuilderForm): Array<{ language: string; missing: number }> {
  return Object.entries(missingCounts(form))
    .filter(([, n]) => n > 0)
    .map(([language, missing]) => ({ language, missing }));
}
