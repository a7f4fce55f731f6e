import type { ReactNode } from 'react';
import { ChakraBaseProvider } from '@chakra-ui/react';
import { memoryColorMode } from 'ui-kit';
import { useDirectedTheme } from 'ui-kit/use-direction';
import { shellTheme, shellToastOptions } from './theme';

export { NotFound } from './NotFound';
export { RemoteUnavailable } from './RemoteUnavailable';

/** The shell's own areas (not-found, fallbacks) in its Chakra setup: loaded when one is shown. */
export function ShellChakra({ children }: { children: ReactNode }) {
  const theme = useDirectedTheme(shellTheme);
  return (
    <ChakraBaseProvider theme={theme} colorModeManager={memoryColorMode} toastOptions={shellToastOptions}>
      {children}
    </ChakraBaseProvider>
  );
}
