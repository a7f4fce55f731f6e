import type { ComponentType, ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { memoryColorMode } from './color-mode';
import { productTheme } from './theme';
import { defineRemoteAppIn } from './remote-app-core';
import type { RemoteAppModule, RemoteAppProps } from './host-services';

/**
 * The product's Chakra setup for a React root a remote owns; the shell already applied the CSS reset
 * and global styles.
 */
export function ProductChakra({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider
      resetCSS={false}
      disableGlobalStyle
      theme={productTheme}
      colorModeManager={memoryColorMode}
    >
      {children}
    </ChakraProvider>
  );
}

/**
 * A remote's `./app` module: its single-spa application around its root component (inside the
 * product's ChakraProvider), declaring the contract version this build was made against. (Subpath
 * `shared-contracts/remote-app`, so only React front ends import React through it.)
 */
export function defineRemoteApp(Root: ComponentType<RemoteAppProps>): RemoteAppModule {
  return defineRemoteAppIn(Root, ProductChakra);
}
