import { useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type LanguageService, type Observable } from 'shared-contracts';
import { useObservable } from './use-observable';
import { activateLanguage, type CatalogLoaders } from './i18n';

/**
 * Renders `children` in the host's language: the language's catalogs load first (English needs
 * none), then the tree renders again under a key of the language, so every text read during
 * render answers in it. Until the first language is there nothing renders (no English flash);
 * on a switch the old language stays up until the new one has loaded.
 */
export function LanguageGate({
  i18n,
  catalogs,
  children,
}: {
  i18n: LanguageService | undefined;
  catalogs: CatalogLoaders;
  children: ReactNode;
}) {
  const wanted = useObservable(i18n?.language ?? ENGLISH);
  const [active, setActive] = useState<string | null>(() => (wanted === DEFAULT_LANGUAGE ? wanted : null));
  useEffect(() => {
    if (wanted === active) return;
    let current = true;
    activateLanguage(wanted, catalogs)
      .catch((error: unknown) => {
        // A catalog that cannot load (offline before the copy) leaves English: never a blank screen.
        console.error(`[i18n] the ${wanted} texts did not load`, error);
        return activateLanguage(DEFAULT_LANGUAGE, catalogs);
      })
      .then(() => current && setActive(wanted));
    return () => {
      current = false;
    };
  }, [wanted, active, catalogs]);
  return active === null ? null : <LanguageKey key={active}>{children}</LanguageKey>;
}

const LanguageKey = ({ children }: { children: ReactNode }) => <>{children}</>;

const ENGLISH = { get: () => DEFAULT_LANGUAGE, subscribe: () => () => undefined };

/**
 * Renders `children` again under a key of the language each time it changes: for a front end whose
 * texts the host has already switched (the shell's own roots), so every text read in render follows.
 */
export function LanguageKeyed({ language, children }: { language: Observable<string>; children: ReactNode }) {
  const current = useObservable(language);
  return <LanguageKey key={current}>{children}</LanguageKey>;
}
