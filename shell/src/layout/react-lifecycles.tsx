import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import type { LifeCycles } from 'single-spa';
import { memoryColorMode } from 'shared-contracts';
import { shellTheme, shellToastOptions } from './theme';

interface OutletProps {
  domElement: HTMLElement;
}

/** single-spa lifecycles for an area the shell renders itself (fallbacks, not-found). */
export function shellAreaLifecycles<P extends OutletProps>(
  render: (props: P) => ReactElement,
): LifeCycles<P> {
  let root: Root | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      root = createRoot(props.domElement);
      root.render(
        <ChakraProvider
          theme={shellTheme}
          colorModeManager={memoryColorMode}
          toastOptions={shellToastOptions}
        >
          {render(props)}
        </ChakraProvider>,
      );
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}
