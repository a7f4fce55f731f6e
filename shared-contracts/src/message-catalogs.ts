/**
 * The specs' messages in `language` (`i18n/<language>.json`, issue 44), for a front end's catalog
 * chunk of that language (ui-kit/src/i18n.ts's catalogLoaders). Its own subpath: only a bundler
 * that compiles catalogs (scripts/i18n-catalog-loader.mjs) imports it.
 */
export const loadMessageCatalog = (
  language: string,
): Promise<{ default: Readonly<Record<string, unknown>> }> =>
  import(/* webpackChunkName: "i18n-[request]" */ `../i18n/${language}.json`);
