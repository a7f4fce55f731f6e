import { ChakraBaseProvider } from '@chakra-ui/react';
import type { HostServices } from 'shared-contracts';
import { memoryColorMode } from 'ui-kit';
import { useDirectedTheme } from 'ui-kit/use-direction';
import { ShellHeader } from './ShellHeader';
import type { HeaderMenu } from './LightHeader';
import { shellTheme, shellToastOptions } from './theme';

/** The full header in the shell's Chakra setup (CSS reset, global styles): a chunk of its own. */
export function FullHeader({ host, openMenu }: { host: HostServices; openMenu?: HeaderMenu }) {
  const theme = useDirectedTheme(shellTheme);
  return (
    <ChakraBaseProvider theme={theme} colorModeManager={memoryColorMode} toastOptions={shellToastOptions}>
      <ShellHeader host={host} openMenu={openMenu} />
    </ChakraBaseProvider>
  );
}
