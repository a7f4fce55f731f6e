/**
 * The report actions' texts in `language` (issue 44), for the catalog chunk of that language of a
 * front end that shows them (home's Submitted cards, the form's success dialog: ui-kit's
 * catalogLoaders).
 */
export const loadReportCatalog = (
  language: string,
): Promise<{ default: Readonly<Record<string, unknown>> }> =>
  import(/* webpackChunkName: "i18n-[request]" */ `./${language}.json`);
