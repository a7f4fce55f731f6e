import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, Flex, FormControl, FormLabel, IconButton, Input, Stack, Text } from '@chakra-ui/react';
// The drawer is in the second shared Chakra part; this module is only ever loaded lazily (issue 46).
import {
  Drawer,
  DrawerBody,
  DrawerCloseButton,
  DrawerContent,
  DrawerHeader,
  DrawerOverlay,
} from '@chakra-ui/react-extra';
import { ACTION_PHOTOS_MAX, type HostServices } from 'shared-contracts';
import { PHOTO } from 'form-core';
import { CloseIcon } from 'ui-kit/icons';
import { FailedAnswer, InspectionPhoto, Line } from './ActionCard';
import { recordCompletion, resizedPhotos, type PickedPhoto } from './complete';
import { completionProblem, type ActionCardModel } from './model';
import { ACTION_TEXTS } from './texts';

// Its own chunk (the one the form's photo field loads): no weight until a photo is picked.
const resize = async (file: File): Promise<File> => {
  const { resizePhoto, UnreadablePhotoError } = await import(
    /* webpackChunkName: "photo-resize" */ 'ui-kit/resize-photo'
  );
  try {
    return (await resizePhoto(file, { maxEdge: PHOTO.defaultMaxEdge, quality: PHOTO.defaultQuality })).file;
  } catch (error) {
    throw error instanceof UnreadablePhotoError ? Object.assign(error, { unreadable: true }) : error;
  }
};

/**
 * Opening an action: what the inspection found, then what was done (required) and photos, and Mark
 * done. The completion is stored on the device and queued (complete.ts): `onStored` gets its local id,
 * which the caller sends now when online.
 */
export function CompleteActionDrawer({
  host,
  card,
  online,
  onClose,
  onStored,
}: {
  host: HostServices;
  card: ActionCardModel | null;
  online: boolean;
  onClose(): void;
  onStored(id: string): void;
}) {
  const [done, setDone] = useState('');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [preparing, setPreparing] = useState(0);
  const doneRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const taskId = card?.taskId;

  useEffect(() => {
    setDone('');
    setPhotos([]);
    setProblem(null);
  }, [taskId]);

  // Resized on the device as the form's photo field does (long edge 2048 px, JPEG 0.8, no EXIF): a
  // phone's 12 MP picture queues as a few hundred KB.
  const pick = async (files: File[]): Promise<void> => {
    if (files.length === 0) return;
    setPreparing((n) => n + files.length);
    try {
      const picked = await resizedPhotos(files, resize);
      setPhotos((had) => [...had, ...picked.photos].slice(0, ACTION_PHOTOS_MAX + 1));
      setProblem(picked.unreadable.length ? ACTION_TEXTS.photoUnreadable(picked.unreadable[0] ?? '') : null);
    } finally {
      setPreparing((n) => n - files.length);
    }
  };

  const submit = async (): Promise<void> => {
    if (!card || preparing > 0) return;
    const why = completionProblem(done, photos.length);
    setProblem(why);
    if (why) {
      doneRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      const r = await recordCompletion(host.offline, card, done, photos);
      if (!r.ok) {
        setProblem(r.message);
        return;
      }
      onStored(r.value);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer isOpen={card !== null} placement="end" size="md" onClose={onClose} initialFocusRef={doneRef}>
      <DrawerOverlay />
      <DrawerContent data-testid="action-drawer">
        <DrawerCloseButton aria-label={ACTION_TEXTS.cancel} />
        <DrawerHeader>{card?.subject}</DrawerHeader>
        <DrawerBody>
          {card && (
            <Stack
              as="form"
              spacing={4}
              noValidate
              onSubmit={(e: React.FormEvent) => {
                e.preventDefault();
                void submit();
              }}
            >
              <Stack spacing={1}>
                <Line label={ACTION_TEXTS.question} value={card.question} />
                <FailedAnswer answer={card.answer} />
                <Line label={ACTION_TEXTS.note} value={card.note} />
                <Line label={ACTION_TEXTS.inspection} value={card.whatName ?? ''} />
                <Line label={ACTION_TEXTS.submission} value={card.submission} />
                {(card.photos ?? []).map((p) => (
                  <InspectionPhoto key={p.id} host={host} id={p.id} title={p.title} online={online} />
                ))}
              </Stack>
              <FormControl isRequired isInvalid={problem !== null}>
                <FormLabel htmlFor={`${ids}-done`}>{ACTION_TEXTS.doneLabel}</FormLabel>
                <Input
                  as="textarea"
                  id={`${ids}-done`}
                  ref={doneRef as unknown as React.Ref<HTMLInputElement>}
                  value={done}
                  onChange={(e: React.ChangeEvent<HTMLInputElement>) => setDone(e.target.value)}
                  h="auto"
                  minH="6rem"
                  py={2}
                  aria-describedby={problem ? `${ids}-problem` : undefined}
                  aria-invalid={problem !== null}
                />
              </FormControl>
              <FormControl>
                <FormLabel htmlFor={`${ids}-photos`}>{ACTION_TEXTS.photoLabel}</FormLabel>
                <Input
                  id={`${ids}-photos`}
                  type="file"
                  accept={PHOTO.accept}
                  multiple
                  p={1}
                  onChange={(e) => {
                    const files = [...(e.target.files ?? [])];
                    e.target.value = '';
                    void pick(files);
                  }}
                />
                {preparing > 0 && (
                  <Text fontSize="sm" role="status" mt={1}>
                    {ACTION_TEXTS.preparingPhotos}
                  </Text>
                )}
                {photos.length > 0 && (
                  <Stack as="ul" spacing={1} mt={2} listStyleType="none" data-testid="action-picked">
                    {photos.map((p, i) => (
                      <Flex as="li" key={`${p.name}-${i}`} align="center" gap={2}>
                        <Text fontSize="sm" noOfLines={1}>
                          {p.name}
                        </Text>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          icon={<CloseIcon />}
                          aria-label={ACTION_TEXTS.removePhoto(p.name)}
                          onClick={() => setPhotos((had) => had.filter((_, j) => j !== i))}
                        />
                      </Flex>
                    ))}
                  </Stack>
                )}
              </FormControl>
              {problem && (
                <Text id={`${ids}-problem`} role="alert" color="red.700" fontSize="sm">
                  {problem}
                </Text>
              )}
              <Box>
                <Flex gap={2} justify="end">
                  <Button variant="outline" onClick={onClose}>
                    {ACTION_TEXTS.cancel}
                  </Button>
                  <Button type="submit" colorScheme="blue" isLoading={saving}>
                    {ACTION_TEXTS.markDone}
                  </Button>
                </Flex>
              </Box>
            </Stack>
          )}
        </DrawerBody>
      </DrawerContent>
    </Drawer>
  );
}
