import { extendTheme } from '@chakra-ui/react';

export const shellTheme = extendTheme({
  styles: { global: { body: { bg: 'gray.50' } } },
});
