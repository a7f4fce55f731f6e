// Entry points of publishing (issue 10). Work in progress: replaced by the real screens.
import { Box, Heading } from '@chakra-ui/react';
import type { HostServices } from 'shared-contracts';

export function TemplatesRoute(_props: { host: HostServices }) {
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-builder">
      <Heading size="lg">Templates</Heading>
    </Box>
  );
}

export function TemplateConfigurationRoute(_props: { host: HostServices }) {
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-builder">
      <Heading size="lg">Template configuration</Heading>
    </Box>
  );
}
