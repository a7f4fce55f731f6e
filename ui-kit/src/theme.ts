import { extendBaseTheme } from '@chakra-ui/react';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  CloseButton,
  Code,
  Drawer,
  Form,
  FormLabel,
  Heading,
  Input,
  Link,
  Menu,
  Modal,
  Select,
  Spinner,
  Switch,
  Tabs,
} from '@chakra-ui/theme/components';

/**
 * The product's Chakra themes, for every front end (subpath `ui-kit/theme`, a shared module
 * of Module Federation provided by the shell: loaded once per page).
 *
 * Chakra's full default theme carries the style configs of all its ~40 components; the shared Chakra
 * module has only its base theme (no component styles, see shell/src/chakra-shared). Each front end's
 * provider gets a theme with the styles of the components it renders: the shell and home render
 * these (Chakra's defaults); form and builder add the rest (extendProductTheme). A component whose
 * style config its provider lacks renders unstyled: each front end's theme.test.ts derives the keys
 * its Chakra imports need (test-kit/chakra-styles) and fails on a missing one.
 */
export const sharedComponentStyles = {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  CloseButton,
  Code,
  Drawer,
  Form,
  FormLabel,
  Heading,
  Input,
  Link,
  Menu,
  Modal,
  Select,
  Spinner,
  Switch,
  Tabs,
};

/**
 * Chakra's default solid blue (blue.500 under white text, 4.0:1) fails WCAG AA contrast; solid blue
 * buttons use blue.600 (5.0:1) and darker shades on hover and press.
 */
const contrastButton = {
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
};

/** The product's theme with the shared component styles and `components` (Chakra style configs). */
export function extendProductTheme(components: Record<string, unknown> = {}) {
  return extendBaseTheme({ components: { ...sharedComponentStyles, ...components } }, contrastButton);
}

/** The product's theme for a remote that renders only the shared components (home). */
export const productTheme = extendProductTheme();
