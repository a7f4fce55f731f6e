/** What the form screen shows before a form is open: loading, the definition unreachable, no such record. */
import {
  Alert,
  AlertDescription,
  AlertIcon,
  AlertTitle,
  Box,
  Button,
  Center,
  Link,
  Spinner,
} from '@chakra-ui/react';
import { MESSAGES, bffErrorText, type ErrorWording, type HostServices } from 'shared-contracts';
import { isPlainClick } from 'ui-kit';
import { FORM_SCREEN_TEXTS as T } from './texts';

export function Loading() {
  return (
    <Center p={10} data-testid="remote-screen" data-remote="mfe-form" data-state="loading">
      <Spinner size="xl" label={T.loading} />
    </Center>
  );
}

/** The definition could not be read now: why, Try again, and the way home. */
export function Unavailable({
  host,
  message,
  wording,
  onRetry,
}: {
  host: HostServices;
  message: string;
  wording?: ErrorWording | undefined;
  onRetry: () => void;
}) {
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-form" data-state="unavailable">
      <Alert status="warning" borderRadius="md" alignItems="flex-start">
        <AlertIcon />
        <Box>
          <AlertTitle>{bffErrorText(message, wording)}</AlertTitle>
          <AlertDescription display="flex" gap={4} mt={2} alignItems="center">
            <Button size="sm" onClick={onRetry}>
              {T.tryAgain}
            </Button>
            <Link
              href="/"
              textDecoration="underline"
              onClick={(e) => {
                if (!isPlainClick(e)) return;
                e.preventDefault();
                host.navigate('/');
              }}
            >
              {T.goBack}
            </Link>
          </AlertDescription>
        </Box>
      </Alert>
    </Box>
  );
}

/** No such submission (spec: "Couldn't find the matching submission."). */
export function NotFound({ host }: { host: HostServices }) {
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-form" data-state="not-found">
      <Alert status="warning" borderRadius="md">
        <AlertIcon />
        <Box>
          <AlertTitle>{MESSAGES.submissionNotFound}</AlertTitle>
          <AlertDescription>
            <Link
              href="/"
              textDecoration="underline"
              onClick={(e) => {
                if (!isPlainClick(e)) return; // a new tab or window opens home
                e.preventDefault();
                if (window.history.length > 1) window.history.back();
                else host.navigate('/');
              }}
            >
              {T.goBack}
            </Link>
          </AlertDescription>
        </Box>
      </Alert>
    </Box>
  );
}
