import type { ChakraProviderProps } from '@chakra-ui/react';

type StorageManager = NonNullable<ChakraProviderProps['colorModeManager']>;

/**
 * The colour mode lives in memory: the remote never writes browser storage of its own for it, so
 * log out's "clear browser storage" leaves nothing behind.
 */
export const memoryColorMode: StorageManager = {
  type: 'localStorage',
  ssr: false,
  get: (init) => init,
  set: () => undefined,
};
