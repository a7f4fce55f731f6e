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
} from '@chakra-ui/react';
import { useFormik } from 'formik';
import { onlyMessages, submitWith } from '../editors/formik-helpers';
import { SIGNATURE_PURPOSE_MAX, validateSignaturePurpose } from './signature';
import { TEXTS } from './texts';

export interface SignatureDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onAdd: (purpose: string) => void;
}

/** Add Signature (builder spec section 2): one purpose text; Add stays off until there is one. */
export function SignatureDialog({ isOpen, onClose, onAdd }: SignatureDialogProps) {
  return (
    <Modal isOpen={isOpen} onClose={onClose}>
      <ModalOverlay />
      {/* The form lives inside the modal's content: each opening starts empty. */}
      <SignatureForm onClose={onClose} onAdd={onAdd} />
    </Modal>
  );
}

const validate = (v: { purpose: string }) => onlyMessages({ purpose: validateSignaturePurpose(v.purpose) });

function SignatureForm({ onClose, onAdd }: Omit<SignatureDialogProps, 'isOpen'>) {
  const initialValues = { purpose: '' };
  const formik = useFormik({
    initialValues,
    initialErrors: validate(initialValues),
    validate,
    onSubmit: (v) => {
      onAdd(v.purpose.trim());
      onClose();
    },
  });
  const error = formik.touched.purpose ? formik.errors.purpose : undefined;
  return (
    <ModalContent as="form" noValidate onSubmit={submitWith(formik)}>
      <ModalHeader>{TEXTS.signatureTitle}</ModalHeader>
      <ModalCloseButton aria-label={TEXTS.close} />
      <ModalBody>
        <FormControl isInvalid={Boolean(error)} isRequired>
          <FormLabel htmlFor="signature-purpose">{TEXTS.signaturePurpose}</FormLabel>
          <Input
            id="signature-purpose"
            placeholder={TEXTS.signaturePurpose}
            maxLength={SIGNATURE_PURPOSE_MAX}
            autoFocus
            {...formik.getFieldProps('purpose')}
          />
          <FormErrorMessage>{error}</FormErrorMessage>
        </FormControl>
      </ModalBody>
      <ModalFooter gap={2}>
        <Button variant="ghost" onClick={onClose}>
          {TEXTS.cancel}
        </Button>
        <Button type="submit" colorScheme="blue" isDisabled={!formik.isValid}>
          {TEXTS.add}
        </Button>
      </ModalFooter>
    </ModalContent>
  );
}
