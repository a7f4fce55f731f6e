/**
 * The locale dates, times and numbers show in when a caller names none (issue 44): the signed-in
 * user's (host.i18n.displayLocale, their Salesforce LocaleSidKey). Like the text translator it is set
 * per bundle, by ui-kit's remote wrapper as the host's value changes; unset (undefined): the browser's.
 */
let current: string | undefined;

export function setDisplayLocale(locale: string | undefined): void {
  current = locale;
}

export const displayLocale = (): string | undefined => current;
