import {
  DEFAULT_LANGUAGE,
  PSEUDO_LANGUAGE,
  isLanguage,
  isRightToLeft,
  languageFromSalesforce,
  localeFromSalesforce,
  type DisplayLocale,
  type LanguageService,
  type Observable,
  type SessionState,
} from 'shared-contracts';
import { Signal } from './signal';

/**
 * The device's language settings (one key, kept when sign-in and sign-out clear browser storage):
 * each user's own choice by org and user, the last signed-in user's language (the sign-in screen's,
 * before anyone is signed in) and, for tests only, the pseudo-locale.
 */
export const LANGUAGE_KEY = 'checklists.language';

interface LanguageSettings {
  users?: Record<string, string>;
  last?: string;
  /** Tests: PSEUDO_LANGUAGE for every user. */
  test?: string;
}

export interface LanguageDeps {
  session: Observable<SessionState>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** Makes the shell's own texts answer in a language (ui-kit/i18n's activateLanguage with its catalogs). */
  activate(language: string): Promise<void>;
  root?: HTMLElement;
  /** Tells the BFF the language the page opens in before sign-in (its prerendered screens', issue 46). */
  pageLanguage?(language: string): void;
}

export interface ShellLanguage extends LanguageService {
  /** Settles once the current language's texts are active in the shell. */
  ready(): Promise<void>;
}

const userKey = (state: SessionState): string | null =>
  state.status === 'signedIn' ? `${state.organizationId}/${state.userId}` : null;

/**
 * The host's language (issue 44): the user's choice on this device, else their Salesforce
 * LanguageLocaleKey (kept with the signed-in user, so offline too), else English; before sign-in the
 * last user's. The shell's texts switch first; then `language` tells the remotes and `<html lang dir>`
 * follows.
 */
export function createLanguageService({
  session,
  storage,
  activate,
  root,
  pageLanguage,
}: LanguageDeps): ShellLanguage {
  const read = (): LanguageSettings => {
    try {
      return (JSON.parse(storage.getItem(LANGUAGE_KEY) ?? '{}') as LanguageSettings) ?? {};
    } catch {
      return {};
    }
  };
  const write = (settings: LanguageSettings) => storage.setItem(LANGUAGE_KEY, JSON.stringify(settings));

  const wanted = (state: SessionState): string => {
    const settings = read();
    if (settings.test === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
    const key = userKey(state);
    if (state.status !== 'signedIn' || !key)
      return isLanguage(settings.last) ? settings.last : DEFAULT_LANGUAGE;
    const chosen = settings.users?.[key];
    return isLanguage(chosen) ? chosen : languageFromSalesforce(state.userDetails.LanguageLocaleKey);
  };
  const displayLocaleOf = (state: SessionState, language: string): DisplayLocale => {
    const fallback = language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language;
    if (state.status !== 'signedIn') return { locale: fallback };
    const timeZone = state.userDetails.TimeZoneSidKey || undefined;
    return {
      locale: localeFromSalesforce(state.userDetails.LocaleSidKey) ?? fallback,
      ...(timeZone ? { timeZone } : {}),
    };
  };

  const language = new Signal<string>(DEFAULT_LANGUAGE);
  let displayLocale: DisplayLocale = displayLocaleOf(session.get(), DEFAULT_LANGUAGE);
  const displayLocaleSignal = new Signal<DisplayLocale>(displayLocale);
  let settled: Promise<void> = Promise.resolve();
  let latest = 0;
  let current: string | null = null;

  const apply = () => {
    const state = session.get();
    const next = wanted(state);
    const locale = displayLocaleOf(state, next);
    if (locale.locale !== displayLocale.locale || locale.timeZone !== displayLocale.timeZone) {
      displayLocale = locale;
      displayLocaleSignal.set(locale);
    }
    if (state.status === 'signedIn' && next !== PSEUDO_LANGUAGE && read().last !== next)
      write({ ...read(), last: next });
    // The page's next load before sign-in opens in this (the BFF's prerendered screens).
    if (state.status !== 'loading' && next !== PSEUDO_LANGUAGE) pageLanguage?.(next);
    if (next === current) return;
    current = next;
    const run = ++latest;
    settled = activate(next)
      .catch((error: unknown) => console.error(`[shell] the ${next} texts did not load`, error))
      .then(() => {
        if (run !== latest) return;
        if (root) {
          root.lang = next;
          root.dir = isRightToLeft(next) ? 'rtl' : 'ltr';
        }
        language.set(next);
      });
  };
  apply();
  session.subscribe(apply);

  return {
    language,
    displayLocale: displayLocaleSignal,
    setLanguage(choice) {
      const key = userKey(session.get());
      if (!key) return;
      const settings = read();
      const users = { ...settings.users };
      if (choice && isLanguage(choice)) users[key] = choice;
      else delete users[key];
      write({ ...settings, users });
      apply();
    },
    ready: () => settled,
  };
}
