import {
  HStack,
  IconButton,
  Link,
  Stack,
  Tag,
  TagCloseButton,
  TagLabel,
  Text,
  useDisclosure,
} from '@chakra-ui/react';
import { Fragment, memo, useCallback, useEffect, useMemo } from 'react';
import { CloseIcon } from 'ui-kit/icons';
import { keptName } from '../model/field-factory';
import { MESSAGES } from 'shared-contracts';
import { addSection, addSignature, removeOutside, removeSignature, setFiles } from '../model/layout';
import { trackPointer } from './dnd';
import { LogoArea } from './LogoArea';
import { SectionView } from './SectionView';
import { SignatureDialog } from './SignatureDialog';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';

const sectionCount = (s: BuilderStore) => s.getForm().sections.length;
const signaturesOf = (s: BuilderStore) => s.getForm().signatures;
const filesOf = (s: BuilderStore) => s.getForm().files;

const Chips = memo(function Chips({ store }: { store: BuilderStore }) {
  const signatures = useStoreSlice(store, signaturesOf);
  const files = useStoreSlice(store, filesOf);
  if (signatures.length === 0 && !files) return null;
  return (
    <HStack wrap="wrap" spacing={2} data-testid="chips">
      {signatures.map((s, i) => (
        <Tag key={`${i}-${s.Purpose}`} size="lg" colorScheme="purple" data-testid="signature-chip">
          <TagLabel>{TEXTS.signatureChip(s.Purpose)}</TagLabel>
          <TagCloseButton
            aria-label={TEXTS.removeItem(`signature ${s.Purpose}`)}
            onClick={() => store.apply((f) => removeSignature(f, i))}
          />
        </Tag>
      ))}
      {/* Files is kept last (builder spec section 4). */}
      {files && (
        <Tag size="lg" colorScheme="teal" data-testid="files-chip">
          <TagLabel>{TEXTS.files}</TagLabel>
          <TagCloseButton
            aria-label={TEXTS.removeItem(TEXTS.files)}
            onClick={() => {
              if (window.confirm(MESSAGES.areYouSure)) store.apply((f) => setFiles(f, false));
            }}
          />
        </Tag>
      )}
    </HStack>
  );
});

const outsideOf = (s: BuilderStore) => s.getForm().outside;
const sectionsOf = (s: BuilderStore) => s.getForm().sections;

/**
 * Saved layout elements outside any section (2.0.0 forms), kept as they are: locked blocks in their
 * place, before the section at `at` (or after the last one), removable whole. The preview draws them.
 */
const OutsideBlocks = memo(function OutsideBlocks({
  store,
  at,
}: {
  store: BuilderStore;
  at: number | 'end';
}) {
  const outside = useStoreSlice(store, outsideOf);
  const sections = useStoreSlice(store, sectionsOf);
  const blocks = useMemo(() => {
    if (!outside?.length) return [];
    const ids = new Set(sections.map((s) => s.sectionId));
    return outside.filter((o) => (at === 'end' ? !ids.has(o.before) : o.before === sections[at]?.sectionId));
  }, [outside, sections, at]);
  if (blocks.length === 0) return null;
  return (
    <Stack spacing={1} py={2}>
      {blocks.map((o) => (
        <HStack
          key={o.key}
          data-testid="kept-outside"
          borderWidth="1px"
          borderStyle="dashed"
          borderRadius="md"
          px={2}
          py={1}
          bg="gray.50"
        >
          <Text flex="1" fontSize="sm">
            {keptName(o.element)}{' '}
            <Text as="span" fontSize="xs" color="gray.600">
              · {TEXTS.keptAsItIs}
            </Text>
          </Text>
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={TEXTS.removeItem(keptName(o.element))}
            icon={<CloseIcon />}
            onClick={() => store.apply((f) => removeOutside(f, o.key))}
          />
        </HStack>
      ))}
    </Stack>
  );
});

/**
 * The sections, by position. The only part of the canvas that follows the section count: adding or
 * removing a section (and undoing it) re-renders this list, never the canvas's links and dialogs.
 * Each section keeps its own open state: a shared accordion context would re-render every section
 * whenever one is added or removed.
 */
const SectionList = memo(function SectionList({
  store,
  onEditField,
  documentLabel,
}: {
  store: BuilderStore;
  onEditField: (id: number) => void;
  documentLabel: (id: string) => string;
}) {
  const count = useStoreSlice(store, sectionCount);
  const all = Array.from({ length: count }, (_, i) => i);
  return (
    <div style={count > 0 ? SECTIONS_STYLE : undefined}>
      {all.map((i) => (
        <Fragment key={i}>
          <OutsideBlocks store={store} at={i} />
          <SectionView index={i} store={store} onEditField={onEditField} documentLabel={documentLabel} />
        </Fragment>
      ))}
      <OutsideBlocks store={store} at="end" />
      {count === 0 && <Text color="gray.600">{TEXTS.addSection}</Text>}
    </div>
  );
});
const SECTIONS_STYLE = {
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderColor: 'var(--chakra-colors-chakra-border-color)',
} as const;

export interface CanvasProps {
  store: BuilderStore;
  onEditField: (id: number) => void;
  documentLabel: (id: string) => string;
}

/** The left canvas: logo, the add links, the sections and the signature/file chips. */
export const Canvas = memo(function Canvas({ store, onEditField, documentLabel }: CanvasProps) {
  const signature = useDisclosure();
  const onAddSignature = useCallback((p: string) => store.apply((f) => addSignature(f, p)), [store]);
  // Drops are resolved at the release point (see dropPlaceOf).
  useEffect(() => trackPointer(), []);
  return (
    <Stack spacing={3} data-testid="canvas">
      <LogoArea store={store} />
      <HStack spacing={4}>
        <Link as="button" color="blue.700" onClick={signature.onOpen}>
          {TEXTS.addSignature}
        </Link>
        <Link as="button" color="blue.700" onClick={() => store.apply((f) => setFiles(f, true))}>
          {TEXTS.addFileAttachment}
        </Link>
        <Link as="button" color="blue.700" onClick={() => store.apply(addSection)}>
          {TEXTS.addSection}
        </Link>
      </HStack>
      <SectionList store={store} onEditField={onEditField} documentLabel={documentLabel} />
      <Chips store={store} />
      <SignatureDialog isOpen={signature.isOpen} onClose={signature.onClose} onAdd={onAddSignature} />
    </Stack>
  );
});
