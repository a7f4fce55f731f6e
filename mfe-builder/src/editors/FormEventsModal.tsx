import { memo, useState, type FormEvent } from 'react';
import {
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalHeader,
  ModalOverlay,
} from '@chakra-ui/react';
import type { LayoutEvents } from 'shared-contracts';
import { LayoutEventsEditor, type FieldOption } from './rules/RuleEditor';
import { cleanEvents, validateEvents, type EditableEvents } from './rules/rule-model';
import { SaveCancelFooter } from './SaveCancelFooter';
import { RULE_EDITOR_TEXTS } from './rules/texts';
import { FIELD_EDITOR_TEXTS } from './texts';

export interface FormEventsModalProps {
  /** The root layout's events as saved; edits stay local until Save. */
  value: LayoutEvents | undefined;
  /** The cleaned events (undefined when none are left). */
  onSave: (events: LayoutEvents | undefined) => void;
  onClose: () => void;
  fields: readonly FieldOption[];
}

/** The form's layout events (afterSave, onInit, onLoad) in a modal: Save blocked while any error. */
export const FormEventsModal = memo(function FormEventsModal({
  value,
  onSave,
  onClose,
  fields,
}: FormEventsModalProps) {
  const [ev, setEv] = useState<EditableEvents | undefined>(value);
  const invalid = Object.keys(validateEvents(ev)).length > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid) onSave(cleanEvents(ev));
  };
  return (
    <Modal isOpen onClose={onClose} size="xl" scrollBehavior="inside">
      <ModalOverlay />
      <ModalContent as="form" onSubmit={submit} noValidate aria-label={RULE_EDITOR_TEXTS.formEvents}>
        <ModalHeader>{RULE_EDITOR_TEXTS.formEvents}</ModalHeader>
        <ModalCloseButton aria-label={FIELD_EDITOR_TEXTS.close} />
        <ModalBody>
          <LayoutEventsEditor value={ev} onChange={setEv} fields={fields} />
        </ModalBody>
        <SaveCancelFooter onCancel={onClose} invalid={invalid} />
      </ModalContent>
    </Modal>
  );
});
