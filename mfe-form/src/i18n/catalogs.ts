import { catalogLoaders } from 'ui-kit/i18n';
import { loadReportCatalog } from 'report/i18n-catalogs';

/**
 * This front end's texts per language, with the report actions' and the spec's messages
 * (shared-contracts) it shows: one chunk per language, fetched only for the user's language
 * (ui-kit/src/i18n.ts).
 */
export const CATALOGS = catalogLoaders(
  (language) => import(/* webpackChunkName: "i18n-[request]" */ `./${language}.json`),
  [loadReportCatalog],
);
