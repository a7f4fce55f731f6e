import { useRef, useState, type FormEvent } from 'react';
import {
  FormControl,
  FormErrorMessage,
  FormLabel,
  Input,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalHeader,
  ModalOverlay,
  Stack,
} from '@chakra-ui/react';
import { BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import { validateRelationshipName, type TakenNames } from '../../model/api-name';
import { validateColumnTitle, type TableColumnModel } from '../../model/table';
import { CUSTOM_RULE, validateCustomRule, type FieldValidation } from '../../model/validation-presets';
import { ValidationFields } from '../ValidationFields';
import { SaveCancelFooter } from '../SaveCancelFooter';

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
        <SaveCancelFooter onCancel={onClose} invalid={invalid} />
      </ModalContent>
    </Modal>
  );
}

export interface HeaderModalProps {
  title: string;
  /** Given: the relationship name is edited too, checked against the table's API name and `taken`. */
  relationship?: { name: string; tableApiName: string; taken: TakenNames };
  onSave: (title: string, relationshipName?: string) => void;
  onClose: () => void;
}

/** Update Header: the table's header title (must not be empty) and, optionally, its relationship name. */
export function HeaderModal({ title: initial, relationship, onSave, onClose }: HeaderModalProps) {
  const [title, setTitle] = useState(initial);
  const [rel, setRel] = useState(relationship?.name ?? '');
  const ref = useRef<HTMLInputElement>(null);
  const error = title.trim() === '' ? M.labelRequired : undefined;
  const relError = relationship
    ? validateRelationshipName(rel, relationship.tableApiName, relationship.taken)
    : undefined;
  const invalid = Boolean(error || relError);
  return (
    <Modal isOpen onClose={onClose} initialFocusRef={ref}>
      <ModalOverlay />
      <ModalContent
        as="form"
        noValidate
        aria-label="Update header"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (!invalid) onSave(title.trim(), relationship ? rel : undefined);
        }}
      >
        <ModalHeader>Update Header</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          <Stack spacing={4}>
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
            {relationship ? (
              <FormControl isInvalid={Boolean(relError)} isRequired>
                <FormLabel htmlFor="table-relationship-name">Relationship Name</FormLabel>
                <Input
                  id="table-relationship-name"
                  fontFamily="mono"
                  value={rel}
                  onChange={(e) => setRel(e.target.value)}
                />
                <FormErrorMessage>{relError}</FormErrorMessage>
              </FormControl>
            ) : null}
          </Stack>
        </ModalBody>
        <SaveCancelFooter onCancel={onClose} invalid={invalid} />
      </ModalContent>
    </Modal>
  );
}
