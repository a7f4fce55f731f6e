import type { CatalogLoaders } from 'ui-kit/i18n';

/**
 * The builder's and templates' texts per language, with the spec's messages (shared-contracts) it shows: one
 * chunk per language (`i18n-<language>`), fetched only for the user's language (ui-kit/src/i18n.ts).
 */
export const CATALOGS: CatalogLoaders = {
  es: () =>
    Promise.all([
      import(/* webpackChunkName: "i18n-es" */ './es.json'),
      import(/* webpackChunkName: "i18n-es" */ 'shared-contracts/i18n/es.json'),
    ]),
  fr: () =>
    Promise.all([
      import(/* webpackChunkName: "i18n-fr" */ './fr.json'),
      import(/* webpackChunkName: "i18n-fr" */ 'shared-contracts/i18n/fr.json'),
    ]),
  de: () =>
    Promise.all([
      import(/* webpackChunkName: "i18n-de" */ './de.json'),
      import(/* webpackChunkName: "i18n-de" */ 'shared-contracts/i18n/de.json'),
    ]),
  'pt-BR': () =>
    Promise.all([
      import(/* webpackChunkName: "i18n-pt-BR" */ './pt-BR.json'),
      import(/* webpackChunkName: "i18n-pt-BR" */ 'shared-contracts/i18n/pt-BR.json'),
    ]),
  ja: () =>
    Promise.all([
      import(/* webpackChunkName: "i18n-ja" */ './ja.json'),
      import(/* webpackChunkName: "i18n-ja" */ 'shared-contracts/i18n/ja.json'),
    ]),
  ar: () =>
    Promise.all([
      import(/* webpackChunkName: "i18n-ar" */ './ar.json'),
      import(/* webpackChunkName: "i18n-ar" */ 'shared-contracts/i18n/ar.json'),
    ]),
};
