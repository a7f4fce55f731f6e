// Entry points of the form-filling screen (issue 8). Work in progress: replaced by the real screen.
import { Box, Heading } from '@chakra-ui/react';
import type { HostServices } from 'shared-contracts';

export function FormScreenRoute(_props: { host: HostServices }) {
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-form">
      <Heading size="lg">Form</Heading>
    </Box>
  );
}

export function FileNameRoute(props: { host: HostServices }) {
  return <FormScreenRoute {...props} />;
}
