import { useRef, useState, type FormEvent } from 'react';
import {
  Button,
  FormControl,
  FormErrorMessage,
  FormLabel,
  Input,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  Stack,
} from '@chakra-ui/react';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import { validateColumnTitle, type TableColumnModel } from '../../model/table';
import { CUSTOM_RULE, validateCustomRule, type FieldValidation } from '../../model/validation-presets';
import { ValidationFields } from '../ValidationFields';

export interface ColumnModalProps {
  column: TableColumnModel;
  onSave: (patch: { title: string } & FieldValidation) => void;
  onClose: () => void;
}

/** The column modal: title (must not be empty) and the column's validation preset. */
export function ColumnModal({ column, onSave, onClose }: ColumnModalProps) {
  const [title, setTitle] = useState(column.title);
  const [validation, setValidation] = useState<FieldValidation>({
    regexRuleName: column.regexRuleName,
    pattern: column.pattern,
    errorMessage: column.errorMessage,
  });
  const ref = useRef<HTMLInputElement>(null);
  const titleError = validateColumnTitle(title);
  const ruleErrors =
    validation.regexRuleName === CUSTOM_RULE
      ? validateCustomRule(validation.pattern, validation.errorMessage)
      : {};
  const invalid = Boolean(titleError || ruleErrors.pattern || ruleErrors.errorMessage);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid) onSave({ title: title.trim(), ...validation });
  };
  return (
    <Modal isOpen onClose={onClose} initialFocusRef={ref}>
      <ModalOverlay />
      <ModalContent as="form" onSubmit={submit} noValidate aria-label="Edit column">
        <ModalHeader>Edit Column</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          <Stack spacing={4}>
            <FormControl isInvalid={Boolean(titleError)} isRequired>
              <FormLabel htmlFor="table-column-title">Column Name</FormLabel>
              <Input
                id="table-column-title"
                ref={ref}
                value={title}
                onChange={(e) => setTitle(e.target.value)}
              />
              <FormErrorMessage>{titleError}</FormErrorMessage>
            </FormControl>
            <ValidationFields
              idPrefix="table-column"
              value={validation}
              onChange={setValidation}
              errors={ruleErrors}
            />
          </Stack>
        </ModalBody>
        <ModalFooter gap={2}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorScheme="blue" isDisabled={invalid}>
            Save
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}

export interface HeaderModalProps {
  title: string;
  onSave: (title: string) => void;
  onClose: () => void;
}

/** Update Header: the table's header title (must not be empty). */
export function HeaderModal({ title: initial, onSave, onClose }: HeaderModalProps) {
  const [title, setTitle] = useState(initial);
  const ref = useRef<HTMLInputElement>(null);
  const error = title.trim() === '' ? M.labelRequired : undefined;
  return (
    <Modal isOpen onClose={onClose} initialFocusRef={ref}>
      <ModalOverlay />
      <ModalContent
        as="form"
        noValidate
        aria-label="Update header"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (!error) onSave(title.trim());
        }}
      >
        <ModalHeader>Update Header</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          <FormControl isInvalid={Boolean(error)} isRequired>
            <FormLabel htmlFor="table-header-title">Header</FormLabel>
            <Input
              id="table-header-title"
              ref={ref}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
            <FormErrorMessage>{error}</FormErrorMessage>
          </FormControl>
        </ModalBody>
        <ModalFooter gap={2}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorScheme="blue" isDisabled={Boolean(error)}>
            Save
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
