/**
 * The app's own texts (issue 44): every text module (`HOME_TEXTS`, `MESSAGES`, …) is made by
 * `defineTexts`, which keeps the English source (the default, the spec's exact wording) and its shape,
 * and answers each read through the active translator, so components keep reading `TEXTS.x` and
 * calling `TEXTS.f(a, b)`. The translator is set per bundle (each front end owns its catalogs;
 * ui-kit/i18n installs it); without one (English, the BFF, unit tests) the English source answers.
 *
 * A text's catalog key is `namespace.name`; a function's arguments are the ICU message's positional
 * arguments `{0}`, `{1}`, … (plurals and selects included: `{0, plural, one {…} other {…}}`).
 */
export type TextEntry = string | ((...args: never[]) => string);
export type TextModule = Readonly<Record<string, TextEntry>>;

/** Answers `key`'s text in the active language, or calls `english` for the source text. */
export type TextTranslator = (key: string, args: readonly unknown[], english: () => string) => string;

let translator: TextTranslator | null = null;

/** Installs the active language's translator (null: English). */
export function setTextTranslator(next: TextTranslator | null): void {
  translator = next;
}

export interface TextSource {
  namespace: string;
  english: TextModule;
}

const sources = new WeakMap<object, TextSource>();

/** The namespace and English source of a text module (the catalogs' completeness test reads them). */
export function textSource(texts: object): TextSource | undefined {
  return sources.get(texts);
}

/** A text module's English source (the words the wire and the stores carry, that code compares). */
export const englishOf = <T extends TextModule>(texts: T): T => (sources.get(texts)?.english ?? texts) as T;

export function defineTexts<T extends TextModule>(namespace: string, english: T): T {
  const texts = {};
  for (const [name, source] of Object.entries(english)) {
    const key = `${namespace}.${name}`;
    Object.defineProperty(texts, name, {
      enumerable: true,
      get:
        typeof source === 'string'
          ? () => (translator ? translator(key, [], () => source) : source)
          : () =>
              (...args: unknown[]) => {
                const run = () => (source as (...a: unknown[]) => string)(...args);
                return translator ? translator(key, args, run) : run();
              },
    });
  }
  sources.set(texts, { namespace, english });
  return texts as T;
}
