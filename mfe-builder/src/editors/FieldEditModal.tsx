import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import {
  Button,
  Checkbox,
  FormControl,
  FormErrorMessage,
  FormHelperText,
  FormLabel,
  HStack,
  IconButton,
  Input,
  List,
  ListItem,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalHeader,
  ModalOverlay,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  useToast,
} from '@chakra-ui/react';
import { BUILDER, BUILDER_EDITOR_MESSAGES as M } from 'shared-contracts';
import { BARCODE_FORMATS, PHOTO, type PhotoFieldOptions } from 'form-core';
import { takenNames as toTaken, uniqueApiName, type TakenNames } from '../model/api-name';
import { DEFAULT_TOKEN_TEXTS, YES_NO_VALUES } from '../model/default-value';
import {
  addPicklistValue,
  defaultKindOf,
  hasDefault,
  hasValidation,
  removePicklistValue,
  validateDraft,
  type FieldDraft,
} from './field-draft';
import { ValidationFields } from './ValidationFields';
import { DependsOnFields, type LookupDependencies } from './DependsOnFields';
import { RuleEditor, type FieldOption } from './rules/RuleEditor';
import { cleanRule, rulesValid } from './rules/rule-model';
import { SaveCancelFooter } from './SaveCancelFooter';
import { FIELD_EDITOR_TEXTS as T } from './texts';
import { onlyMessages, submitWith } from './formik-helpers';
import { CloseIcon } from 'ui-kit/icons';

export interface FieldEditModalProps {
  /** The field as it is; edits stay local until Save. */
  draft: FieldDraft;
  /** API names of the other fields, tables and relationship names of the form (not this field's). */
  takenNames: Iterable<string>;
  onSave: (updated: FieldDraft) => void;
  onClose: () => void;
  isOpen?: boolean;
  /**
   * Data paths the rule editor offers (the form's fields). Given: the modal edits the field's rules
   * (`draft.rules`) and saves them cleaned; absent: no rule editor, rules untouched.
   */
  ruleFields?: readonly FieldOption[];
  /** Object lookups: the form's other lookups and their objects' fields, for `dependsOn`. */
  lookups?: LookupDependencies;
  /** Extra content under the field settings. */
  children?: ReactNode;
}

/** Each kind's name (read when shown: in the language active then). */
const KIND_TITLES: Record<FieldDraft['kind'], () => string> = {
  text: () => T.textField,
  date: () => T.dateField,
  dropdown: () => T.dropdown,
  yesno: () => T.yesNoField,
  blank: () => T.blankSpace,
  object: () => T.field,
  photo: () => T.photo,
  location: () => T.location,
  scan: () => T.scanField,
};

/**
 * Formik's errors of a draft: the draft's own checks (`validateDraft`, builder spec sections 5 and 8)
 * with the rule code and message under `validation`, and the rules when the modal edits them.
 */
export function draftFormErrors(
  d: FieldDraft,
  taken: TakenNames,
  checkRules: boolean,
): FormikErrors<FieldDraft> {
  const { pattern, errorMessage, photoMaxEdge, photoQuality, ...own } = validateDraft(d, taken);
  const validation = onlyMessages({ pattern, errorMessage });
  const photo = onlyMessages({ maxEdge: photoMaxEdge, quality: photoQuality });
  return {
    ...onlyMessages(own),
    ...(Object.keys(validation).length ? { validation } : {}),
    // Formik types an optional object's errors as one string; the photo options' are per box.
    ...(Object.keys(photo).length ? { photo: photo as unknown as string } : {}),
    ...(checkRules && !rulesValid(d.rules) ? { rules: T.rulesIncomplete } : {}),
  };
}

const textOf = (e: unknown): string | undefined => (typeof e === 'string' ? e : undefined);

