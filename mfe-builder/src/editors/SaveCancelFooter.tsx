import { Button, ModalFooter } from '@chakra-ui/react';

/** The editors' modal footer: Cancel, and Save submitting the modal's form (off while invalid). */
export function SaveCancelFooter({ onCancel, invalid }: { onCancel: () => void; invalid: boolean }) {
  return (
    <ModalFooter gap={2}>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" colorScheme="blue" isDisabled={invalid}>
        Save
      </Button>
    </ModalFooter>
  );
}
