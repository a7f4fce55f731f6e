// The Chakra UI the product's front ends share (Module Federation singleton under the
// `@chakra-ui/react` key, scripts/webpack-config.mjs): only the parts they use, so webpack drops the
// rest of the package from the shared module every page loads first. In every build
// `@chakra-ui/react` resolves to this file (a webpack alias); `@chakra-ui/react-full` is the package
// itself. chakra.test.ts fails when a front end imports a name missing from this list.
// The providers are the base ones (ChakraBaseProvider, extendBaseTheme): Chakra's own full default
// theme, every component's style config, stays out (chakra-theme.ts); each front end's theme brings
// the styles of the components it renders (ui-kit/theme). The components only form and
// builder use, and the dialogs and drawers (fetched when one first opens), are the second part,
// chakra-extra.ts.
export {
  Alert,
  AlertDescription,
  AlertIcon,
  AlertTitle,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  CardBody,
  ChakraBaseProvider,
  Code,
  Flex,
  FormControl,
  FormLabel,
  HStack,
  Heading,
  IconButton,
  Input,
  InputGroup,
  Link,
  Menu,
  MenuButton,
  MenuDivider,
  MenuGroup,
  MenuItem,
  MenuList,
  Select,
  Spinner,
  Stack,
  Switch,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
  Text,
  VStack,
  createIcon,
  extendBaseTheme,
  useToast,
} from '@chakra-ui/react-full';