/** The field edit modal (builder spec sections 2, 5, 8): every error inline, Save blocked while any. */
export const FieldEditModal = memo(function FieldEditModal({
  draft,
  takenNames,
  onSave,
  onClose,
  isOpen = true,
  ruleFields,
  lookups,
  children,
}: FieldEditModalProps) {
  const labelRef = useRef<HTMLInputElement>(null);
  const [newValue, setNewValue] = useState('');
  // A new field's API name follows its label until the user types a name of their own.
  const [followLabel, setFollowLabel] = useState(Boolean(draft.isNew) && draft.kind !== 'object');
  const taken = useMemo(() => toTaken(takenNames), [takenNames]);
  const checkRules = ruleFields !== undefined;
  const validate = (values: FieldDraft) => draftFormErrors(values, taken, checkRules);
  const formik = useFormik<FieldDraft>({
    initialValues: draft,
    // Errors show from the start (a field dropped with a duplicate name says so at once).
    initialErrors: validate(draft),
    validate,
    onSubmit: (values) => {
      const { isNew: _isNew, ...rest } = values;
      onSave(ruleFields && rest.rules ? { ...rest, rules: rest.rules.map(cleanRule) } : rest);
    },
  });
  const d = formik.values;
  const photoErrors = formik.errors.photo as { maxEdge?: string; quality?: string } | undefined;
  const errors = {
    label: textOf(formik.errors.label),
    apiName: textOf(formik.errors.apiName),
    defaultValue: textOf(formik.errors.defaultValue),
    options: textOf(formik.errors.options),
    requiredAccuracy: textOf(formik.errors.requiredAccuracy),
    scanFormats: textOf(formik.errors.scanFormats),
    dependsOnField: textOf(formik.errors.dependsOnField),
    pattern: formik.errors.validation?.pattern,
    errorMessage: formik.errors.validation?.errorMessage,
    photoMaxEdge: photoErrors?.maxEdge,
    photoQuality: photoErrors?.quality,
  };
  const toast = useToast();

  // The spec's duplicate-API-name toast (3 s), once each time the name becomes a duplicate.
  const wasDuplicate = useRef(false);
  const duplicate = errors.apiName === M.duplicateApiName;
  useEffect(() => {
    if (duplicate && !wasDuplicate.current && !toast.isActive('duplicate-api-name')) {
      toast({
        id: 'duplicate-api-name',
        status: 'error',
        description: M.duplicateApiName,
        duration: BUILDER.duplicateErrorToastMs,
        isClosable: true,
      });
    }
    wasDuplicate.current = duplicate;
  }, [duplicate, toast]);

  const set = (patch: Partial<FieldDraft>) => void formik.setValues((prev) => ({ ...prev, ...patch }));
  const { setValues } = formik;
  const setDependency = useCallback(
    (patch: Pick<FieldDraft, 'dependsOn' | 'dependsOnField'>) =>
      void setValues((prev) => ({ ...prev, ...patch })),
    [setValues],
  );
  const addValue = () => {
    set({ options: addPicklistValue(d.options, newValue) });
    setNewValue('');
  };

  const defaultKind = defaultKindOf(d);
  const ids = 'field-edit';
  return (
    <Modal isOpen={isOpen} onClose={onClose} size="xl" scrollBehavior="inside" initialFocusRef={labelRef}>
      <ModalOverlay />
      <ModalContent
        as="form"
        onSubmit={submitWith(formik)}
        noValidate
        aria-label={T.edit(KIND_TITLES[d.kind]())}
      >
        <ModalHeader>{T.edit(KIND_TITLES[d.kind]())}</ModalHeader>
        <ModalCloseButton aria-label={T.close} />
        <ModalBody>
          <Stack spacing={4}>
            <FormControl isInvalid={Boolean(errors.label)} isRequired>
              <FormLabel htmlFor={`${ids}-label`}>{T.label}</FormLabel>
              <Input
                ref={labelRef}
                id={`${ids}-label`}
                value={d.label}
                onChange={(e) => {
                  const label = e.target.value;
                  set(followLabel ? { label, apiName: uniqueApiName(label, taken) } : { label });
                }}
              />
              <FormErrorMessage>{errors.label}</FormErrorMessage>
            </FormControl>
            <FormControl isInvalid={Boolean(errors.apiName)} isRequired isReadOnly={d.kind === 'object'}>
              <FormLabel htmlFor={`${ids}-api`}>{T.apiName}</FormLabel>
              <Input
                id={`${ids}-api`}
                fontFamily="mono"
                value={d.apiName}
                onChange={(e) => {
                  setFollowLabel(false);
                  set({ apiName: e.target.value });
                }}
              />
              <FormErrorMessage>{errors.apiName}</FormErrorMessage>
            </FormControl>
            {d.kind === 'dropdown' ? (
              <FormControl isInvalid={Boolean(errors.options)}>
                <FormLabel htmlFor={`${ids}-new-value`}>{T.picklistValues}</FormLabel>
                <List spacing={1} aria-label={T.picklistValueList}>
                  {d.options.map((o, i) => (
                    <ListItem key={o.const}>
                      <HStack justify="space-between">
                        <Text>{o.title}</Text>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={T.deleteValue(o.title)}
                          icon={<CloseIcon />}
                          onClick={() => set({ options: removePicklistValue(d.options, i) })}
                        />
                      </HStack>
                    </ListItem>
                  ))}
                </List>
                <HStack mt={2}>
                  <Input
                    id={`${ids}-new-value`}
                    placeholder={T.newValue}
                    value={newValue}
                    onChange={(e) => setNewValue(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        addValue();
                      }
                    }}
                  />
                  <Button onClick={addValue}>{T.add}</Button>
                </HStack>
                <FormErrorMessage>{errors.options}</FormErrorMessage>
              </FormControl>
            ) : null}
            {d.kind === 'photo' && d.photo ? (
              <PhotoOptionsFields
                idPrefix={ids}
                value={d.photo}
                onChange={(photo) => set({ photo })}
                errors={{ maxEdge: errors.photoMaxEdge, quality: errors.photoQuality }}
              />
            ) : null}
            {d.requiredAccuracy !== undefined ? (
              <FormControl isInvalid={Boolean(errors.requiredAccuracy)}>
                <FormLabel htmlFor={`${ids}-accuracy`}>{T.requiredAccuracy}</FormLabel>
                <Input
                  id={`${ids}-accuracy`}
                  inputMode="numeric"
                  value={d.requiredAccuracy}
                  placeholder={T.anyAccuracy}
                  onChange={(e) => set({ requiredAccuracy: e.target.value })}
                />
                {errors.requiredAccuracy ? (
                  <FormErrorMessage>{errors.requiredAccuracy}</FormErrorMessage>
                ) : (
                  <FormHelperText>{T.accuracyHelp}</FormHelperText>
                )}
              </FormControl>
            ) : null}
            {d.scanFormats !== undefined ? (
              <FormControl as="fieldset" isInvalid={Boolean(errors.scanFormats)}>
                <FormLabel as="legend">{T.codeFormats}</FormLabel>
                <SimpleGrid columns={{ base: 2, sm: 3 }} spacing={1}>
                  {BARCODE_FORMATS.map(({ format, label }) => (
                    <Checkbox
                      key={format}
                      isChecked={d.scanFormats?.includes(format) ?? false}
                      onChange={(e) =>
                        set({
                          scanFormats: e.target.checked
                            ? BARCODE_FORMATS.map((f) => f.format).filter(
                                (f) => f === format || d.scanFormats?.includes(f),
                              )
                            : (d.scanFormats ?? []).filter((f) => f !== format),
                        })
                      }
                    >
                      {label}
                    </Checkbox>
                  ))}
                </SimpleGrid>
                <FormErrorMessage>{errors.scanFormats}</FormErrorMessage>
              </FormControl>
            ) : null}
            {d.lookupTo && lookups ? (
              <DependsOnFields
                idPrefix={ids}
                lookupTo={d.lookupTo}
                dependsOn={d.dependsOn ?? ''}
                dependsOnField={d.dependsOnField ?? ''}
                onChange={setDependency}
                lookups={lookups}
                error={errors.dependsOnField}
              />
            ) : null}
            {hasDefault(d) ? (
              <FormControl isInvalid={Boolean(errors.defaultValue)}>
                <FormLabel htmlFor={`${ids}-default`}>{T.defaultValue}</FormLabel>
                {defaultKind === 'yesno' ? (
                  <Select
                    id={`${ids}-default`}
                    value={d.defaultValue}
                    onChange={(e) => set({ defaultValue: e.target.value })}
                  >
                    <option value="">{T.none}</option>
                    {YES_NO_VALUES.map((v) => (
                      <option key={v} value={v}>
                        {v}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input
                    id={`${ids}-default`}
                    value={d.defaultValue}
                    placeholder={defaultKind === 'date' ? M.datePlaceholder : undefined}
                    onChange={(e) => set({ defaultValue: e.target.value })}
                  />
                )}
                {errors.defaultValue ? (
                  <FormErrorMessage>{errors.defaultValue}</FormErrorMessage>
                ) : defaultKind === 'date' ? (
                  <FormHelperText>{M.datePlaceholder}</FormHelperText>
                ) : defaultKind === 'text' ? (
                  <FormHelperText>{DEFAULT_TOKEN_TEXTS.help}</FormHelperText>
                ) : null}
                {errors.defaultValue === M.invalidDateFormat ? (
                  <FormHelperText color="red.600">{M.datePlaceholder}</FormHelperText>
                ) : null}
              </FormControl>
            ) : null}
            {hasValidation(d) ? (
              <ValidationFields
                idPrefix={ids}
                value={d.validation}
                onChange={(validation) => set({ validation })}
                errors={errors}
              />
            ) : null}
            {d.kind !== 'blank' ? (
              <HStack spacing={8}>
                <FormControl display="flex" alignItems="center" w="auto">
                  <FormLabel htmlFor={`${ids}-required`} mb={0}>
                    {T.required}
                  </FormLabel>
                  <Switch
                    id={`${ids}-required`}
                    isChecked={d.required}
                    onChange={(e) => set({ required: e.target.checked })}
                  />
                </FormControl>
                <FormControl display="flex" alignItems="center" w="auto">
                  <FormLabel htmlFor={`${ids}-readonly`} mb={0}>
                    {T.readOnly}
                  </FormLabel>
                  <Switch
                    id={`${ids}-readonly`}
                    isChecked={d.readOnly}
                    onChange={(e) => set({ readOnly: e.target.checked })}
                  />
                </FormControl>
              </HStack>
            ) : null}
            {ruleFields ? (
              <RuleEditor value={d.rules ?? []} onChange={(rules) => set({ rules })} fields={ruleFields} />
            ) : null}
            {children}
          </Stack>
        </ModalBody>
        <SaveCancelFooter onCancel={onClose} invalid={!formik.isValid} />
      </ModalContent>
    </Modal>
  );
});

/** A photo field's options (issue 32): the long edge and quality of the resize, keep the original. */
function PhotoOptionsFields({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: PhotoFieldOptions;
  onChange: (v: PhotoFieldOptions) => void;
  errors: { maxEdge?: string; quality?: string };
}) {
  // An emptied box is NaN: the check says what to enter, nothing is written until it is fixed.
  const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
  return (
    <Stack spacing={3} role="group" aria-label={T.photoOptions}>
      <FormControl isInvalid={Boolean(errors.maxEdge)}>
        <FormLabel htmlFor={`${idPrefix}-max-edge`}>{T.longestSide}</FormLabel>
        <Input
          id={`${idPrefix}-max-edge`}
          type="number"
          inputMode="numeric"
          min={PHOTO.minMaxEdge}
          max={PHOTO.maxMaxEdge}
          step={1}
          value={Number.isNaN(value.maxEdge) ? '' : value.maxEdge}
          onChange={(e) => onChange({ ...value, maxEdge: num(e.target.value) })}
        />
        {errors.maxEdge ? (
          <FormErrorMessage>{errors.maxEdge}</FormErrorMessage>
        ) : (
          <FormHelperText>{T.resizeHelp}</FormHelperText>
        )}
      </FormControl>
      <FormControl isInvalid={Boolean(errors.quality)}>
        <FormLabel htmlFor={`${idPrefix}-quality`}>{T.jpegQuality}</FormLabel>
        <Input
          id={`${idPrefix}-quality`}
          type="number"
          inputMode="numeric"
          min={Math.round(PHOTO.minQuality * 100)}
          max={Math.round(PHOTO.maxQuality * 100)}
          step={1}
          value={Number.isNaN(value.quality) ? '' : Math.round(value.quality * 100)}
          onChange={(e) => onChange({ ...value, quality: num(e.target.value) / 100 })}
        />
        <FormErrorMessage>{errors.quality}</FormErrorMessage>
      </FormControl>
      <FormControl display="flex" alignItems="center">
        <FormLabel htmlFor={`${idPrefix}-keep-original`} mb={0}>
          {T.keepOriginal}
        </FormLabel>
        <Switch
          id={`${idPrefix}-keep-original`}
          isChecked={value.keepOriginal}
          onChange={(e) => onChange({ ...value, keepOriginal: e.target.checked })}
        />
      </FormControl>
    </Stack>
  );
}
