import { memo, useEffect, useRef, useState } from 'react';
import { Box, Button, HStack, Image, Input, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  INDETERMINATE_STEP_MS,
  INDETERMINATE_STEP_PERCENT,
  INDETERMINATE_WRAP_PERCENT,
  MAX_FILE_SIZE_BYTES,
  MESSAGES,
  MESSAGES_EN,
} from 'shared-contracts';
import type { FormFileItem } from 'shared-contracts';
import { useFormContext, useSelect, useValue } from '../context';

const arrayLength = (v: unknown): number => (Array.isArray(v) ? v.length : 0);
import type { RendererProps } from '../types';
import { RENDERER_TEXTS } from '../texts';
import { ControlShell, appendItems, removeItem, useControl, type ItemCardProps } from './shared';
import { sizeLine } from '../photo/photo-size';

export const INLINE_IMAGE_TYPES = ['png', 'jpg', 'jpeg'];
export const isInlineImage = (name: string): boolean =>
  INLINE_IMAGE_TYPES.includes((name.split('.').pop() ?? '').toLowerCase());

/** The indeterminate bar of a Network Error: 5% every 50 ms, wrapping at 95%. */
export const nextIndeterminate = (p: number): number =>
  p + INDETERMINATE_STEP_PERCENT > INDETERMINATE_WRAP_PERCENT ? 0 : p + INDETERMINATE_STEP_PERCENT;

/** Why a file cannot be added, or undefined. */
export const fileProblem = (
  file: { size: number; name: string; type?: string },
  accept?: string,
): string | undefined => {
  if (file.size > MAX_FILE_SIZE_BYTES) return MESSAGES.fileTooLarge;
  if (accept) {
    const ok = accept
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .some((a) =>
        a.startsWith('.')
          ? file.name.toLowerCase().endsWith(a)
          : a.endsWith('/*')
            ? (file.type ?? '').startsWith(a.slice(0, -1))
            : file.type === a,
      );
    if (!ok) return `${MESSAGES.invalidFileTypePrefix}${RENDERER_TEXTS.fileTypeMustBe(accept)}`;
  }
  return undefined;
};

export const newLocalId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `local-${Date.now()}-${Math.random().toString(16).slice(2)}`;

/** Files chosen in this session, kept for retries and previews (never put in form data). */
const localFiles = new Map<string, File>();
/** Hands a file to the card that will queue it (the photo control, after its resize). */
export const rememberLocalFile = (localId: string, file: File): void => void localFiles.set(localId, file);

type UploadState = { phase: 'idle' | 'uploading' | 'network' | 'failed' | 'done'; progress: number };

