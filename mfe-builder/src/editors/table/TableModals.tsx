import { useRef } from 'react';
import { useFormik } from 'formik';
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
import { validateRelationshipName, type TakenNames } from '../../model/api-name';
import { validateColumnTitle, validateHeaderTitle, type TableColumnModel } from '../../model/table';
import { CUSTOM_RULE, validateCustomRule, type FieldValidation } from '../../model/validation-presets';
import { ValidationFields } from '../ValidationFields';
import { SaveCancelFooter } from '../SaveCancelFooter';
import { onlyMessages, submitWith } from '../formik-helpers';

export interface ColumnModalProps {
  column: TableColumnModel;
  onSave: (patch: { title: string } & FieldValidation) => void;
  onClose: () => void;
}

interface ColumnValues {
  title: string;
  validation: FieldValidation;
}

/** The column modal's checks: the title (not empty) and, for Custom, the rule code and message. */
const columnErrors = (v: ColumnValues) => {
  const rule = onlyMessages(
    v.validation.regexRuleName === CUSTOM_RULE
      ? validateCustomRule(v.validation.pattern, v.validation.errorMessage)
      : {},
  );
  return {
    ...onlyMessages({ title: validateColumnTitle(v.title) }),
    ...(Object.keys(rule).length ? { validation: rule } : {}),
  };
};

/** The column modal: title (must not be empty) and the column's validation preset. */
export function ColumnModal({ column, onSave, onClose }: ColumnModalProps) {
  const ref = useRef<HTMLInputElement>(null);
  const initialValues: ColumnValues = {
    title: column.title,
    validation: {
      regexRuleName: column.regexRuleName,
      pattern: column.pattern,
      errorMessage: column.errorMessage,
    },
  };
  const formik = useFormik<ColumnValues>({
    initialValues,
    initialErrors: columnErrors(initialValues),
    validate: columnErrors,
    onSubmit: (v) => onSave({ title: v.title.trim(), ...v.validation }),
  });
  const { errors } = formik;
  return (
    <Modal isOpen onClose={onClose} initialFocusRef={ref}>
      <ModalOverlay />
      <ModalContent as="form" onSubmit={submitWith(formik)} noValidate aria-label="Edit column">
        <ModalHeader>Edit Column</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          <Stack spacing={4}>
            <FormControl isInvalid={Boolean(errors.title)} isRequired>
              <FormLabel htmlFor="table-column-title">Column Name</FormLabel>
              <Input id="table-column-title" ref={ref} {...formik.getFieldProps('title')} />
              <FormErrorMessage>{errors.title}</FormErrorMessage>
            </FormControl>
            <ValidationFields
              idPrefix="table-column"
              value={formik.values.validation}
              onChange={(validation) => void formik.setFieldValue('validation', validation)}
              errors={errors.validation}
            />
          </Stack>
        </ModalBody>
        <SaveCancelFooter onCancel={onClose} invalid={!formik.isValid} />
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

interface HeaderValues {
  title: string;
  relationshipName: string;
}

/** Update Header: the table's header title (must not be empty) and, optionally, its relationship name. */
export function HeaderModal({ title, relationship, onSave, onClose }: HeaderModalProps) {
  const ref = useRef<HTMLInputElement>(null);
  const validate = (v: HeaderValues) =>
    onlyMessages({
      title: validateHeaderTitle(v.title),
      relationshipName: relationship
        ? validateRelationshipName(v.relationshipName, relationship.tableApiName, relationship.taken)
        : undefined,
    });
  const initialValues: HeaderValues = { title, relationshipName: relationship?.name ?? '' };
  const formik = useFormik<HeaderValues>({
    initialValues,
    initialErrors: validate(initialValues),
    validate,
    onSubmit: (v) => onSave(v.title.trim(), relationship ? v.relationshipName : undefined),
  });
  const { errors } = formik;
  return (
    <Modal isOpen onClose={onClose} initialFocusRef={ref}>
      <ModalOverlay />
      <ModalContent as="form" noValidate aria-label="Update header" onSubmit={submitWith(formik)}>
        <ModalHeader>Update Header</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          <Stack spacing={4}>
            <FormControl isInvalid={Boolean(errors.title)} isRequired>
              <FormLabel htmlFor="table-header-title">Header</FormLabel>
              <Input id="table-header-title" ref={ref} {...formik.getFieldProps('title')} />
              <FormErrorMessage>{errors.title}</FormErrorMessage>
            </FormControl>
            {relationship ? (
              <FormControl isInvalid={Boolean(errors.relationshipName)} isRequired>
                <FormLabel htmlFor="table-relationship-name">Relationship Name</FormLabel>
                <Input
                  id="table-relationship-name"
                  fontFamily="mono"
                  {...formik.getFieldProps('relationshipName')}
                />
                <FormErrorMessage>{errors.relationshipName}</FormErrorMessage>
              </FormControl>
            ) : null}
          </Stack>
        </ModalBody>
        <SaveCancelFooter onCancel={onClose} invalid={!formik.isValid} />
      </ModalContent>
    </Modal>
  );
}
