import { memo, useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  HStack,
  Image,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  SimpleGrid,
  Text,
} from '@chakra-ui/react';
import SignaturePad from 'signature_pad';
import type { SignatureValue } from 'shared-contracts';
import { useFormContext, useSelect, useValue } from '../context';
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';
import { ControlShell, useControl, type ItemCardProps } from './shared';

/** The sign-here modal: saves on pen-up or Save, clears with Clear. */
const SignModal = ({
  isOpen,
  onClose,
  onSave,
  purpose,
}: {
  isOpen: boolean;
  onClose: () => void;
  onSave: (dataUrl: string) => void;
  purpose: string;
}) => {
  const padRef = useRef<SignaturePad | null>(null);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  useEffect(() => {
    if (!canvas) return;
    let pad: SignaturePad | null = null;
    try {
      pad = new SignaturePad(canvas);
      pad.addEventListener('endStroke', () => {
        if (pad && !pad.isEmpty()) onSave(pad.toDataURL());
      });
    } catch {
      pad = null; // no canvas support (tests): the modal still works with Save/Clear.
    }
    padRef.current = pad;
    return () => {
      pad?.off();
      padRef.current = null;
    };
  }, [canvas, onSave]);
  return (
    <Modal isOpen={isOpen} onClose={onClose} size="lg">
      <ModalOverlay />
      <ModalContent>
        <ModalHeader>
          {RENDERER_TEXTS.signHere}
          {purpose ? `: ${purpose}` : ''}
        </ModalHeader>
        <ModalCloseButton aria-label={RENDERER_TEXTS.close} />
        <ModalBody>
          <Box borderWidth="1px" borderRadius="md">
            <canvas
              ref={setCanvas}
              width={460}
              height={200}
              style={{ width: '100%', touchAction: 'none' }}
              data-testid="signature-canvas"
            />
          </Box>
        </ModalBody>
        <ModalFooter gap={2}>
          <Button
            onClick={() => {
              padRef.current?.clear();
              onSave('');
            }}
          >
            {RENDERER_TEXTS.clear}
          </Button>
          <Button
            colorScheme="blue"
            onClick={() => {
              const pad = padRef.current;
              if (pad && !pad.isEmpty()) onSave(pad.toDataURL());
              onClose();
            }}
          >
            {RENDERER_TEXTS.save}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
};

const SignatureCard = memo(function SignatureCard({
  path,
  index,
  enabled,
  canDelete,
  onDelete,
}: ItemCardProps) {
  const { store } = useFormContext();
  const item = useValue(`${path}.${index}`) as SignatureValue | undefined;
  const [open, setOpen] = useState(false);
  const itemPath = `${path}.${index}`;
  const [save] = useState(() => (dataUrl: string) => {
    const cur = (store.get(itemPath) as SignatureValue | undefined) ?? { SignatureBase64: '', Purpose: '' };
    store.set(itemPath, { ...cur, SignatureBase64: dataUrl });
  });
  if (!item) return null;
  return (
    <Box borderWidth="1px" borderRadius="md" p={2} data-testid="signature-card">
      <Text fontSize="sm" fontWeight="semibold">
        {item.Purpose || RENDERER_TEXTS.signatureN(index + 1)}
      </Text>
      {item.SignatureBase64 ? (
        <Image src={item.SignatureBase64} alt={RENDERER_TEXTS.signatureN(index + 1)} maxH="6rem" />
      ) : null}
      <HStack mt={1}>
        {enabled ? (
          <Button size="xs" onClick={() => setOpen(true)} className="cq-no-print">
            {RENDERER_TEXTS.signHere}
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            size="xs"
            variant="ghost"
            colorScheme="red"
            onClick={() => onDelete(index)}
            className="cq-no-print"
          >
            {RENDERER_TEXTS.delete}
          </Button>
        ) : null}
      </HStack>
      {enabled ? (
        <SignModal isOpen={open} onClose={() => setOpen(false)} onSave={save} purpose={item.Purpose} />
      ) : null}
    </Box>
  );
});

/**
 * Signature capture: a list of {SignatureBase64, Purpose}; an empty item is created when the list is
 * empty; read-only on selected-submission pages; preventAddition/preventDeletion honoured.
 */
export const SignatureControl = memo(function SignatureControl(props: RendererProps) {
  const state = useControl(props, { subscribeToValue: false });
  const { store, modes } = useFormContext();
  const length = useSelect(state.dataPath, (v) => (Array.isArray(v) ? v.length : 0));
  const list = (): SignatureValue[] => {
    const v = store.get(state.dataPath);
    return Array.isArray(v) ? (v as SignatureValue[]) : [];
  };
  const enabled = state.enabled && !modes.selectedSubmission;
  const purpose = typeof props.uischema.options?.purpose === 'string' ? props.uischema.options.purpose : '';
  useEffect(() => {
    if (enabled && length === 0) store.set(state.dataPath, [{ SignatureBase64: '', Purpose: purpose }]);
  }, [enabled, length, store, state.dataPath, purpose]);
  if (state.rule.hidden) return null;
  const canAdd = enabled && state.controlSchema.preventAddition !== true;
  const canDelete = enabled && state.controlSchema.preventDeletion !== true && length > 1;
  return (
    <ControlShell state={state} labelFor={false}>
      <SimpleGrid columns={{ base: 1, md: 2 }} spacing={2}>
        {Array.from({ length }, (_, i) => (
          <SignatureCard
            key={i}
            path={state.dataPath}
            index={i}
            enabled={enabled}
            canDelete={canDelete}
            onDelete={(idx) =>
              store.set(
                state.dataPath,
                list().filter((__, j) => j !== idx),
              )
            }
          />
        ))}
      </SimpleGrid>
      {canAdd ? (
        <Button
          size="xs"
          mt={2}
          className="cq-no-print"
          onClick={() => store.set(state.dataPath, [...list(), { SignatureBase64: '', Purpose: purpose }])}
        >
          {RENDERER_TEXTS.addSignature}
        </Button>
      ) : null}
    </ControlShell>
  );
});
