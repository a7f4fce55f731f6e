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
  HStack,
  Stack,
  Switch,
} from '@chakra-ui/react';
import { validateRelationshipName, validateTableApiName, type TakenNames } from '../../model/api-name';
import type { TableSettings } from '../../model/table-field';
import { validateColumnTitle, validateHeaderTitle, type TableColumnModel } from '../../model/table';
import { CUSTOM_RULE, validateCustomRule, type FieldValidation } from '../../model/validation-presets';
import { ValidationFields } from '../ValidationFields';
import { SaveCancelFooter } from '../SaveCancelFooter';
import { onlyMessages, submitWith } from '../formik-helpers';
import { TABLE_EDITOR_TEXTS as TT } from './texts';
import { FIELD_EDITOR_TEXTS } from '../texts';

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
      <ModalContent as="form" onSubmit={submitWith(formik)} noValidate aria-label={TT.editColumnForm}>
        <ModalHeader>{TT.editColumn}</ModalHeader>
        <ModalCloseButton aria-label={FIELD_EDITOR_TEXTS.close} />
        <ModalBody>
          <Stack spacing={4}>
            <FormControl isInvalid={Boolean(errors.title)} isRequired>
              <FormLabel htmlFor="table-column-title">{TT.columnName}</FormLabel>
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
      <ModalContent as="form" noValidate aria-label={TT.updateHeaderForm} onSubmit={submitWith(formik)}>
        <ModalHeader>{TT.updateHeader}</ModalHeader>
        <ModalCloseButton aria-label={FIELD_EDITOR_TEXTS.close} />
        <ModalBody>
          <Stack spacing={4}>
            <FormControl isInvalid={Boolean(errors.title)} isRequired>
              <FormLabel htmlFor="table-header-title">{TT.header}</FormLabel>
              <Input id="table-header-title" ref={ref} {...formik.getFieldProps('title')} />
              <FormErrorMessage>{errors.title}</FormErrorMessage>
            </FormControl>
            {relationship ? (
              <FormControl isInvalid={Boolean(errors.relationshipName)} isRequired>
                <FormLabel htmlFor="table-relationship-name">{TT.relationshipName}</FormLabel>
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

export interface TableSettingsModalProps {
  value: TableSettings;
  /** The relationship name the API name must differ from; undefined when it follows the API name. */
  relationshipName: string | undefined;
  /** The form's other field, table and relationship names. */
  taken: TakenNames;
  onSave: (value: TableSettings) => void;
  onClose: () => void;
}

/** A table's Edit: its API name (valid, unique), Required and Read Only (builder spec sections 4-5). */
export function TableSettingsModal({
  value,
  relationshipName,
  taken,
  onSave,
  onClose,
}: TableSettingsModalProps) {
  const ref = useRef<HTMLInputElement>(null);
  const validate = (v: TableSettings) =>
    onlyMessages({ apiName: validateTableApiName(v.apiName, relationshipName, taken) });
  const formik = useFormik<TableSettings>({
    initialValues: value,
    initialErrors: validate(value),
    validate,
    onSubmit: (v) => onSave({ ...v, apiName: v.apiName.trim() }),
  });
  const { errors, values } = formik;
  return (
    <Modal isOpen onClose={onClose} initialFocusRef={ref}>
      <ModalOverlay />
      <ModalContent as="form" noValidate aria-label={TT.editTableForm} onSubmit={submitWith(formik)}>
        <ModalHeader>{TT.editTable}</ModalHeader>
        <ModalCloseButton aria-label={FIELD_EDITOR_TEXTS.close} />
        <ModalBody>
          <Stack spacing={4}>
            <FormControl isInvalid={Boolean(errors.apiName)} isRequired>
              <FormLabel htmlFor="table-api-name">{TT.apiName}</FormLabel>
              <Input id="table-api-name" ref={ref} fontFamily="mono" {...formik.getFieldProps('apiName')} />
              <FormErrorMessage>{errors.apiName}</FormErrorMessage>
            </FormControl>
            <HStack spacing={8}>
              <FormControl display="flex" alignItems="center" w="auto">
                <FormLabel htmlFor="table-required" mb={0}>
                  {TT.required}
                </FormLabel>
                <Switch
                  id="table-required"
                  isChecked={values.required}
                  onChange={(e) => void formik.setFieldValue('required', e.target.checked)}
                />
              </FormControl>
              <FormControl display="flex" alignItems="center" w="auto">
                <FormLabel htmlFor="table-readonly" mb={0}>
                  {TT.readOnly}
                </FormLabel>
                <Switch
                  id="table-readonly"
                  isChecked={values.readOnly}
                  onChange={(e) => void formik.setFieldValue('readOnly', e.target.checked)}
                />
              </FormControl>
            </HStack>
          </Stack>
        </ModalBody>
        <SaveCancelFooter onCancel={onClose} invalid={!formik.isValid} />
      </ModalContent>
    </Modal>
  );
}
