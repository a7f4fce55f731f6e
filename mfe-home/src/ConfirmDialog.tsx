import { useRef } from 'react';
import {
  AlertDialog,
  AlertDialogBody,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogOverlay,
} from '@chakra-ui/react-extra';
import { Button } from '@chakra-ui/react';
import { HOME_TEXTS } from './texts';

export interface ConfirmProps {
  isOpen: boolean;
  text: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The confirmation dialog itself. Chakra's dialogs (focus lock, scroll lock) are in the second shared
 * Chakra part, which home's first screen does not load: cards.tsx's Confirm fetches this module the
 * first time a confirmation opens (issue 46).
 */
export function ConfirmDialog({ isOpen, text, confirmLabel, onConfirm, onCancel }: ConfirmProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog isOpen={isOpen} leastDestructiveRef={cancelRef} onClose={onCancel} isCentered>
      <AlertDialogOverlay>
        <AlertDialogContent>
          <AlertDialogBody pt={6}>{text}</AlertDialogBody>
          <AlertDialogFooter gap={3}>
            <Button ref={cancelRef} onClick={onCancel}>
              {HOME_TEXTS.cancel}
            </Button>
            <Button colorScheme="red" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialogOverlay>
    </AlertDialog>
  );
}
