import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { LifeCycles } from 'single-spa';
import type { HostServices } from 'shared-contracts';
import { LanguageKeyed } from 'ui-kit/language-gate';

interface OutletProps {
  domElement: HTMLElement;
  /** The host's services (the not-found page and the fallbacks follow its language). */
  host?: Partial<HostServices>;
}

/** The shell's Chakra-based area UI (shell-ui.tsx), a chunk fetched the first time an area shows. */
export type ShellUi = typeof import('./shell-ui');

/**
 * single-spa lifecycles for an area the shell renders itself (fallbacks, not-found). Their UI and
 * Chakra load with the first mount, so the sign-in page's path carries none of it.
 */
export function shellAreaLifecycles<P extends OutletProps>(
  render: (props: P, ui: ShellUi) => ReactElement,
): LifeCycles<P> {
  let root: Root | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      const ui = await import('./shell-ui');
      root = createRoot(props.domElement);
      const area = <ui.ShellChakra>{render(props, ui)}</ui.ShellChakra>;
      const language = props.host?.i18n?.language;
      root.render(language ? <LanguageKeyed language={language}>{area}</LanguageKeyed> : area);
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}
