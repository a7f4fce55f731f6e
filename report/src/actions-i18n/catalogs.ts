/**
 * The report actions' texts in `language` (issue 44), for the catalog chunk of that language of a
 * front end that shows them (home's Submitted cards, the form's success dialog: ui-kit's
 * catalogLoaders). The report's own texts are in ../i18n, bundled with the report.
 */
export const loadReportCatalog = (
  language: string,
): Promise<{ default: Readonly<Record<string, unknown>> }> =>
  import(/* webpackChunkName: "i18n-[request]" */ `./${language}.json`);
