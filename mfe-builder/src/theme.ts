import { components } from '@chakra-ui/theme/components';
import { extendProductTheme } from 'ui-kit/theme';

/**
 * The product's theme with every Chakra component's styles: this screen is not on home's path (whose
 * bytes are counted), and taking all of them leaves nothing to render unstyled.
 */
export const builderTheme = extendProductTheme(components);
