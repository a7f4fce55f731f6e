// Entry point of the launcher (issue 8). Work in progress: replaced by the real launcher.
import { Box, Heading } from '@chakra-ui/react';
import type { HostServices } from 'shared-contracts';

export function LauncherRoute(_props: { host: HostServices }) {
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-form">
      <Heading size="lg">Launching form</Heading>
    </Box>
  );
}
