// The form screen's banner of identified errors and its dialogs (discard, uploading, submitted, the
// submitting overlay): what FormScreen.tsx shows around the renderer, driven by its save flow.
import type { ReactNode } from 'react';
import {
  Alert,
  AlertDescription,
  AlertIcon,
  AlertTitle,
  Box,
  Button,
  Center,
  HStack,
  ListItem,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  OrderedList,
  Progress,
  Spinner,
  Text,
} from '@chakra-ui/react';
import { MESSAGES } from 'shared-contracts';
import { FORM_SCREEN_TEXTS as T } from './texts';

export type Phase = 'idle' | 'saving' | 'waiting' | 'uploading' | 'done';

/** The banner above the form: the org's refusal or the errors the server identified. */
export function IdentifiedErrors({ errors, rejected }: { errors: string[]; rejected: boolean }) {
  if (errors.length === 0 && !rejected) return null;
  return (
    <Alert status="error" mb={4} alignItems="flex-start" borderRadius="md" data-testid="identified-errors">
      <AlertIcon />
      <Box>
        <AlertTitle>{rejected ? MESSAGES.submitFailedWithErrors : MESSAGES.fixErrorsIdentified}</AlertTitle>
        {errors.length > 0 ? (
          <AlertDescription>
            <OrderedList>
              {errors.map((m, i) => (
                <ListItem key={i}>{m}</ListItem>
              ))}
            </OrderedList>
          </AlertDescription>
        ) : null}
      </Box>
    </Alert>
  );
}

export interface FormDialogsProps {
  confirmDiscard: boolean;
  onCancelDiscard: () => void;
  onDiscard: () => void;
  phase: Phase;
  /** Upload progress in percent (the uploading dialog). */
  progress: number;
  /** Closes the submitted dialog: leaves the form. */
  onDone: () => void;
  /** The report's actions beside Close in the submitted dialog. */
  report: ReactNode;
}

export function FormDialogs(props: FormDialogsProps) {
  return (
    <>
      <Modal isOpen={props.confirmDiscard} onClose={props.onCancelDiscard} isCentered>
        <ModalOverlay />
        <ModalContent>
          <ModalBody pt={6}>{MESSAGES.discardConfirm}</ModalBody>
          <ModalFooter gap={2}>
            <Button variant="outline" onClick={props.onCancelDiscard}>
              {T.cancel}
            </Button>
            <Button colorScheme="red" onClick={props.onDiscard}>
              {T.discard}
            </Button>
          </ModalFooter>
        </ModalContent>
      </Modal>

      <Modal
        isOpen={props.phase === 'uploading'}
        onClose={() => undefined}
        isCentered
        closeOnOverlayClick={false}
      >
        <ModalOverlay />
        <ModalContent data-testid="uploading-modal">
          <ModalHeader>{MESSAGES.uploadingFile}</ModalHeader>
          <ModalBody pb={6}>
            <Text mb={3}>{MESSAGES.fileUploading}</Text>
            <Progress value={props.progress} aria-label={MESSAGES.uploadingFile} />
          </ModalBody>
        </ModalContent>
      </Modal>

      <Modal isOpen={props.phase === 'done'} onClose={props.onDone} isCentered closeOnOverlayClick={false}>
        <ModalOverlay />
        <ModalContent data-testid="success-dialog">
          <ModalHeader>{MESSAGES.formSubmittedDialog}</ModalHeader>
          <ModalBody>{MESSAGES.successfullySubmitted}</ModalBody>
          {/* Close stays the dialog's first button (and its right-hand one); the report beside it */}
          <ModalFooter gap={2} flexDirection="row-reverse" justifyContent="space-between">
            <Button colorScheme="blue" onClick={props.onDone}>
              {T.close}
            </Button>
            {props.report}
          </ModalFooter>
        </ModalContent>
      </Modal>

      {props.phase === 'waiting' || props.phase === 'saving' ? (
        <Center position="fixed" inset={0} bg="blackAlpha.300" zIndex={1400} data-testid="submitting">
          <HStack bg="white" p={4} borderRadius="md" boxShadow="lg">
            <Spinner />
            <Text>{T.submitting}</Text>
          </HStack>
        </Center>
      ) : null}
    </>
  );
}
