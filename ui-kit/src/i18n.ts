import { loadMessageCatalog } from 'shared-contracts/message-catalogs';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PSEUDO_LANGUAGE,
  setTextTranslator,
  type TextTranslator,
  pseudoText,
} from 'shared-contracts';

/** A language's messages, keyed `namespace.name`: ICU compiled at build time (scripts/i18n-catalog-loader.mjs). */
export type Catalog = Readonly<Record<string, unknown>>;
/**
 * How a front end loads a language's catalogs (its own and the shared-contracts messages it shows):
 * dynamic imports named `i18n-<language>`, so each language is one chunk of its own, fetched only for
 * the user's language (and kept in the offline copy with the build's other scripts).
 */
export type CatalogLoaders = Readonly<
  Partial<Record<string, () => Promise<readonly { default: Catalog }[]>>>
>;

/** A language's catalog module (`<language>.json` through scripts/i18n-catalog-loader.mjs). */
export type CatalogModule = { default: Catalog };

/** How one package's catalog of a language is loaded (a dynamic import of its `<language>.json`). */
export type CatalogLoader = (language: string) => Promise<CatalogModule>;

/**
 * A front end's `CatalogLoaders` from the loader of its own catalogs, which each front end writes
 * beside them, since the import must be relative to its folder (`import(`./${language}.json`)` with
 * the chunk name `i18n-[request]`), and those of the packages whose texts it shows (report's
 * actions: `report/i18n-catalogs`). Every shipped language loads them and the specs' messages
 * (shared-contracts/i18n), all in the one chunk named for the language's file (`i18n-es-json`).
 */
export function catalogLoaders(own: CatalogLoader, shown: readonly CatalogLoader[] = []): CatalogLoaders {
  const loaders = [own, ...shown, loadMessageCatalog];
  return Object.fromEntries(
    LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => [
      language,
      () => Promise.all(loaders.map((load) => load(language))),
    ]),
  );
}

export { pseudoText };

const pseudoTranslator: TextTranslator = (_key, _args, english) => pseudoText(english());

/** Lingui's runtime, its own chunk: English never loads it. */
const lingui = () => import(/* webpackChunkName: "lingui" */ '@lingui/core');

/** The positional ICU arguments {0}, {1}, … of a text function's call. */
const positional = (args: readonly unknown[]): Record<string, unknown> => ({ ...args });

/**
 * Makes `language` this bundle's language: English (and any language this front end has no catalog
 * for) answers the English source with nothing loaded; another loads Lingui's runtime and the
 * language's catalog chunk first. Resolves once every text module of the bundle answers in it.
 */
export async function activateLanguage(language: string, catalogs: CatalogLoaders): Promise<void> {
  if (language === PSEUDO_LANGUAGE) return setTextTranslator(pseudoTranslator);
  const load = language === DEFAULT_LANGUAGE ? undefined : catalogs[language];
  if (!load) return setTextTranslator(null);
  const [parts] = await Promise.all([load(), lingui()]);
  setTextTranslator(await compiledTranslator(language, parts));
}

/**
 * The translator of a language's compiled catalogs (several parts, merged): a text missing from them
 * answers in English. Also the prerendered screens' at build time (mfe-auth scripts/prerender.tsx).
 */
export async function compiledTranslator(
  language: string,
  parts: readonly CatalogModule[],
): Promise<TextTranslator> {
  const { setupI18n } = await lingui();
  const messages: Record<string, unknown> = Object.assign({}, ...parts.map((part) => part.default));
  const i18n = setupI18n({ locale: language, messages: { [language]: messages as never } });
  return (key, args, english) =>
    messages[key] === undefined || messages[key] === '' ? english() : i18n._(key, positional(args));
}
