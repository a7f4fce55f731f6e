import { Button, ModalFooter } from '@chakra-ui/react';
import { FIELD_EDITOR_TEXTS } from './texts';

/** The editors' modal footer: Cancel, and Save submitting the modal's form (off while invalid). */
export function SaveCancelFooter({ onCancel, invalid }: { onCancel: () => void; invalid: boolean }) {
  return (
    <ModalFooter gap={2}>
      <Button variant="ghost" onClick={onCancel}>
        {FIELD_EDITOR_TEXTS.cancel}
      </Button>
      <Button type="submit" colorScheme="blue" isDisabled={invalid}>
        {FIELD_EDITOR_TEXTS.save}
      </Button>
    </ModalFooter>
  );
}
