import {
  Button,
  FormControl,
  FormErrorMessage,
  FormLabel,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  Select,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { onlyMessages, submitWith } from '../editors/formik-helpers';
import type { OrgObjectInfo as OrgObject, ParentLookup } from 'shared-contracts';
import { errorText, type BuilderApi } from './api';
import {
  toObjectChoice,
  validateObjectChoice,
  type ObjectChoice,
  type ObjectChoiceValues,
} from './object-choice';
import { TEXTS } from './texts';

export type { ObjectChoice } from './object-choice';

/**
 * The start dialog (builder spec section 2): the primary object from the org's namespace custom
 * objects (filtered by the BFF), an optional context object from the primary's lookups, Next.
 * Closing returns to the record in the org.
 */
export function StartDialog({
  api,
  onNext,
  onClose,
}: {
  api: BuilderApi;
  onNext: (c: ObjectChoice) => void;
  onClose: () => void;
}) {
  const [objects, setObjects] = useState<OrgObject[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [parents, setParents] = useState<ParentLookup[]>([]);
  const validate = (v: ObjectChoiceValues) => onlyMessages(validateObjectChoice(v, objects ?? [], parents));
  const initialValues: ObjectChoiceValues = { primary: '', context: '' };
  const formik = useFormik<ObjectChoiceValues>({
    initialValues,
    initialErrors: validate(initialValues),
    validate,
    onSubmit: (v) => {
      const choice = toObjectChoice(v, objects ?? [], parents);
      if (choice) onNext(choice);
    },
  });
  const { primary, context } = formik.values;

  useEffect(() => {
    api.objects().then(
      (list) => setObjects([...list].sort((a, b) => a.label.localeCompare(b.label))),
      (e: unknown) => setError(errorText(e)),
    );
  }, [api]);

  // The context objects are the chosen primary's lookups.
  useEffect(() => {
    setParents([]);
    if (!primary) return;
    let live = true;
    api.objectFields(primary, true).then(
      (res) => live && setParents(res.parents.filter((p) => p.referenceTo.length > 0)),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [api, primary]);

  return (
    <Modal isOpen onClose={onClose} closeOnOverlayClick={false}>
      <ModalOverlay />
      <ModalContent as="form" noValidate onSubmit={submitWith(formik)} data-testid="start-dialog">
        <ModalHeader>{TEXTS.startTitle}</ModalHeader>
        <ModalCloseButton aria-label={TEXTS.close} />
        <ModalBody>
          {error && (
            <Text role="alert" color="red.600" mb={2}>
              {error}
            </Text>
          )}
          {!objects && !error ? (
            <Spinner />
          ) : (
            <Stack spacing={4}>
              <FormControl isInvalid={Boolean(formik.touched.primary && formik.errors.primary)}>
                <FormLabel>{TEXTS.primaryObject}</FormLabel>
                <Select
                  placeholder={TEXTS.selectObject}
                  name="primary"
                  value={primary}
                  onBlur={formik.handleBlur}
                  // A new primary has other lookups: the context choice starts again.
                  onChange={(e) => void formik.setValues({ primary: e.target.value, context: '' })}
                >
                  {(objects ?? []).map((o) => (
                    <option key={o.name} value={o.name}>
                      {o.label} ({o.name})
                    </option>
                  ))}
                </Select>
                <FormErrorMessage>{formik.errors.primary}</FormErrorMessage>
              </FormControl>
              <FormControl isDisabled={!primary} isInvalid={Boolean(formik.errors.context)}>
                <FormLabel>{TEXTS.contextObject}</FormLabel>
                <Select {...formik.getFieldProps('context')} value={context}>
                  <option value="">{TEXTS.noContext}</option>
                  {parents.map((p) => (
                    <option key={p.field} value={p.field}>
                      {p.label} ({p.referenceTo[0]})
                    </option>
                  ))}
                </Select>
                <FormErrorMessage>{formik.errors.context}</FormErrorMessage>
              </FormControl>
            </Stack>
          )}
        </ModalBody>
        <ModalFooter>
          <Button type="submit" colorScheme="blue" isDisabled={!formik.isValid}>
            {TEXTS.next}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
