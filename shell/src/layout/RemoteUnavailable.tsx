import { Alert, AlertDescription, AlertIcon, AlertTitle, Box, Button, Code, VStack } from '@chakra-ui/react';
import { REMOTE_UNAVAILABLE, type Observable } from 'shared-contracts';
import { useObservable } from 'ui-kit/use-observable';

export interface RemoteUnavailableProps {
  /** offline: a part not on the device yet, offline; needsConnection: the builder, offline. */
  kind: 'unreachable' | 'incompatible' | 'invalid' | 'crashed' | 'offline' | 'needsConnection';
  /** The technical cause, for support: behind the Details disclosure, never in the message. */
  detail: string;
  onRetry(): void;
  /** The device's network: a part that could not be fetched is 'offline' while it is down. */
  online?: Observable<boolean>;
}

const ALWAYS_ONLINE: Observable<boolean> = { get: () => true, subscribe: () => () => undefined };

const bodyOf = (kind: RemoteUnavailableProps['kind']) =>
  kind === 'incompatible'
    ? REMOTE_UNAVAILABLE.incompatible
    : kind === 'offline'
      ? REMOTE_UNAVAILABLE.offline
      : kind === 'needsConnection'
        ? REMOTE_UNAVAILABLE.needsConnection
        : REMOTE_UNAVAILABLE.body;

/**
 * The area-level fallback: the rest of the shell keeps working around it. Offline it needs no button:
 * the shell tries the part again by itself when the network returns (register-apps.tsx).
 */
export function RemoteUnavailable({ kind: failed, detail, onRetry, online }: RemoteUnavailableProps) {
  const isOnline = useObservable(online ?? ALWAYS_ONLINE);
  const fetchFailed = failed === 'unreachable' || failed === 'offline';
  const kind = fetchFailed ? (isOnline ? 'unreachable' : 'offline') : failed;
  const waitsForNetwork = kind === 'offline' || kind === 'needsConnection';
  return (
    <Box p={6} data-testid="remote-unavailable" data-kind={kind}>
      <Alert
        status={waitsForNetwork ? 'info' : 'warning'}
        variant="left-accent"
        alignItems="flex-start"
        borderRadius="md"
      >
        <AlertIcon />
        <VStack align="start" spacing={2} minW={0}>
          <AlertTitle>
            {kind === 'needsConnection' ? REMOTE_UNAVAILABLE.needsConnectionTitle : REMOTE_UNAVAILABLE.title}
          </AlertTitle>
          <AlertDescription>{bodyOf(kind)}</AlertDescription>
          {detail ? (
            <Box as="details" fontSize="sm" data-testid="remote-unavailable-details" maxW="full">
              <Box as="summary" cursor="pointer">
                {REMOTE_UNAVAILABLE.details}
              </Box>
              <Code fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" mt={1}>
                {detail}
              </Code>
            </Box>
          ) : null}
          {waitsForNetwork ? null : (
            <Button size="sm" colorScheme="blue" onClick={onRetry}>
              {REMOTE_UNAVAILABLE.retry}
            </Button>
          )}
        </VStack>
      </Alert>
    </Box>
  );
}
