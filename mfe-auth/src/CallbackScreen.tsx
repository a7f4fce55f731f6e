import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertIcon, Box, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSearch } from './location';
import { MESSAGES, type HostServices, type LoginTarget } from 'shared-contracts';
import { AUTH_TEXTS } from './texts';

/** Where each callback lands once sign-in is complete. */
export const AFTER_SIGN_IN: Record<LoginTarget, string> = {
  main: '/',
  otherOrg: '/templateConfiguration',
};

/**
 * /authSuccessCallback and /authOtherOrgSuccessCallback: the BFF has exchanged the code and sent
 * the browser here with `?status=ok` or `?status=error&error=...`; the host finishes sign-in
 * (stores both user-details records) and we land on home. A failure shows the spec's message.
 */
export function CallbackScreen({ host, target }: { host: HostServices; target: LoginTarget }) {
  const search = useSearch();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    host.session.completeSignIn(search, target).then(
      () => host.navigate(AFTER_SIGN_IN[target], { replace: true }),
      (error: unknown) => {
        const message = error instanceof Error && error.message ? error.message : MESSAGES.unableToConnect;
        setFailed(message);
      },
    );
  }, [host, search, target]);

  return (
    <Box data-testid="remote-screen" data-remote="mfe-auth" p={6} maxW="lg" mx="auto">
      {failed === null ? (
        <Stack align="center" spacing={4} py={10} role="status">
          <Spinner size="xl" color="blue.600" />
          <Text>{target === 'main' ? AUTH_TEXTS.signingIn : AUTH_TEXTS.connectingOtherOrg}</Text>
        </Stack>
      ) : (
        <Stack spacing={4} py={6}>
          <Alert status="error" borderRadius="md" data-testid="signin-error">
            <AlertIcon />
            <AlertDescription>
              {failed === MESSAGES.unableToConnect ? failed : `${MESSAGES.unableToConnect}: ${failed}`}
            </AlertDescription>
          </Alert>
          <Link
            href="/login"
            color="blue.700"
            onClick={(e) => {
              e.preventDefault();
              host.navigate('/login', { replace: true });
            }}
          >
            {AUTH_TEXTS.backToLogin}
          </Link>
        </Stack>
      )}
    </Box>
  );
}
