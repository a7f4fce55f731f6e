import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ChakraProvider } from '@chakra-ui/react';
import { memoryColorMode } from './color-mode';
import { productTheme } from './theme';
import { CONTRACT_VERSION } from './version';
import type { RemoteAppModule, RemoteAppProps } from './host-services';

/**
 * A remote's `./app` module: its single-spa application around its root component (inside the
 * product's ChakraProvider), declaring the contract version this build was made against. (Subpath `shared-contracts/remote-app`, so only
 * React front ends import React through it.)
 */
export function defineRemoteApp(Root: ComponentType<RemoteAppProps>): RemoteAppModule {
  /** A deployment can stamp a label on its build (BUILD_LABEL), shown under the remote's screen. */
  function App(props: RemoteAppProps) {
    // Each remote owns its React root, so each gets the product's Chakra setup here; the shell
    // already applied the CSS reset and global styles.
    return (
      <ChakraProvider
        resetCSS={false}
        disableGlobalStyle
        theme={productTheme}
        colorModeManager={memoryColorMode}
      >
        <Root {...props} />
        {process.env.BUILD_LABEL ? (
          <small
            data-testid="build-label"
            style={{ display: 'block', padding: '0 1.5rem', color: '#4A5568' }}
          >
            {props.name} build {process.env.BUILD_LABEL}
          </small>
        ) : null}
      </ChakraProvider>
    );
  }
  const lifecycles = singleSpaReact<RemoteAppProps>({
    React,
    ReactDOMClient,
    rootComponent: App,
    // A crash after mount: the shell swaps this area for its fallback and keeps the rest running.
    errorBoundary: (error, _info, props) => {
      props.host.reportCrash(props.name, error);
      return <></>;
    },
  });
  // single-spa adds its own props (singleSpa, mountParcel) to ours when it calls these.
  const { bootstrap, mount, unmount } = lifecycles as unknown as Omit<RemoteAppModule, 'contractVersion'>;
  return {
    // The override exists to test the shell's refusal of an incompatible remote.
    contractVersion: process.env.CONTRACT_VERSION_OVERRIDE || CONTRACT_VERSION,
    bootstrap,
    mount,
    unmount,
  };
}
