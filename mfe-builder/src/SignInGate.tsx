import { Alert, AlertDescription, AlertIcon, Box, Spinner } from '@chakra-ui/react';
import { AppLink } from 'ui-kit/app-link';
import type { ReactNode } from 'react';
import { useObservable } from 'ui-kit/use-observable';
import { defineTexts, MESSAGES, type HostServices } from 'shared-contracts';

export const SIGN_IN_TEXTS = defineTexts('signIn', {
  notSignedIn: 'You are not signed in. Sign in to build forms and publish templates.',
  signIn: 'Sign in',
  checking: 'Checking your sign-in…',
} as const);

/**
 * Every builder screen works on the org, so it needs a signed-in user: signed out, the screen says
 * so and offers sign-in instead of calling the org (which answered 401 and showed "session
 * expired" to someone who had never signed in, or a spinner that never ended).
 */
export function SignInGate({ host, children }: { host: HostServices; children: ReactNode }) {
  const session = useObservable(host.session.state);
  if (session.status === 'signedIn') return <>{children}</>;
  return (
    <Box p={6} maxW="3xl" mx="auto" data-testid="remote-screen" data-remote="mfe-builder">
      {session.status === 'loading' ? (
        <Spinner label={SIGN_IN_TEXTS.checking} />
      ) : (
        <Alert
          status={session.expired ? 'warning' : 'info'}
          borderRadius="md"
          data-testid="builder-signed-out"
        >
          <AlertIcon />
          <AlertDescription>
            {session.expired ? MESSAGES.sessionExpired : SIGN_IN_TEXTS.notSignedIn}{' '}
            <AppLink to="/login" navigate={host.navigate} fontWeight="semibold">
              {SIGN_IN_TEXTS.signIn}
            </AppLink>
          </AlertDescription>
        </Alert>
      )}
    </Box>
  );
}
