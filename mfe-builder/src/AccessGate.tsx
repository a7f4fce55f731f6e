import { Alert, AlertDescription, AlertIcon, AlertTitle, Box, Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ACCESS_TEXTS, defineTexts, type HostServices } from 'shared-contracts';
import { AppLink } from 'ui-kit/app-link';
import { useBuilderAccess } from 'ui-kit/use-builder-access';

export const ACCESS_GATE_TEXTS = defineTexts('accessGate', {
  checking: 'Checking your access…',
  backHome: 'Back to your forms',
} as const);

/**
 * The builder is for those the org lets edit form definitions: anyone else who opens a builder route
 * (a bookmark, a shared link) gets the no-access page instead of screens whose every call the org
 * would refuse. If the BFF cannot be asked (offline), the builder opens and its calls say why.
 */
export function AccessGate({ host, children }: { host: HostServices; children: ReactNode }) {
  const access = useBuilderAccess(host);
  if (access === 'allowed' || access === 'error') return <>{children}</>;
  return (
    <Box p={6} maxW="3xl" mx="auto" data-testid="remote-screen" data-remote="mfe-builder">
      {access === 'unknown' ? (
        <Spinner label={ACCESS_GATE_TEXTS.checking} />
      ) : (
        <Alert
          status="warning"
          borderRadius="md"
          flexDirection="column"
          alignItems="flex-start"
          gap={1}
          data-testid="builder-no-access"
        >
          <Box display="flex" alignItems="center">
            <AlertIcon />
            <AlertTitle as="h1" fontSize="lg">
              {ACCESS_TEXTS.noBuilderAccess}
            </AlertTitle>
          </Box>
          <AlertDescription>
            {ACCESS_TEXTS.noBuilderAccessDetail}{' '}
            <AppLink to="/" navigate={host.navigate} fontWeight="semibold">
              {ACCESS_GATE_TEXTS.backHome}
            </AppLink>
          </AlertDescription>
        </Alert>
      )}
    </Box>
  );
}
