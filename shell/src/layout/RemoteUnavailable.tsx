import { Alert, AlertDescription, AlertIcon, AlertTitle, Box, Button, Code, VStack } from '@chakra-ui/react';
import { REMOTE_UNAVAILABLE } from 'shared-contracts';

export interface RemoteUnavailableProps {
  kind: 'unreachable' | 'incompatible' | 'invalid' | 'crashed';
  detail: string;
  onRetry(): void;
}

/** The area-level fallback: the rest of the shell keeps working around it. */
export function RemoteUnavailable({ kind, detail, onRetry }: RemoteUnavailableProps) {
  return (
    <Box p={6} data-testid="remote-unavailable" data-kind={kind}>
      <Alert status="warning" variant="left-accent" alignItems="flex-start" borderRadius="md">
        <AlertIcon />
        <VStack align="start" spacing={2}>
          <AlertTitle>{REMOTE_UNAVAILABLE.title}</AlertTitle>
          <AlertDescription>
            {kind === 'incompatible' ? REMOTE_UNAVAILABLE.incompatible : REMOTE_UNAVAILABLE.body}
          </AlertDescription>
          <Code fontSize="xs" whiteSpace="pre-wrap">
            {detail}
          </Code>
          <Button size="sm" colorScheme="blue" onClick={onRetry}>
            {REMOTE_UNAVAILABLE.retry}
          </Button>
        </VStack>
      </Alert>
    </Box>
  );
}
