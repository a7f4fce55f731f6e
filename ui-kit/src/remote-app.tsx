import { useEffect, type ComponentType, type ReactNode } from 'react';
import { ChakraBaseProvider, useToast } from '@chakra-ui/react';
import { memoryColorMode } from './color-mode';
import { subscribeLanguage } from './direction';
import { useDirectedTheme } from './use-direction';
import { defineRemoteAppIn, type RemoteAppFrame } from './remote-app-core';
import type { CatalogLoaders } from './i18n';
import type { RemoteAppModule, RemoteAppProps } from 'shared-contracts';

/** A Chakra theme as extendBaseTheme / extendProductTheme (ui-kit/theme) return it. */
export type ChakraTheme = Record<string, unknown>;

/**
 * The product's Chakra setup for a React root a remote owns, in `theme` (the remote's, from
 * ui-kit/theme: the base provider carries no component styles of its own) and the page's direction;
 * the shell already applied the CSS reset and global styles.
 */
export function ProductChakra({ theme, children }: { theme: ChakraTheme; children: ReactNode }) {
  const directed = useDirectedTheme(theme);
  return (
    <ChakraBaseProvider
      resetCSS={false}
      disableGlobalStyle
      theme={directed}
      colorModeManager={memoryColorMode}
    >
      <ToastsCloseOnLanguageSwitch />
      {children}
    </ChakraBaseProvider>
  );
}

/**
 * Open toasts close when the user switches language (issue 44): a toast's text was read in the
 * language it was raised in, and the screen around it now speaks another. What a toast tells stays
 * on the screen that raised it (a card's warning, the form's error list, the outbox), so closing
 * loses nothing, where a toast left in the old language would read as a leftover.
 */
export function ToastsCloseOnLanguageSwitch() {
  const toast = useToast();
  useEffect(() => subscribeLanguage(() => toast.closeAll()), [toast]);
  return null;
}

/**
 * A remote's `./app` module: its single-spa application around its root component (inside the
 * product's Chakra provider with the remote's theme), declaring the contract version this build was
 * made against. (Subpath `ui-kit/remote-app`, so only React front ends import React through
 * it.) The theme is an argument, not imported here: `ui-kit/theme` is a shared module only
 * under that request, and each remote decides which component styles it brings.
 */
export function defineRemoteApp(
  Root: ComponentType<RemoteAppProps>,
  theme: ChakraTheme,
  catalogs: CatalogLoaders = {},
): RemoteAppModule {
  const Frame: RemoteAppFrame = ({ children }) => <ProductChakra theme={theme}>{children}</ProductChakra>;
  return defineRemoteAppIn(Root, Frame, catalogs);
}
