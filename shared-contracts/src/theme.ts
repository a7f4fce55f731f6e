import { extendTheme } from '@chakra-ui/react';

/**
 * The product's Chakra theme, for every front end (subpath `shared-contracts/theme`).
 *
 * Chakra's default solid blue (blue.500 under white text, 4.0:1) fails WCAG AA contrast; solid blue
 * buttons use blue.600 (5.0:1) and darker shades on hover and press.
 */
export const productTheme = extendTheme({
  components: {
    Button: {
      variants: {
        solid: (props: { colorScheme?: string }) =>
          props.colorScheme === 'blue'
            ? { bg: 'blue.600', _hover: { bg: 'blue.700' }, _active: { bg: 'blue.800' } }
            : {},
      },
    },
  },
});
