// What Chakra UI's own modules get when they import '@chakra-ui/theme' in the product's builds (a
// webpack alias for modules inside @chakra-ui/react, scripts/webpack-config.mjs). The package builds
// its full default `theme` (the style configs of all ~40 components, ~10 KB br) in the same module as
// `baseTheme`, so bundlers keep it beside `extendBaseTheme` / `ChakraBaseProvider` too. Here `theme`
// is the base theme: the shared Chakra module (chakra.ts) exports neither `ChakraProvider` nor
// `extendTheme`, the only parts that would use it (chakra.test.ts fails if one is added), and each
// front end's theme brings the component styles it renders (ui-kit/theme).
import { foundations } from '@chakra-ui/theme/foundations';
import { semanticTokens } from '@chakra-ui/theme/semantic-tokens';
import { styles } from '@chakra-ui/theme/styles';

export { isChakraTheme, requiredChakraThemeKeys } from '@chakra-ui/theme';

/** As the package builds its `baseTheme` (dist/esm/index.mjs). */
export const baseTheme = {
  semanticTokens,
  direction: 'ltr',
  components: {},
  ...foundations,
  styles,
  config: { useSystemColorMode: false, initialColorMode: 'light', cssVarPrefix: 'chakra' },
};

export const theme = baseTheme;
