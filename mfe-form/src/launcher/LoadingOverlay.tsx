import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from 'shared-contracts';

/** The launcher's overlay while it works (spec 000 §2). */
export function LoadingOverlay() {
  return (
    <Center
      position="fixed"
      inset={0}
      bg="whiteAlpha.900"
      zIndex="overlay"
      role="status"
      aria-live="polite"
      data-testid="launcher-loading"
    >
      <Stack align="center" spacing={4}>
        <Spinner size="xl" thickness="4px" color="blue.600" />
        <Text fontSize="lg">{MESSAGES.loadingPleaseWait}</Text>
      </Stack>
    </Center>
  );
}
