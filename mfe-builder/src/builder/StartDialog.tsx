import {
  Button,
  FormControl,
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
import { useEffect, useState } from 'react';
import { errorText, type BuilderApi, type OrgObject, type ParentLookup } from './api';
import { TEXTS } from './texts';

export interface ObjectChoice {
  primary: OrgObject;
  context: { object: OrgObject; relationshipName: string } | null;
}

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
  const [primary, setPrimary] = useState('');
  const [parents, setParents] = useState<ParentLookup[]>([]);
  const [context, setContext] = useState('');

  useEffect(() => {
    api.objects().then(
      (list) => setObjects([...list].sort((a, b) => a.label.localeCompare(b.label))),
      (e: unknown) => setError(errorText(e)),
    );
  }, [api]);

  useEffect(() => {
    setParents([]);
    setContext('');
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

  const next = () => {
    const p = objects?.find((o) => o.name === primary);
    if (!p) return;
    const parent = parents.find((x) => x.field === context);
    const target = parent?.referenceTo[0];
    onNext({
      primary: p,
      context:
        parent && target
          ? { object: { name: target, label: parent.label }, relationshipName: parent.relationshipName }
          : null,
    });
  };

  return (
    <Modal isOpen onClose={onClose} closeOnOverlayClick={false}>
      <ModalOverlay />
      <ModalContent data-testid="start-dialog">
        <ModalHeader>{TEXTS.startTitle}</ModalHeader>
        <ModalCloseButton />
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
              <FormControl>
                <FormLabel>{TEXTS.primaryObject}</FormLabel>
                <Select
                  placeholder={TEXTS.selectObject}
                  value={primary}
                  onChange={(e) => setPrimary(e.target.value)}
                >
                  {(objects ?? []).map((o) => (
                    <option key={o.name} value={o.name}>
                      {o.label} ({o.name})
                    </option>
                  ))}
                </Select>
              </FormControl>
              <FormControl isDisabled={!primary}>
                <FormLabel>{TEXTS.contextObject}</FormLabel>
                <Select value={context} onChange={(e) => setContext(e.target.value)}>
                  <option value="">{TEXTS.noContext}</option>
                  {parents.map((p) => (
                    <option key={p.field} value={p.field}>
                      {p.label} ({p.referenceTo[0]})
                    </option>
                  ))}
                </Select>
              </FormControl>
            </Stack>
          )}
        </ModalBody>
        <ModalFooter>
          <Button colorScheme="blue" onClick={next} isDisabled={!primary}>
            {TEXTS.next}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
