// Entry point of the form builder (issue 9). Work in progress: replaced by the real builder.
import { Box, Heading } from '@chakra-ui/react';
import type { HostServices } from 'shared-contracts';

export function BuilderRoute(_props: { host: HostServices }) {
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-builder">
      <Heading size="lg">Form builder</Heading>
    </Box>
  );
}
