import { extendBaseTheme } from '@chakra-ui/react';
import { sharedComponentStyles } from 'ui-kit/theme';

/**
 * The shell's theme: Chakra's base theme with the styles of the components the shell renders (the
 * shared ones, Chakra's defaults; theme.test.ts checks the shell needs no other) and its global styles.
 */
export const shellTheme = extendBaseTheme(
  { components: sharedComponentStyles },
  {
    styles: {
      global: {
        body: { bg: 'gray.50' },
        // A fieldset is at least as wide as its widest content by default (min-inline-size:
        // min-content), so a select with a long option pushed a form past a phone's window.
        fieldset: { minInlineSize: 0 },
      },
    },
  },
);

/**
 * The shell's Chakra providers draw no toasts. Chakra keeps one toast store per page (the library is
 * a shared singleton) and every Chakra provider renders all of it, so the shell's providers beside a
 * remote's own showed each of the remote's toasts twice; the remote's provider (its theme) draws them.
 */
export const shellToastOptions = { component: () => null };
