import {
  Alert,
  AlertDescription,
  AlertDialog,
  AlertDialogBody,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogOverlay,
  AlertIcon,
  AlertTitle,
  Box,
  Button,
  ListItem,
  UnorderedList,
} from '@chakra-ui/react';
import { useRef } from 'react';
import type { Outcome } from './logic';
import { TEMPLATE_TEXTS as T } from './texts';

/** What the last publish or download gave: success, warning or the error with its problems. */
export function OutcomeAlert({ outcome }: { outcome: Outcome | null }) {
  if (!outcome || outcome.kind === 'confirm') return null;
  return (
    <Alert
      status={outcome.kind === 'success' ? 'success' : outcome.kind === 'warning' ? 'warning' : 'error'}
      alignItems="start"
      role="alert"
      data-testid="publish-outcome"
    >
      <AlertIcon />
      <Box>
        <AlertTitle>{outcome.text}</AlertTitle>
        {outcome.kind !== 'error' && outcome.detail && <AlertDescription>{outcome.detail}</AlertDescription>}
        {outcome.kind === 'error' && outcome.problems.length > 0 && (
          <UnorderedList>
            {outcome.problems.map((p) => (
              <ListItem key={p}>{p}</ListItem>
            ))}
          </UnorderedList>
        )}
      </Box>
    </Alert>
  );
}

/** The org already has the component: overwrite it (the same publish again, overwriting) or not. */
export function OverwriteDialog({
  outcome,
  onCancel,
  onOverwrite,
}: {
  outcome: Outcome | null;
  onCancel(): void;
  onOverwrite(): void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog isOpen={outcome?.kind === 'confirm'} leastDestructiveRef={cancelRef} onClose={onCancel}>
      <AlertDialogOverlay>
        <AlertDialogContent>
          <AlertDialogHeader>{T.overwriteTitle}</AlertDialogHeader>
          <AlertDialogBody>{outcome?.kind === 'confirm' ? outcome.text : ''}</AlertDialogBody>
          <AlertDialogFooter>
            <Button ref={cancelRef} onClick={onCancel}>
              {T.cancel}
            </Button>
            <Button colorScheme="red" ms={3} onClick={onOverwrite}>
              {T.overwrite}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialogOverlay>
    </AlertDialog>
  );
}