export const FileCard = memo(function FileCard({ path, index, enabled, canDelete, onDelete }: ItemCardProps) {
  const { store, services } = useFormContext();
  const item = useValue(`${path}.${index}`) as FormFileItem | undefined;
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle', progress: -1 });
  const [preview, setPreview] = useState<string | undefined>();
  const [confirm, setConfirm] = useState(false);
  const started = useRef(false);
  const localId = item?.LocalId ?? '';
  const resolved = !!item?.ContentDocumentId;

  const run = (start: () => Promise<{ ContentDocumentId: string }>): void => {
    setUpload({ phase: 'uploading', progress: 0 });
    start()
      .then(({ ContentDocumentId }) => {
        setUpload({ phase: 'done', progress: 100 });
        const cur = store.get(`${path}.${index}`) as FormFileItem | undefined;
        if (cur)
          store.set(`${path}.${index}`, { ...cur, ContentDocumentId, error: undefined, progress: 100 });
      })
      .catch((e: unknown) => {
        const network = e instanceof Error && e.message === MESSAGES_EN.networkError;
        setUpload({ phase: network ? 'network' : 'failed', progress: 0 });
        const cur = store.get(`${path}.${index}`) as FormFileItem | undefined;
        if (cur)
          store.set(`${path}.${index}`, {
            ...cur,
            error: network ? MESSAGES.networkError : MESSAGES.uploadFailed,
          });
      });
  };

  const retry = (): void => {
    const file = localFiles.get(localId);
    if (file && services.uploadFile) {
      run(() =>
        services.uploadFile!(file, {
          path,
          localId,
          onProgress: (p) => setUpload({ phase: 'uploading', progress: p }),
        }),
      );
    } else if (item && services.retryUpload) {
      run(() =>
        services.retryUpload!(item, {
          path,
          onProgress: (p) => setUpload({ phase: 'uploading', progress: p }),
        }),
      );
    }
  };

  // Start the upload of a file just chosen.
  useEffect(() => {
    if (started.current || resolved || !localId) return;
    const file = localFiles.get(localId);
    if (!file || !services.uploadFile) return;
    started.current = true;
    run(() =>
      services.uploadFile!(file, {
        path,
        localId,
        onProgress: (p) => setUpload({ phase: 'uploading', progress: p }),
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [localId, resolved]);

  // Indeterminate bar on Network Error.
  useEffect(() => {
    if (upload.phase !== 'network') return;
    const t = setInterval(
      () => setUpload((u) => ({ ...u, progress: nextIndeterminate(u.progress) })),
      INDETERMINATE_STEP_MS,
    );
    return () => clearInterval(t);
  }, [upload.phase]);

  // Inline previews for png/jpg/jpeg.
  useEffect(() => {
    if (!item || !isInlineImage(item.Name)) return;
    const file = localFiles.get(item.LocalId);
    if (file && typeof URL.createObjectURL === 'function') {
      const url = URL.createObjectURL(file);
      setPreview(url);
      return () => URL.revokeObjectURL?.(url);
    }
    // the stored file's preview, asked for while the card is on screen and released when it leaves
    let live = true;
    let shown: string | undefined;
    services
      .getFilePreview?.(item)
      .then((u) => {
        if (live) {
          shown = u;
          setPreview(u);
        } else if (u) services.releaseFilePreview?.(u);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (shown) services.releaseFilePreview?.(shown);
    };
    // not on every change of the item (its progress): a new preview only for another file or its upload
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item?.LocalId, item?.ContentDocumentId, item?.Name, services]);

  if (!item) return null;
  const hasRecord = localFiles.has(item.LocalId) || (services.hasUploadRecord?.(item) ?? true);
  let status: JSX.Element | null = null;
  if (upload.phase === 'uploading')
    status = <Progress value={upload.progress} size="sm" aria-label={RENDERER_TEXTS.uploadProgress} />;
  else if (
    upload.phase === 'network' ||
    (!resolved && item.error === MESSAGES_EN.networkError && upload.phase === 'idle')
  )
    status = (
      <Progress
        value={upload.progress < 0 ? 0 : upload.progress}
        size="sm"
        isAnimated
        hasStripe
        aria-label={RENDERER_TEXTS.waitingForNetwork}
        data-testid="indeterminate"
      />
    );
  else if (!resolved && !hasRecord)
    status = (
      <Text color="red.600" fontSize="sm">
        {MESSAGES.uploadFailedReupload}
      </Text>
    );
  else if (upload.phase === 'failed' || (!resolved && item.error && upload.phase === 'idle')) {
    const reason = services.uploadFailureReason?.(item);
    status = (
      <Stack spacing={0}>
        <HStack>
          <Text color="red.600" fontSize="sm">
            {MESSAGES.uploadFailed}
          </Text>
          {enabled ? (
            <Button size="xs" onClick={retry}>
              {RENDERER_TEXTS.retry}
            </Button>
          ) : null}
        </HStack>
        {reason && reason !== MESSAGES.uploadFailed ? (
          <Text color="red.600" fontSize="xs" data-testid="upload-failure-reason">
            {reason}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Box borderWidth="1px" borderRadius="md" p={2} data-testid="file-card">
      {preview ? <Image src={preview} alt={item.Name} maxH="8rem" objectFit="contain" mb={1} /> : null}
      <HStack justify="space-between">
        <Text fontSize="sm" noOfLines={1} title={item.Name}>
          {item.Name}
        </Text>
        {canDelete ? (
          confirm ? (
            <HStack>
              <Text fontSize="xs">{MESSAGES.areYouSure}</Text>
              <Button size="xs" colorScheme="red" onClick={() => onDelete(index)}>
                {RENDERER_TEXTS.yes}
              </Button>
              <Button size="xs" onClick={() => setConfirm(false)}>
                {RENDERER_TEXTS.no}
              </Button>
            </HStack>
          ) : (
            <Button
              size="xs"
              variant="ghost"
              colorScheme="red"
              aria-label={`Delete ${item.Name}`}
              onClick={() => setConfirm(true)}
            >
              ×
            </Button>
          )
        ) : null}
      </HStack>
      {item.Size !== undefined ? (
        <Text fontSize="xs" color="gray.600" data-testid="photo-size">
          {item.Original ? `${RENDERER_TEXTS.photoOriginal} · ` : ''}
          {sizeLine(item.Size, item.Original ? undefined : item.OriginalSize)}
        </Text>
      ) : null}
      {status}
    </Box>
  );
});

/**
 * File upload with file cards (filecard, fileUpload) and the generic file upload: progress, the
 * indeterminate bar on Network Error, 'Upload failed' with retry, the 100 MB limit, inline previews.
 * Read-only on selected-submission pages.
 */
export const FileControl = memo(function FileControl(props: RendererProps) {
  const state = useControl(props, { subscribeToValue: false });
  const { store, modes } = useFormContext();
  const [problem, setProblem] = useState<string | undefined>();
  const count = useSelect(state.dataPath, arrayLength);
  if (state.rule.hidden) return null;
  const enabled = state.enabled && !modes.selectedSubmission;
  const canAdd = enabled && state.controlSchema.preventAddition !== true;
  const canDelete = enabled && state.controlSchema.preventDeletion !== true;
  const accept =
    typeof props.uischema.options?.accept === 'string' ? props.uischema.options.accept : undefined;
  const generic = props.uischema.type === 'genericfileupload';
  const onFiles = (files: FileList | null): void => {
    if (!files) return;
    const added: FormFileItem[] = [];
    let firstProblem: string | undefined;
    for (const file of Array.from(files)) {
      const p = fileProblem(file, accept);
      if (p) {
        firstProblem ??= p;
        continue;
      }
      const LocalId = newLocalId();
      localFiles.set(LocalId, file);
      added.push({ ContentDocumentId: '', LocalId, Name: file.name, progress: -1 });
    }
    setProblem(firstProblem);
    appendItems(store, state.dataPath, added);
  };
  const onDelete = (index: number): void => removeItem(store, state.dataPath, index);
  const cards = Array.from({ length: count }, (_, i) => (
    <FileCard
      key={i}
      path={state.dataPath}
      index={i}
      enabled={enabled}
      canDelete={canDelete}
      onDelete={onDelete}
    />
  ));
  return (
    <ControlShell state={state}>
      {canAdd ? (
        <Input
          autoComplete="off"
          id={state.id}
          type="file"
          multiple
          accept={accept}
          size="sm"
          p={1}
          className="cq-no-print"
          onChange={(e) => {
            onFiles(e.target.files);
            e.target.value = '';
          }}
        />
      ) : null}
      {problem ? (
        <Text color="red.600" fontSize="sm" role="alert">
          {problem}
        </Text>
      ) : null}
      {generic ? (
        <Stack mt={2} spacing={2}>
          {cards}
        </Stack>
      ) : (
        <SimpleGrid mt={2} columns={{ base: 1, md: 3 }} spacing={2}>
          {cards}
        </SimpleGrid>
      )}
    </ControlShell>
  );
});

/** For tests: drop the in-memory files. */
export const clearLocalFiles = (): void => localFiles.clear();
