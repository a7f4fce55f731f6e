import { memo, useEffect, useRef, useState } from 'react';
import { Button, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { PHOTO, photoOptions } from 'form-core';
import type { FormFileItem } from 'shared-contracts';
import { useFormContext, useSelect } from '../context';
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';
import { ControlShell, appendItems, removeItem, useControl } from './shared';
import { FileCard, fileProblem, newLocalId, rememberLocalFile } from './FileControl';
import { originalName } from '../photo/photo-size';
import { useCameraState } from '../photo/camera-state';
import { PhotoMarkupDialog, type MarkupRequest } from './PhotoMarkupDialog';

const arrayLength = (v: unknown): number => (Array.isArray(v) ? v.length : 0);

// The image library comes in its own chunk, asked for only when a form shows a photo field.
const loadResizer = () => import(/* webpackChunkName: "photo-resize" */ 'ui-kit/resize-photo');

/**
 * The photo field (issue 32): the camera on phones and tablets (`capture`), the file picker on
 * desktops and whenever the camera is blocked or missing. Each picture is resized on the device
 * (long edge and quality from the field's options, EXIF orientation applied) and then goes through
 * the file cards' upload path: the offline queue, its upload key, exactly once. The original is
 * queued beside it only when the field says so.
 */
export const PhotoControl = memo(function PhotoControl(props: RendererProps) {
  const state = useControl(props, { subscribeToValue: false });
  const { store, modes } = useFormContext();
  const count = useSelect(state.dataPath, arrayLength);
  const camera = useCameraState();
  const [problem, setProblem] = useState<string | undefined>();
  const [preparing, setPreparing] = useState(0);
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [markup, setMarkup] = useState<MarkupRequest | undefined>();
  const opts = photoOptions(props.uischema.options);

  useEffect(() => {
    // Warm the chunk while the user frames the shot (and so it is at hand offline).
    void loadResizer().catch(() => undefined);
  }, []);

  if (state.rule.hidden) return null;
  const enabled = state.enabled && !modes.selectedSubmission;
  const canAdd = enabled && state.controlSchema.preventAddition !== true;
  const canDelete = enabled && state.controlSchema.preventDeletion !== true;

  // The "Mark up" step: one photo at a time; resolves with the marked JPEG or undefined (Skip).
  const askMarkup = (file: File): Promise<File | undefined> =>
    new Promise((resolve) =>
      setMarkup({
        file,
        quality: opts.quality,
        done: (marked) => {
          setMarkup(undefined);
          resolve(marked);
        },
      }),
    );
  const onFiles = async (files: File[]): Promise<void> => {
    if (files.length === 0) return;
    setProblem(undefined);
    setPreparing((n) => n + files.length);
    const added: FormFileItem[] = [];
    let firstProblem: string | undefined;
    try {
      const { resizePhoto } = await loadResizer();
      for (const file of files) {
        const p = fileProblem(file, PHOTO.accept);
        if (p) {
          firstProblem ??= p;
          continue;
        }
        try {
          const resized = await resizePhoto(file, opts);
          // Marked up (same size, same quality) or as resized; the original stays unmarked.
          const queued = (await askMarkup(resized.file)) ?? resized.file;
          const LocalId = newLocalId();
          rememberLocalFile(LocalId, queued);
          added.push({
            ContentDocumentId: '',
            LocalId,
            Name: queued.name,
            progress: -1,
            Size: queued.size,
            OriginalSize: file.size,
          });
          if (opts.keepOriginal && resized.file !== file) {
            const originalId = newLocalId();
            rememberLocalFile(originalId, file);
            added.push({
              ContentDocumentId: '',
              LocalId: originalId,
              Name: originalName(file.name),
              progress: -1,
              Size: file.size,
              Original: true,
            });
          }
        } catch {
          firstProblem ??= RENDERER_TEXTS.photoUnreadable(file.name);
        }
      }
    } catch {
      // The chunk could not load (offline before it was ever fetched): say so, lose nothing.
      firstProblem ??= RENDERER_TEXTS.photoUnreadable(files[0]?.name ?? '');
    } finally {
      setPreparing((n) => n - files.length);
    }
    setProblem(firstProblem);
    appendItems(store, state.dataPath, added);
  };
  const onDelete = (index: number): void => removeItem(store, state.dataPath, index);
  const take = (input: HTMLInputElement | null) => input?.click();
  const chosen = (e: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    void onFiles(files);
  };
  const phone = camera !== 'desktop';
  return (
    // The label names the group of buttons (a label[for] would rename the button itself).
    <ControlShell state={state} labelFor={false}>
      {canAdd ? (
        <>
          <HStack
            className="cq-no-print"
            spacing={2}
            flexWrap="wrap"
            role="group"
            aria-labelledby={`${state.id}-label`}
          >
            {camera === 'available' ? (
              <Button id={state.id} size="sm" colorScheme="blue" onClick={() => take(cameraInput.current)}>
                {RENDERER_TEXTS.takePhoto}
              </Button>
            ) : null}
            <Button
              id={camera === 'available' ? undefined : state.id}
              size="sm"
              variant={camera === 'available' ? 'outline' : 'solid'}
              onClick={() => take(fileInput.current)}
            >
              {phone ? RENDERER_TEXTS.chooseFromFiles : RENDERER_TEXTS.choosePhoto}
            </Button>
          </HStack>
          {/* `capture`: straight to the rear camera on a phone; desktops ignore it. */}
          <input
            ref={cameraInput}
            type="file"
            accept={PHOTO.accept}
            capture="environment"
            hidden
            data-testid="photo-camera-input"
            onChange={chosen}
          />
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO.accept}
            multiple
            hidden
            data-testid="photo-file-input"
            onChange={chosen}
          />
          {camera === 'blocked' || camera === 'missing' ? (
            <Text fontSize="sm" color="orange.700" role="status" mt={1}>
              {camera === 'blocked' ? RENDERER_TEXTS.cameraBlocked : RENDERER_TEXTS.cameraMissing}
            </Text>
          ) : null}
        </>
      ) : null}
      {preparing > 0 ? (
        <Text fontSize="sm" role="status" mt={1}>
          {RENDERER_TEXTS.preparingPhotos(preparing)}
        </Text>
      ) : null}
      {problem ? (
        <Text color="red.600" fontSize="sm" role="alert">
          {problem}
        </Text>
      ) : null}
      <PhotoMarkupDialog request={markup} />
      <SimpleGrid mt={2} columns={{ base: 1, md: 3 }} spacing={2}>
        {Array.from({ length: count }, (_, i) => (
          <FileCard
            key={i}
            path={state.dataPath}
            index={i}
            enabled={enabled}
            canDelete={canDelete}
            onDelete={onDelete}
          />
        ))}
      </SimpleGrid>
    </ControlShell>
  );
});
