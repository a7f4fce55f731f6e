import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  AlertDescription,
  AlertIcon,
  Box,
  Button,
  Divider,
  FormControl,
  FormHelperText,
  FormLabel,
  Heading,
  Input,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useSearch } from './location';
import { isValidDomainUrl, MESSAGES, type ClientEnv, type HostServices } from 'shared-contracts';
import { browser } from './browser';
import { Logo } from './Logo';
import { AUTH_TEXTS } from './texts';
import { useObservable } from './useObservable';

type EnvState = { kind: 'loading' } | { kind: 'ready'; env: ClientEnv } | { kind: 'failed' };

function offered(env: ClientEnv | null, option: string): boolean {
  if (!env) return false;
  return env.loginOptions.length === 0 || env.loginOptions.includes(option);
}

/** /login: logo, title, production, sandbox and custom-domain sign-in (spec sections 2 and 4). */
export function LoginScreen({ host }: { host: HostServices }) {
  const session = useObservable(host.session.state);
  const search = useSearch();
  // The home screen adds ?expired=1 when it saw the session end on its own: several 401s in a row
  // may have settled the state as a plain sign-out by the time this screen mounts.
  const expired =
    session.status === 'signedOut' && (session.expired || new URLSearchParams(search).has('expired'));
  const [envState, setEnvState] = useState<EnvState>({ kind: 'loading' });
  const [domain, setDomain] = useState('');

  const loadEnv = useCallback(() => {
    setEnvState({ kind: 'loading' });
    host.session.env().then(
      (env) => setEnvState({ kind: 'ready', env }),
      () => setEnvState({ kind: 'failed' }),
    );
  }, [host]);
  useEffect(loadEnv, [loadEnv]);

  const env = envState.kind === 'ready' ? envState.env : null;
  const canLogin = !!env && !!env.clientId && env.loginEnabled;
  const domainValid = isValidDomainUrl(domain);

  const signIn = (loginUrl: string) => browser.assign(host.session.loginHref(loginUrl, 'main'));

  return (
    <Box
      data-testid="remote-screen"
      data-remote="mfe-auth"
      minH="70vh"
      display="flex"
      alignItems="center"
      justifyContent="center"
      p={4}
    >
      <Box w="full" maxW="md" bg="white" borderWidth="1px" borderRadius="lg" boxShadow="sm" p={8}>
        <Stack spacing={5}>
          <Stack align="center" spacing={3}>
            <Logo boxSize={16} />
            <Heading as="h1" size="lg">
              {AUTH_TEXTS.appTitle}
            </Heading>
            <Text color="gray.600" textAlign="center">
              {AUTH_TEXTS.subtitle}
            </Text>
          </Stack>

          {expired && (
            <Alert status="warning" borderRadius="md" data-testid="session-expired">
              <AlertIcon />
              <AlertDescription>{MESSAGES.sessionExpired}</AlertDescription>
            </Alert>
          )}
          {session.status === 'signedIn' && (
            <Alert status="info" borderRadius="md">
              <AlertIcon />
              <AlertDescription>
                {AUTH_TEXTS.signedInAs(session.userDetails.Name)}{' '}
                <Link
                  href="/"
                  fontWeight="semibold"
                  onClick={(e) => {
                    e.preventDefault();
                    host.navigate('/');
                  }}
                >
                  {AUTH_TEXTS.goHome}
                </Link>
              </AlertDescription>
            </Alert>
          )}
          {envState.kind === 'loading' && (
            <Stack align="center">
              <Spinner aria-label="Loading" />
            </Stack>
          )}
          {envState.kind === 'failed' && (
            <Alert status="error" borderRadius="md">
              <AlertIcon />
              <AlertDescription>
                {AUTH_TEXTS.envUnavailable}{' '}
                <Button size="sm" variant="link" colorScheme="red" onClick={loadEnv}>
                  {AUTH_TEXTS.retry}
                </Button>
              </AlertDescription>
            </Alert>
          )}
          {env && !canLogin && (
            <Alert status="warning" borderRadius="md">
              <AlertIcon />
              <AlertDescription>{AUTH_TEXTS.notConfigured}</AlertDescription>
            </Alert>
          )}

          <Stack spacing={3}>
            <Button
              colorScheme="blue"
              isDisabled={!canLogin || !offered(env, 'production')}
              onClick={() => signIn('production')}
            >
              {AUTH_TEXTS.production}
            </Button>
            <Button
              colorScheme="blue"
              variant="outline"
              isDisabled={!canLogin || !offered(env, 'sandbox')}
              onClick={() => signIn('sandbox')}
            >
              {AUTH_TEXTS.sandbox}
            </Button>
          </Stack>
          <Divider />
          <Box
            as="form"
            onSubmit={(e: React.FormEvent) => {
              e.preventDefault();
              if (canLogin && domainValid) signIn(domain.trim().replace(/\/$/, ''));
            }}
          >
            <FormControl>
              <FormLabel>{AUTH_TEXTS.customDomainLabel}</FormLabel>
              <Input
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder={AUTH_TEXTS.customDomainPlaceholder}
                value={domain}
                onChange={(e) => setDomain(e.target.value)}
                isInvalid={domain.trim() !== '' && !domainValid}
              />
              <FormHelperText color="gray.600">{AUTH_TEXTS.customDomainHelp}</FormHelperText>
            </FormControl>
            <Button
              type="submit"
              mt={3}
              w="full"
              variant="outline"
              isDisabled={!canLogin || !domainValid || !offered(env, 'custom')}
            >
              {AUTH_TEXTS.customDomainButton}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
